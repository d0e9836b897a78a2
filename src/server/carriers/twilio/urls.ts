import type { CarrierConnection } from '../carrier.js';

/**
 * The server's URLs Twilio calls for a connection, under `/carriers/twilio/<id>/`: what
 * routeNumber and dialCallback give Twilio, the TwiML's action and callback URLs, and the routes
 * (routes.ts) that answer them. Twilio signs the URL it was given, so a route checks the
 * signature against the public URL, never the address the request arrived at.
 */

export const TWILIO_PATHS = {
  /** A number's incoming call (the number's VoiceUrl). */
  voice: 'voice',
  /** A number's call ended (the number's StatusCallback). */
  status: 'status',
  /** The `<Dial>` to whoever answers ended. */
  dialAction: 'dial-action',
  /** A call's recording is ready. */
  recording: 'recording',
  /** A call-back's operator answered: the TwiML that dials the visitor. */
  callbackBridge: 'callback-bridge',
  /** A call-back's visitor answered: what the visitor hears before being connected (the recording notice). */
  callbackNotice: 'callback-notice',
  /** A call-back's progress (ringing, answered, ended) at the operator's end. */
  callbackStatus: 'callback-status',
} as const;

export type TwilioPath = (typeof TWILIO_PATHS)[keyof typeof TWILIO_PATHS];

/** The public URL of one of a connection's routes, with its query. */
export function twilioUrl(
  connection: Pick<CarrierConnection, 'id' | 'publicUrl'>,
  path: TwilioPath,
  query: Record<string, string> = {},
): string {
  const base = connection.publicUrl.endsWith('/') ? connection.publicUrl : connection.publicUrl + '/';
  const url = new URL(`carriers/twilio/${connection.id}/${path}`, base);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.href;
}
