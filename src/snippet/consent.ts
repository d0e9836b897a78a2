import { _storeKey, VISITOR } from './outbox.js';
import { KEY } from './phones/cache.js';
import { _state } from './state.js';
import { _write } from './storage.js';
import { CHAT_FLAG } from './widget-bridge.js';

/**
 * Removes everything the snippet stored on this site: the visitor, the unsent writes, the cached
 * numbers and the chat flag. Called when consent is withdrawn.
 */
export function _forget(): void {
  _write(VISITOR, null);
  _write(_storeKey(), null);
  _write(KEY + _state._key, null);
  try {
    sessionStorage.removeItem(CHAT_FLAG);
  } catch {
    // no sessionStorage: nothing stored there either
  }
}
