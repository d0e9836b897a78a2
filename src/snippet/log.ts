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
