import { _state } from './state.js';

/**
 * First-party storage on the site's domain: localStorage, which may be missing or throw (private
 * mode, blocked site data, sandboxed frames); every access is guarded and a failure reads as
 * "nothing stored". No cookie: the consultant server never sees the site's cookies (requests go
 * without credentials), so a cookie would only ride along on every request to the site's own
 * server. While consent is required and not given, nothing is read or written (only removed):
 * every module's storage goes through here, so this is the one gate.
 */

export function _read(name: string): string | null {
  try {
    return _state._wait ? null : localStorage.getItem(name);
  } catch {
    return null;
  }
}

/** Writes a value; null removes it. */
export function _write(name: string, value: string | null): void {
  try {
    if (value == null) localStorage.removeItem(name);
    else if (!_state._wait) localStorage.setItem(name, value);
  } catch {
    // full or unavailable: the in-memory copy still works for this page
  }
}
