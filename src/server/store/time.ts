/** Date-time as the REST document writes it: `YYYY-MM-DD HH:MM:SS.mmm`, UTC. */
export function timestamp(ms: number = Date.now()): string {
  const s = new Date(ms).toISOString();
  // Slices, not two replace() calls: this runs twice on every page view.
  return s.slice(0, 10) + ' ' + s.slice(11, 23);
}
