import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PASSWORD_HASH } from '../identity/password.js';
import { alignIdSequences } from '../store/id-sequences.js';
import { ensureCustomer, setCustomerAgent } from '../identity/customers.js';
import type { Store } from '../store/open.js';
import { hasApiUsers, upsertApiUser } from '../api/queries.js';
import { ensureTag } from '../reports/tags.js';
import { upsertAgent, upsertTariffPlan } from '../charges/agents.js';

/**
 * The REST API's demo seed (demo-site/api-seed.json): tariff plans, agents, which customers an
 * agent manages (creating those the site configuration does not hold), API users and tags. Only
 * the demo (`npm start`) and tests pass one: the demo's passwords are published, so the server's own
 * start (main.ts) seeds none unless SVC_API_SEED names a file, and a production database gets its
 * first login from `npm run create-account`. createServer applies it only when the site
 * configuration has just seeded an empty database, and it refuses a database that has API users, so
 * what the API changed is never reverted by a restart.
 */

const id = z.number().int().positive();
const ApiSeed = z.strictObject({
  tariff_plans: z.array(z.strictObject({ id, name: z.string().min(1), daily_fee_kopecks: z.number().int().min(0) })).default([]),
  agents: z.array(z.strictObject({ id, name: z.string().min(1) })).default([]),
  customers: z
    .array(
      z.strictObject({ id, name: z.string().min(1).optional(), agent_id: id.nullable().default(null), tp_id: id.nullable().default(null) }),
    )
    .default([]),
  users: z
    .array(
      z
        .strictObject({
          login: z.string().min(1),
          password_hash: z.string().regex(PASSWORD_HASH, 'an scrypt hash from scripts/hash-password.mjs'),
          customer_id: id.optional(),
          agent_id: id.optional(),
        })
        .refine((u) => (u.customer_id === undefined) !== (u.agent_id === undefined), 'a user is a customer_id or an agent_id'),
    )
    .default([]),
  tags: z.array(z.strictObject({ customer_id: id, name: z.string().min(1) })).default([]),
});

export type ApiSeed = z.input<typeof ApiSeed>;

export function readApiSeed(seed: string | ApiSeed): z.output<typeof ApiSeed> {
  const raw: unknown = typeof seed === 'string' ? JSON.parse(readFileSync(seed, 'utf8')) : seed;
  const r = ApiSeed.safeParse(raw);
  if (!r.success)
    throw new Error(
      `REST API seed ${typeof seed === 'string' ? seed : ''}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}

/** Seeds a database without API users; true when it did. */
export async function seedApi(store: Store, seed: string | ApiSeed): Promise<boolean> {
  const s = readApiSeed(seed);
  return store.db.transaction().execute(async (tx) => {
    if (await hasApiUsers(tx)) return false;
    for (const tp of s.tariff_plans) await upsertTariffPlan(tx, tp);
    for (const a of s.agents) await upsertAgent(tx, a);
    for (const c of s.customers) {
      if (c.name !== undefined) await ensureCustomer(tx, c.id, c.name);
      await setCustomerAgent(tx, c.id, c.agent_id, c.tp_id);
    }
    for (const u of s.users)
      await upsertApiUser(tx, {
        login: u.login,
        password_hash: u.password_hash,
        customer_id: u.customer_id ?? null,
        agent_id: u.agent_id ?? null,
      });
    for (const t of s.tags) await ensureTag(tx, t.customer_id, t.name);
    if (store.dialect === 'postgres') await alignIdSequences(tx);
    return true;
  });
}
