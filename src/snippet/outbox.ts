import { LIMITS, WRITE_PATH } from '../protocol.js';
import type { VisitorRef, Write, WritePayloads, WriteResponse, WriteResult, WriteType } from '../protocol.js';
import { _id } from './ids.js';
import { _debug, _warn } from './log.js';
import { _state } from './state.js';
import { _read, _write } from './storage.js';
import { _beacon, _post, type Failure } from './transport.js';

/**
 * The outbox: every write the snippet makes goes through here, in order, in one request at a
 * time. Writes are kept in localStorage until the server confirms them, so a write made while the
 * network is down, or just before the page closed, is sent again on the next page load. Each write
 * carries a client-made id that the server stores once, which makes every retry harmless.
 */

export type WriteCallback = (result: WriteResult) => void;

const STORE = '_svc_ob_';
const VISITOR = '_svc_v';
/** Writes older than this are dropped from storage: a week-old page view helps nobody. */
const MAX_AGE_MS = 7 * 864e5;
/** Most writes kept in storage; past it the oldest go, with a warning. */
const MAX_STORED = 500;

let _queue: Write[] = [];
/** Writes kept only in memory (reads): never stored, never beaconed. */
const _volatile: Record<string, 1> = {};
const _callbacks: Record<string, WriteCallback> = {};
/** Number of writes at the head of the queue now in flight; 0 when idle. */
let _inflight = 0;
let _tries = 0;
let _timer: ReturnType<typeof setTimeout> | undefined;
/** Set when the server refused a whole batch: retrying in this page would only repeat it. */
let _halted = false;

function _storeKey(): string {
  return STORE + _state._key;
}

function _stored(): Write[] {
  try {
    const list = JSON.parse(_read(_storeKey()) || '[]') as Write[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Read-modify-write of the stored list, so two tabs of one site never drop each other's writes. */
function _save(add: Write | null, remove: string[]): void {
  const now = Date.now();
  let list = _stored().filter((w) => w && remove.indexOf(w.id) < 0 && now - w.at < MAX_AGE_MS);
  if (add) list.push(add);
  if (list.length > MAX_STORED) {
    _warn('outbox full, dropping', list.length - MAX_STORED, 'oldest writes');
    list = list.slice(-MAX_STORED);
  }
  _write(_storeKey(), list.length ? JSON.stringify(list) : null);
}

function _url(): string {
  return _state._host + WRITE_PATH + encodeURIComponent(_state._key!);
}

function _body(writes: Write[]): string {
  return JSON.stringify({ visitor: _state._visitor, writes });
}

/** Reads the stored visitor and the writes that earlier pages left unconfirmed. */
export function _loadOutbox(): void {
  const v = _read(VISITOR, true);
  const m = v && /^(\d+)\.(\w+)$/.exec(v);
  if (m) _state._visitor = { id: +m[1]!, token: m[2]! };
  const have: Record<string, 1> = {};
  for (const w of _queue) have[w.id] = 1;
  const now = Date.now();
  _queue = _stored()
    .filter((w) => w && typeof w.id === 'string' && !have[w.id] && now - w.at < MAX_AGE_MS)
    .concat(_queue);
  _listen();
}

function _setVisitor(v: VisitorRef): void {
  const old = _state._visitor;
  if (old && old.id === v.id && old.token === v.token) return;
  _state._visitor = v;
  _write(VISITOR, v.id + '.' + v.token, true);
}

/**
 * Queues a write and starts sending. `id` defaults to a new client id; `keep` false keeps the
 * write out of storage (reads). Returns the write's id.
 */
export function _add<T extends WriteType>(
  type: T,
  data: WritePayloads[T],
  cb?: WriteCallback,
  id: string = _id(),
  keep = true,
): string {
  const w: Write = { id, type, hit: type === 'hit' ? id : _state._hit || id, at: Date.now(), data };
  if (cb) _callbacks[id] = cb;
  if (!keep) _volatile[id] = 1;
  _queue.push(w);
  if (keep) _save(w, []);
  _schedule(0);
  return id;
}

function _schedule(ms: number): void {
  clearTimeout(_timer);
  // Even "now" waits a tick, so writes made in the same task travel in one request.
  _timer = setTimeout(_flush, ms);
}

function _flush(): void {
  if (_inflight || _halted || !_queue.length || !_state._key || !_state._host) return;
  const batch = _queue.slice(0, LIMITS.writesPerRequest);
  _inflight = batch.length;
  _post(_url(), _body(batch)).then(
    (json) => {
      const res = json as unknown as WriteResponse;
      _inflight = 0;
      _tries = 0;
      if (res.visitor && typeof res.visitor.id === 'number') _setVisitor(res.visitor);
      const done: string[] = [];
      const results = Array.isArray(res.results) ? res.results : [];
      for (const r of results) {
        if (!r || typeof r.id !== 'string') continue;
        done.push(r.id);
        if (!r.success) _debug('write refused', r);
        const cb = _callbacks[r.id];
        delete _callbacks[r.id];
        delete _volatile[r.id];
        if (cb) {
          try {
            cb(r);
          } catch (e) {
            _warn('callback failed', e);
          }
        }
      }
      _queue = _queue.filter((w) => done.indexOf(w.id) < 0);
      _save(null, done);
      if (_queue.length) _schedule(0);
    },
    (f: Failure) => {
      _inflight = 0;
      const s = f._status;
      if (s >= 400 && s < 500 && s !== 408 && s !== 429) {
        // The server refused the request itself (unknown site key, origin not allowed…): warn
        // once, keep the writes stored for a later page, and stop retrying here.
        _halted = true;
        _warn('server refused the writes:', f._message || s);
        return;
      }
      // Exponential back-off with jitter, capped at a minute; Retry-After wins when given.
      const base = Math.min(60000, 1000 * Math.pow(2, _tries++));
      _schedule(f._retry ? f._retry * 1000 : base * (0.5 + Math.random()));
    },
  );
}

/** When the page is hidden, hand what is still waiting to the browser; storage keeps it anyway. */
function _onHide(): void {
  const rest = _queue.slice(_inflight).filter((w) => !_volatile[w.id]);
  if (!rest.length || !_state._key || !_state._host) return;
  for (let i = 0; i < rest.length; i += LIMITS.writesPerRequest) {
    _beacon(_url(), _body(rest.slice(i, i + LIMITS.writesPerRequest)));
  }
}

let _listening = false;
function _listen(): void {
  if (_listening) return;
  _listening = true;
  try {
    addEventListener('online', () => {
      _tries = 0;
      _halted = false;
      _schedule(0);
    });
    addEventListener('pagehide', _onHide);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') _onHide();
    });
  } catch {
    // no event support: writes still go out on the next page load
  }
}
