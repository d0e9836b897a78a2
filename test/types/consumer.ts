// Compiled under --strict against the published declarations (package "exports" → dist/types):
// what an SPA integrator writes must type-check, and misuse must not.
import { load, type Credentials, type LoadOptions, type SitePhoneCallResult, type SvcApi } from 'svc-snippet';

const options: LoadOptions = { host: 'https://consultant.example.com/', dynamicalReplacement: true };
const svc: SvcApi = load('SITE_KEY', options);
svc.onReady((c: Credentials) => {
  const ids: number[] = [c.visitor_id, c.session_id, c.hit_id];
  const base: string = c.consultant_server_url;
  void ids;
  void base;
});
svc.trackEvent('form', 'submit', 'contact', '10');
svc.push(['setDynamicalReplacement', true], ['trackEvent', 'a', 'b']);
const c: Credentials | null = window.Svc.getCredentials();
void c;

window.SvcWidget.sitePhoneCall({ phone: '+7 916 123-45-67', delayed_call_time: Date.now() + 60000 }, (r: SitePhoneCallResult) => {
  const status: number = r.result.status;
  void status;
});
window.Svc.Captcha.get_captcha((c) => {
  if ('key' in c) window.SvcWidget.sitePhoneCall({ phone: '89161234567', captcha_key: c.key, captcha_value: '1234' });
});
window.SvcWidget.openSitePhonePanel();

// @ts-expect-error: the phone is required
window.SvcWidget.sitePhoneCall({ group_id: 1 });
// @ts-expect-error: category and action are required
svc.trackEvent('only-category');
// @ts-expect-error: the host is required for a bundled module
load('SITE_KEY', {});
