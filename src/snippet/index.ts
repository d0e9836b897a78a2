/**
 * The IIFE entry (dist/svc.js): works out where the script came from, then installs the globals.
 * Everything else lives in the capability modules this file wires together.
 */
import { _install } from './install.js';
import { _debug } from './log.js';
import { _normalizeHost } from './queue.js';

try {
  // The consultant server is, by default, the origin this script was loaded from.
  // (The base drops the script's query and fragment; an inline script has no src: no default.)
  _install(window, _normalizeHost(((document.currentScript || 0) as HTMLScriptElement).src || 0));
} catch (e) {
  _debug('start:', e);
}
