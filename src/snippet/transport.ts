import { _debug } from './log.js';

/** How long a request may take before it counts as failed and the outbox retries it. */
const TIMEOUT_MS = 10000;

/**
 * Characters per request body. JSON.stringify keeps text as it is, at most 3 UTF-8 bytes per
 * UTF-16 unit, so a body this long stays under the server's 64 KiB limit and under the 64 KiB
 * that browsers allow `keepalive` requests and beacons in flight.
 */
export const BATCH_CHARS = 21000;

/** Why a request failed: `_status` 0 for network errors and time-outs. */
export interface Failure {
  _status: number;
  /** Seconds from a `Retry-After` header, 0 when none. */
  _retry: number;
  /** The server's error message, if it sent an envelope. */
  _message?: string;
}

/**
 * POSTs a JSON body as `text/plain`, a CORS "simple" request, so the browser sends no preflight.
 * Resolves with the parsed answer of a 2xx response whose body is an object with `success: true`;
 * rejects with a {@link Failure} otherwise. Never throws synchronously (a page's own `fetch` may).
 */
export function _post(url: string, body: string): Promise<Record<string, unknown>> {
  const ctl = new AbortController();
  let res: Response | undefined;
  // Not cleared when the answer comes: aborting a finished request does nothing.
  setTimeout(() => ctl.abort(), TIMEOUT_MS);
  return new Promise<Response>((ok) =>
    ok(
      fetch(url, {
        method: 'POST',
        body,
        credentials: 'omit',
        // keepalive lets a request started just before the page closes still arrive.
        keepalive: body.length < BATCH_CHARS + 500,
        signal: ctl.signal,
      }),
    ),
  )
    .then((r) => (res = r).json())
    // A network error, a time-out, a body that is no JSON, or a page's fetch that answers no Response.
    .then(null, (e: unknown) => _debug('request failed', e))
    .then((o: Record<string, unknown> | void) =>
      res && res.ok && o && o.success === true
        ? o
        : Promise.reject({
            _status: res ? res.status : 0,
            _retry: res ? +res.headers.get('Retry-After')! || 0 : 0,
            _message: o && (o.message as string),
          } as Failure),
    );
}

/** Sends a body with `navigator.sendBeacon` (text/plain, no answer); false when it cannot. */
export function _beacon(url: string, body: string): boolean {
  try {
    return navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
