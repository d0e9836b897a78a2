import { _debug } from './log.js';

/** How long a request may take before it counts as failed and the outbox retries it. */
const TIMEOUT_MS = 10000;

/** Why a request failed: `_status` 0 for network errors, time-outs and unreadable answers. */
export interface Failure {
  _status: number;
  /** Seconds from a `Retry-After` header, if any. */
  _retry?: number;
  /** The server's error message, if it sent an envelope. */
  _message?: string;
}

/**
 * POSTs a JSON body as `text/plain`, a CORS "simple" request, so the browser sends no preflight.
 * Resolves with the parsed answer of a 2xx response whose body is an object with `success: true`;
 * rejects with a {@link Failure} otherwise. Never throws synchronously.
 */
export function _post(url: string, body: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let ctl: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (f: Failure) => {
      clearTimeout(timer);
      reject(f);
    };
    try {
      ctl = new AbortController();
      timer = setTimeout(() => ctl!.abort(), TIMEOUT_MS);
      fetch(url, {
        method: 'POST',
        body,
        credentials: 'omit',
        // keepalive lets a write started just before the page closes still arrive; it is limited
        // to 64 KiB in flight, more than one batch of writes.
        keepalive: body.length < 60000,
        signal: ctl.signal,
      }).then(
        (res) =>
          res.json().then(
            (json: unknown) => {
              clearTimeout(timer);
              const o = json as Record<string, unknown> | null;
              if (res.ok && o && typeof o === 'object' && o.success === true) resolve(o);
              else
                fail({
                  _status: res.status,
                  _retry: +(res.headers.get('Retry-After') || '') || undefined,
                  _message: o && typeof o.message === 'string' ? o.message : undefined,
                });
            },
            () => fail({ _status: res.ok ? 0 : res.status }),
          ),
        (e: unknown) => {
          _debug('request failed', e);
          fail({ _status: 0 });
        },
      );
    } catch (e) {
      _debug('request failed', e);
      fail({ _status: 0 });
    }
  });
}

/** Sends a body with `navigator.sendBeacon` (text/plain, no answer); false when it cannot. */
export function _beacon(url: string, body: string): boolean {
  try {
    return navigator.sendBeacon(url, body);
  } catch {
    return false;
  }
}
