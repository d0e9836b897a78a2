import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Db, Store } from '../store/open.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { deleteVisitors, unlinkVisitors, visitorsOfPersonOnSite, visitorsOnSite } from './visitor-erasure.js';
import { forgetRecords } from '../webhooks/outbox.js';
import { forgetConversions } from './conversion-erasure.js';
import { forgetAlerts } from './alert-erasure.js';

/**
 * Erasure of a visitor, or of a person (every visitor joined into it), on the visitor's request.
 *
 * Removed: the visitor record (its token: the browser's stored id names nobody afterwards), its
 * properties, phones and e-mails and the person links they made, its sessions and page views
 * (hits), goals, chats with their messages, requests (offline messages), call-back attempts,
 * captchas, DT number leases, the stored results of its writes, and the tags and sales set on the
 * goals, chats and requests removed, the webhook events of its goals, chats, requests and calls
 * (sent or not: their bodies carry the visitor), and the mail alerts of its calls, chats and
 * requests still queued (their lines carry the number, the name, the message).
 *
 * Kept, anonymised: its calls. A call is a billed event of the customer (its legs are what the
 * charges rate), so the record stays with its time, duration, numbers dialled and cost; the
 * caller's number is blanked on the call, its legs and the platform requests that dialled it, and
 * the link to the visitor, its session and page, the campaign context and the recordings are dropped.
 *
 * The bytes go too, on SQLite: the store deletes with secure_delete (zeros over deleted rows), and
 * after the erasure commits the WAL, which still holds the pages as they were, is checkpointed and
 * emptied. On PostgreSQL the deleted rows stay in the table files until VACUUM (docs/operations.md).
 */
export interface Erased {
  visitors: number;
  sessions: number;
  hits: number;
  goals: number;
  chats: number;
  requests: number;
  calls_anonymised: number;
}

/** Erases the visitors `ids` of site `siteId` in one transaction. */
export async function eraseVisitors(db: Db, siteId: number, ids: readonly number[]): Promise<Erased> {
  const out: Erased = { visitors: 0, sessions: 0, hits: 0, goals: 0, chats: 0, requests: 0, calls_anonymised: 0 };
  if (ids.length === 0) return out;
  return db.transaction().execute(async (trx) => {
    const vids = await visitorsOnSite(trx, siteId, ids);
    if (vids.length === 0) return out;
    await unlinkVisitors(trx, siteId, vids);

    const goals = await idsOf(trx, 'goals', vids);
    const chats = await idsOf(trx, 'chats', vids);
    const requests = await idsOf(trx, 'offline_messages', vids);
    await dropTags(trx, 'goal', goals);
    await dropTags(trx, 'chat', chats);
    await dropTags(trx, 'offline_message', requests);
    if (chats.length) await trx.deleteFrom('chat_messages').where('chat_id', 'in', chats).execute();
    out.chats = await deleted(trx.deleteFrom('chats').where('visitor_id', 'in', vids).executeTakeFirst());
    out.goals = await deleted(trx.deleteFrom('goals').where('visitor_id', 'in', vids).executeTakeFirst());
    out.requests = await deleted(trx.deleteFrom('offline_messages').where('visitor_id', 'in', vids).executeTakeFirst());
    const calls = await trx.selectFrom('calls').select(['id', 'numa']).where('visitor_id', 'in', vids).execute();
    await forgetRecords(trx, 'goal', goals);
    await forgetRecords(trx, 'chat', chats);
    await forgetRecords(trx, 'offline_message', requests);
    await forgetRecords(
      trx,
      'call',
      calls.map((c) => c.id),
    );
    await forgetConversions(trx, { calls: calls.map((c) => c.id), chats, requests });
    await forgetAlerts(trx, siteId, { calls: calls.map((c) => c.id), chats, requests });
    out.calls_anonymised = await anonymiseCalls(trx, calls);

    const sessions = (await trx.selectFrom('sessions').select('id').where('visitor_id', 'in', vids).execute()).map((s) => s.id);
    await trx.deleteFrom('dt_leases').where('visitor_id', 'in', vids).execute();
    if (sessions.length) await trx.deleteFrom('dt_overflows').where('session_id', 'in', sessions).execute();
    out.hits = await deleted(trx.deleteFrom('hits').where('visitor_id', 'in', vids).executeTakeFirst());
    out.sessions = await deleted(trx.deleteFrom('sessions').where('visitor_id', 'in', vids).executeTakeFirst());
    await trx.deleteFrom('captchas').where('visitor_id', 'in', vids).execute();
    await trx.deleteFrom('sitephone_attempts').where('visitor_id', 'in', vids).execute();
    await trx.deleteFrom('client_writes').where('site_id', '=', siteId).where('visitor_id', 'in', vids).execute();
    out.visitors = await deleteVisitors(trx, vids);
    return out;
  });
}

const deleted = async (r: Promise<{ numDeletedRows: bigint }> | { numDeletedRows: bigint }) => Number((await r).numDeletedRows);

async function idsOf(db: Queryable, table: 'goals' | 'chats' | 'offline_messages', vids: number[]): Promise<number[]> {
  return (await db.selectFrom(table).select('id').where('visitor_id', 'in', vids).execute()).map((r) => r.id);
}

async function dropTags(db: Queryable, type: CommunicationObjectType, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('tag_links').where('object_type', '=', type).where('object_id', 'in', ids).execute();
  await db.deleteFrom('sales').where('object_type', '=', type).where('object_id', 'in', ids).execute();
}

/** Keeps the erased visitors' calls for billing, without the caller's number or anything that leads to the visitor. */
async function anonymiseCalls(db: Queryable, calls: ReadonlyArray<{ id: number; numa: string }>): Promise<number> {
  for (const c of calls) {
    await db
      .updateTable('calls')
      .set({
        numa: '',
        visitor_id: null,
        session_id: null,
        hit_id: null,
        page_url: null,
        file_link: '[]',
        country: null,
        region: null,
        city: null,
        search_engine: null,
        search_query: null,
        referrer_domain: null,
        referrer: null,
        ua_client_id: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
        utm_term: null,
        os_ad_id: null,
        os_campaign_id: null,
        os_service_name: null,
        os_source_id: null,
        gclid: null,
        yclid: null,
        ef_id: null,
      })
      .where('id', '=', c.id)
      .execute();
    if (!c.numa) continue;
    // The caller's number wherever the call's legs and platform requests carry it.
    await db.updateTable('call_legs').set({ numa: '' }).where('call_id', '=', c.id).where('numa', '=', c.numa).execute();
    await db.updateTable('call_legs').set({ numb: '' }).where('call_id', '=', c.id).where('numb', '=', c.numa).execute();
    await db.updateTable('call_legs').set({ file_link: null }).where('call_id', '=', c.id).execute();
    for (const col of ['numa', 'numb', 'numc'] as const)
      await db
        .updateTable('callapi_requests')
        .set({ [col]: null })
        .where('call_id', '=', c.id)
        .where(col, '=', c.numa)
        .execute();
  }
  return calls.length;
}

/**
 * Erases one visitor, or a whole person, of the site `siteId`; null when the site has no such
 * visitor or person. `walBusy`: SQLite's WAL still holds pages from before the erasure, because
 * another connection (a backup, a second process) went on reading an older snapshot past the
 * busy timeout; they go at a later checkpoint.
 */
export async function eraseOnSite(
  store: Pick<Store, 'db' | 'dialect'>,
  siteId: number,
  target: { visitor: number } | { person: number },
): Promise<{ erased: Erased; walBusy: boolean } | null> {
  const { db } = store;
  const ids =
    'visitor' in target ? await visitorsOnSite(db, siteId, [target.visitor]) : await visitorsOfPersonOnSite(db, siteId, target.person);
  if (!ids.length) return null;
  const erased = await eraseVisitors(db, siteId, ids);
  return { erased, walBusy: store.dialect === 'sqlite' && !(await emptyWal(db)) };
}

/**
 * Copies the WAL into the database file and truncates it to nothing (TRUNCATE waits for readers,
 * up to the busy timeout); whether it got there. Secure_delete zeroed the rows in the pages the
 * erasure wrote, but the WAL's older frames hold the same pages before it.
 */
async function emptyWal(db: Db): Promise<boolean> {
  const { rows } = await WAL_CHECKPOINT.execute(db);
  return rows[0]?.busy === 0;
}

const WAL_CHECKPOINT = sql<{ busy: number; log: number; checkpointed: number }>`PRAGMA wal_checkpoint(TRUNCATE)`;
