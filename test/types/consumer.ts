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
// Phone replacement: the spec's element shape, the hook, the replaced-phones map.
import type { PhoneElement, ReplacedPhones } from 'svc-snippet';
const phones: PhoneElement[] = svc.getPhones();
const dt: PhoneElement[] | null = svc.getDTPhones();
const replaced: ReplacedPhones = svc.getReplacedPhones('dynamic');
const first: string | null = phones[0] ? phones[0].text : null;
void dt;
void replaced;
void first;
window.__cs_onReplacePhones = (list: PhoneElement[]) => list.every((p) => p.raw.length > 0);
// @ts-expect-error: the type is "static", "dynamic" or none
svc.getReplacedPhones('all');

svc.push(['setDynamicalReplacement', true], ['trackEvent', 'a', 'b']);
svc.setConsent(true);
// @ts-expect-error: consent is a boolean
svc.setConsent('yes');
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

// Visitor data and requests: documented callback shapes.
svc.setProperty('client', 'gold');
svc.setProperty('vip');
svc.hasProperty('client', (r) => {
  const has: boolean = r.result;
  void has;
});
svc.getProperty('client', (r) => {
  const v: string | null | false = r.result;
  void v;
});
svc.deleteProperty('client');
svc.addVisitorInfo({ name: 'Ann', email: 'ann@example.com' }, (r) => void (r.success || r.code));
svc.addOfflineRequest({ phone: '+7 900 000-00-00', is_sale: true, sale_cost: '100', group_id: 2 }, (r) => {
  const code: string | undefined = r.result?.code;
  void code;
});
// @ts-expect-error: is_sale is a boolean
svc.addOfflineRequest({ message: 'x', is_sale: 'yes' });
