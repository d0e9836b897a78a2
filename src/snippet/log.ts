/** Console output. Warnings always reach the console; debug lines exist only in the debug build. */

/** Replaced at build time: `false` in dist/svc.js (terser drops the branches), `true` in svc.debug.js. */
declare const __DEBUG__: boolean;

export function _warn(...args: unknown[]): void {
  try {
    console.warn('[Svc]', ...args);
  } catch {
    // A page that replaced `console` must not be broken by us.
  }
}

export function _debug(...args: unknown[]): void {
  if (__DEBUG__) _warn(...args);
}

/**
 * Wraps a public method so that nothing it does can throw into the host page. A method refuses bad
 * arguments by throwing a short text (`_refuse`): the warning names the method, then the reason.
 */
export function _safe<A extends unknown[], R>(name: string, fn: (...a: A) => R): (...a: A) => R | void {
  return (...a: A) => {
    try {
      return fn(...a);
    } catch (e) {
      return _warn(name + ':', e);
    }
  };
}

/** A table of functions, each wrapped by `_safe` under its own name, taken from the table's keys. */
export function _wrap<T extends object>(table: T): T {
  const o = {} as Record<string, unknown>;
  for (const k in table) o[k] = _safe(k, table[k] as (...a: unknown[]) => unknown);
  return o as T;
}

/** Refuses a call's arguments (see `_safe`). */
export function _refuse(why = 'bad arguments'): never {
  throw why;
}
