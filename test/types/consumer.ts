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
svc.push(['setDynamicalReplacement', true], ['trackEvent', 'a', 'b']);
const c: Credentials | null = window.Svc.getCredentials();
void c;

// @ts-expect-error: category and action are required
svc.trackEvent('only-category');
// @ts-expect-error: the host is required for a bundled module
load('SITE_KEY', {});
