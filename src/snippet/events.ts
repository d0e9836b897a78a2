import type { EventData } from '../protocol.js';
import { _fields } from './ask.js';
import { _no } from './log.js';
import { _add } from './outbox.js';

/** `Svc.trackEvent(category, action, name, value)`: category and action are required. */
export function _trackEvent(category: unknown, action: unknown, name?: unknown, value?: unknown): void {
  const d = _fields<EventData>({ category, action, name, value }, ['category', 'action', 'name', 'value']);
  // Thrown texts become the method's warning (`_safe`).
  if (typeof d == 'string' || !d.category || !d.action) _no('category and action must be text');
  _add('event', d);
}
