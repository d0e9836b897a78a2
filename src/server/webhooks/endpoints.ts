import { randomBytes } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** The `webhook_endpoints` table: a customer's receivers, the events each wants, its secret. */

export type EndpointRow = Row<'webhook_endpoints'>;

/** A new secret: 32 random bytes, hex, with a prefix that says what it is. */
export const newSecret = (): string => 'whsec_' + randomBytes(32).toString('hex');

export async function endpointsOfCustomer(db: Queryable, customerId: number): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

export async function endpointById(db: Queryable, id: number): Promise<EndpointRow | null> {
  return (await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function createEndpoint(
  db: Queryable,
  v: { customer_id: number; url: string; events: readonly string[]; secret: string; created_at: string },
): Promise<number> {
  const r = await db
    .insertInto('webhook_endpoints')
    .values({ ...v, events: JSON.stringify(v.events) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function changeEndpoint(
  db: Queryable,
  id: number,
  set: { url?: string | undefined; events?: readonly string[] | undefined; enabled?: boolean | undefined; secret?: string | undefined },
): Promise<void> {
  const values: Partial<Omit<EndpointRow, 'id'>> = {};
  if (set.url !== undefined) values.url = set.url;
  if (set.events !== undefined) values.events = JSON.stringify(set.events);
  if (set.secret !== undefined) values.secret = set.secret;
  // Switched on again by its owner: its failures so far are forgiven.
  if (set.enabled !== undefined)
    Object.assign(values, {
      enabled: set.enabled ? 1 : 0,
      disabled_reason: null,
      failing_since_ms: null,
      failed_streak: 0,
      paused_until_ms: null,
    });
  if (Object.keys(values).length) await db.updateTable('webhook_endpoints').set(values).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_outbox').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** A success: the endpoint is no longer failing, nor paused. */
export async function endpointSucceeded(db: Queryable, id: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since_ms: null, failed_streak: 0, paused_until_ms: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('failing_since_ms', 'is not', null), eb('paused_until_ms', 'is not', null)]))
    .execute();
}

/**
 * A failure at `now`, its event to be tried again at `next`: the start of failing is kept, and the
 * endpoint is paused for `pauseFor` its run of failures (this one counted), so that a receiver that
 * is down gets one probe per back-off instead of its whole backlog. An endpoint that will have
 * failed for `offAfterMs` by its next try is switched off. Returns whether it was.
 */
export async function endpointFailed(
  db: Queryable,
  id: number,
  now: number,
  next: number,
  pauseFor: (streak: number) => number,
  offAfterMs: number,
): Promise<boolean> {
  const run = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failed_streak: eb('failed_streak', '+', 1) }))
    .where('id', '=', id)
    .returning('failed_streak')
    .executeTakeFirst();
  if (!run) return false;
  await db
    .updateTable('webhook_endpoints')
    .set({ paused_until_ms: now + pauseFor(Number(run.failed_streak)) })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since_ms: now })
    .where('id', '=', id)
    .where('failing_since_ms', 'is', null)
    .execute();
  const r = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: `every delivery failed for ${Math.round(offAfterMs / 3_600_000)} h: switched off` })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('failing_since_ms', '<=', next - offAfterMs)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Every enabled endpoint's site list and events: what the subscription cache holds. */
export async function subscribedSites(db: Queryable): Promise<Array<{ site_id: number; events: string }>> {
  return db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('sites as s', 's.customer_id', 'e.customer_id')
    .select(['s.id as site_id', 'e.events'])
    .where('e.enabled', '=', 1)
    .execute();
}
