import { SIP_BILLING_STATES, SIP_LINE_TYPES, SIP_LOGICAL_STATES, SIP_PHYSICAL_STATES } from '../store/tables/operators.js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { addNumaNumber, createNumaList } from '../numbers/numa-lists.js';
import { addCallTariff } from '../charges/queries.js';
import { customerEmployees } from '../identity/operators.js';
import { customerById } from '../identity/customers.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { CustomerMediaFile, SystemMediaFile } from '../numbers/media-files.js';
import { enterAllSiteNumbers } from '../numbers/site-numbers.js';
import {
  addCapacityNumber,
  addMediaFile,
  addScenarioRoute,
  createScenario,
  lockTelephonySeed,
  numberTariffs,
  upsertNumberTariff,
} from '../numbers/queries.js';
import { addSipLine } from '../identity/sip-lines.js';

/**
 * The telephony seed (demo-site/telephony-seed.json): number tariffs, the number capacity per
 * region, call tariffs, the system's and the customers' media files, SIP lines and scenarios
 * (with caller-number lists they route). This is how these get into a database: createServer
 * applies it with the site configuration's seed of an empty database (as the REST API seed), and
 * never to a database that already has number tariffs. What it says of a customer the database
 * does not hold (a server started with another site configuration) is left out, as are owners of
 * a SIP line that are not the customer's employees: the shared parts (tariffs, capacity, system
 * files) still apply.
 */

const digits = z.string().regex(/^\d{3,20}$/, 'digits');
const id = z.number().int().positive();
const PREFIX_TYPE = z.enum(['internal', 'local', 'country', 'international', 'zone']);

const TelephonySeed = z.strictObject({
  number_tariffs: z
    .array(
      z.strictObject({
        category: z.string().min(1),
        monthly_charge_kopecks: z.number().int().min(0),
        activation_charge_kopecks: z.number().int().min(0).default(0),
      }),
    )
    .default([]),
  number_capacity: z
    .array(z.strictObject({ region: z.string().min(1), category: z.string().min(1), numbers: z.array(digits) }))
    .default([]),
  call_tariffs: z
    .array(
      z.strictObject({
        direction: z.enum(['in', 'out']),
        number_category: z.string().min(1).nullable().default(null),
        prefix: z.string().regex(/^\d*$/).default(''),
        prefix_type: PREFIX_TYPE,
        prefix_type_name: z.string().min(1),
        price_per_minute_kopecks: z.number().int().min(0),
      }),
    )
    .default([]),
  system_media_files: z.array(SystemMediaFile).default([]),
  media_files: z.array(CustomerMediaFile).default([]),
  sip_lines: z
    .array(
      z.strictObject({
        customer_id: id,
        phone: digits,
        type: z.enum(SIP_LINE_TYPES).default('Рабочий'),
        channels_count: z.number().int().min(1).default(1),
        logical_state: z.enum(SIP_LOGICAL_STATES).default('Доступен'),
        physical_state: z.enum(SIP_PHYSICAL_STATES).default('Зарегистрирован'),
        billing_state: z.enum(SIP_BILLING_STATES).default('active'),
        forwarding_timeout: z.number().int().min(0).default(30),
        additional_calling_number: digits.nullable().default(null),
        employee_ids: z.array(id).default([]),
      }),
    )
    .default([]),
  scenarios: z
    .array(
      z.strictObject({
        customer_id: id,
        name: z.string().min(1),
        forward_to: digits.nullable().default(null),
        numbers: z.array(digits).default([]),
        /** Callers on the list (made here, with these numbers) go to `forward_to`. */
        numa_routes: z.array(z.strictObject({ list_name: z.string().min(1), numbers: z.array(digits), forward_to: digits })).default([]),
      }),
    )
    .default([]),
});

export type TelephonySeed = z.input<typeof TelephonySeed>;

export function readTelephonySeed(seed: string | TelephonySeed): z.output<typeof TelephonySeed> {
  const raw: unknown = typeof seed === 'string' ? JSON.parse(readFileSync(seed, 'utf8')) : seed;
  const r = TelephonySeed.safeParse(raw);
  if (!r.success)
    throw new Error(
      `telephony seed ${typeof seed === 'string' ? seed : ''}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}

/** Seeds a database without number tariffs; true when it did. */
export async function seedTelephony(store: Store, seed: string | TelephonySeed, nowMs: number): Promise<boolean> {
  const s = readTelephonySeed(seed);
  const now = timestamp(nowMs);
  return store.db.transaction().execute(async (tx) => {
    await lockTelephonySeed(tx);
    if ((await numberTariffs(tx)).length) return false;
    for (const t of s.number_tariffs) await upsertNumberTariff(tx, t);
    for (const r of s.number_capacity)
      for (const n of r.numbers) await addCapacityNumber(tx, { region: r.region, category: r.category, phone_number: n });
    for (const t of s.call_tariffs) await addCallTariff(tx, t);
    for (const f of s.system_media_files) await addMediaFile(tx, { customer_id: null, ...f, modify_time: now });
    const known = new Map<number, boolean>();
    const held = async (customerId: number) => {
      if (!known.has(customerId)) known.set(customerId, !!(await customerById(tx, customerId)));
      return known.get(customerId)!;
    };
    for (const { is_normalize, ...f } of s.media_files)
      if (await held(f.customer_id)) await addMediaFile(tx, { ...f, is_normalize: is_normalize ? 1 : 0, modify_time: now });
    for (const { employee_ids, ...l } of s.sip_lines) {
      if (!(await held(l.customer_id))) continue;
      const owners = [];
      for (const e of employee_ids)
        if ((await customerEmployees(tx, l.customer_id, { id: e }, { limit: 1, offset: 0 })).length) owners.push(e);
      await addSipLine(tx, l, owners);
    }
    for (const sc of s.scenarios) {
      if (!(await held(sc.customer_id))) continue;
      const scenarioId = await createScenario(tx, { customer_id: sc.customer_id, name: sc.name, forward_to: sc.forward_to }, sc.numbers);
      let position = 0;
      for (const r of sc.numa_routes) {
        const listId = await createNumaList(tx, sc.customer_id, r.list_name);
        for (const n of r.numbers) await addNumaNumber(tx, listId, n);
        await addScenarioRoute(tx, { scenario_id: scenarioId, numa_list_id: listId, forward_to: r.forward_to, position: position++ });
      }
    }
    // The numbers the seeded sites use are held from the seed on.
    await enterAllSiteNumbers(tx, now);
    return true;
  });
}
