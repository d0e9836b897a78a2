import twilio from 'twilio';
import type VoiceResponseNs from 'twilio/lib/twiml/VoiceResponse.js';
import type { CallHandling } from '../carrier.js';
import { e164 } from './phones.js';

/**
 * The TwiML answers (https://www.twilio.com/docs/voice/twiml), built with the SDK's VoiceResponse
 * so that attributes and text are escaped as Twilio reads them.
 */

type VoiceResponse = InstanceType<typeof twilio.twiml.VoiceResponse>;

/** How long a forwarded call rings before the caller is told nobody answered (Twilio's Dial `timeout`, seconds). */
const RING_S = 30;

const TEXTS = {
  en: {
    notInService: 'The number you have dialled is not in service.',
    nobody: 'Sorry, nobody can take your call right now. Please call again later.',
  },
  ru: {
    notInService: 'Набранный вами номер не обслуживается.',
    nobody: 'К сожалению, сейчас никто не может ответить. Пожалуйста, перезвоните позже.',
  },
} as const;

const speech = (language: string): { text: (typeof TEXTS)['en' | 'ru']; say: VoiceResponseNs.SayAttributes } => {
  const ru = language.toLowerCase().startsWith('ru');
  // Alice speaks both languages the service has texts in.
  return { text: ru ? TEXTS.ru : TEXTS.en, say: { language: ru ? 'ru-RU' : 'en-US', voice: 'alice' } };
};

export const TWIML_TYPE = 'text/xml; charset=utf-8';

/** A number no customer of the service holds. */
export function notInService(language: string): string {
  const r = new twilio.twiml.VoiceResponse();
  const s = speech(language);
  r.say(s.say, s.text.notInService);
  r.hangup();
  return r.toString();
}

export interface DialPlan {
  /** Shown to whoever is dialled, E.164 digits (Twilio allows the caller's or the called number). */
  callerId: string;
  /** Where Twilio posts when the dialled call ends. */
  action: string;
  /** Where Twilio posts the recording when it is ready (used when recording). */
  recordingCallback: string;
}

/** An incoming call: the recording notice when recording, then the forwarding; or a polite refusal. */
export function forwardCall(handling: CallHandling, plan: DialPlan): string {
  const r = new twilio.twiml.VoiceResponse();
  const s = speech(handling.language);
  if (!handling.forwardTo) {
    r.say(s.say, s.text.nobody);
    r.hangup();
    return r.toString();
  }
  const notice = handling.record && handling.notice ? handling.notice : null;
  if (notice) r.say(s.say, notice);
  dialNumber(r, handling.forwardTo, handling.record, plan, !notice);
  return r.toString();
}

/**
 * A call-back's operator answered: the visitor is dialled, the tracking number shown; with
 * `noticeUrl`, the visitor hears what it answers (the recording notice) before being connected.
 */
export function bridgeCallback(visitorPhone: string, record: boolean, plan: DialPlan, noticeUrl: string | null): string {
  const r = new twilio.twiml.VoiceResponse();
  dialNumber(r, visitorPhone, record, plan, false, noticeUrl);
  return r.toString();
}

/** What a call-back's visitor hears on answering: the notice, or nothing. */
export function visitorNotice(handling: CallHandling): string {
  const r = new twilio.twiml.VoiceResponse();
  if (handling.record && handling.notice) r.say(speech(handling.language).say, handling.notice);
  return r.toString();
}

function dialNumber(
  r: VoiceResponse,
  to: string,
  record: boolean,
  plan: DialPlan,
  answerOnBridge: boolean,
  whisperUrl: string | null = null,
): void {
  const dial = r.dial({
    callerId: e164(plan.callerId),
    action: plan.action,
    method: 'POST',
    timeout: RING_S,
    // The caller hears ringing, and is not charged as answered, until someone picks up.
    ...(answerOnBridge ? { answerOnBridge: true } : {}),
    ...(record
      ? {
          record: 'record-from-answer-dual' as const,
          recordingStatusCallback: plan.recordingCallback,
          recordingStatusCallbackMethod: 'POST',
          recordingStatusCallbackEvent: ['completed' as const],
        }
      : {}),
  });
  dial.number(whisperUrl ? { url: whisperUrl, method: 'POST' } : {}, e164(to));
}

/** The end of a call's instructions. */
export function hangUp(): string {
  const r = new twilio.twiml.VoiceResponse();
  r.hangup();
  return r.toString();
}
