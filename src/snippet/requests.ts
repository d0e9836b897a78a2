import { _ask } from './ask.js';

/**
 * What a visitor tells the site through its own forms, sent without a page reload (page-api §4):
 * `addVisitorInfo(req, cb)` (name, email, phone) and `addOfflineRequest(req, cb)`. The request
 * goes as the page passed it; the server takes the fields it knows and refuses with a code.
 */
export function _addVisitorInfo(req: unknown, cb?: unknown): void {
  _ask('visitor_info', req, cb);
}

/** The callback gets `{success, result}`: result null, or `{code}` on failure. */
export function _addOfflineRequest(req: unknown, cb?: unknown): void {
  _ask('offline_request', req, cb, (ok, v) => ({ success: ok, result: ok ? null : { code: v } }));
}
