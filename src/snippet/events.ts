import type { EventData } from '../protocol.js';
import { _fields } from './ask.js';
import { _no } from './log.js';
import { _add } from './outbox.js';

/** `Svc.trackEvent(category, action, name, value)`: category and action are required. */
export function _trackEvent(category: unknown, action: unknown, name?: unknown, value?: unknown): void {
  try {
    const d = _fields<EventData>({ category, action, name, value }, ['category', 'action', 'name', 'value']);
    if (d.category && d.action) return void _add('event', d);
  } catch {
    // a field that is no text (or too long): the warning below says what is expected
  }
  // Thrown texts become the method's warning (`_safe`).
  _no('category and action must be text');
}
