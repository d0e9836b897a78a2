import { LIMITS, WRITE_PATH } from '../protocol.js';
import type { Write, WritePayloads, WriteRequest, WriteResponse, WriteResult, WriteType } from '../protocol.js';
import { _id } from './ids.js';
import { _debug, _safe } from './log.js';
import { doc, _state } from './state.js';
import { _load, _store } from './storage.js';
import { _post, BATCH_CHARS } from './transport.js';

/**
 * The outbox: every write the snippet makes goes through here, in order, one request at a time.
 * Writes are kept in localStorage until the server confirms them, so a write made while the
 * network is down, or just before the page closed, is sent again on the next page load. Each write
 * carries a client-made id that the server stores once, which makes every retry harmless.
 *
 * A callback fires once, when the server has answered its write (stored or refused). While the
 * server cannot be reached the write waits, stored, and its callback with it: a `success: false`
 * meanwhile would invite the visitor to send the form again, and so a duplicate.
 */

export type WriteCallback = (result: WriteResult) => void;

/** Writes older than this are dropped from storage: a week-old page view helps nobody. */
const MAX_AGE_MS = 7 * 864e5;
/** Most writes kept in storage; past it the oldest go, with a warning. */
const MAX_STORED = 500;

let _queue: Write[] = [];
/** Writes kept only in memory (reads): never stored, never beaconed. */
const _volatile: Record<string, 1> = {};
const _callbacks: Record<string, WriteCallback> = {};
/** A request is in flight (1); 0 when idle. */
let _inflight = 0;
let _tries = 0;
let _timer: ReturnType<typeof setTimeout> | undefined;
/** A store `_saveLater` set that has not run yet (0: none): writes of one task are stored once. */
let _saveTimer: ReturnType<typeof setTimeout> | 0 = 0;

/** Calls `cb` with `v` when it is a function; nothing it throws reaches the page. */
export function _call(cb: unknown, v: unknown): void {
  if (typeof cb === 'function') _safe('callback failed', cb as (v: unknown) => unknown)(v);
}

/** `a` (one entry per id) then the writes of `b` not in `a`. */
function _merge(a: Write[], b: Write[]): Write[] {
  return a.concat(b.filter((w) => !a.some((x) => x.id == w.id)));
}

/** The stored writes. Anything else in the list (a hand edit, another version's) is dropped: a write without a string id could never be answered. */
function _stored(list: unknown): Write[] {
  return Array.isArray(list) ? list.filter((w) => w?.id && w.at > Date.now() - MAX_AGE_MS) : [];
}

/**
 * Read-merge-write of the stored list: what of this page's queue is storable goes in, `remove`
 * (confirmed writes) comes out. Another tab of the site may have stored or confirmed writes since
 * this one last looked, and neither may drop the other's. The visitor the server named goes in
 * with it (one write of the record per answer); before the stored one is read at start, the
 * record's own stays. Everything it reads runs inside the storage's `try`, so it is safe from a
 * timer too (a page whose `Array.prototype` methods throw).
 */
function _save(remove: string[] = []): void {
  // Whatever store comes first covers what a pending one would; the next write sets a new one.
  _saveTimer = 0;
  // Before start (no key yet) `_loadOutbox` stores them.
  if (_state._key)
    _store((s) => {
      s.v = _state._visitor || s.v;
      const list = _merge(_stored(s.w), _storable()).filter((w) => remove.indexOf(w.id) < 0);
      if (list.length > MAX_STORED) _debug('outbox full: dropped', list.length - MAX_STORED);
      s.w = list.slice(-MAX_STORED);
    });
}

/**
 * Stores the queue in a task after this one: a page view, and the pass over the page that comes
 * with it, do not wait for localStorage (a read-merge-write of the whole record), and on a first
 * visit the page view leaves before anything is written. A write the server confirms meanwhile is
 * never stored; a page hidden before the timer stores the queue itself (`_flush(true)`). One store
 * for all the writes of a task: each stores the whole queue anyway.
 */
const _saveLater = () => (_saveTimer ||= setTimeout(_save));

function _storable(): Write[] {
  return _queue.filter((w) => !_volatile[w.id]);
}

function _url(): string {
  // The key is word characters and dashes (`setCsAccount` checks): no escaping needed.
  return _state._host + WRITE_PATH + _state._key;
}

function _body(writes: Write[]): string {
  const body: WriteRequest = { visitor: _state._visitor, writes };
  return JSON.stringify(body);
}

/** The head of `list` that fits one request: at least one write, at most LIMITS.writesPerRequest, ~BATCH_CHARS. */
function _batch(list: Write[]): Write[] {
  let size = 0;
  // size only grows, so the writes kept are a prefix
  return list.filter((w, i) => ((size += JSON.stringify(w).length) < BATCH_CHARS && i < LIMITS.writesPerRequest) || !i);
}

/**
 * Reads the stored visitor and the writes that earlier pages left unconfirmed. The visitor is sent
 * as stored: the server takes a malformed one for none, like an unknown one.
 */
export function _loadOutbox(): void {
  const s = _load();
  _state._visitor = s.v || null;
  // Writes made before the site key was known are stored in the next task; earlier pages' writes go first.
  _saveLater();
  _queue = _merge(_stored(s.w), _queue);
  _schedule(0);
  _listen();
}

/**
 * Queues a write under a new client id and starts sending; it is stored in the next task
 * (`_saveLater`). `keep` false keeps the write out of storage (reads). Returns the write's id.
 */
export function _add<T extends WriteType>(type: T, data: WritePayloads[T], cb?: WriteCallback, keep = true): string {
  const id = _id();
  const w: Write = { id, type, hit: type == 'hit' ? id : _state._hit || id, at: Date.now(), data };
  if (cb) _callbacks[id] = cb;
  if (keep) _saveLater();
  else _volatile[id] = 1;
  _queue.push(w);
  // During a back-off the write waits for the retry: sending at once would only fail again and
  // lengthen the back-off with every write made while the server is away.
  if (!_tries) _schedule(0);
  return id;
}

/**
 * Sends in `ms`. "Now" is a microtask: writes made in the same task still travel in one request,
 * and the first page view leaves before any other task runs (a timer waited behind the page's
 * parsing: 5-10 ms measured on a first visit).
 */
function _schedule(ms: number): void {
  clearTimeout(_timer);
  if (ms) _timer = setTimeout(_flush, ms);
  else queueMicrotask(_flush);
}

/** Takes the writes named in `results` out of the queue, answers them, then takes them out of storage. */
function _settle(results: WriteResult[]): void {
  const done = results.map((r) => r.id);
  _queue = _queue.filter((w) => done.indexOf(w.id) < 0);
  if (_queue.length) _schedule(0);
  for (const r of results) {
    if (!r.success) _debug('refused:', r.code);
    _call(_callbacks[r.id], r);
    // The volatile mark stays: ids are never reused, and it is one small entry per read.
    delete _callbacks[r.id];
  }
  // After the callbacks: a page view's numbers do not wait for storage.
  _save(done);
}

/**
 * Sends the head of the queue; `hide`: the page is hidden (maybe for good), so the browser gets the
 * queue from its head, in flight or not, as a beacon: the server stores each id once, and one
 * ordered batch never names a page view that another request still carries; storage keeps
 * everything for the next page anyway. Safe: it runs from a timer or an event, where a throw (a
 * page that broke JSON.stringify) would reach the page; the writes then stay queued.
 */
const _flush = _safe('send', (hide?: boolean): void => {
  if (hide) {
    const rest = _storable();
    if (!rest.length || _state._wait) return;
    // Store again what this page still holds: another tab may have overwritten the list meanwhile.
    _save();
    // text/plain, no answer; whether the browser took it does not matter, and where it throws (no
    // beacon, a page that removed it) this function is safe.
    return void navigator.sendBeacon(_url(), _body(_batch(rest)));
  }
  if (_inflight || !_queue.length || _state._wait || !_state._sending) return;
  const batch = _batch(_queue);
  _inflight = 1;
  _post<WriteResponse & { message?: string }>(_url(), _body(batch)).then(([res, o]) => {
    _inflight = 0;
    try {
      // An answer to this batch: a proxy's or another server's JSON, or results of another shape,
      // fail like a network error below (settling nothing and sending again at once would spin).
      if (res!.ok && o!.success === true && o!.results.some((r) => r.id == batch[0]!.id)) {
        _tries = 0;
        // Stored by `_settle`, with the confirmed writes taken out.
        _state._visitor = o!.visitor || _state._visitor;
        return _settle(o!.results);
      }
    } catch {
      // not an answer: below
    }
    const s = res ? res.status : 0;
    const why = (o && o.message) || s;
    // The server cannot take this request. It checks each write on its own and answers a bad one
    // alone, so this is no write's fault but the request's (a single write larger than the body
    // limit): it fails as it is, or it would block every write behind it.
    if (s == 400 || s == 413) return _settle(batch.map(({ id }) => ({ id, success: false, code: '' + why })));
    if (s == 403 || s == 404) {
      // The site itself is refused (origin not allowed, unknown site key): retrying here only
      // repeats it. (Other statuses, 408, 429 and the 5xx above all, are retried with back-off.) Warn, keep the writes stored for a later page, and wait as in a back-off
      // with no timer: new writes do not send (see `_add`), only `online` or a new page does.
      _tries = 1;
      return _debug('refused:', why);
    }
    // Exponential back-off, its base capped at a minute, with jitter (so that clients cut off
    // together do not come back together); Retry-After wins when given (no response or header: NaN
    // or 0, and the back-off).
    _schedule(+(res?.headers.get('Retry-After') as string) * 1000 || Math.min(6e4, 1000 * 2 ** _tries) * (0.5 + Math.random()));
    _tries++;
  });
});

/** Stores what this page holds and sends it: consent given again after it was withdrawn. */
export function _resume(): void {
  _save();
  _schedule(0);
}

/**
 * Runs once, from _loadOutbox at start. `visibilitychange` to hidden comes before the page goes
 * (closed, navigated away, the app switched on mobile), also where `pagehide` never fires.
 */
function _listen(): void {
  addEventListener('online', () => {
    _tries = 0;
    _schedule(0);
  });
  doc.addEventListener('visibilitychange', () => doc.visibilityState == 'hidden' && _flush(true));
}
