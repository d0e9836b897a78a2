import type { HitPhone, VisitorRef, Write } from '../protocol.js';
import { _state } from './state.js';

/**
 * First-party storage on the site's domain: one localStorage record per site key, `_svc_<key>`,
 * holding the visitor, the unsent writes and the cached numbers. One key: the outbox and the phones
 * each read it once at start, and withdrawn consent removes it at once. localStorage may be missing or throw
 * (private mode, blocked site data, sandboxed frames): every access is guarded, and a failure reads
 * as "nothing stored". No cookie: the consultant server never sees the site's cookies (requests go
 * without credentials), so a cookie would only ride along on every request to the site's own
 * server. While consent is required and not given, nothing is read or written (only removed):
 * every module's storage goes through here, so this is the one gate.
 */
export interface Stored {
  /** The visitor the server issued (checked by the server: a malformed one counts as none). */
  v?: VisitorRef | null;
  /** Writes the server has not confirmed yet, oldest first. */
  w?: Write[];
  /** The visitor's numbers, cached for the next page. */
  p?: HitPhone[];
  /** Until when (epoch ms) the cached numbers stay the visitor's: the server's `phones_ttl`. */
  u?: number;
}

export const STORE = '_svc_';

/** The site's record; anything unreadable (another version's format, a hand edit) reads as empty. */
export function _load(): Stored {
  try {
    // The spread makes any JSON value (null, a number, a string) an object that can take fields.
    return { ...JSON.parse(_state._wait ? '0' : localStorage.getItem(STORE + _state._key)!) };
  } catch {
    return {};
  }
}

/**
 * Read-modify-write of the site's record: another tab of the site may have changed it since this
 * one last looked, and `fn` changes only its own part. `fn` null removes the record.
 */
export function _store(fn: ((s: Stored) => unknown) | null): void {
  try {
    if (!fn) localStorage.removeItem(STORE + _state._key);
    else if (!_state._wait) {
      const s = _load();
      fn(s);
      localStorage.setItem(STORE + _state._key, JSON.stringify(s));
    }
  } catch {
    // full or unavailable: the in-memory copy still works for this page
  }
}
