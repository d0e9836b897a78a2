import type { Queryable } from '../store/queryable.js';

/**
 * A service number as the telephony boundary finds it: a DT pool's, a block's static number, or
 * a site's reserved number (what a dry pool, a second visitor behind one address and bots get).
 */
export interface NumberOwner {
  kind: 'pool' | 'static' | 'reserved';
  /** Null for a reserved number (a site setting, no block). */
  block_id: number | null;
  site_id: number;
  customer_id: number;
  /** The block's campaign; null for one of the site's default blocks and for a reserved number. */
  ac_id: number | null;
  /** The block has a DT pool: its static number is the pool's fallback, shown to anyone. */
  dt: boolean;
  /** The number as stored (one of the variants asked for). */
  number: string;
  forward_numb: string | null;
}

/**
 * Every use of a number stored in any of `variants` (the forms one number is written in:
 * numbers/keys.ts; always four, so the statement text stays the same): pool numbers, static
 * block numbers and reserved numbers, each kind in block (or site) order. A number a removed
 * campaign's block still holds is found too, so its calls keep the campaign, until a live block or
 * site uses it again: then the removed campaign's uses are left out (a deleted campaign gives its
 * numbers back).
 */
export async function numberOwners(db: Queryable, variants: readonly [string, string, string, string]): Promise<NumberOwner[]> {
  const pool = await db
    .selectFrom('dt_pool_numbers as p')
    .innerJoin('site_blocks as b', 'b.id', 'p.block_id')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .leftJoin('ad_campaigns as a', 'a.id', 'b.ac_id')
    .select([
      'p.block_id',
      'b.site_id',
      's.customer_id',
      'b.ac_id',
      'p.number',
      'b.forward_numb',
      'a.removed_at',
      's.removed_at as site_removed',
    ])
    .where('p.number', 'in', variants)
    .orderBy('p.block_id')
    .orderBy('p.id')
    .execute();
  const blocks = await db
    .selectFrom('site_blocks as b')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .leftJoin('ad_campaigns as a', 'a.id', 'b.ac_id')
    .select([
      'b.id as block_id',
      'b.site_id',
      's.customer_id',
      'b.ac_id',
      'b.numb as number',
      'b.forward_numb',
      'b.is_dt_enabled',
      'a.removed_at',
      's.removed_at as site_removed',
    ])
    .where('b.numb', 'in', variants)
    .orderBy('b.id')
    .execute();
  const reserved = await db
    .selectFrom('sites')
    .select(['id as site_id', 'customer_id', 'dt_reserved_number as number'])
    .where('dt_reserved_number', 'in', variants)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  const live = (r: { removed_at: string | null; site_removed: string | null }) => r.removed_at == null && r.site_removed == null;
  const anyLive = pool.some(live) || blocks.some(live) || reserved.length > 0;
  const kept = <R extends { removed_at: string | null; site_removed: string | null }>(rows: R[]) =>
    rows.filter((r) => !anyLive || live(r)).map(({ removed_at: _r, site_removed: _s, ...rest }) => rest);
  return [
    ...kept(pool).map((r) => ({ kind: 'pool' as const, ...r, dt: true })),
    ...kept(blocks).map(({ is_dt_enabled, ...r }) => ({ kind: 'static' as const, ...r, number: r.number ?? '', dt: !!is_dt_enabled })),
    ...reserved.map((r) => ({
      kind: 'reserved' as const,
      block_id: null,
      ac_id: null,
      dt: false,
      forward_numb: null,
      ...r,
      number: r.number ?? '',
    })),
  ];
}
