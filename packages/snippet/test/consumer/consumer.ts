// A bundler user's code, compiled under --strict against the installed package's declarations
// (its "exports" → dist/types): every method of the page API with its documented arguments and
// callbacks must type-check, and each misuse marked @ts-expect-error must not.
import {
  load,
  type Captcha,
  type Credentials,
  type Failure,
  type GetPropertyResult,
  type HasPropertyResult,
  type LoadOptions,
  type OfflineRequestResult,
  type PhoneElement,
  type PropertyWriteResult,
  type ReplacedPhones,
  type SitePhoneCallResult,
  type SvcApi,
  type SvcWidgetApi,
  type VisitorInfoResult,
} from 'svc-snippet';

const options: LoadOptions = { host: 'https://consultant.example.com/', dynamicalReplacement: true };
const svc: SvcApi = load('SITE_KEY', options);
const widget: SvcWidgetApi = window.SvcWidget;

// Credentials and ids.
svc.onReady((c: Credentials) => {
  const ids: number[] = [c.visitor_id, c.session_id, c.hit_id];
  const texts: string[] = [c.site_key, c.key, c.uri, c.consultant_server_url];
  void ids;
  void texts;
});
const credentials: Credentials | null = window.Svc.getCredentials();
const visitor: number | null = svc.getVisitorId();
const session: number | null = svc.getSessionId();
void credentials;
void visitor;
void session;

// Events.
svc.trackEvent('form', 'submit');
svc.trackEvent('form', 'submit', 'contact', '10');
// @ts-expect-error: category and action are required
svc.trackEvent('only-category');

// Widgets and the operator status.
const online: boolean = svc.getOperatorStatus();
void online;
svc.openSiteRequestPanel();
svc.openChatWindow();
widget.openSitePhonePanel();

// Call-back requests and the captcha.
svc.Captcha.get_captcha((c: Captcha | Failure) => {
  if ('key' in c) {
    const image: string = c.url;
    void image;
    widget.sitePhoneCall({ phone: '89161234567', captcha_key: c.key, captcha_value: '1234' });
  }
});
svc.Captcha.get_captcha();
widget.sitePhoneCall(
  { phone: '+7 916 123-45-67', captcha_key: 'k', captcha_value: '1234', delayed_call_time: String(Date.now() + 60000), group_id: '2' },
  (r: SitePhoneCallResult) => {
    const ok: boolean = r.success;
    const status: number = r.result.status;
    const code: string = r.result.code;
    void [ok, status, code];
  },
);
widget.sitePhoneCall({ phone: '+7 916 123-45-67', delayed_call_time: Date.now() + 60000 });
// @ts-expect-error: the phone is required
widget.sitePhoneCall({ group_id: 1 });

// Visitor properties: the writes with and without a value and a callback, the reads.
svc.setProperty('client', 'gold');
svc.setProperty('vip');
svc.setProperty('visits', 3);
svc.setProperty('client', 'gold', (r: PropertyWriteResult) => {
  const ok: boolean = r.success;
  const code: string | undefined = r.code;
  void [ok, code];
});
svc.setProperty('vip', null, (r) => void (r.success || r.code));
svc.deleteProperty('client');
svc.deleteProperty('client', (r: PropertyWriteResult) => void (r.success || r.code));
svc.hasProperty('client', (r: HasPropertyResult) => {
  const has: boolean = r.result;
  void has;
});
svc.getProperty('client', (r: GetPropertyResult) => {
  const value: string | null | false = r.result;
  void value;
});
// @ts-expect-error: a property write's callback gets no result
svc.setProperty('client', 'gold', (r) => r.result);
// @ts-expect-error: a value is text or a number
svc.setProperty('client', { plan: 'gold' });

// Visitor data and requests.
svc.addVisitorInfo(
  { name: 'Ann', email: 'ann@example.com', phone: '+7 900 000-00-00' },
  (r: VisitorInfoResult) => void (r.success || r.code),
);
svc.addVisitorInfo({ email: 'ann@example.com' });
svc.addOfflineRequest(
  {
    name: 'Ann',
    email: 'ann@example.com',
    phone: '+7 900 000-00-00',
    message: 'Call me',
    is_sale: true,
    sale_cost: '100',
    group_id: 2,
    form_name: 'order',
  },
  (r: OfflineRequestResult) => {
    const code: string | undefined = r.result?.code;
    void code;
  },
);
// @ts-expect-error: is_sale is a boolean
svc.addOfflineRequest({ message: 'x', is_sale: 'yes' });

// Phone replacement: the spec's element shape, the hook, the replaced-phones maps.
const phones: PhoneElement[] = svc.getPhones();
const dt: PhoneElement[] | null = svc.getDTPhones();
const all: Record<string, string> = svc.getReplacedPhones();
const allToo: Record<string, string> = svc.getReplacedPhones(null);
const dynamic: Record<string, string[]> = svc.getReplacedPhones('dynamic');
const statics: ReplacedPhones = svc.getReplacedPhones('static');
const first: string | null = phones[0] ? phones[0].text : null;
void [dt, all, allToo, dynamic, statics, first];
window.__cs_onReplacePhones = (list: PhoneElement[]) => list.every((p) => p.raw.length > 0);
// @ts-expect-error: the type is "static", "dynamic" or none
svc.getReplacedPhones('all');
svc.reinitTrackView();

// Settings through the queue and push.
(window.__cs = window.__cs || []).push(['setUIPhoneMaskFormat', '+7 (###) ###-##-##']);
window.__cs.push(['setDynamicalReplacement', true]);
const run: number = svc.push(['setDynamicalReplacement', true], ['trackEvent', 'a', 'b']);
void run;
widget.push(['setLang', 'en']);

// Consent.
svc.setConsent(true);
// @ts-expect-error: consent is a boolean
svc.setConsent('yes');
// @ts-expect-error: the host is required for a bundled module
load('SITE_KEY', {});
