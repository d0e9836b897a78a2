import twilio from 'twilio';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
import type { CarrierConnection, CarrierRouteDeps } from '../carrier.js';
import { openContext, type CallContext } from './call-context.js';
import { twilioCredentials } from './client.js';
import type { TwilioParams } from './form.js';

/**
 * Who may post to a connection's routes: Twilio, proven by `X-Twilio-Signature` (HMAC-SHA1 under
 * the account's auth token over the URL Twilio was given and the sorted parameters), checked with
 * the SDK's validator against the PUBLIC URL: behind a proxy the request arrives at another
 * address than the one Twilio signed. Nothing is read or stored before the check passes.
 */

export interface TwilioRequest {
  connection: CarrierConnection;
  authToken: string;
  params: TwilioParams;
}

const unknownConnection = () => new ApiError(404, 404201, 'Unknown carrier connection');
const badSignature = () => new ApiError(403, 403201, 'Bad or missing X-Twilio-Signature');
export const badTwilioRequest = (what: string) => new ApiError(400, 400202, `Invalid Twilio request: ${what}`);

export async function verifiedRequest(req: FastifyRequest, deps: Pick<CarrierRouteDeps, 'connection'>): Promise<TwilioRequest> {
  const raw = (req.params as { connectionId?: string }).connectionId ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const connection = id == null ? null : await deps.connection(id);
  if (!connection || connection.kind !== 'twilio') throw unknownConnection();
  const { authToken } = twilioCredentials(connection);
  const params = (req.body && typeof req.body === 'object' ? req.body : {}) as TwilioParams;
  const signature = req.headers['x-twilio-signature'];
  const base = connection.publicUrl.endsWith('/') ? connection.publicUrl : connection.publicUrl + '/';
  const url = base + req.url.replace(/^\//, '');
  if (!authToken || typeof signature !== 'string' || !twilio.validateRequest(authToken, signature, url, params)) {
    // The usual cause is a public URL other than the one Twilio calls (a proxy, another host name).
    req.log.warn(
      { connection_id: connection.id, signed_for: url.split('?')[0], signature: typeof signature === 'string' },
      'twilio: webhook signature refused',
    );
    throw badSignature();
  }
  return { connection, authToken, params };
}

/** A parameter Twilio always sends with this request. */
export function required(params: TwilioParams, name: string): string {
  const v = params[name]?.trim();
  if (!v || v.length > 256) throw badTwilioRequest(`${name} missing`);
  return v;
}

/** The number an incoming call dialled (`To`), digits: one of the account's numbers, in E.164. */
export function calledNumber(params: TwilioParams): string {
  const to = required(params, 'To');
  if (!/^\+?\d{3,20}$/.test(to)) throw badTwilioRequest('To is no phone number');
  return to.replace(/\D/g, '');
}

/** The call's context the server put in the URL it gave Twilio (call-context.ts). */
export function contextOf(req: FastifyRequest, authToken: string): CallContext {
  const t = (req.query as { t?: unknown }).t;
  const ctx = typeof t === 'string' ? openContext(t, authToken) : null;
  if (!ctx) throw badTwilioRequest('unreadable call context');
  return ctx;
}
