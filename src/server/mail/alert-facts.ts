import { sql } from 'kysely';
import { customersOfAgent } from '../identity/customers.js';
import type { PoolDryNotice } from '../leases/session-phones.js';
import { blockOwner } from '../sites/blocks.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { siteById } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import { endpointById } from '../webhooks/endpoints.js';
import type { AlertKind } from './alert-kinds.js';
import { subscriptionsOfSite } from './alert-queue.js';

/**
 * The alerts of facts that are no webhook event (docs/notifications.md, "Alerts"), each queued by
 * the feature that learns the fact, in its transaction or right after it, given these functions at
 * registration (app.ts):
 * - `pool_dry`: a visit found every number of a pool leased (leases/session-phones.ts), once per
 *   pool in ten minutes; the mail counts the pool's dry visits since (alert-sender.ts);
 * - `webhook_off`: the worker switched an endpoint off after a day of failed deliveries
 *   (webhooks/worker.ts);
 * - `carrier_failing`: a carrier connection turned failing (carriers/connection-health.ts).
 * A pool's alert goes to those who chose it for the pool's site; an endpoint's and a carrier's,
 * which are no site's, to each REST login of the customers they serve that chose them for any site,
 * once (employees see neither page).
 */

interface Row {
  subscription_id: number;
  site_id: number;
  record_id: number;
  line: string;
  created_ms: number;
}

async function queue(db: Queryable, rows: Row[]): Promise<void> {
  if (rows.length) await db.insertInto('alert_queue').values(rows).execute();
}

/** One subscription per REST login of the customers that chose `kind` (for any site). */
async function subscriptionsOfCustomers(db: Queryable, customerIds: readonly number[], kind: AlertKind): Promise<number[]> {
  if (!customerIds.length) return [];
  const r = await sql<{ id: number }>`
    SELECT min(id) AS id FROM alert_subscriptions
    WHERE customer_id IN (${sql.join(customerIds)}) AND kind = ${kind} AND account = 'rest'
    GROUP BY account_id`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** `«Spring sale» .phone on example.com`: the pool as its owner names it. */
async function poolName(db: Queryable, blockId: number): Promise<string> {
  const block = await blockOwner(db, blockId);
  if (!block) return `#${blockId}`;
  const domain = (await siteById(db, block.site_id))?.domain ?? '';
  const campaign = block.ac_id == null ? null : (await campaignsOfSite(db, block.site_id)).find((c) => c.id === block.ac_id);
  return [campaign ? `«${campaign.name}»` : null, block.selector, domain && `(${domain})`].filter(Boolean).join(' ');
}

export const poolDryAlerts: PoolDryNotice = async (db, dry) => {
  const subscriptions = (await subscriptionsOfSite(db, dry.siteId)).filter((s) => s.kind === 'pool_dry');
  if (!subscriptions.length) return;
  const line = (await poolName(db, dry.blockId)).slice(0, 300);
  await queue(
    db,
    subscriptions.map((s) => ({ subscription_id: s.id, site_id: dry.siteId, record_id: dry.blockId, line, created_ms: dry.now })),
  );
};

export async function webhookOffAlerts(db: Queryable, endpointId: number, now: number): Promise<void> {
  const endpoint = await endpointById(db, endpointId);
  if (!endpoint) return;
  const ids = await subscriptionsOfCustomers(db, [endpoint.customer_id], 'webhook_off');
  const line = endpoint.url.slice(0, 300);
  await queue(
    db,
    ids.map((id) => ({ subscription_id: id, site_id: 0, record_id: endpointId, line, created_ms: now })),
  );
}

/** A carrier connection turned failing (carriers/connection-health.ts, `FailingConnection`). */
export async function carrierFailingAlerts(
  db: Queryable,
  c: { id: number; kind: string; label: string; agentId: number | null; customerId: number | null; words: string; now: number },
): Promise<void> {
  const customers =
    c.agentId !== null ? (await customersOfAgent(db, c.agentId, { limit: 100_000, offset: 0 })).map((x) => x.id) : [c.customerId ?? 0];
  const ids = await subscriptionsOfCustomers(db, customers, 'carrier_failing');
  const line = `${c.label} (${c.kind}): ${c.words}`.slice(0, 300);
  await queue(
    db,
    ids.map((id) => ({ subscription_id: id, site_id: 0, record_id: c.id, line, created_ms: c.now })),
  );
}
