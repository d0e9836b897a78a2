/**
 * Client write ids: the time in base 36, then 96 random bits from `crypto.getRandomValues` in
 * decimal (at most 38 characters). The server dedupes by id, and a page view's id is also what
 * recovers its visitor when the first answer was lost, so it must not be guessable: Math.random is
 * not enough. (A typed array's own `join`: a page that rewrote Array.prototype cannot break it.)
 */
export function _id(): string {
  return Date.now().toString(36) + crypto.getRandomValues(new Uint32Array(3)).join('');
}
