import type { RecordFunctions } from '../webhooks/payload.js';
import { call } from './call-function.js';
import { chat } from './chat-functions.js';
import { goal } from './goal-function.js';
import { offlineMessage } from './offline-message-function.js';
import { sessionInfo, visitor } from './visitor-functions.js';

/**
 * The REST functions a webhook's body is made of (webhooks/payload.ts): each record kind's report,
 * and the session's and the visitor's, so a CRM receives a record as the REST API shows it.
 */
export const webhookRecordFunctions: RecordFunctions = {
  call,
  chat,
  offline_message: offlineMessage,
  goal,
  session_info: sessionInfo,
  visitor,
};
