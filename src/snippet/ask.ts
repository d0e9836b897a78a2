import type { WriteType } from '../protocol.js';
import { _warn } from './log.js';
import { _add, _call } from './outbox.js';
import { BATCH_CHARS } from './transport.js';

/** Makes a callback's argument in its documented shape from success and the result or failure code. */
export type Shape = (ok: boolean, v: unknown) => object;

/** `{success}`, and the reason as `code` when success is false. */
export const _successOrCode: Shape = (ok, v) => (ok ? { success: ok } : { success: ok, code: v });

/**
 * Sends what the page passed as a write and answers `cb` through `shape`. The server checks the
 * data (src/server/ingest/form-fields.ts and the schemas) and its refusal reaches `cb` like any
 * answer: one set of rules, none of them in this script. Only what no request can carry is refused
 * here, on a later tick, as `invalid_request`: data that cannot be serialised (a BigInt, a throwing
 * getter or `toJSON`, a Proxy) or is longer than one request. The data is copied as serialised, so
 * the page changing its object afterwards changes nothing.
 */
export function _ask(type: WriteType, data: unknown, cb: unknown, shape: Shape = _successOrCode, keep?: boolean): void {
  try {
    const s = JSON.stringify(data);
    // Longer than one request: refused here, before it is stored (a megabyte in storage would be
    // parsed and written again with every later write) or sent (a megabyte of the visitor's upload
    // for a refusal).
    if (s.length > BATCH_CHARS) throw 'too large';
    _add(type, JSON.parse(s), (r) => _call(cb, shape(r.success, r.success ? r.result : r.code)), keep);
  } catch (e) {
    _warn(type + ':', e);
    setTimeout(_call, 0, cb, shape(false, 'invalid_request'));
  }
}
