/**
 * When a failed delivery is tried again: exponential back-off from 10 s, doubling to at most an
 * hour, each wait spread by ±20 % so that many events failing together do not retry together.
 * After a day of failures an event is given up (`failed`), and an endpoint whose every attempt has
 * failed for a day is switched off.
 */
export const RETRY_FOR_MS = 24 * 3_600_000;
const FIRST_MS = 10_000;
const MAX_MS = 3_600_000;

/** The wait after the `attempts`-th failed attempt (1 for the first); `random` in [0, 1). */
export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_MS, FIRST_MS * 2 ** Math.min(attempts - 1, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}
