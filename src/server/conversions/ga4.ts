import { z } from 'zod';
import type { ConversionFacts } from './communication.js';
import { jsonOf, type Http } from './http.js';
import { at, outcomeOf, type ApiBases, type PlatformModule } from './platform.js';

/**
 * Google Analytics 4 (docs/conversions.md, "GA4") by the Measurement Protocol: one event per
 * communication to `/mp/collect?measurement_id=…&api_secret=…`, for the `_ga` client id of its
 * session, dated by `timestamp_micros`. The protocol answers 2xx whatever it makes of an event, so
 * a destination is checked once, when it is connected or changed, against `/debug/mp/collect`,
 * whose `validationMessages` say what is wrong.
 */

/** GA4 takes events dated up to 72 hours back. */
export const GA4_WINDOW_MS = 72 * 3_600_000;

const eventName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'letters, digits and underscores, starting with a letter, at most 40');

export const ga4Settings = z.strictObject({
  measurement_id: z
    .string()
    .trim()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'the data stream’s measurement id, G-XXXXXXX'),
  /** The event of a call or a call-back. */
  call_event: eventName.default('qualified_call'),
  /** The event of a chat or a request. */
  lead_event: eventName.default('generate_lead'),
  value: z.number().min(0).max(1e9).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'ISO 4217, e.g. RUB')
    .optional(),
  /** Parameters added to every event, as the owner names them. */
  params: z.record(eventName, z.union([z.string().max(100), z.number()])).default({}),
});
export type Ga4Settings = z.output<typeof ga4Settings>;

export const ga4Credentials = z.strictObject({ api_secret: z.string().trim().min(1).max(200) });
export type Ga4Credentials = z.output<typeof ga4Credentials>;

/** The event a communication is sent as. */
export function ga4Event(f: ConversionFacts, s: Ga4Settings): { name: string; params: Record<string, string | number> } {
  const call = f.kind === 'call' || f.kind === 'sitephone';
  return {
    name: call ? s.call_event : s.lead_event,
    params: {
      communication: f.kind,
      ...(f.talkSeconds != null ? { talk_seconds: f.talkSeconds } : {}),
      first_time: f.firstTime ? 1 : 0,
      ...(s.value !== undefined ? { value: s.value } : {}),
      ...(s.currency ? { currency: s.currency } : {}),
      ...s.params,
    },
  };
}

const collectUrl = (bases: ApiBases, path: string, s: Ga4Settings, c: Ga4Credentials) =>
  at(bases.ga4 ?? 'https://www.google-analytics.com/', path) +
  `?measurement_id=${encodeURIComponent(s.measurement_id)}&api_secret=${encodeURIComponent(c.api_secret)}`;

/** What /debug/mp/collect says of a sample event of the settings; null when it finds nothing wrong. */
export async function ga4Validation(http: Http, bases: ApiBases, s: Ga4Settings, c: Ga4Credentials): Promise<string | null> {
  const body = JSON.stringify({
    client_id: '1234567890.1234567890',
    events: [
      { name: s.call_event, params: { communication: 'call', ...s.params } },
      { name: s.lead_event, params: s.params },
    ],
  });
  const a = await http({
    method: 'POST',
    url: collectUrl(bases, '/debug/mp/collect', s, c),
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (a.status === null) return `GA4 could not be reached: ${a.error}`;
  const j = jsonOf(a.text) as { validationMessages?: Array<{ description?: string; fieldPath?: string }> } | null;
  const msgs = j?.validationMessages ?? [];
  if (a.status >= 300) return `GA4 answered ${a.status}`;
  return msgs.length ? msgs.map((m) => [m.fieldPath, m.description].filter(Boolean).join(': ')).join('; ') : null;
}

export const ga4: PlatformModule<Ga4Settings, Ga4Credentials> = {
  platform: 'ga4',
  settings: ga4Settings,
  credentials: ga4Credentials,
  credentialFields: ['api_secret'],
  refusal(f, _s, now) {
    if (!f.gaClientId) return 'no GA client id (_ga cookie) on the visit';
    if (now - f.atMs > GA4_WINDOW_MS) return `older than GA4 accepts: ${Math.floor((now - f.atMs) / 3_600_000)} hours ago (at most 72)`;
    return null;
  },
  async send({ facts: f, settings: s, credentials: c, http, bases }) {
    const event = ga4Event(f, s);
    const a = await http({
      method: 'POST',
      url: collectUrl(bases, '/mp/collect', s, c),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: f.gaClientId, timestamp_micros: f.atMs * 1000, events: [event] }),
    });
    return outcomeOf(
      a,
      `collect ${s.measurement_id} event=${event.name} client_id=${f.gaClientId}`,
      a.status !== null && a.status < 300 ? 'accepted' : a.text.slice(0, 300) || null,
    );
  },
};
