/**
 * The ES module entry for bundlers and single-page apps: the same snippet as dist/svc.js, typed.
 *
 *     import { load } from 'svc-snippet';
 *     const svc = load('SITE_KEY', { host: 'https://consultant.example.com/' });
 *     svc.onReady((c) => console.log(c.visitor_id));
 *
 * When svc.js is already on the page, `load` returns its `Svc` and changes nothing.
 */
import type { Command, SvcApi } from '../types.js';
import { _install } from './install.js';

export type * from '../types.js';

/** Options of {@link load}. */
export interface LoadOptions {
  /** Consultant-server base URL. Required: a bundled module has no script origin to default to. */
  host: string;
  /** Replace numbers in content added later (`setDynamicalReplacement`); default false. */
  dynamicalReplacement?: boolean;
  /** Further commands to run first, as they would be queued in `__cs`. */
  commands?: Command[];
}

/** Installs the snippet for `siteKey` (or returns the one already installed) and returns `Svc`. */
export function load(siteKey: string, options: LoadOptions): SvcApi {
  if (window.Svc) return window.Svc;
  const q: Command[] = (window.__cs = window.__cs || []);
  q.push(['setCsAccount', siteKey], ['setCsHost', options.host]);
  if (options.dynamicalReplacement) q.push(['setDynamicalReplacement', true]);
  if (options.commands) q.push(...options.commands);
  return _install(window);
}
