import { doc } from '../state.js';
import type { HitPhone, HitResult } from '../../protocol.js';
import type { PhoneElement, ReplacedPhones } from '../../types.js';
import { _safe } from '../log.js';
import { _load, _store } from '../storage.js';
import { _hookShadows, _watch } from './observe.js';
import { _replaced } from './match.js';
import { _replace, _usePhones } from './replace.js';

/**
 * The phone API of the page (page-api §4: getPhones, getDTPhones, getReplacedPhones and the
 * `__cs_onReplacePhones` hook) and the moments numbers are put in: from the cache at start, after
 * every page view the server answered, and at once on `reinitTrackView()`.
 */

/** The phones issued to the visitor: cached, then from the last answered page view. */
let _list: HitPhone[] = [];

/** The public shape of a phone (page-api §2): a copy, without the internal DT flag. */
const _pub = ({ dt: _dt, forms: _forms, ...p }: HitPhone): PhoneElement => p;

/**
 * Takes a list of phones (from the server or the cache), asks the page's hook, then replaces. A
 * phone whose forms or id are malformed is dropped: its forms become a pattern (digits and the
 * commas between them, read as text: nothing a pattern would take for syntax), and its id a
 * selector, which must stay one simple selector (no list or combinator that would reach other
 * elements; one the browser refuses stops only the pass it is in; the server accepts only valid
 * ones anyway). Text, number and image need no check: text and number are only ever written as
 * text (data, textContent, a `tel:` address) and an image address only into an `<img>`, from which
 * no script runs (the server accepts only http(s) images). `ttl` given: the list came from the
 * server and is cached.
 */
function _takePhones(list: unknown, ttl?: number): void {
  if (!Array.isArray(list)) return;
  _list = list.filter((p) => p && /^[\d,]*$/.test(p.forms || '') && /^([#.]|\[name=|number=)[\w-]+]?$/.test(p.id));
  // The page's hook; one that throws counts as "replace" (and warns).
  _usePhones(_safe('__cs_onReplacePhones', window.__cs_onReplacePhones!)(_list.map(_pub)) === false ? [] : _list);
  _replaceAll();
  // Cached for as long as the server said they stay the visitor's (`phones_ttl`: the DT lease), so
  // that the next page shows them before the server answers; after the pass, which must not wait
  // for storage.
  if (ttl)
    _store((s) => {
      s.p = _list;
      s.u = Date.now() + ttl;
    });
}

/** Replaces in the whole page with the phones in use (`reinitTrackView()` calls it at once). */
export function _replaceAll(): void {
  _replace(doc);
  _watch();
}

/** The numbers of a page view's answer (called by the page view). */
export const _hitPhones = (h: HitResult) => _takePhones(h.phones, h.phones_ttl);

/**
 * At start: the default hook, the cached numbers at once (the observer catches what the parser
 * adds next), a pass over the parsed page; then the server's numbers after every page view.
 */
export function _startPhones(): void {
  const w = window;
  w.__cs_onReplacePhones = w.__cs_onReplacePhones || (() => true);
  _hookShadows();
  const s = _load();
  _takePhones(s.u! > Date.now() && s.p);
  // Chrome fires DOMContentLoaded in the parser's task, before the observer hears of the last
  // nodes: one pass over the whole page there, then the observer stops (unless dynamic).
  doc.addEventListener('DOMContentLoaded', _replaceAll);
}

export const _getPhones = (): PhoneElement[] => _list.map(_pub);

export function _getDTPhones(): PhoneElement[] | null {
  const d = _list.filter((p) => p.dt).map(_pub);
  return d[0] ? d : null;
}

/** Without a type: original → replacement; with `dynamic` or `static`: replacement → originals. */
export function _getReplacedPhones(type?: unknown): ReplacedPhones {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one map, either shape: strings without a type, arrays with one
  const out: Record<string, any> = {};
  for (const orig in _replaced) {
    const p = _replaced[orig]!;
    const id = 'number=' + orig;
    if (type == null) out[id] = p.raw;
    else if ((p.dt ? 'dynamic' : 'static') == type) (out[p.raw] = out[p.raw] || []).push(id);
  }
  return out;
}
