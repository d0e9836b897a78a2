/**
 * Client write ids: the time, then 96 random bits from `crypto.getRandomValues`, in base 36. The
 * server dedupes by id, and a page view's id is also what recovers its visitor when the first
 * answer was lost, so it must not be guessable: Math.random is not enough.
 */
export function _id(): string {
  const r = crypto.getRandomValues(new Uint32Array(3));
  return Date.now().toString(36) + r[0]!.toString(36) + r[1]!.toString(36) + r[2]!.toString(36);
}
