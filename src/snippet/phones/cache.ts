import type { HitPhone } from '../../protocol.js';
import { _state } from '../state.js';
import { _read, _write } from '../storage.js';

/**
 * The visitor's numbers in first-party storage, for as long as the server said they stay theirs
 * (`phones_ttl`: the DT lease), so that the next page shows them before the server answers.
 */

export const KEY = '_svc_ph_';

export function _cached(): unknown {
  try {
    const c = JSON.parse(_read(KEY + _state._key) || '0');
    return c && c.u > Date.now() ? c.p : null;
  } catch {
    return null;
  }
}

export function _cache(p: HitPhone[], ttl: number): void {
  _write(KEY + _state._key, JSON.stringify({ p, u: Date.now() + ttl }));
}
