import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ConversionFacts } from './communication.js';
import { jsonOf } from './http.js';
import { at, DAY_MS, outcomeOf, type PlatformModule } from './platform.js';

/**
 * Yandex Metrica (docs/conversions.md, "Yandex Metrica"): the Management API's offline
 * conversions, a CSV file in multipart/form-data with `Authorization: OAuth <token>`. A call or a
 * call-back goes to `offline_conversions/upload_calls` (the call's time, number, talk and hold,
 * missed, first-time caller, page); a chat or a request to `offline_conversions/upload` as a
 * conversion of the owner's goal. The visitor is named by the Metrica ClientId of its session, or
 * else by the Direct click's yclid (`client_id_type=CLIENT_ID|YCLID`).
 */

/** Metrica links a conversion to a visit of the last 21 days before the upload. */
export const METRICA_WINDOW_MS = 21 * DAY_MS;

export const metricaSettings = z.strictObject({
  counter_id: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'the counter’s number, digits'),
  /** The goal's identifier (a JavaScript-event goal) that chats and requests are uploaded as. */
  goal: z.string().trim().min(1).max(200),
  value: z.number().min(0).max(1e9).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'ISO 4217, e.g. RUB')
    .optional(),
  /** The calls' Tag column. */
  call_tag: z.string().trim().max(100).default('qualified'),
});
export type MetricaSettings = z.output<typeof metricaSettings>;

export const metricaCredentials = z.strictObject({ oauth_token: z.string().trim().min(1).max(500) });
export type MetricaCredentials = z.output<typeof metricaCredentials>;

/** Which id names the visitor: the ClientId, else the yclid. */
export function metricaId(f: ConversionFacts): { type: 'CLIENT_ID' | 'YCLID'; column: 'ClientId' | 'Yclid'; value: string } | null {
  if (f.ymClientId) return { type: 'CLIENT_ID', column: 'ClientId', value: f.ymClientId };
  if (f.yclid) return { type: 'YCLID', column: 'Yclid', value: f.yclid };
  return null;
}

export const isCall = (f: ConversionFacts) => f.kind === 'call' || f.kind === 'sitephone';

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
export const csvField = (v: string | number | null | undefined): string => {
  const s = v == null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const METRICA_CALL_COLUMNS = [
  'DateTime',
  'Price',
  'Currency',
  'PhoneNumber',
  'TalkDuration',
  'HoldDuration',
  'CallMissed',
  'Tag',
  'FirstTimeCaller',
  'URL',
] as const;
export const METRICA_CONVERSION_COLUMNS = ['Target', 'DateTime', 'Price', 'Currency'] as const;

/** The CSV row of a call after its id column, as METRICA_CALL_COLUMNS names them. */
export function metricaCallRow(f: ConversionFacts, s: MetricaSettings): Array<string | number | null | undefined> {
  return [
    Math.floor(f.atMs / 1000),
    s.value,
    s.currency,
    f.caller ? `+${f.caller}` : '',
    f.talkSeconds ?? 0,
    f.holdSeconds ?? 0,
    f.missed ? 1 : 0,
    f.qualified ? s.call_tag : '',
    f.firstTime ? 1 : 0,
    f.url,
  ];
}

/** The CSV row of a conversion after its id column, as METRICA_CONVERSION_COLUMNS names them. */
export function metricaConversionRow(f: ConversionFacts, s: MetricaSettings): Array<string | number | null | undefined> {
  return [s.goal, Math.floor(f.atMs / 1000), s.value, s.currency];
}

/** Metrica's error `{errors: [{error_type, message}], code, message}` in one line. */
export function metricaWords(text: string): string | null {
  const j = jsonOf(text) as { errors?: Array<{ error_type?: string; message?: string }>; message?: string } | null;
  const e = j?.errors?.[0];
  if (e) return [e.error_type, e.message].filter(Boolean).join(': ');
  if (j?.message) return j.message;
  return text ? text.slice(0, 300) : null;
}

export const metrica: PlatformModule<MetricaSettings, MetricaCredentials> = {
  platform: 'metrica',
  settings: metricaSettings,
  credentials: metricaCredentials,
  credentialFields: ['oauth_token'],
  refusal(f, _s, now) {
    if (!metricaId(f)) return 'no Metrica ClientId and no Direct click id (yclid) on the visit';
    const since = f.sessionStartMs ?? f.atMs;
    if (now - since > METRICA_WINDOW_MS)
      return `older than Metrica links: the visit was ${Math.floor((now - since) / DAY_MS)} days ago (at most 21)`;
    return null;
  },
  async send({ facts: f, settings: s, credentials: c, http, bases }) {
    const id = metricaId(f)!;
    const call = isCall(f);
    const columns = [id.column, ...(call ? METRICA_CALL_COLUMNS : METRICA_CONVERSION_COLUMNS)];
    const row = [id.value, ...(call ? metricaCallRow(f, s) : metricaConversionRow(f, s))];
    const csv = `${columns.join(',')}\n${row.map(csvField).join(',')}\n`;
    const boundary = `----svc${randomBytes(12).toString('hex')}`;
    const body =
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="conversions.csv"\r\n` +
      `content-type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const path = call ? 'upload_calls' : 'upload';
    const a = await http({
      method: 'POST',
      url: at(
        bases.metrica ?? 'https://api-metrika.yandex.net/',
        `/management/v1/counter/${s.counter_id}/offline_conversions/${path}?client_id_type=${id.type}`,
      ),
      headers: { authorization: `OAuth ${c.oauth_token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const uploading = (jsonOf(a.text) as { uploading?: { id?: number } } | null)?.uploading;
    const words = a.status === 200 ? `uploading ${uploading?.id ?? '?'}` : metricaWords(a.text);
    return outcomeOf(a, `${path} ${id.column}=${id.value} at ${Math.floor(f.atMs / 1000)}`, words);
  },
};
