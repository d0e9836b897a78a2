import type { WebhookEvent } from '../../app-protocol.js';
import type { QualifiableKind } from '../store/tables.js';

/**
 * The events that end a communication, and the kind it is qualified as: the moment the
 * qualification rules judge it (qualification/qualifying-events.ts) and the conversions queue it
 * for their destinations (conversions/index.ts), so both act on the same ends.
 */
export const ENDING_EVENTS: Partial<Record<WebhookEvent, QualifiableKind>> = {
  'call.ended': 'call',
  'callback.finished': 'sitephone',
  'chat.finished': 'chat',
  'request.created': 'offline_message',
};
