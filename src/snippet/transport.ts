import { _debug } from './log.js';

/** How long a request may take before it counts as failed and the outbox retries it. */
const TIMEOUT_MS = 10000;

/**
 * Characters per request body. JSON.stringify keeps text as it is, at most 3 UTF-8 bytes per
 * UTF-16 unit, so a body this long stays under the server's 64 KiB limit and under the 64 KiB
 * that browsers allow `keepalive` requests and beacons in flight.
 */
export const BATCH_CHARS = 21000;

/**
 * What came back: the response, and its body when that is JSON. Neither when the request failed (a
 * network error, the time-out, a page's own `fetch` that answers no Response).
 */
export type Reply<T> = [res?: Response, body?: T];

/**
 * POSTs a JSON body as `text/plain`, a CORS "simple" request, so the browser sends no preflight.
 * Resolves with the {@link Reply}; never rejects, and never throws synchronously (a page's own
 * `fetch` may): the outbox reads success or the kind of failure from it.
 */
export function _post<T>(url: string, body: string): Promise<Reply<T>> {
  return new Promise<Response>((ok) =>
    ok(
      fetch(url, {
        method: 'POST',
        body,
        credentials: 'omit',
        // keepalive lets a request started just before the page closes still arrive.
        keepalive: body.length < BATCH_CHARS + 500,
        // A request that hangs is given up after TIMEOUT_MS and retried. Browsers without
        // `AbortSignal.timeout` (Safari before 16) send without a time limit rather than not at all.
        signal: AbortSignal.timeout?.(TIMEOUT_MS),
      }),
    ),
  )
    .then(
      (r) =>
        r.json().then(
          (o: T) => [r, o],
          () => [r],
        ) as Promise<Reply<T>>,
    )
    .catch((e: unknown): Reply<T> => (_debug('request failed', e), []));
}
