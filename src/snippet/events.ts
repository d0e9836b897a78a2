import { LIMITS } from '../protocol.js';
import { _warn } from './log.js';
import { _add } from './outbox.js';

/** Text arguments: strings, or numbers written as strings; anything else is refused. */
export function _text(v: unknown, required: boolean): string | undefined | false {
  if (v == null || v === '') return required ? false : undefined;
  if (typeof v === 'number' && isFinite(v)) v = '' + v;
  return typeof v === 'string' && v.length <= LIMITS.text ? v : false;
}

/** `Svc.trackEvent(category, action, name, value)`: category and action are required. */
export function _trackEvent(category: unknown, action: unknown, name?: unknown, value?: unknown): void {
  const c = _text(category, true);
  const a = _text(action, true);
  const n = _text(name, false);
  const v = _text(value, false);
  if (c === false || a === false || n === false || v === false) {
    return _warn('trackEvent: category and action must be non-empty text, name and value text');
  }
  _add('event', { category: c!, action: a!, name: n, value: v });
}
