import { _ask } from './ask.js';

/**
 * Visitor properties (page-api §4): they live on the server, per visitor. Reads go through the
 * outbox too, unstored, so they answer after every write this visitor made before them.
 */

/** `setProperty(name, value, cb?)`: value optional (a property without a value); numbers become text. */
export function _setProperty(name: unknown, value?: unknown, cb?: unknown): void {
  _ask('property_set', { name, value }, cb);
}

export function _deleteProperty(name: unknown, cb?: unknown): void {
  _ask('property_delete', { name }, cb);
}

/** `hasProperty` (`has`) and `getProperty`: `{success, result}`; on failure result false and `code`. */
function _get(has: boolean) {
  return (name: unknown, cb?: unknown) =>
    _ask(
      'property_get',
      { name },
      cb,
      (ok, v) => (ok ? { success: ok, result: has ? v !== false : v } : { success: ok, result: false, code: v }),
      false,
    );
}

export const _hasProperty = _get(true);
export const _getProperty = _get(false);
