import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * A customer's API keys (docs/api-keys.md): long-lived keys of the REST API for integrations,
 * presented as `Authorization: Bearer svc_<key_id>_<secret>`. The key is shown once, when made;
 * only its SHA-256 is kept. A key carries 256 random bits, so no guessing dictionary reaches it and
 * a slow password hash would only cost every request its time; the hash keeps a copy of the
 * table from opening the API. Every request reads the key's row, so a revocation holds at once in
 * every process; `last_used_ms` is written at most once a minute per key.
 */

export type ApiKeyRow = Row<'api_keys'>;

/** What a key lets its caller do: its customer, and whether it is read-only or limited to sites. */
export interface ApiKeyGrant {
  id: number;
  customerId: number;
  readOnly: boolean;
  /** The sites it reaches; null for all of the customer's. */
  siteIds: readonly number[] | null;
}

export const API_KEY_PREFIX = 'svc_';

/** `last_used_ms` moves only when it is older than this: no write per request. */
export const LAST_USED_STEP_MS = 60_000;

const KEY = /^svc_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Whether a presented key is written as an API key (a session key is 64 hex digits). */
export const looksLikeApiKey = (key: string): boolean => key.startsWith(API_KEY_PREFIX);

/** A new key: its public id and the whole key, shown once. */
export function newApiKey(): { keyId: string; key: string } {
  const keyId = randomBytes(4).toString('hex');
  return { keyId, key: `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}` };
}

export async function createApiKey(
  db: Queryable,
  v: { customerId: number; name: string; readOnly: boolean; siteIds: readonly number[] | null; now: number },
): Promise<{ id: number; key: string; keyId: string }> {
  const { keyId, key } = newApiKey();
  const row = await db
    .insertInto('api_keys')
    .values({
      customer_id: v.customerId,
      name: v.name,
      key_id: keyId,
      key_hash: sha256(key),
      read_only: v.readOnly ? 1 : 0,
      site_ids: v.siteIds ? JSON.stringify(v.siteIds) : null,
      created_ms: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), key, keyId };
}

/** The customer's keys, revoked ones too, oldest first. */
export async function apiKeysOf(db: Queryable, customerId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

/** How many of the customer's keys are not revoked. */
export async function activeApiKeyCount(db: Queryable, customerId: number): Promise<number> {
  const r = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('revoked_ms', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Revokes the customer's key `id`; false when it is not theirs. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Queryable, customerId: number, id: number, now: number): Promise<boolean> {
  const key = await db.selectFrom('api_keys').select('id').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (!key) return false;
  await db.updateTable('api_keys').set({ revoked_ms: now }).where('id', '=', id).where('revoked_ms', 'is', null).execute();
  return true;
}

export const siteIdsOf = (row: Pick<ApiKeyRow, 'site_ids'>): number[] | null =>
  row.site_ids == null ? null : (JSON.parse(row.site_ids) as number[]);

/**
 * The grant of a presented key, or null when it is malformed, unknown or revoked. Marks it used
 * when its last use is a minute old or more; the condition in the update keeps two processes from
 * both writing within the minute.
 */
export async function apiKeyGrant(db: Queryable, key: string, now: number): Promise<ApiKeyGrant | null> {
  if (!KEY.test(key)) return null;
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'customer_id', 'read_only', 'site_ids', 'last_used_ms'])
    .where('key_hash', '=', sha256(key))
    .where('revoked_ms', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_used_ms == null || row.last_used_ms <= now - LAST_USED_STEP_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_ms: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_ms', 'is', null), eb('last_used_ms', '<=', now - LAST_USED_STEP_MS)]))
      .execute();
  }
  return { id: row.id, customerId: row.customer_id, readOnly: row.read_only === 1, siteIds: siteIdsOf(row) };
}
