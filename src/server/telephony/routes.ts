import type { FastifyInstance } from 'fastify';
export type { TelephonyCounters } from './accept-event.js';
import type { Pokes } from '../http/live-topics.js';
import { ApiError, errors } from '../http/errors.js';
import { numberConflicts } from '../numbers/site-numbers.js';
import type { Store } from '../store/open.js';
import { CallEventSchema, MAX_CALL_SECONDS, type CallEvent } from './event.js';
import { startLostSweep, type LostSweepOptions } from './lost-sweep.js';
import { acceptCallEvent, type TelephonyCounters } from './accept-event.js';
import type { CallRouting } from './record-event.js';
import { SIGNATURE_HEADER, signatureValid } from './signature.js';
import type { EventSink } from '../webhooks/events.js';

/**
 * The telephony boundary (docs/calls.md, "Calls and the telephony boundary"): `POST /telephony/events`,
 * where a telephony platform (a PBX, a carrier's webhooks, `npm run call`) posts the events of
 * each call, signed. Nothing is stored from a request whose signature fails, nor from an event
 * the boundary cannot believe; each event is applied in its own transaction, and the console is
 * poked after the commit.
 */

export interface TelephonyOptions extends LostSweepOptions {
  /** The shared secret of the events' signatures (SVC_TELEPHONY_SECRET); unset: the route answers 503. */
  secret?: string | undefined;
  /** Where calls go (record-event.ts `CallRouting`); default: the customers' scenarios (numbers/routing.ts). */
  routing?: CallRouting | undefined;
  /** The boundary's counts, for whoever watches it (a test, a health check); made here when not given. */
  counters?: TelephonyCounters | undefined;
  /** Where calls' events are announced (webhooks/). */
  events?: EventSink | undefined;
}

export interface TelephonyDeps extends TelephonyOptions {
  store: Store;
  hub: Pokes;
  routing: CallRouting;
}

/** How far an event's time may lie from the server's clock: a platform's queue may hold events a while, not a month. */
const PAST_MS = 30 * 864e5;
const AHEAD_MS = 864e5;

const bad = (text: string) => new ApiError(400, 400102, `Invalid call event: ${text}`);
const absurd = (text: string) => new ApiError(422, 422102, `Implausible call event: ${text}`);

/** Reads and checks an event: 400 for a malformed one, 422 for one that cannot be true. */
export function parseEvent(body: unknown, now: number): CallEvent {
  const r = CallEventSchema.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const where = issue.path.join('.') || 'body';
    throw issue.code === 'too_big' && (where === 'duration' || where === 'total_duration')
      ? absurd(`${where} above ${MAX_CALL_SECONDS} s`)
      : bad(`${where}: ${issue.message}`);
  }
  const ev = r.data;
  const at = Date.parse(ev.time);
  if (at > now + AHEAD_MS || at < now - PAST_MS) throw absurd('time is more than a day ahead or 30 days behind the server clock');
  if (ev.event === 'ended') {
    if (ev.duration === undefined || ev.total_duration === undefined) throw bad('ended needs duration and total_duration');
    if (ev.duration > ev.total_duration) throw absurd('duration (talk) longer than total_duration');
  } else if (ev.duration !== undefined || ev.total_duration !== undefined) throw bad('durations belong to ended');
  return ev;
}

export async function telephonyFeature(app: FastifyInstance, deps: TelephonyDeps): Promise<void> {
  const counters = deps.counters ?? { refusedUnknownNumber: 0 };
  // Numbers shown by customers other than their holder (an older database, an operator's
  // configuration): said once at start, since their calls go to the holder.
  for (const c of await numberConflicts(deps.store.db))
    app.log.warn(
      { number: c.number, holder: c.holder, others: c.others },
      'number shown by other customers than its holder: its calls are credited to the holder',
    );

  // The signature covers the raw bytes: this plugin's JSON is read as a Buffer, parsed after the check.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // No CORS: a platform posts from a server, never from a page.
  app.post('/telephony/events', async (req, reply) => {
    const secret = deps.secret;
    if (!secret) throw new ApiError(503, 503101, 'Telephony is not configured (SVC_TELEPHONY_SECRET)');
    const raw = Buffer.isBuffer(req.body) ? req.body : null;
    if (!raw) throw errors.unsupportedType();
    if (!signatureValid(raw, req.headers[SIGNATURE_HEADER], secret)) throw new ApiError(401, 401101, 'Bad or missing X-Svc-Signature');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw errors.malformed();
    }
    const now = Date.now();
    const ev = parseEvent(body, now);
    // What the record says of the call, so a platform (and the demo's button) sees whose it is.
    return reply.send({ success: true, data: await acceptCallEvent({ ...deps, counters }, ev, now, req.log) });
  });

  const stop = startLostSweep(deps.store, deps, (sites) => deps.hub.poke(...sites.map((s) => `site:${s}` as const)));
  app.addHook('onClose', stop);
}
