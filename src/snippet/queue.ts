import { _refuse, _safe, _wrap } from './log.js';
import { _watch } from './phones/observe.js';
import { _state } from './state.js';

type Handler = (...args: unknown[]) => unknown;

const LATE = 'too late';

/**
 * Configuration commands: applied before every other queued command, whatever their position,
 * because the others need them (the site key and host above all). Wrapped like the methods: a
 * handler refuses its argument by throwing (`_refuse`), which warns under the command's name.
 */
const _config: Record<string, Handler> = _wrap({
  // A different key later is refused: the writes already made belong to the first.
  setCsAccount: (key: unknown) =>
    typeof key !== 'string' || !/^[\w-]{1,64}$/.test(key)
      ? _refuse()
      : _state._key && _state._key != key
        ? _refuse(LATE)
        : (_state._key = key),
  setCsHost(url: unknown) {
    const host = _normalizeHost(url);
    // After start, the writes already go to the first host.
    return !host ? _refuse() : _state._started && host != _state._host ? _refuse(LATE) : (_state._host = host);
  },
  setUIPhoneMaskFormat: (mask: unknown) => (typeof mask !== 'string' || !mask ? _refuse() : (_state._mask = mask)),
  setDynamicalReplacement(on: unknown) {
    _state._dyn = on === true;
    _watch();
  },
  // The widgets know their languages (ru, en) and fall back to the site's default for others.
  setLang(lang: unknown) {
    _state._lang = lang as string;
  },
  // Before start only: after it the storage was read and the page view may be on its way.
  requireConsent: () => (_state._started ? _refuse(LATE) : (_state._wait = true)),
});

/** An absolute http(s) URL made into a base ending with a slash, or undefined. */
export function _normalizeHost(url: unknown): string | void {
  try {
    const u = new URL(url as string, location.href);
    if (typeof url === 'string' && /^https?:$/.test(u.protocol)) return u.origin + u.pathname.replace(/[^/]*$/, '');
  } catch {
    // not a URL: undefined
  }
}

function _isCommand(c: unknown): c is [string, ...unknown[]] {
  try {
    return Array.isArray(c) && typeof c[0] === 'string';
  } catch {
    // a Proxy or getter that throws: a queued entry must not stop the queue (and start) behind it
    return false;
  }
}

/** A configuration command (see `_config`). */
// eslint-disable-next-line no-prototype-builtins -- our own table, Object's prototype: safe, and shorter than Object.hasOwn
export const _isConfig = (c: unknown): boolean => _isCommand(c) && _config.hasOwnProperty(c[0]);

/**
 * Runs one command against the configuration table, then the `Svc` methods. Returns true when it
 * ran. Malformed entries and unknown names warn and do nothing; an entry that throws when read
 * (a getter, a Proxy) only warns.
 */
export const _run = _safe('command', (cmd: unknown, api: Record<string, unknown>): boolean => {
  if (!_isCommand(cmd)) _refuse('bad command');
  const name = cmd[0];
  // eslint-disable-next-line no-prototype-builtins -- `api` is Svc, made by `_install` (see above)
  const fn = _isConfig(cmd) ? _config[name] : name != 'push' && api.hasOwnProperty(name) && api[name];
  if (typeof fn !== 'function') _refuse('unknown command ' + name);
  // Every function here is wrapped by `_safe`: nothing it does throws.
  (fn as Handler).apply(api, cmd.slice(1));
  return true;
});

/** Runs a queue made before the script loaded: configuration commands first, then the rest in order. */
export function _drain(queue: unknown[], api: Record<string, unknown>, after: () => void): void {
  for (const c of queue) if (_isConfig(c)) _run(c, api);
  after();
  for (const c of queue) if (!_isConfig(c)) _run(c, api);
}
