import type { CarrierConnection } from '../carrier.js';

/** Where Zadarma reaches this server for a connection, and the ids its call-backs' records carry. */

/** The PBX extension the routing answer and the call-backs go through when the connection names none: every Zadarma PBX has 100. */
export const DEFAULT_EXTENSION = '100';

export const extensionOf = (c: CarrierConnection) => (c.credentials.extension ?? '').replace(/\D/g, '') || DEFAULT_EXTENSION;

/** The URL to paste into Zadarma's "notifications about calls in PBX" (and what routeNumber sets). */
export const eventsUrl = (c: Pick<CarrierConnection, 'id' | 'publicUrl'>) => `${c.publicUrl}carriers/zadarma/${c.id}/events`;

/**
 * A call-back's id in `calls.platform_call_id`. Zadarma's call-back request answers no call id, and
 * its PBX names the call only later (`pbx_call_id` of NOTIFY_OUT_START), so the record is named by
 * the connection and the request, and the notifications find it by the visitor's phone.
 */
export const callbackCallId = (connectionId: number, requestId: number) => `${callbackPrefix(connectionId)}${requestId}`;
export const callbackPrefix = (connectionId: number) => `zadarma-cb:${connectionId}:`;
