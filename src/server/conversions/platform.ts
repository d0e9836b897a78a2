import type { ZodType } from 'zod';
import type { ConversionPlatform } from '../store/tables.js';
import type { ConversionFacts } from './communication.js';
import type { Http, HttpAnswer } from './http.js';

/**
 * What each platform module (google-ads.ts, metrica.ts, ga4.ts) provides: its settings and
 * credentials, why a communication cannot be sent to it (too old for its window, no id it links
 * by), and the upload itself, answered as an outcome with the platform's own words.
 */

/** An attempt's end: sent; tried again later (429, 5xx, no answer); given up (any other refusal). */
export interface Outcome {
  state: 'sent' | 'retry' | 'failed';
  status: number | null;
  /** What was sent, for the log: the upload and its identifying fields, never a credential. */
  request: string;
  /** The platform's answer in its words (or the network's failure). */
  answer: string | null;
  /** For a retry: no sooner than this many ms (a platform that says when). */
  retryAfterMs?: number;
}

/** The platforms' base URLs by key (`google_ads`, `google_oauth`, `metrica`, `ga4`); tests point them at stand-ins. */
export type ApiBases = Readonly<Record<string, string>>;

export interface SendContext<S, C> {
  facts: ConversionFacts;
  settings: S;
  credentials: C;
  http: Http;
  bases: ApiBases;
  now: number;
  /** The destination, for what a module keeps between sends (an access token). */
  destinationId: number;
}

export interface PlatformModule<S = unknown, C = unknown> {
  platform: ConversionPlatform;
  settings: ZodType<S>;
  credentials: ZodType<C>;
  /** The credentials' field names, in the order a form shows them. */
  credentialFields: readonly string[];
  /** Why the communication is not sent (too old, nothing to link it by); null: it can go. */
  refusal(facts: ConversionFacts, settings: S, now: number): string | null;
  send(ctx: SendContext<S, C>): Promise<Outcome>;
}

/** The outcome of a status: 2xx sent, 429 and 5xx and no answer retried, other refusals given up. */
export function outcomeOf(a: HttpAnswer, request: string, words: string | null): Outcome {
  const answer = a.status === null ? a.error : words;
  if (a.status === null || a.status === 429 || a.status >= 500) return { state: 'retry', status: a.status, request, answer };
  if (a.status >= 200 && a.status < 300) return { state: 'sent', status: a.status, request, answer };
  return { state: 'failed', status: a.status, request, answer };
}

export const DAY_MS = 864e5;

/** `yyyy-mm-dd hh:mm:ss+00:00`, the Google Ads API's date-time, in UTC. */
export function googleDateTime(ms: number): string {
  const s = new Date(ms).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 19)}+00:00`;
}

/** A base URL with a path after it. */
export const at = (base: string, path: string): string => base.replace(/\/+$/, '') + path;
