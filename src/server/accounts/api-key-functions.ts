import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { activeApiKeyCount, API_KEY_PREFIX, apiKeysOf, createApiKey, revokeApiKey, siteIdsOf } from '../identity/api-keys.js';
import { formatDate } from '../identity/dates.js';
import { siteById } from '../sites/sites.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's API keys (docs/api-keys.md), named in
 * the document's manner as the webhooks are: `api_key` lists them, `create_api_key` makes one and
 * answers the key (the only time it is shown), `revoke_api_key` ends one at once. They take a
 * session: an API key does not manage keys (api/api-key-limits.ts).
 */

/** Keys not revoked, per customer: enough for every integration, few enough to review. */
export const MAX_API_KEYS = 20;

const keyRecord = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  key_id: z.string().describe('the start of the key (`svc_<8 hex>`), to tell keys apart; the key itself is never shown again'),
  read_only: z.boolean(),
  site_ids: z.array(z.number().int()).nullable().describe('the sites the key reaches; null: all of the customer’s'),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('to the minute: a key’s use is recorded at most once a minute'),
  revoked_at: z.string().nullable(),
});

const when = (ctx: CustomerContext, ms: number | null) => (ms == null ? null : formatDate(ms, ctx.customer.time_zone));

export const apiKeys = apiFunction({
  name: 'api_key',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'List the customer’s API keys (extension)',
  description:
    "The customer's API keys, revoked ones too: name, `key_id` (the key's visible start), scope, sites, when made, last used and revoked. The keys themselves are never shown. Not in the REST document.",
  args: z.object({}),
  response: z.array(keyRecord),
  async run(ctx) {
    return (await apiKeysOf(ctx.store.db, ctx.customer.id)).map((k) => ({
      id: k.id,
      name: k.name,
      key_id: `${API_KEY_PREFIX}${k.key_id}`,
      read_only: k.read_only === 1,
      site_ids: siteIdsOf(k),
      created_at: when(ctx, k.created_ms)!,
      last_used_at: when(ctx, k.last_used_ms),
      revoked_at: when(ctx, k.revoked_ms),
    }));
  },
});

/** The sites named, each the customer's and not removed; 100410 for any other. */
async function ownSites(ctx: CustomerContext, siteIds: readonly number[]): Promise<void> {
  for (const siteId of siteIds) {
    const s = await siteById(ctx.store.db, siteId);
    if (!s || s.customer_id !== ctx.customer.id || s.removed_at != null) throw apiErrors.notFound('site', siteId);
  }
}

export const createApiKeyFn = apiFunction({
  name: 'create_api_key',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Make an API key (extension)',
  description:
    'Makes a key for an integration: `name`, `read_only` (GET functions only), `site_ids` (only these sites; omitted: all). Answers `{id, key, key_id}`: ' +
    `\`key\` is shown only here; send it as \`Authorization: Bearer <key>\`. At most ${MAX_API_KEYS} keys not revoked (\`409 100409\`). Not in the REST document.`,
  names: { site_ids: 'site' },
  args: z.object({
    name: text(100),
    read_only: z.boolean().describe('true: the key runs GET functions only'),
    site_ids: z
      .array(id())
      .min(1)
      .max(100)
      .refine((a) => new Set(a).size === a.length, 'sites must differ')
      .optional()
      .describe('the sites the key reaches; omitted: all of the customer’s, present and future'),
  }),
  response: z.strictObject({ id: z.number().int(), key: z.string(), key_id: z.string() }),
  async run(ctx, a) {
    const db = ctx.store.db;
    if (a.site_ids) await ownSites(ctx, a.site_ids);
    if ((await activeApiKeyCount(db, ctx.customer.id)) >= MAX_API_KEYS)
      throw apiErrors.wrongState(`At most ${MAX_API_KEYS} API keys: revoke one first`);
    const made = await createApiKey(db, {
      customerId: ctx.customer.id,
      name: a.name,
      readOnly: a.read_only,
      siteIds: a.site_ids ?? null,
      now: ctx.now(),
    });
    return { id: made.id, key: made.key, key_id: `${API_KEY_PREFIX}${made.keyId}` };
  },
});

export const revokeApiKeyFn = apiFunction({
  name: 'revoke_api_key',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Revoke an API key (extension)',
  description:
    "Ends the customer's key `id` at once, on every server; a revoked key answers `102401`. Revoking one already revoked keeps its first time. Not in the REST document.",
  names: { id: 'api_key' },
  args: z.object({ id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    if (!(await revokeApiKey(ctx.store.db, ctx.customer.id, a.id, ctx.now()))) throw apiErrors.notFound('API key', a.id);
    return undefined;
  },
});
