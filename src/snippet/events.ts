import { _ask } from './ask.js';

/**
 * `Svc.trackEvent(category, action, name, value)`: category and action are required, which the
 * server checks; a refusal is a console warning (there is no callback).
 */
export function _trackEvent(category: unknown, action: unknown, name?: unknown, value?: unknown): void {
  _ask('event', { category, action, name, value }, 0);
}
