/**
 * The IIFE entry (dist/svc.js): works out where the script came from, then installs the globals.
 * Everything else lives in the capability modules this file wires together.
 */
import { _install } from './install.js';
import { _warn } from './log.js';
import { _normalizeHost } from './queue.js';

try {
  // The consultant server is, by default, the origin this script was loaded from.
  const me = document.currentScript as HTMLScriptElement | null;
  _install(window, me && me.src ? _normalizeHost(me.src.replace(/[?#].*$/, '')) : null);
} catch (e) {
  _warn('could not start', e);
}
