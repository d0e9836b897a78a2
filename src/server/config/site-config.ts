import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PHONE_ID } from '../../protocol.js';
import { Employee } from '../consultant/operators/employees.js';
import { applyEmployees } from '../consultant/operators/queries.js';
import type { Store } from '../store/open.js';
import { internationalDigits } from '../phones/session-phones.js';

/**
 * The declarative site configuration: customers, their sites, ad campaigns with condition groups,
 * number blocks and DT pools. The server reads it on start and brings the database in line with it
 * (ids come from the file, so sessions keep pointing at the same campaigns across restarts).
 */

export const CONDITION_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'os_ad_id',
  'os_campaign_id',
  'os_service_name',
  'os_source_id',
  'gclid',
  'yclid',
  'ef_id',
  'town',
  'country',
  'search_engine',
  'search_query',
  'referrer',
  'url',
] as const;

export type ConditionParameter = (typeof CONDITION_PARAMETERS)[number];

const validRegExp = (v: string) => {
  try {
    new RegExp(v, 'i');
    return true;
  } catch {
    return false;
  }
};

const Condition = z
  .strictObject({
    id: z.number().int().positive(),
    ac_parameter: z.enum(CONDITION_PARAMETERS),
    ac_operator: z.enum(['=', '~', 'sub']),
    value: z.string(),
    is_negative: z.boolean().default(false),
  })
  .refine((c) => c.ac_operator !== '~' || validRegExp(c.value), { message: 'value must be a regular expression', path: ['value'] });

const ConditionGroup = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  conditions: z.array(Condition).min(1),
});

/** What a block replaces: `#id`, `.class`, `[name=x]` or `number=<digits>`. */
export const SELECTOR = PHONE_ID;
const digits = z.string().regex(/^\d{5,15}$/, 'must be 5 to 15 digits');

const Block = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  selector: z.string().regex(SELECTOR, 'selector must be #id, .class, [name=x] or number=<digits>'),
  /** The static number (for a DT block: the number used when its pool runs dry in `static` mode). */
  numb: digits.nullable().default(null),
  /** Display text of `numb`; by default it is formatted from the digits. */
  text: z.string().max(64).nullable().default(null),
  forward_numb: z.string().nullable().default(null),
  phone_type: z.string().nullable().default(null),
  image: z
    .string()
    .regex(/^https?:\/\//, 'image must be an http(s) URL')
    .nullable()
    .default(null),
  /** Dynamic-tracking numbers: each session leases one of them for this block. */
  dt_pool: z.array(digits).default([]),
});

const Campaign = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  priority: z.number().int().default(0),
  condition_groups: z.array(ConditionGroup).default([]),
  blocks: z.array(Block).default([]),
});

const Site = z.strictObject({
  id: z.number().int().positive(),
  domain: z.string().min(1),
  site_key: z.string().regex(/^[\w-]{1,64}$/),
  widget_key: z.string().min(1),
  user_phone: z.string().nullable().default(null),
  /** Origins allowed besides the domain and its subdomains, e.g. `https://shop.example.net`. */
  origins: z.array(z.string().url()).default([]),
  settings: z
    .strictObject({
      captcha: z.boolean().default(false),
      lang: z.enum(['ru', 'en']).default('ru'),
      /** Seconds an operator has to answer a chat before it is lost (default 120). */
      chat_wait: z.number().int().min(1).max(3600).optional(),
    })
    .default({ captcha: false, lang: 'ru' }),
  /**
   * Call-back requests (sitePhoneCall). `scenario`: name of the call-back scenario; null (the
   * default) means none is set and every request answers status 2. `platform`: "down" declares the
   * telephony platform unavailable (a maintenance window, or a demo of status 3): requests are
   * stored and answer status 3.
   */
  callback: z
    .strictObject({
      scenario: z.string().min(1).nullable().default(null),
      platform: z.enum(['up', 'down']).default('up'),
    })
    .optional(),
  /** Dynamic tracking: how long a number stays leased after its session ends, and what a dry pool gives. */
  dt: z
    .strictObject({
      lease_minutes: z.number().int().min(0).max(1440).default(15),
      /** `static`: the block's own number (else the reserved one); `reserved`: the reserved number. */
      overflow: z.enum(['static', 'reserved']).default('static'),
      reserved_number: digits.nullable().default(null),
    })
    .refine((d) => d.overflow !== 'reserved' || d.reserved_number, {
      message: 'overflow "reserved" needs reserved_number',
      path: ['reserved_number'],
    })
    .optional(),
  /** The site's default numbers: blocks used when no campaign matches. */
  blocks: z.array(Block).default([]),
  campaigns: z.array(Campaign).default([]),
});

const Customer = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  sites: z.array(Site).default([]),
  /** Operators of the consultant console (the REST document's employees). */
  employees: z.array(Employee).default([]),
});

export const SiteConfigSchema = z.strictObject({ customers: z.array(Customer) }).superRefine((cfg, ctx) => {
  // An operator serves only sites of its own customer: nobody reaches another customer's data.
  const emails = new Set<string>();
  cfg.customers.forEach((c, ci) => {
    const own = new Set(c.sites.map((s) => s.id));
    c.employees.forEach((e, ei) => {
      const email = e.email.toLowerCase();
      if (emails.has(email))
        ctx.addIssue({ code: 'custom', path: ['customers', ci, 'employees', ei, 'email'], message: `e-mail ${email} is used twice` });
      emails.add(email);
      e.sites.forEach((id, si) => {
        if (!own.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['customers', ci, 'employees', ei, 'sites', si],
            message: `site ${id} is not a site of customer ${c.id}`,
          });
        }
      });
    });
  });
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
export type SiteConfigSite = z.infer<typeof Site>;

/** Reads and validates a configuration file; throws an Error that says what is wrong and where. */
export function readSiteConfig(path: string): SiteConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`site configuration ${path}: ${(e as Error).message}`);
  }
  const parsed = SiteConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`site configuration ${path}: ${first.path.join('.')}: ${first.message}`);
  }
  return parsed.data;
}

/** Brings the database in line with the configuration, in one transaction. */
export async function applySiteConfig(store: Store, config: SiteConfig): Promise<void> {
  const db = store.sqlite;
  const q = {
    customer: db.prepare(`INSERT INTO customers (id, name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name`),
    site: db.prepare(
      `INSERT INTO sites (id, customer_id, domain, site_key, widget_key, user_phone, origins, settings)
       VALUES (@id, @customer_id, @domain, @site_key, @widget_key, @user_phone, @origins, @settings)
       ON CONFLICT (id) DO UPDATE SET customer_id = excluded.customer_id, domain = excluded.domain,
         site_key = excluded.site_key, widget_key = excluded.widget_key, user_phone = excluded.user_phone,
         origins = excluded.origins, settings = excluded.settings`,
    ),
    callback: db.prepare(`UPDATE sites SET callback = ? WHERE id = ?`),
    dropBlocks: db.prepare(`DELETE FROM site_blocks WHERE site_id = ?`),
    dropGroups: db.prepare(`DELETE FROM ac_condition_groups WHERE ac_id IN (SELECT id FROM ad_campaigns WHERE site_id = ?)`),
    campaign: db.prepare(
      `INSERT INTO ad_campaigns (id, site_id, name, priority) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET site_id = excluded.site_id, name = excluded.name, priority = excluded.priority`,
    ),
    dropCampaigns: db.prepare(`DELETE FROM ad_campaigns WHERE site_id = ? AND id NOT IN (SELECT value FROM json_each(?))`),
    group: db.prepare(`INSERT INTO ac_condition_groups (id, ac_id, name) VALUES (?, ?, ?)`),
    condition: db.prepare(
      `INSERT INTO ac_conditions (id, ac_condition_group_id, ac_parameter, ac_operator, value, is_negative)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    block: db.prepare(
      `INSERT INTO site_blocks (id, site_id, ac_id, name, selector, phone_type, numb, forward_numb, image, is_dt_enabled, text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    dt: db.prepare(`UPDATE sites SET dt_lease_minutes = ?, dt_overflow = ?, dt_reserved_number = ? WHERE id = ?`),
    pool: db.prepare(`INSERT INTO dt_pool_numbers (block_id, number) VALUES (?, ?)`),
  };
  const insertBlocks = (siteId: number, acId: number | null, blocks: SiteConfigSite['blocks']) => {
    for (const b of blocks) {
      q.block.run(b.id, siteId, acId, b.name, b.selector, b.phone_type, b.numb, b.forward_numb, b.image, b.dt_pool.length ? 1 : 0, b.text);
      // Pool numbers in international digits: a lease is by number, however the file wrote it.
      for (const n of b.dt_pool) q.pool.run(b.id, internationalDigits(n));
    }
  };
  await store.db.transaction().execute(async (trx) => {
    for (const c of config.customers) {
      q.customer.run(c.id, c.name);
      for (const s of c.sites) {
        q.site.run({
          id: s.id,
          customer_id: c.id,
          domain: s.domain,
          site_key: s.site_key,
          widget_key: s.widget_key,
          user_phone: s.user_phone,
          origins: JSON.stringify(s.origins),
          settings: JSON.stringify(s.settings),
        });
        q.callback.run(JSON.stringify(s.callback ?? { scenario: null, platform: 'up' }), s.id);
        q.dt.run(s.dt?.lease_minutes ?? 15, s.dt?.overflow ?? 'static', s.dt?.reserved_number ?? null, s.id);
        q.dropBlocks.run(s.id);
        q.dropGroups.run(s.id);
        q.dropCampaigns.run(s.id, JSON.stringify(s.campaigns.map((a) => a.id)));
        insertBlocks(s.id, null, s.blocks);
        for (const a of s.campaigns) {
          q.campaign.run(a.id, s.id, a.name, a.priority);
          for (const g of a.condition_groups) {
            q.group.run(g.id, a.id, g.name);
            for (const k of g.conditions) {
              q.condition.run(k.id, g.id, k.ac_parameter, k.ac_operator, k.value, k.is_negative ? 1 : 0);
            }
          }
          insertBlocks(s.id, a.id, a.blocks);
        }
      }
      await applyEmployees(trx, c.id, c.employees);
    }
  });
  store.siteDataChanged();
}
