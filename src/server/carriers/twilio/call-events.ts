import type { CallEvent } from '../../telephony/event.js';
import type { CallContext } from './call-context.js';
import type { DialledLeg } from './dialled-legs.js';
import type { TwilioParams } from './form.js';

/**
 * What Twilio's callbacks say, as the telephony boundary's call events (docs/calls.md): the same
 * events, fields and meanings the call simulator posts, so the journal, reports, webhooks and
 * charges read a Twilio call as any other. The boundary applies each (call id, event) once, in any
 * order, so a callback Twilio repeats or delivers late changes nothing twice.
 *
 * An incoming call: `ringing` when Twilio asks what to do with it; `answered` and `ended` when the
 * `<Dial>` to the forwarding target ends (its action: the talk), or when the call's end (the
 * number's status callback) finds the leg its Dial reached, whichever Twilio sends first; a call
 * that never reached anyone ends without talk. Twilio answering the call itself (to run the
 * TwiML) is not the call answered.
 *
 * A call-back (`direction` `out`, the call id the SID of Twilio's call to the operator):
 * `ringing` and `answered` as the operator's phone rings and answers; `ended` when the Dial to the
 * visitor ends or the operator's call ends, its talk the visitor's; an operator who never
 * answered ends it without talk.
 */

type Kind = CallEvent['event'];
type Draft = Omit<CallEvent, 'call_id' | 'direction' | 'numa' | 'numb' | 'time' | 'event'> & { event: Kind; at: number };

/** Seconds as Twilio writes them, clamped to what the boundary believes (a day). */
export function seconds(v: string | undefined): number {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 86_400) : 0;
}

/** Twilio's `Timestamp` / `RecordingStartTime` (RFC 2822), else `fallback`. */
export function twilioTime(v: string | undefined, fallback: number): number {
  const t = v ? Date.parse(v) : Number.NaN;
  return Number.isFinite(t) ? t : fallback;
}

/** A recording's link as the boundary takes it (http or https). */
export const recordingLink = (url: string | undefined): string | undefined =>
  url && /^https?:\/\/\S+$/.test(url) && url.length <= 2048 ? url : undefined;

export function callEvent(callId: string, ctx: Pick<CallContext, 'direction' | 'numa' | 'numb'>, d: Draft): CallEvent {
  const { at, ...rest } = d;
  return { ...rest, call_id: callId, direction: ctx.direction, numa: ctx.numa, numb: ctx.numb, time: new Date(at).toISOString() };
}

/** `ended` at `at`: `talk` seconds of talk, set up at the context's `setupMs` (never shorter than the talk). */
export function ended(ctx: Pick<CallContext, 'setupMs'>, at: number, talk: number, fileLink?: string): Draft {
  const total = Math.min(Math.max(talk, Math.round((at - ctx.setupMs) / 1000)), 86_400);
  return { event: 'ended', at, duration: talk, total_duration: total, ...(fileLink ? { file_link: fileLink } : {}) };
}

const TERMINAL = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

/** The Dial to whoever was called ended: the talk (a Dial answered then ended), the recording. */
export function dialEnded(ctx: CallContext, p: TwilioParams, now: number): Draft[] {
  const status = p.DialCallStatus ?? '';
  const talk = status === 'completed' || status === 'answered' ? seconds(p.DialCallDuration) : 0;
  const end = ended(ctx, now, talk, talk > 0 ? recordingLink(p.RecordingUrl) : undefined);
  // A call-back's `answered` is the operator's, sent as it happened; an incoming call's is the Dial's.
  return ctx.direction === 'in' && talk > 0 ? [{ event: 'answered', at: now - talk * 1000 }, end] : [end];
}

/** Whether a status callback ends a call that may have dialled someone (its legs then tell the talk). */
export const mayHaveDialled = (p: TwilioParams) => p.CallStatus === 'completed';

/**
 * A status callback: of an incoming call (the number's, its end only), or of a call-back's call to
 * the operator (`callback`: its ringing and answer too). At the end, the legs the call dialled
 * (dialled-legs.ts) give the talk, so the end is right whether or not the Dial's end came first;
 * null: they could not be read, and the Dial's end is left to tell.
 */
export function statusEvents(ctx: CallContext, p: TwilioParams, now: number, callback: boolean, legs: DialledLeg[] | null): Draft[] {
  const status = p.CallStatus ?? '';
  const at = twilioTime(p.Timestamp, now);
  if (status === 'ringing') return [{ event: 'ringing', at }];
  if (status === 'in-progress' && callback) return [{ event: 'answered', at }];
  if (!TERMINAL.has(status) || legs === null) return [];
  const setup = callback ? ctx : { setupMs: at - seconds(p.CallDuration) * 1000 };
  const talked = legs.find((l) => l.duration > 0);
  if (talked) {
    const talk = Math.min(talked.duration, 86_400);
    const end = talked.endMs ?? at;
    const answer: Draft[] = callback ? [] : [{ event: 'answered', at: end - talk * 1000 }];
    return [...answer, ended(setup, end, talk)];
  }
  // A leg still going on: its Dial's end will say how it went.
  if (legs.some((l) => !TERMINAL.has(l.status))) return [];
  return [ended(setup, at, 0)];
}

/**
 * A recording is ready. The Dial's end has normally given the call its `ended` already: the
 * boundary then adds the link to the record (telephony/record-event.ts). Should it come first,
 * the recording's own span (from the answer) is the talk.
 */
export function recordingEvents(ctx: CallContext, p: TwilioParams, now: number): Draft[] {
  const link = recordingLink(p.RecordingUrl);
  if (p.RecordingStatus !== 'completed' || !link) return [];
  const talk = seconds(p.RecordingDuration);
  const start = twilioTime(p.RecordingStartTime, now - talk * 1000);
  const answer: Draft[] = ctx.direction === 'in' && talk > 0 ? [{ event: 'answered', at: start }] : [];
  return [...answer, ended(ctx, start + talk * 1000, talk, link)];
}
