/** Types of demo-site/server.mjs, for the TypeScript tests that start the demo site. */
export interface SiteOptions {
  /** Folder of pages; default demo-site/public. */
  root?: string;
  /** Consultant server base URL, substituted for `{{SVC_URL}}` in HTML pages. */
  svcUrl: string;
  /** Port; 0 picks a free one. Default 4100. */
  port?: number;
  /** Host name to listen on and to print. Default localhost. */
  host?: string;
  /** Extra response headers of HTML pages (a Content-Security-Policy, say). */
  headers?: Record<string, string>;
  /** The secret `POST /simulate-call` signs its call events with. Default `demo-telephony-secret`. */
  telephonySecret?: string;
  /** The simulated call's ring and talk seconds. Default 6 and 5. */
  simulatedCall?: { ring: number; talk: number };
}
/**
 * Starts the demo site: static pages (`{{SVC_URL}}` filled in) and `POST /contact`, the shop's back
 * end for the plain request form, which forwards it to `{consultant_server_url}api/add_offline_message/`
 * and answers with a redirect to `/contact.html?sent=1` or `/contact.html?error=<message>`; and
 * `POST /simulate-call` (`{"to": "<number>"}`), which simulates a call to that number through the
 * consultant server's telephony boundary (scripts/call-simulator.mjs) and answers 202 `{success, from, to}`.
 */
export function startSite(options: SiteOptions): Promise<{ url: string; close(): Promise<void> }>;
/** The strict Content-Security-Policy the demo serves csp.html with, for a consultant server at `svcUrl`. */
export function strictCsp(svcUrl: string): string;
