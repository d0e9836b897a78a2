import { _warn } from './log.js';
import { _watch } from './phones/observe.js';
import { _state } from './state.js';

type Handler = (...args: unknown[]) => unknown;

/**
 * Configuration commands: applied before every other queued command, whatever their position,
 * because the others need them (the site key and host above all).
 */
export const _config: Record<string, Handler> = {
  setCsAccount(key) {
    if (typeof key !== 'string' || !/^[\w-]{1,64}$/.test(key)) return _warn('setCsAccount needs a site key');
    if (_state._key && _state._key !== key) return _warn('site key already set to', _state._key);
    _state._key = key;
  },
  setCsHost(url) {
    const host = _normalizeHost(url);
    if (!host) return _warn('setCsHost needs an http(s) URL');
    if (_state._started && host !== _state._host) return _warn('setCsHost after start is ignored');
    _state._host = host;
  },
  setUIPhoneMaskFormat(mask) {
    if (typeof mask !== 'string' || !mask) return _warn('setUIPhoneMaskFormat needs a mask text');
    _state._mask = mask;
  },
  setDynamicalReplacement(on) {
    _state._dyn = on === true;
    _watch();
  },
  // The widgets know their languages (ru, en) and fall back to the site's default for others.
  setLang(lang) {
    _state._lang = lang as string;
  },
};

/** An absolute http(s) URL made into a base ending with a slash, or null. */
export function _normalizeHost(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url, location.href);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin + u.pathname.replace(/[^/]*$/, '');
  } catch {
    return null;
  }
}

function _isCommand(c: unknown): c is [string, ...unknown[]] {
  return Array.isArray(c) && typeof c[0] === 'string';
}

/**
 * Runs one command against the configuration table, then the `Svc` methods. Returns true when it
 * ran. Malformed entries and unknown names warn and do nothing.
 */
export function _run(cmd: unknown, api: Record<string, unknown>): boolean {
  if (!_isCommand(cmd)) {
    _warn('ignored malformed command', cmd);
    return false;
  }
  const name = cmd[0];
  const fn = _config[name] || (name !== 'push' && Object.prototype.hasOwnProperty.call(api, name) ? api[name] : null);
  if (typeof fn !== 'function') {
    _warn('unknown command', name);
    return false;
  }
  try {
    (fn as Handler).apply(api, cmd.slice(1));
  } catch (e) {
    _warn(name, 'failed', e);
  }
  return true;
}

/** Runs a queue made before the script loaded: configuration commands first, then the rest in order. */
export function _drain(queue: unknown[], api: Record<string, unknown>, after: () => void): void {
  const rest: unknown[] = [];
  for (const c of queue) {
    if (_isCommand(c) && _config[c[0]]) _run(c, api);
    else rest.push(c);
  }
  after();
  for (const c of rest) _run(c, api);
}
