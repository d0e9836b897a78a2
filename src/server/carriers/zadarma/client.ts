import { CarrierError, type CarrierConnection, type CarrierErrorKind } from '../carrier.js';
import { authorization, queryString } from './signature.js';

/**
 * One request to Zadarma's REST API (zadarma.com/en/support/api/), signed with the connection's
 * key and secret. There is no official Zadarma SDK on npm (the `zadarma` package is a third
 * party's), so this is their documented protocol on fetch: GET parameters in the query, others
 * form-encoded, `format=json` signed with the rest. Each request is limited in time; a refusal
 * becomes a CarrierError carrying Zadarma's own words.
 */

export const ZADARMA_API = 'https://api.zadarma.com';
/** Zadarma answers in well under a second; a request still open after this is given up. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ZadarmaAnswer {
  status?: string;
  message?: string;
  [field: string]: unknown;
}

/** Requests of one connection, each limited to the same time. */
export type ZadarmaApi = (method: string, params?: Readonly<Record<string, string>>, verb?: HttpMethod) => Promise<ZadarmaAnswer>;

export const zadarmaApi =
  (connection: CarrierConnection, timeoutMs = REQUEST_TIMEOUT_MS): ZadarmaApi =>
  (method, params, verb) =>
    zadarmaRequest(connection, method, params, verb, timeoutMs);

export async function zadarmaRequest(
  connection: CarrierConnection,
  method: string,
  params: Readonly<Record<string, string>> = {},
  verb: HttpMethod = 'GET',
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<ZadarmaAnswer> {
  const key = connection.credentials.key ?? '';
  const secret = connection.credentials.secret ?? '';
  if (!key || !secret) throw new CarrierError('auth', 'Zadarma: the API key and secret are both required');
  const signed = { ...params, format: 'json' };
  const query = queryString(signed);
  const base = (connection.apiBase ?? ZADARMA_API).replace(/\/+$/, '');
  const url = verb === 'GET' ? `${base}${method}?${query}` : `${base}${method}`;
  const headers: Record<string, string> = { authorization: authorization(key, secret, method, signed), accept: 'application/json' };
  if (verb !== 'GET') headers['content-type'] = 'application/x-www-form-urlencoded';
  // A timer of its own rather than AbortSignal.timeout() (see webhooks/send.ts).
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await fetch(url, { method: verb, headers, body: verb === 'GET' ? undefined : query, signal: abort.signal });
    const text = await res.text();
    return judge(res.status, text);
  } catch (e) {
    if (e instanceof CarrierError) throw e;
    if (abort.signal.aborted) throw new CarrierError('timeout', `Zadarma did not answer within ${timeoutMs / 1000} s`);
    throw new CarrierError('unavailable', `Zadarma could not be reached: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Zadarma's answer: `{"status": "success", …}`, or `{"status": "error", "message": …}` with a 4xx. */
function judge(httpStatus: number, text: string): ZadarmaAnswer {
  let body: ZadarmaAnswer | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as ZadarmaAnswer;
  } catch {
    body = null;
  }
  if (httpStatus < 400 && body && body.status !== 'error') return body;
  if (httpStatus < 400 && !body) throw new CarrierError('unavailable', `Zadarma: an unreadable answer (HTTP ${httpStatus})`, httpStatus);
  const words = typeof body?.message === 'string' && body.message ? body.message : `HTTP ${httpStatus}`;
  throw new CarrierError(errorKind(httpStatus, words), `Zadarma: ${words}`, httpStatus);
}

/**
 * What a refusal means. Zadarma's documentation lists no error codes, only the HTTP status and a
 * message; these are the words its answers use (`Not authorized`, `Not enough money`, …).
 */
export function errorKind(httpStatus: number, message: string): CarrierErrorKind {
  const m = message.toLowerCase();
  if (httpStatus === 401 || httpStatus === 403 || /not authori[sz]ed|wrong key|signature|api key|secret/.test(m)) return 'auth';
  if (/money|balance|funds|insufficient/.test(m)) return 'balance';
  if (/already|taken|reserved|not available for order|is not free/.test(m)) return 'taken';
  if (/wrong number|invalid number|incorrect number|number format/.test(m)) return 'invalid_number';
  if (httpStatus === 404 || /not found/.test(m)) return 'not_found';
  if (httpStatus === 429 || httpStatus >= 500) return 'unavailable';
  return 'refused';
}
