import { _state } from './state.js';

/**
 * First-party storage on the site's domain: a cookie and localStorage. Either may be missing or
 * throw (private mode, disabled cookies, sandboxed frames); every access is guarded and a failure
 * reads as "nothing stored". While consent is required and not given, nothing is read or written
 * (only removed): every module's storage goes through here, so this is the one gate.
 */

/** Reads a value: the cookie when `cookie` is set and present, else localStorage. */
export function _read(name: string, cookie?: boolean): string | null {
  if (_state._wait) return null;
  try {
    // Names are the snippet's own (`_svc_…`): nothing in them needs escaping in a pattern.
    const m = cookie && document.cookie.match('(?:^|; )' + name + '=([^;]*)');
    return m ? decodeURIComponent(m[1]!) : localStorage.getItem(name);
  } catch {
    return null;
  }
}

/** Writes a value to localStorage and, when `cookie` is set, to a year-long cookie; null removes. */
export function _write(name: string, value: string | null, cookie?: boolean): void {
  if (_state._wait && value != null) return;
  try {
    if (value == null) localStorage.removeItem(name);
    else localStorage.setItem(name, value);
  } catch {
    // full or unavailable: the in-memory copy still works for this page
  }
  try {
    if (cookie)
      document.cookie = name + '=' + encodeURIComponent(value || '') + '; max-age=' + (value == null ? 0 : 31536000) + '; path=/; SameSite=Lax';
  } catch {
    // cookies disabled
  }
}
