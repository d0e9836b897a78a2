/**
 * Client write ids: 128 random bits from `crypto.getRandomValues`, four 32-bit numbers in decimal
 * (at most 40 characters; fewer than the server's minimum of 8 only if all four were below
 * 10,000, about 1 in 10^22). The server dedupes by id, and a page view's id is also what
 * recovers its visitor when the first answer was lost, so it must not be guessable: Math.random is
 * not enough. (A typed array's own `join`: a page that rewrote Array.prototype cannot break it.)
 */
export function _id(): string {
  return crypto.getRandomValues(new Uint32Array(4)).join('');
}
