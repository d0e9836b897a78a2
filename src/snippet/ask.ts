import { LIMITS, type WritePayloads, type WriteType } from '../protocol.js';
import { _warn } from './log.js';
import { _add, _call } from './outbox.js';

/** Makes a callback's argument in its documented shape from success and the result or failure code. */
export type Shape = (ok: boolean, v: unknown) => object;

/** `{success}`, and the reason as `code` when success is false. */
export const _status: Shape = (ok, v) => (ok ? { success: ok } : { success: ok, code: v });

/**
 * Sends a write whose caller may wait for the answer, and answers `cb` through `shape`. `data`
 * given as a string is the error code of bad arguments: then nothing is sent, a warning names the
 * code, and `cb` gets the failure on a later tick, as it would a server answer.
 */
export function _ask<T extends WriteType>(
  type: T,
  data: WritePayloads[T] | string,
  cb: unknown,
  shape: Shape = _status,
  keep?: boolean,
): void {
  if (typeof data == 'string') {
    _warn(type + ':', data);
    setTimeout(_call, 0, cb, shape(false, data));
  } else _add(type, data, (r) => _call(cb, shape(r.success, r.success ? r.result : r.code)), undefined, keep);
}

/**
 * The fields `names` of `req` that are filled, or an error code: `invalid_request` when `req` is
 * no object, `invalid_<field>` when a field is neither text nor a number (numbers become text),
 * `empty` when none is filled.
 */
export function _fields<T>(req: unknown, names: Array<keyof T & string>): T | string {
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
}
