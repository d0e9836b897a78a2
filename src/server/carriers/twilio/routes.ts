import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
import { numberKey } from '../../numbers/keys.js';
import { unknownNumber } from '../../telephony/record-event.js';
import { parseEvent } from '../../telephony/routes.js';
import type { CallEvent } from '../../telephony/event.js';
import type { CarrierRouteDeps, CallHandling } from '../carrier.js';
import { sealContext, type CallContext } from './call-context.js';
import { callEvent, dialEnded, mayHaveDialled, recordingEvents, statusEvents } from './call-events.js';
import { dialledLegs } from './dialled-legs.js';
import { acceptForms } from './form.js';
import { callerNumber, countryOf, UNKNOWN_CALLER } from './phones.js';
import { bridgeCallback, forwardCall, hangUp, notInService, TWIML_TYPE, visitorNotice } from './twiml.js';
import { twilioUrl, TWILIO_PATHS, type TwilioPath } from './urls.js';
import { calledNumber, contextOf, required, verifiedRequest, type TwilioRequest } from './verify.js';

/**
 * The routes Twilio calls for a connection, `/carriers/twilio/:connectionId/…` (urls.ts names
 * them). Each checks Twilio's signature first (verify.ts), then turns what Twilio says into call
 * events (call-events.ts) applied by the boundary, and answers TwiML where Twilio waits for
 * instructions. Twilio gives an incoming call's answer 15 seconds: it stores one event and reads
 * the call's handling, nothing more.
 */

const UNKNOWN_NUMBER = unknownNumber().code;

type Draft = ReturnType<typeof dialEnded>[number];

/** Applies the events in order; false when the number called is no customer's (the boundary counted and logged it). */
async function apply(
  deps: CarrierRouteDeps,
  log: FastifyBaseLogger,
  callId: string,
  ctx: CallContext,
  drafts: Draft[],
  now: number,
): Promise<boolean> {
  for (const d of drafts) {
    const ev: CallEvent = parseEvent(callEvent(callId, ctx, d), now);
    try {
      await deps.accept(ev, log);
    } catch (e) {
      if (e instanceof ApiError && e.code === UNKNOWN_NUMBER) return false;
      throw e;
    }
  }
  return true;
}

const twiml = (reply: FastifyReply, xml: string) => reply.type(TWIML_TYPE).send(xml);

/** How long after dialling a call-back its events are held back (see afterDialStored). */
export const CALLBACK_HOLD_MS = 2000;

/**
 * A call-back's events name it by the Call SID, which the server stores on the request only once
 * Twilio's answer to the dial has come back (callback/dispatch.ts); Twilio may post the call's
 * first callbacks before that. An event of a call dialled moments ago is held until the SID is
 * stored (milliseconds after the answer): applied earlier, it would open a record of its own.
 * Twilio waits for the answer, so the event is late, never lost.
 */
async function afterDialStored(ctx: CallContext): Promise<void> {
  const wait = ctx.setupMs + CALLBACK_HOLD_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, CALLBACK_HOLD_MS)));
}

/** A Dial's action and recording callbacks for a call, its context sealed in their URLs. */
function dialPlanUrls(r: TwilioRequest, ctx: CallContext) {
  const t = sealContext(ctx, r.authToken);
  const url = (path: TwilioPath) => twilioUrl(r.connection, path, { t });
  return { action: url(TWILIO_PATHS.dialAction), recordingCallback: url(TWILIO_PATHS.recording) };
}

/** An incoming call: recorded as ringing, answered with where it goes. */
async function voice(deps: CarrierRouteDeps, req: FastifyRequest, reply: FastifyReply) {
  const r = await verifiedRequest(req, deps);
  const callId = required(r.params, 'CallSid');
  const numb = calledNumber(r.params);
  const numa = callerNumber(r.params.From);
  const now = Date.now();
  const ctx: CallContext = { direction: 'in', numa, numb, setupMs: now };
  let known = true;
  try {
    known = await apply(deps, req.log, callId, ctx, [{ event: 'ringing', at: now }], now);
  } catch (e) {
    // The caller is still put through: the record can be completed by the later callbacks.
    req.log.error({ err: e, call_id: callId }, 'twilio: the incoming call could not be recorded');
  }
  if (!known) return twiml(reply, notInService(countryOf(numb) === 'RU' ? 'ru' : 'en'));
  let handling: CallHandling;
  try {
    handling = await deps.handling({ numb, numa });
  } catch (e) {
    req.log.error({ err: e, call_id: callId }, 'twilio: no handling for the incoming call');
    handling = { forwardTo: null, record: false, notice: null, language: countryOf(numb) === 'RU' ? 'ru' : 'en' };
  }
  // Forwarded to itself the call would come back here and ring itself again, without end.
  if (handling.forwardTo && numberKey(handling.forwardTo) === numberKey(numb)) {
    req.log.warn({ call_id: callId, number_called: numb }, 'twilio: the number forwards to itself; nobody to forward to');
    handling = { ...handling, forwardTo: null };
  }
  // The operator sees who calls; a caller without a number shows the tracking number instead.
  const callerId = numa === UNKNOWN_CALLER ? numb : numa;
  return twiml(reply, forwardCall(handling, { callerId, ...dialPlanUrls(r, ctx) }));
}

/** A call-back's operator answered: the visitor is dialled. */
async function callbackBridge(deps: CarrierRouteDeps, req: FastifyRequest, reply: FastifyReply) {
  const r = await verifiedRequest(req, deps);
  const ctx = contextOf(req, r.authToken);
  const callId = required(r.params, 'CallSid');
  const now = Date.now();
  await afterDialStored(ctx);
  await apply(deps, req.log, callId, ctx, [{ event: 'answered', at: now }], now);
  const handling = await deps.handling({ numb: ctx.numa, numa: ctx.numb }).catch((e: unknown) => {
    // The operator is waiting: the visitor is still dialled, unrecorded.
    req.log.error({ err: e, call_id: callId }, 'twilio: no handling for the call-back');
    return null;
  });
  const record = handling?.record ?? false;
  const notice =
    record && handling?.notice ? twilioUrl(r.connection, TWILIO_PATHS.callbackNotice, { t: sealContext(ctx, r.authToken) }) : null;
  return twiml(reply, bridgeCallback(ctx.numb, record, { callerId: ctx.numa, ...dialPlanUrls(r, ctx) }, notice));
}

/** A call-back's visitor answered: the recording notice, before the operator is connected. */
async function callbackNotice(deps: CarrierRouteDeps, req: FastifyRequest, reply: FastifyReply) {
  const r = await verifiedRequest(req, deps);
  const ctx = contextOf(req, r.authToken);
  return twiml(reply, visitorNotice(await deps.handling({ numb: ctx.numa, numa: ctx.numb })));
}

/** The Dial ended: talk and recording; Twilio is told to hang up. */
async function dialAction(deps: CarrierRouteDeps, req: FastifyRequest, reply: FastifyReply) {
  const r = await verifiedRequest(req, deps);
  const ctx = contextOf(req, r.authToken);
  const callId = required(r.params, 'CallSid');
  const now = Date.now();
  await apply(deps, req.log, callId, ctx, dialEnded(ctx, r.params, now), now);
  return twiml(reply, hangUp());
}

/** A number's status callback (incoming calls) or a call-back's (with its context). */
async function status(deps: CarrierRouteDeps, req: FastifyRequest, reply: FastifyReply, callback: boolean) {
  const r = await verifiedRequest(req, deps);
  const callId = required(r.params, 'CallSid');
  const ctx: CallContext = callback
    ? contextOf(req, r.authToken)
    : { direction: 'in', numa: callerNumber(r.params.From), numb: calledNumber(r.params), setupMs: 0 };
  const legs = mayHaveDialled(r.params)
    ? await dialledLegs(r.connection, callId).catch((e: unknown) => {
        req.log.warn({ call_id: callId, error: (e as Error).message }, "twilio: the call's dialled legs could not be read");
        return null;
      })
    : [];
  const now = Date.now();
  if (callback) await afterDialStored(ctx);
  await apply(deps, req.log, callId, ctx, statusEvents(ctx, r.params, now, callback, legs), now);
  return reply.status(204).send();
}

async function recording(deps: CarrierRouteDeps, req: FastifyRequest, reply: FastifyReply) {
  const r = await verifiedRequest(req, deps);
  const ctx = contextOf(req, r.authToken);
  const callId = required(r.params, 'CallSid');
  const now = Date.now();
  await apply(deps, req.log, callId, ctx, recordingEvents(ctx, r.params, now), now);
  return reply.status(204).send();
}

export async function twilioRoutes(app: FastifyInstance, deps: CarrierRouteDeps): Promise<void> {
  // A scope of their own: the form parser is these routes' only.
  await app.register(async (scope) => {
    acceptForms(scope);
    const at = (path: TwilioPath) => `/carriers/twilio/:connectionId/${path}`;
    scope.post(at(TWILIO_PATHS.voice), (req, reply) => voice(deps, req, reply));
    scope.post(at(TWILIO_PATHS.status), (req, reply) => status(deps, req, reply, false));
    scope.post(at(TWILIO_PATHS.dialAction), (req, reply) => dialAction(deps, req, reply));
    scope.post(at(TWILIO_PATHS.recording), (req, reply) => recording(deps, req, reply));
    scope.post(at(TWILIO_PATHS.callbackBridge), (req, reply) => callbackBridge(deps, req, reply));
    scope.post(at(TWILIO_PATHS.callbackNotice), (req, reply) => callbackNotice(deps, req, reply));
    scope.post(at(TWILIO_PATHS.callbackStatus), (req, reply) => status(deps, req, reply, true));
  });
}
