import { LIMITS, type WritePayloads, type WriteType } from '../protocol.js';
import { _warn } from './log.js';
import { _add, _call } from './outbox.js';
import { BATCH_CHARS } from './transport.js';

/** Makes a callback's argument in its documented shape from success and the result or failure code. */
export type Shape = (ok: boolean, v: unknown) => object;

/** `{success}`, and the reason as `code` when success is false. */
export const _status: Shape = (ok, v) => (ok ? { success: ok } : { success: ok, code: v });

/**
 * Sends a write whose caller may wait for the answer, and answers `cb` through `shape`. `make`
 * builds the write's data from the caller's arguments; what it throws (a code from `_fields`, or
 * anything a hostile argument throws when read or serialised) means nothing is sent: a warning
 * names the reason and `cb` gets the failure on a later tick, as it would a server answer.
 */
export function _ask<T extends WriteType>(type: T, make: () => WritePayloads[T], cb: unknown, shape: Shape = _status, keep?: boolean): void {
  try {
    const data = make();
    // No request could carry it (the server refuses the body): refused now, rather than stored,
    // sent and refused, while every write behind it waits. (JSON.stringify throws on a BigInt, a
    // Proxy, a throwing toJSON: caught below too.)
    if (JSON.stringify(data).length > BATCH_CHARS) throw 'too_large';
    _add(type, data, (r) => _call(cb, shape(r.success, r.success ? r.result : r.code)), undefined, keep);
  } catch (e) {
    _warn(type + ':', e);
    setTimeout(_call, 0, cb, shape(false, typeof e == 'string' ? e : 'invalid_request'));
  }
}

/**
 * The fields `names` of `req` that are filled (numbers become text). Throws the error code:
 * `invalid_request` when `req` is no object, `invalid_<field>` when a field is neither text nor a
 * number or is too long, `empty` when none is filled.
 */
export function _fields<T>(req: unknown, names: Array<keyof T & string>): T {
  if (!req || typeof req != 'object') throw 'invalid_request';
  const o: Record<string, unknown> = {};
  for (const k of names) {
    let v = (req as Record<string, unknown>)[k];
    if (typeof v == 'number' && isFinite(v)) v = '' + v;
    if (v != null && v !== '') {
      if (typeof v != 'string' || v.length > LIMITS.text) throw 'invalid_' + k;
      o[k] = v;
    }
  }
  if (!Object.keys(o).length) throw 'empty';
  return o as T;
}
