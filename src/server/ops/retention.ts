import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Tables } from '../store/tables.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';

/**
 * Retention of traffic (`SVC_RETENTION_DAYS`): page views (hits) and sessions older than N days are
 * deleted, once shortly after start and then hourly, in batches of BATCH rows with an event-loop
 * turn between them, so no statement holds the database for long.
 *
 * What the reports of communications need stays: a goal, chat, request or call keeps the page view
 * and the session it happened on (their campaign, referrer, search and entry page are what its
 * record shows), so only traffic without a communication goes. Visitor records, their properties
 * and contacts stay (a visitor's data go on request: visitors/erasure.ts). What is lost: page views and
 * visits before the limit, so the traffic reports (`stat`, the visits of the reports page,
 * `session_info` of such a session, a visitor's `session_ids`) count less over older ranges; every
 * REST answer then carries `X-Svc-Retention-Start`, the UTC time before which traffic may be gone.
 *
 * Ids of hits and sessions grow with time (page-view/public-ids.ts: a sequence number first), so a
 * pass walks them in id order from where the last pass stopped and ends at the first one inside
 * the retention period.
 */
export const BATCH = 500;
const EVERY_MS = 3_600_000;
const FIRST_AFTER_MS = 60_000;
const DAY_MS = 864e5;

export interface Pruned {
  hits: number;
  sessions: number;
}

export interface TrafficRetention {
  /** Runs one pass now; resolves with what it deleted. */
  prune(now?: number): Promise<Pruned>;
  stop(): void;
}

/** The header every REST answer carries while retention is on. */
export const RETENTION_HEADER = 'X-Svc-Retention-Start';

/**
 * The onSend hook that gives an answer {@link RETENTION_HEADER}: added by the server in the REST
 * API's own scope, where its routes are known.
 */
export function retentionHeader(days: number): onSendAsyncHookHandler {
  return async (_req, reply) => {
    void reply.header(RETENTION_HEADER, new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 19) + 'Z');
  };
}

/** Starts the hourly pass; `days` ≥ 1. */
export function trafficRetention(app: FastifyInstance, store: Pick<Store, 'db'>, days: number, batch = BATCH): TrafficRetention {
  const cursor = { hit: 0, session: 0 };
  const prune = (now = Date.now()) => pruneTraffic(store.db, now - days * DAY_MS, cursor, batch);
  const run = () => void prune().catch((e) => app.log.error(e));
  const first = setTimeout(run, FIRST_AFTER_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  const stop = () => {
    clearTimeout(first);
    clearInterval(every);
  };
  app.addHook('onClose', async () => stop());
  return { prune, stop };
}

/** Where the next pass starts: the last id a pass looked at. */
export interface PruneCursor {
  hit: number;
  session: number;
}

const turn = () => new Promise<void>((ok) => setImmediate(ok));

/** Deletes the hits and then the sessions older than `beforeMs` that no communication refers to. */
export async function pruneTraffic(
  db: Queryable,
  beforeMs: number,
  cursor: PruneCursor = { hit: 0, session: 0 },
  batch = BATCH,
): Promise<Pruned> {
  const before = timestamp(beforeMs);
  const out: Pruned = { hits: 0, sessions: 0 };
  for (;;) {
    const rows = await db.selectFrom('hits').select(['id', 'hit_time']).where('id', '>', cursor.hit).orderBy('id').limit(batch).execute();
    const old = rows.filter((r) => r.hit_time < before).map((r) => r.id);
    if (old.length) out.hits += await deleteHits(db, old);
    if (rows.length) cursor.hit = old.length === rows.length ? rows.at(-1)!.id : Math.max(cursor.hit, old.at(-1) ?? cursor.hit);
    if (rows.length < batch || old.length < rows.length) break;
    await turn();
  }
  for (;;) {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'start_time', 'last_hit_ms'])
      .where('id', '>', cursor.session)
      .orderBy('id')
      .limit(batch)
      .execute();
    const started = rows.filter((r) => r.start_time < before);
    const old = started.filter((r) => r.last_hit_ms < beforeMs).map((r) => r.id);
    if (old.length) out.sessions += await deleteSessions(db, old, beforeMs, before);
    // A session still going on is looked at again next time.
    const open = started.find((r) => r.last_hit_ms >= beforeMs);
    const last = (open ? started.filter((r) => r.id < open.id) : started).at(-1);
    if (last) cursor.session = last.id;
    if (rows.length < batch || started.length < rows.length || open) break;
    await turn();
  }
  return out;
}

/** The tables of communications: each row names the visitor, page view and session it happened on. */
const COMMUNICATIONS = ['goals', 'chats', 'offline_messages', 'calls'] as const;

/**
 * No communication happened on the row of `table` (a page view or a session): a NOT EXISTS per
 * communication table, each found by the visitor's index of that table.
 */
function noCommunication<T extends 'hits' | 'sessions'>(eb: ExpressionBuilder<Tables, T>, table: T) {
  const on = table === 'hits' ? 'hit_id' : 'session_id';
  const { not, exists, selectFrom } = eb as unknown as ExpressionBuilder<Tables, 'hits' | 'sessions'>;
  return COMMUNICATIONS.map((c) =>
    not(
      exists(
        // Typed as goals: the four tables share the columns read here.
        selectFrom(`${c} as x` as 'goals as x')
          .select('x.id')
          .whereRef('x.visitor_id', '=', `${table}.visitor_id`)
          .whereRef(`x.${on}`, '=', `${table}.id`),
      ),
    ),
  );
}

/** Deletes the hits `ids` that no goal, chat, request or call happened on. */
async function deleteHits(db: Queryable, ids: number[]): Promise<number> {
  const r = await db
    .deleteFrom('hits')
    .where('id', 'in', ids)
    .where((eb) => eb.and(noCommunication(eb, 'hits')))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes the sessions `ids` left without page views and communications, with their ended number leases. */
async function deleteSessions(db: Queryable, ids: number[], beforeMs: number, before: string): Promise<number> {
  await db.deleteFrom('dt_leases').where('session_id', 'in', ids).where('until_ms', '<', beforeMs).execute();
  await db.deleteFrom('dt_overflows').where('session_id', 'in', ids).where('created_at', '<', before).execute();
  const r = await db
    .deleteFrom('sessions')
    .where('id', 'in', ids)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('hits as h').select('h.id').whereRef('h.session_id', '=', 'sessions.id'))),
        ...noCommunication(eb, 'sessions'),
        eb.not(eb.exists(eb.selectFrom('dt_leases as l').select('l.id').whereRef('l.session_id', '=', 'sessions.id'))),
        eb.not(eb.exists(eb.selectFrom('dt_overflows as f').select('f.session_id').whereRef('f.session_id', '=', 'sessions.id'))),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
