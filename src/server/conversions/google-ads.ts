import { createHash } from 'node:crypto';
import { z } from 'zod';
import { jsonOf, type Http } from './http.js';
import { at, DAY_MS, googleDateTime, outcomeOf, type ApiBases, type Outcome, type PlatformModule, type SendContext } from './platform.js';

/**
 * Google Ads (docs/conversions.md, "Google Ads") through its REST interface: the official client
 * library speaks gRPC, this one request does not need it. An access token from the refresh token
 * (oauth2.googleapis.com/token), then `customers/<id>:uploadClickConversions` by the click's gclid,
 * or, for a call without one, `:uploadCallConversions` by the caller's number and the call's start;
 * always with `partialFailure: true`, so a refused conversion answers 200 with a
 * `partialFailureError` that says why.
 */

export const GOOGLE_ADS_VERSION = 'v26';
/** A click is imported within 90 days of it (Google's longest click-through window); calls likewise. */
export const GOOGLE_ADS_WINDOW_MS = 90 * DAY_MS;
/** Google's advice on TOO_RECENT_CALL / TOO_RECENT_CONVERSION_ACTION: try those rows again hours later. */
const TOO_RECENT_WAIT_MS = 12 * 3_600_000;

const digits = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/-/g, ''))
    .pipe(z.string().regex(/^\d{1,20}$/, `${what}: digits, as Google Ads shows it (123-456-7890)`));

export const googleAdsSettings = z.strictObject({
  customer_id: digits('the Google Ads customer id'),
  login_customer_id: digits('the manager account’s customer id').optional(),
  conversion_action_id: digits('the conversion action’s id'),
  /** The action's name, as the CSV templates name it. */
  conversion_name: z.string().trim().min(1).max(200),
  call_conversion_action_id: digits('the call conversion action’s id').optional(),
  call_conversion_name: z.string().trim().min(1).max(200).optional(),
  value: z.number().min(0).max(1e9).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'ISO 4217, e.g. RUB')
    .optional(),
  ad_user_data_consent: z.enum(['GRANTED', 'DENIED', 'UNSPECIFIED']).default('UNSPECIFIED'),
});
export type GoogleAdsSettings = z.output<typeof googleAdsSettings>;

export const googleAdsCredentials = z.strictObject({
  developer_token: z.string().trim().min(1).max(200),
  client_id: z.string().trim().min(1).max(300),
  client_secret: z.string().trim().min(1).max(300),
  refresh_token: z.string().trim().min(1).max(1000),
});
export type GoogleAdsCredentials = z.output<typeof googleAdsCredentials>;

/** Google's error envelope `{error: {code, message, status}}` (and OAuth's `{error, error_description}`) in one line. */
export function googleWords(text: string): string | null {
  const j = jsonOf(text) as { error?: unknown; error_description?: string } | null;
  if (j && typeof j.error === 'object' && j.error) {
    const e = j.error as { status?: string; message?: string };
    return [e.status, e.message].filter(Boolean).join(': ') || text.slice(0, 300);
  }
  if (j && typeof j.error === 'string') return [j.error, j.error_description].filter(Boolean).join(': ');
  return text ? text.slice(0, 300) : null;
}

/** Access tokens by refresh token's hash, until shortly before they expire. */
const tokens = new Map<string, { token: string; until: number }>();

async function accessToken(http: Http, bases: ApiBases, c: GoogleAdsCredentials, now: number): Promise<{ token: string } | Outcome> {
  const key = createHash('sha256').update(`${c.client_id}\n${c.refresh_token}`).digest('hex');
  const kept = tokens.get(key);
  if (kept && kept.until > now) return { token: kept.token };
  const request = 'POST oauth2 token (refresh_token grant)';
  const body = new URLSearchParams({
    client_id: c.client_id,
    client_secret: c.client_secret,
    refresh_token: c.refresh_token,
    grant_type: 'refresh_token',
  });
  const a = await http({
    method: 'POST',
    url: at(bases.google_oauth ?? 'https://oauth2.googleapis.com/', '/token'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  const j = jsonOf(a.text) as { access_token?: string; expires_in?: number } | null;
  if (a.status === 200 && j?.access_token) {
    tokens.set(key, { token: j.access_token, until: now + Math.max(0, (j.expires_in ?? 3600) - 60) * 1000 });
    return { token: j.access_token };
  }
  const o = outcomeOf(a, request, `sign-in refused: ${googleWords(a.text) ?? `HTTP ${a.status}`}`);
  return o.state === 'sent' ? { ...o, state: 'failed' } : o;
}

/** Which upload a communication takes: by its click, or as a call by the caller's number; null: neither. */
function uploadOf(ctx: SendContext<GoogleAdsSettings, GoogleAdsCredentials>): { path: string; conversion: object; request: string } | null {
  const { facts: f, settings: s } = ctx;
  const common = {
    conversionDateTime: googleDateTime(f.atMs),
    ...(s.value !== undefined ? { conversionValue: s.value } : {}),
    ...(s.currency ? { currencyCode: s.currency } : {}),
    consent: { adUserData: s.ad_user_data_consent },
  };
  if (f.gclid) {
    const conversionAction = `customers/${s.customer_id}/conversionActions/${s.conversion_action_id}`;
    return {
      path: 'uploadClickConversions',
      conversion: { gclid: f.gclid, conversionAction, ...common },
      request: `uploadClickConversions gclid=${f.gclid} action=${s.conversion_action_id} at ${common.conversionDateTime}`,
    };
  }
  if (!callable(f, s)) return null;
  const conversionAction = `customers/${s.customer_id}/conversionActions/${s.call_conversion_action_id!}`;
  return {
    path: 'uploadCallConversions',
    conversion: { callerId: `+${f.caller!}`, callStartDateTime: googleDateTime(f.atMs), conversionAction, ...common },
    request: `uploadCallConversions caller=+${f.caller!} action=${s.call_conversion_action_id!} at ${common.conversionDateTime}`,
  };
}

const callable = (f: SendContext<GoogleAdsSettings, unknown>['facts'], s: GoogleAdsSettings) =>
  (f.kind === 'call' || f.kind === 'sitephone') && !!f.caller && !!s.call_conversion_action_id;

/**
 * A 200 may still refuse the conversion: its `partialFailureError` says why. One Google has
 * already (the same click or call and time: an upload whose answer was lost, a stop cut off) is
 * there, which is what sending it was for.
 */
function partialFailure(text: string): { message: string; tooRecent: boolean; already: boolean } | null {
  const j = jsonOf(text) as { partialFailureError?: { message?: string } } | null;
  const message = j?.partialFailureError?.message;
  if (!message) return null;
  return { message, tooRecent: /TOO_RECENT/.test(text), already: /(CLICK|CALL)_CONVERSION_ALREADY_EXISTS/.test(text) };
}

export const googleAds: PlatformModule<GoogleAdsSettings, GoogleAdsCredentials> = {
  platform: 'google_ads',
  settings: googleAdsSettings,
  credentials: googleAdsCredentials,
  credentialFields: ['developer_token', 'client_id', 'client_secret', 'refresh_token'],
  refusal(f, s, now) {
    if (!f.gclid && !callable(f, s))
      return f.kind === 'call' || f.kind === 'sitephone'
        ? s.call_conversion_action_id
          ? 'no Google click id (gclid) on the visit and no caller’s number'
          : 'no Google click id (gclid) on the visit, and no call conversion action is set for calls by number'
        : 'no Google click id (gclid) on the visit';
    const since = f.gclid ? (f.sessionStartMs ?? f.atMs) : f.atMs;
    if (now - since > GOOGLE_ADS_WINDOW_MS)
      return `older than Google Ads accepts: ${f.gclid ? 'the click was' : 'the call was'} ${Math.floor((now - since) / DAY_MS)} days ago (at most 90)`;
    return null;
  },
  async send(ctx) {
    const upload = uploadOf(ctx);
    if (!upload) return { state: 'failed', status: null, request: '-', answer: 'nothing to link the conversion by' };
    const token = await accessToken(ctx.http, ctx.bases, ctx.credentials, ctx.now);
    if (!('token' in token)) return token;
    const s = ctx.settings;
    const a = await ctx.http({
      method: 'POST',
      url: at(
        ctx.bases.google_ads ?? 'https://googleads.googleapis.com/',
        `/${GOOGLE_ADS_VERSION}/customers/${s.customer_id}:${upload.path}`,
      ),
      headers: {
        authorization: `Bearer ${token.token}`,
        'developer-token': ctx.credentials.developer_token,
        ...(s.login_customer_id ? { 'login-customer-id': s.login_customer_id } : {}),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ conversions: [upload.conversion], partialFailure: true }),
    });
    const partial = a.status === 200 ? partialFailure(a.text) : null;
    if (partial?.already) return { state: 'sent', status: 200, request: upload.request, answer: `already there: ${partial.message}` };
    if (partial)
      return partial.tooRecent
        ? { state: 'retry', status: 200, request: upload.request, answer: partial.message, retryAfterMs: TOO_RECENT_WAIT_MS }
        : { state: 'failed', status: 200, request: upload.request, answer: partial.message };
    return outcomeOf(a, upload.request, a.status === 200 ? 'accepted' : googleWords(a.text));
  },
};
