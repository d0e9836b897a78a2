import { LIMITS, type WritePayloads, type WriteType } from '../protocol.js';
import { _warn } from './log.js';
import { _add, _call } from './outbox.js';
import { BATCH_CHARS } from './transport.js';

/** Makes a callback's argument in its documented shape from success and the result or failure code. */
export type Shape = (ok: boolean, v: unknown) => object;

/** `{success}`, and the reason as `code` when success is false. */
export const _status: Shape = (ok, v) => (ok ? { success: ok } : { success: ok, code: v });

/**
 * Sends a write whose caller may wait for the answer, and answers `cb` through `shape`. `data`
 * given as a string is the error code of bad arguments: then nothing is sent, a warning names the
 * code, and `cb` gets the failure.
 */
export function _ask<T extends WriteType>(
  type: T,
  data: WritePayloads[T] | string,
  cb: unknown,
  shape: Shape = _status,
  keep?: boolean,
): void {
  try {
    if (typeof data == 'string') throw data;
    // No request could carry it (the server refuses the body): refused now, rather than stored,
    // sent and refused, while every write behind it waits.
    if (JSON.stringify(data).length > BATCH_CHARS) throw 'too_large';
    _add(type, data, (r) => _call(cb, shape(r.success, r.success ? r.result : r.code)), undefined, keep);
  } catch (e) {
    // Bad arguments (a code), or data that cannot be stored or sent (JSON.stringify throws on a
    // BigInt, a Proxy, a throwing toJSON): the callback hears so on a later tick, as it would a
    // server answer.
    _warn(type + ':', e);
    setTimeout(_call, 0, cb, shape(false, typeof e == 'string' ? e : 'invalid_request'));
  }
}

/**
 * The fields `names` of `req` that are filled, or an error code: `invalid_request` when `req` is
 * no object (or throws when read), `invalid_<field>` when a field is neither text nor a number (numbers become text),
 * `empty` when none is filled.
 */
export function _fields<T>(req: unknown, names: Array<keyof T & string>): T | string {
  try {
    if (!req || typeof req != 'object') return 'invalid_request';
    const o: Record<string, unknown> = {};
    for (const k of names) {
      let v = (req as Record<string, unknown>)[k];
      if (typeof v == 'number' && isFinite(v)) v = '' + v;
      if (v != null && v !== '') {
        if (typeof v != 'string' || v.length > LIMITS.text) return 'invalid_' + k;
        o[k] = v;
      }
    }
    return Object.keys(o).length ? (o as T) : 'empty';
  } catch {
    // a getter or a Proxy that throws when read
    return 'invalid_request';
  }
}
