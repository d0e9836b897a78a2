import { _store } from './storage.js';
import { CHAT_FLAG } from './widget-bridge.js';

/**
 * Removes everything the snippet stored on this site: the record (the visitor, the unsent writes,
 * the cached numbers) and the chat flag. Called when consent is withdrawn.
 */
export function _forget(): void {
  _store(null);
  try {
    sessionStorage.removeItem(CHAT_FLAG);
  } catch {
    // no sessionStorage: nothing stored there either
  }
}
