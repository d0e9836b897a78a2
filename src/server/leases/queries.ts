import { sql } from 'kysely';
import { alone } from '../store/batch-scope.js';
import { unawaited } from '../store/pipelined-connection.js';
import { onPostgres, type Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';

/**
 * Every query of dynamic tracking's tables: `dt_leases` (which session had a pool number when)
 * and `dt_overflows` (sessions whose pool was dry). The pools themselves are site data
 * (sites/pool-numbers.ts).
 */

// LIMIT is written into the statement (`sql.lit`), not bound: SQLite's planner reads a bound LIMIT,
// so every new binding expires the prepared statement and each run prepares it again, which
// costs several times the query (measured: 40 µs against 10 µs for the latest-session lookup).

export interface Lease {
  id: number;
  number: string;
}

/** What a new lease is: whose, of which block's pool, from when until when. */
export interface LeaseRequest {
  siteId: number;
  blockId: number;
  sessionId: number;
  visitorId: number;
  now: number;
  /** When the lease ends unless a later hit extends it (a full lease: the session's and the site's minutes). */
  until: number;
}

/** Who takes a new lease, as the lease policy counts it (lease-policy.ts). */
export interface LeaseHolder {
  addressGroup: string;
  agentFamily: string;
  /** A short first lease ends here, and becomes the full one (`until`) when the visitor confirms it; null: full at once. */
  firstUntil: number | null;
}

/**
 * The latest live lease of one of the block's pool numbers held by a session (`session_id`) or by
 * any session of a visitor (`visitor_id`). One statement text per holder, so both stay prepared.
 */
export async function liveLease(
  db: Queryable,
  holder: 'session_id' | 'visitor_id',
  holderId: number,
  blockId: number,
  now: number,
): Promise<Lease | null> {
  const row = await db
    .selectFrom('dt_leases')
    .select(['id', 'number'])
    .where(holder, '=', holderId)
    .where('block_id', '=', blockId)
    .where('until_ms', '>', now)
    // A number taken out of the pool since is not the block's any more.
    .where('number', 'in', (eb) => eb.selectFrom('dt_pool_numbers').select('number').where('block_id', '=', blockId))
    .orderBy('id', 'desc')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row ?? null;
}

/** The first key of the pool locks (pg_advisory_xact_lock(int, int)): "DT" in ASCII, apart from other locks. */
const POOL_LOCK = 0x4454;

/**
 * Holds the block's pool for the rest of the transaction, so that finding a free number and
 * leasing it happen with no other transaction doing the same in between. On PostgreSQL, with a
 * pool of connections and several server processes, this is a transaction-scoped advisory lock
 * per block: a second transaction waits for the first to commit, and its next statement (READ
 * COMMITTED takes a new snapshot per statement) sees the lease the first made. Chosen over
 * `SELECT … FOR UPDATE SKIP LOCKED` of a pool number: that takes the row lock after the statement's
 * snapshot, so a transaction that commits meanwhile leaves its lease unseen and the same number
 * could be leased twice; the advisory lock also takes no row version. On SQLite nothing is taken:
 * every write transaction holds the database's one write lock (BEGIN IMMEDIATE) already.
 */
export async function lockPool(db: Queryable, blockId: number): Promise<void> {
  if (!onPostgres(db)) return;
  // The lock keeps other transactions out, not the batches that share this one (store/batch-scope.ts).
  await alone(db);
  await sql`SELECT pg_advisory_xact_lock(${POOL_LOCK}, ${blockId})`.execute(db);
}

/**
 * The block's pool number leased to no one now that was released longest ago (one never leased
 * first), or null when every number is leased.
 */
export async function freePoolNumber(db: Queryable, blockId: number, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('dt_pool_numbers as p')
    .select('p.number')
    .where('p.block_id', '=', blockId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('dt_leases as l').select('l.id').whereRef('l.number', '=', 'p.number').where('l.until_ms', '>', now))),
    )
    // NULLS FIRST said, not assumed: SQLite sorts NULL first ascending, PostgreSQL last.
    .orderBy(
      (eb) =>
        eb
          .selectFrom('dt_leases as l')
          .select((e) => e.fn.max('l.until_ms').as('released'))
          .whereRef('l.number', '=', 'p.number'),
      (ob) => ob.asc().nullsFirst(),
    )
    .orderBy('p.id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row?.number ?? null;
}

/**
 * Lengthens a lease to `until` and makes it a full lease (a later page view of its session shows a
 * person). Never shortens: a short first lease always ends before any later page view's `until`.
 */
export async function extendLease(db: Queryable, id: number, until: number): Promise<void> {
  await db
    .updateTable('dt_leases')
    .set({ until_ms: until, confirm_until_ms: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('until_ms', '<', until), eb('confirm_until_ms', 'is not', null)]))
    .execute();
}

/**
 * Makes the visitor's live short first leases full (the visitor wrote something besides a page
 * view). One statement text, an index on the visitor: it runs with every such batch.
 */
export async function confirmLeases(db: Queryable, visitorId: number, now: number): Promise<void> {
  const update = db
    .updateTable('dt_leases')
    .set((eb) => ({ until_ms: eb.ref('confirm_until_ms').$castTo<number>(), confirm_until_ms: null }))
    .where('visitor_id', '=', visitorId)
    .where('confirm_until_ms', 'is not', null)
    .where('until_ms', '>', now)
    .execute();
  await unawaited(db, [update]);
}

/** Live leases of the block's pool taken from one address group (the policy's cap per address). */
export async function liveLeasesOfAddress(db: Queryable, blockId: number, addressGroup: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('dt_leases')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('block_id', '=', blockId)
    .where('address_group', '=', addressGroup)
    .where('until_ms', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Live short first leases of the block's pool taken by one user-agent family (the policy's cap per family). */
export async function unconfirmedLeasesOfFamily(db: Queryable, blockId: number, agentFamily: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('dt_leases')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('block_id', '=', blockId)
    .where('agent_family', '=', agentFamily)
    .where('until_ms', '>', now)
    .where('confirm_until_ms', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Ends a lease at `now`. */
export async function endLease(db: Queryable, id: number, now: number): Promise<void> {
  await db.updateTable('dt_leases').set({ until_ms: now }).where('id', '=', id).execute();
}

/** A new lease: full (`r.until`), or short when `holder.firstUntil` is given. */
export async function createLease(db: Queryable, r: LeaseRequest, number: string, holder: LeaseHolder | null): Promise<void> {
  await db
    .insertInto('dt_leases')
    .values({
      site_id: r.siteId,
      block_id: r.blockId,
      number,
      session_id: r.sessionId,
      visitor_id: r.visitorId,
      start_ms: r.now,
      until_ms: holder?.firstUntil ?? r.until,
      address_group: holder?.addressGroup ?? null,
      agent_family: holder?.agentFamily ?? null,
      confirm_until_ms: holder?.firstUntil != null ? r.until : null,
    })
    .execute();
}

/**
 * Counts a session whose pool gave no number (dry, or the client past its share), once per session
 * and block: true when this call counted it.
 */
export async function recordOverflow(
  db: Queryable,
  r: LeaseRequest,
  fallback: 'static' | 'reserved' | 'none',
  reason: 'dry' | 'share',
): Promise<boolean> {
  const added = await db
    .insertInto('dt_overflows')
    .values({ site_id: r.siteId, block_id: r.blockId, session_id: r.sessionId, created_at: timestamp(r.now), fallback, reason })
    .onConflict((oc) => oc.columns(['session_id', 'block_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The span in which a dry pool is announced once (mail/alert-facts.ts): the first dry visit of each. */
export const DRY_WINDOW_MS = 10 * 60_000;

/**
 * Whether the dry visit just counted at `now` is the block's first of its DRY_WINDOW_MS window.
 * Asked under the pool's lock (lockPool: a dry answer comes only after it), so of two processes
 * the second sees the first's row; the (block, time) index answers it.
 */
export async function firstDryOfWindow(db: Queryable, blockId: number, now: number): Promise<boolean> {
  const rows = await db
    .selectFrom('dt_overflows')
    .select('session_id')
    .where('block_id', '=', blockId)
    .where('created_at', '>=', timestamp(now - (now % DRY_WINDOW_MS)))
    .where('reason', '=', 'dry')
    .limit(sql.lit(2))
    .execute();
  return rows.length === 1;
}

/** The visits that found the block's pool dry from `since` on (epoch ms): what a pool's alert counts. */
export async function dryVisitsSince(db: Queryable, blockId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('dt_overflows')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('block_id', '=', blockId)
    .where('created_at', '>=', timestamp(since))
    .where('reason', '=', 'dry')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How far the platform's clock may differ from this server's: a call the platform stamps up to a
 * minute before a lease began (or after it ended) on this server's clock is still that lease's,
 * when no lease holds the number at the call's own time. A visitor cannot dial a number before the
 * page view that leased it answered, so a call just before the start is a clock difference.
 */
export const LEASE_SKEW_MS = 60_000;

/**
 * The lease of the block's pool number `number` that held it at `at` (epoch ms): started at or
 * before it and ending after it (the end includes the after-session minutes). Leases of one
 * number never overlap (the pool's lock), so at most one holds it at `at`; the latest start wins
 * if a carried-over lease ended at the very moment the next began. When none holds it then, the
 * lease nearest to `at` within `skewMs` (LEASE_SKEW_MS) on either side.
 */
export async function leaseAt(
  db: Queryable,
  blockId: number,
  number: string,
  at: number,
  skewMs = 0,
): Promise<{ session_id: number; visitor_id: number } | null> {
  const rows = await db
    .selectFrom('dt_leases')
    .select(['session_id', 'visitor_id', 'start_ms', 'until_ms'])
    .where('number', '=', number)
    .where('until_ms', '>', at - skewMs)
    .where('start_ms', '<=', at + skewMs)
    .where('block_id', '=', blockId)
    .orderBy('start_ms', 'desc')
    .limit(sql.lit(4))
    .execute();
  const distance = (r: { start_ms: number; until_ms: number }) =>
    at < r.start_ms ? r.start_ms - at : at >= r.until_ms ? at - r.until_ms + 1 : 0;
  let best: (typeof rows)[number] | null = null;
  for (const r of rows) if (!best || distance(r) < distance(best)) best = r;
  return best ? { session_id: best.session_id, visitor_id: best.visitor_id } : null;
}
