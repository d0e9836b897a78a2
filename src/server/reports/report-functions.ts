/**
 * The reports of rest-api.md over the stored traffic, one file per answer: `stat`, `communication`,
 * `goal`, `call`, `chat`, `chat_messages`, `offline_message`, `advertising_sales`. Every date range
 * is half-open, `[date_from, date_till)`, in the customer's time zone; every list is in id order
 * (communication in time order) and paged by `limit` and `offset`.
 */
export { advertisingSales } from './advertising-sales-function.js';
export { call } from './call-function.js';
export { chat, chatMessages } from './chat-functions.js';
export { communication } from './communication-function.js';
export { goal } from './goal-function.js';
export { offlineMessage } from './offline-message-function.js';
export { stat } from './stat-function.js';
