import type { Queryable } from '../store/queryable.js';

/**
 * The last page origin refused for each site, so that the app's "Check installation" can say which
 * page was turned away and why ("page on localhost:4211 refused: not one of this site's origins").
 * A refused request costs no write: each process writes a site's row at most once a minute and
 * drops the refusals in between, so a flood of requests from foreign pages writes once a minute
 * per site (only sites that exist: the lookup finds the site first).
 */

/** Minimum time between two writes of one site's row by one process. */
export const REFUSAL_WRITE_EVERY_MS = 60_000;
/** Past this many sites remembered, the memory starts again: no input grows it without bound. */
const REMEMBERED = 10_000;

export interface RefusedOrigins {
  note(siteId: number, origin: string, reason: string): void;
}

export function refusedOrigins(db: Queryable, now: () => number): RefusedOrigins {
  const written = new Map<number, number>();
  return {
    note(siteId, origin, reason) {
      const at = now();
      const last = written.get(siteId);
      if (last !== undefined && at - last < REFUSAL_WRITE_EVERY_MS) return;
      if (written.size >= REMEMBERED) written.clear();
      written.set(siteId, at);
      // An origin header is the browser's, but a script can send anything: keep it short.
      const row = { site_id: siteId, origin: origin.slice(0, 200), reason, at_ms: at };
      db.insertInto('site_refused_origins')
        .values(row)
        .onConflict((oc) => oc.column('site_id').doUpdateSet({ origin: row.origin, reason, at_ms: at }))
        .execute()
        // A lost note costs nothing but the hint; the request's answer does not wait for it.
        .catch(() => {});
    },
  };
}

/** The last refused origin of a site, or null. */
export async function lastRefusedOrigin(db: Queryable, siteId: number): Promise<{ origin: string; reason: string; at_ms: number } | null> {
  const r = await db
    .selectFrom('site_refused_origins')
    .select(['origin', 'reason', 'at_ms'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return r ? { ...r, at_ms: Number(r.at_ms) } : null;
}

/** Forgets a site's refusal (its origins changed, or the site is deleted). */
export async function forgetRefusedOrigin(db: Queryable, siteId: number): Promise<void> {
  await db.deleteFrom('site_refused_origins').where('site_id', '=', siteId).execute();
}
