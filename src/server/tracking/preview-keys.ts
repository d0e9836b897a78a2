import { randomBytes } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';

/**
 * Each site's secret that signs its preview links (`preview_keys`, migration 120): made at the
 * first link the owner asks for, random, never sent anywhere. Kept per process once read: a page
 * view with a preview link reads it once, and other page views never.
 */
export interface PreviewKeys {
  /** The site's secret, made if it has none. */
  ensure(db: Queryable, siteId: number, now: number): Promise<string>;
  /** The site's secret, or null when it never made a link. */
  of(db: Queryable, siteId: number): Promise<string | null>;
}

export function createPreviewKeys(): PreviewKeys {
  const known = new Map<number, string>();
  const read = async (db: Queryable, siteId: number) => {
    const row = await db.selectFrom('preview_keys').select('secret').where('site_id', '=', siteId).executeTakeFirst();
    if (row) known.set(siteId, row.secret);
    return row?.secret ?? null;
  };
  return {
    async ensure(db, siteId, now) {
      const had = known.get(siteId) ?? (await read(db, siteId));
      if (had) return had;
      await db
        .insertInto('preview_keys')
        .values({ site_id: siteId, secret: randomBytes(32).toString('base64url'), created_at: timestamp(now) })
        .onConflict((oc) => oc.column('site_id').doNothing())
        .execute();
      // Another process may have made it first: its secret is the site's.
      return (await read(db, siteId))!;
    },
    async of(db, siteId) {
      return known.get(siteId) ?? (await read(db, siteId));
    },
  };
}
