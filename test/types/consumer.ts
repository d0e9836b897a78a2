// Compiled under --strict against the published declarations (package "exports" → dist/types):
// what an SPA integrator writes must type-check, and misuse must not.
import { load, type Credentials, type LoadOptions, type SvcApi } from 'svc-snippet';

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
const c: Credentials | null = window.Svc.getCredentials();
void c;

// @ts-expect-error: category and action are required
svc.trackEvent('only-category');
// @ts-expect-error: the host is required for a bundled module
load('SITE_KEY', {});

