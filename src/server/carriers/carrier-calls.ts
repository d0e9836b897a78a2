import { ApiError } from '../http/errors.js';
import { CarrierError, wrapAdapter, type CarrierAdapter, type CarrierErrorKind } from './carrier.js';

/**
 * Every call to a carrier has a time limit (a carrier that hangs must not hold a request, or the
 * call-back queue, for minutes) and fails only with a CarrierError: a network failure or a bug of
 * the adapter reads as `unavailable`. The REST functions answer a CarrierError with an envelope
 * carrying the carrier's own words (`carrierRefusal`).
 */

export const CARRIER_TIMEOUT_MS = 10_000;

/** The adapter with each method limited to `ms` and its failures made CarrierErrors. */
export function limited(adapter: CarrierAdapter, ms: number): CarrierAdapter {
  return wrapAdapter(
    adapter,
    (method) =>
      (...args) =>
        within(() => method(...args), ms),
  );
}

async function within<R>(f: () => Promise<R>, ms: number): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new CarrierError('timeout', `The carrier did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`)),
      ms,
    );
  });
  try {
    return await Promise.race([f(), late]);
  } catch (e) {
    if (e instanceof CarrierError) throw e;
    throw new CarrierError('unavailable', `The carrier could not be reached: ${String((e as Error)?.message ?? e).slice(0, 200)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The code of a carrier's "no such number or resource". */
export const CARRIER_NOT_FOUND = 404201;

/** HTTP status and code of each kind of refusal (docs/rest-api.md, "Carriers"). */
const STATUS: Record<CarrierErrorKind, [number, number]> = {
  auth: [502, 502201],
  balance: [402, 402201],
  invalid_number: [400, 400201],
  taken: [409, 100409],
  not_found: [404, CARRIER_NOT_FOUND],
  unavailable: [502, 502202],
  timeout: [504, 504201],
  refused: [422, 422201],
};

const PREFIX: Record<CarrierErrorKind, string> = {
  auth: 'The carrier refused the credentials',
  balance: 'The carrier refused for the account’s balance',
  invalid_number: 'The carrier refused the number',
  taken: 'The number was just taken by someone else',
  not_found: 'The carrier does not know it',
  unavailable: 'The carrier is unavailable',
  timeout: 'The carrier timed out',
  refused: 'The carrier refused',
};

/** A CarrierError as the REST API answers it: its kind's status, the carrier's words. Anything else is thrown on. */
export function carrierRefusal(e: unknown): ApiError {
  if (!(e instanceof CarrierError)) throw e;
  const [status, code] = STATUS[e.kind];
  return new ApiError(status, code, `${PREFIX[e.kind]}: ${oneLine(e.message)}`);
}

/** Runs a carrier call; its CarrierError becomes the API's envelope. */
export async function askCarrier<R>(f: () => Promise<R>): Promise<R> {
  try {
    return await f();
  } catch (e) {
    throw carrierRefusal(e);
  }
}

/** The carrier's words on one line, at most 300 characters. */
export const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim().slice(0, 300);
