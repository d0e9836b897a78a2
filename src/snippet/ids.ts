/**
 * Client-made write ids: the time, then about 100 random bits, in base 36. Uniqueness per site is
 * all the server needs (it dedupes by id), not unpredictability, so Math.random serves.
 */
export function _id(): string {
  const r = () => Math.random().toString(36).slice(2, 12);
  return Date.now().toString(36) + r() + r();
}
