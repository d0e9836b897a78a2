import { STATUS_PATH } from '../protocol.js';

/**
 * The operator status of the site (`Svc.getOperatorStatus()`), kept current by a server-sent
 * event stream from the consultant server that says `1` or `0` on connect and on every change;
 * EventSource reconnects by itself. The stream opens on demand, the first time the page asks for
 * the status or opens the chat: a page that never does holds no connection to the server. It is
 * closed while the page is hidden, so background tabs do not hold connections (browsers allow six
 * per server over HTTP/1.1); it reopens, and its first message brings the current status, when the
 * page is shown again.
 */

/** An operator of the site is online; false until the stream's first message. A live binding. */
export let online = false;

/** The stream has said something (or failed). A live binding. */
export let known = false;
let started = false;
let es: EventSource | null = null;
/** Waiting for the first status (`whenStatus`). */
let waiting: Array<() => void> = [];
/**
 * Delay before reopening a refused stream: doubles from 3 s to 60 s, back to 3 s once one opens, as
 * the chat's and the console's do (a server at its stream cap answers 429/503 to many pages at once:
 * growing, jittered gaps spread their retries).
 */
let backoff = 3000;

function settle(): void {
  known = true;
  const fns = waiting;
  waiting = [];
  for (const fn of fns) fn();
}

function sync(): void {
  try {
    if (document.hidden) {
      es?.close();
      es = null;
    } else if (!es) {
      const creds = window.Svc.getCredentials();
      if (!creds) return;
      // The site key is checked to be URL-safe (`setCsAccount`): no encoding needed.
      const s = (es = new EventSource(creds.consultant_server_url + STATUS_PATH + creds.site_key));
      s.onopen = () => (backoff = 3000);
      s.onmessage = (e: MessageEvent<string>) => {
        online = e.data > '0';
        settle();
      };
      s.onerror = () => {
        // Whoever waits for a first status is not kept waiting by a server that does not answer.
        settle();
        // EventSource gives up for good on an answer other than 200 (a proxy's 502 while the
        // server restarts, a 429 at the stream cap): start a new one later, later each time.
        if (s.readyState === EventSource.CLOSED) {
          es = null;
          setTimeout(sync, backoff * (0.75 + Math.random() / 2));
          backoff = Math.min(backoff * 2, 60_000);
        }
      };
    }
  } catch {
    // no EventSource: the status stays false
    settle();
  }
}

/** Opens the status stream; later calls do nothing. Needs the credentials (after the page view). */
export function watchStatus(): void {
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', sync);
  sync();
}

/**
 * `Svc.getOperatorStatus()` as the core asks it: opens the stream if it is not open (the core's
 * first load may have failed and a later widget brought the bundle) and answers the status.
 */
export function status(): boolean {
  watchStatus();
  return online;
}

/**
 * How long a first status may take before `whenStatus` goes on without it: a proxy that buffers
 * event streams (nginx does unless told otherwise) never delivers the first message, and a chat
 * button must not do nothing.
 */
export const FIRST_STATUS_MS = 4000;

/**
 * Opens the stream if it is not open and calls `fn` once, when the status is known (or the stream
 * failed), or after {@link FIRST_STATUS_MS} with the status still false.
 */
export function whenStatus(fn: () => void): void {
  watchStatus();
  if (known) return fn();
  let once = () => {
    once = () => {};
    fn();
  };
  waiting.push(() => once());
  setTimeout(() => once(), FIRST_STATUS_MS);
}
