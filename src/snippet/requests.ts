import type { OfflineRequestData, VisitorInfoData } from '../protocol.js';
import { _ask, _fields } from './ask.js';

/**
 * What a visitor tells the site through its own forms, sent without a page reload (page-api §4):
 * `addVisitorInfo` and `addOfflineRequest`. Only what needs no server is checked here; the server
 * checks the rest (e-mail, phone, sums, is_sale, group_id) and its refusal reaches the callback.
 */

/** `addVisitorInfo(req, cb)`: name, email, phone, at least one; other fields are ignored. */
export function _addVisitorInfo(req: unknown, cb?: unknown): void {
  _ask('visitor_info', () => _fields<VisitorInfoData>(req, ['name', 'email', 'phone']), cb);
}

/** `addOfflineRequest(req, cb)`: the callback gets `{success, result}`, result null or `{code}`. */
export function _addOfflineRequest(req: unknown, cb?: unknown): void {
  const make = () => {
    const d = _fields<OfflineRequestData>(req, ['name', 'email', 'phone', 'message', 'sale_cost', 'form_name']);
    // Checked by the server, whose refusal reaches the callback: a wrong type is no lost request.
    d.is_sale = (req as OfflineRequestData).is_sale;
    d.group_id = (req as OfflineRequestData).group_id;
    return d;
  };
  _ask('offline_request', make, cb, (ok, v) => ({
    success: ok,
    result: ok ? null : { code: v },
  }));
}
