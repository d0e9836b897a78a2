/**
 * First-party storage on the site's domain: a cookie and localStorage. Either may be missing or
 * throw (private mode, disabled cookies, sandboxed frames); every access is guarded and a failure
 * reads as "nothing stored".
 */

function _ls(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const YEAR = 31536000;

export function _readCookie(name: string): string | null {
  try {
    for (const part of document.cookie.split('; ')) {
      const eq = part.indexOf('=');
      if (part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
    }
  } catch {
    // cookies disabled
  }
  return null;
}

/** Reads a value: the cookie when `cookie` is set and present, else localStorage. */
export function _read(name: string, cookie?: boolean): string | null {
  let v = cookie ? _readCookie(name) : null;
  if (v == null) {
    try {
      v = _ls()!.getItem(name);
    } catch {
      v = null;
    }
  }
  return v;
}

/** Writes a value to localStorage and, when `cookie` is set, to a year-long cookie; null removes. */
export function _write(name: string, value: string | null, cookie?: boolean): void {
  try {
    if (value == null) _ls()!.removeItem(name);
    else _ls()!.setItem(name, value);
  } catch {
    // full or unavailable: the in-memory copy still works for this page
  }
  if (cookie) {
    try {
      document.cookie =
        name + '=' + (value == null ? '; max-age=0' : encodeURIComponent(value) + '; max-age=' + YEAR) + '; path=/; SameSite=Lax';
    } catch {
      // cookies disabled
    }
  }
}
