import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PHONE_ID } from '../../protocol.js';
import { Employee } from '../identity/employees.js';
import { CONDITION_PARAMETERS, conditionPatternError } from '../sites/condition-pattern.js';

/**
 * The declarative site configuration: customers, their sites, ad campaigns with condition groups,
 * number blocks, DT pools and employees. The database is the source of truth: a file seeds an
 * empty database (config/start.ts) and is otherwise applied only by the import command
 * (config/import.ts). Ids come from the file, so a later import finds the same rows again.
 */

const Condition = z
  .strictObject({
    id: z.number().int().positive(),
    ac_parameter: z.enum(CONDITION_PARAMETERS),
    ac_operator: z.enum(['=', '~', 'sub']),
    value: z.string(),
    is_negative: z.boolean().default(false),
  })
  .superRefine((c, ctx) => {
    const error = c.ac_operator === '~' ? conditionPatternError(c.value) : null;
    if (error) ctx.addIssue({ code: 'custom', message: `value is not a pattern the server can run: ${error}`, path: ['value'] });
  });

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
  /** An http(s) URL, or a path from the root (`/phone.svg`): the page's own origin, wherever it runs. */
  image: z
    .string()
    .refine((v) => /^https?:\/\//.test(v) || (v.startsWith('/') && !v.startsWith('//')), 'image must be an http(s) URL or a path from /')
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

/** The ids and keys a file gives must each name one row: a repeated one would overwrite its twin. */
function checkUnique(cfg: { customers: z.infer<typeof Customer>[] }, ctx: z.RefinementCtx): void {
  const seen = new Map<string, Set<string | number>>();
  const once = (what: string, key: string | number, path: (string | number)[]) => {
    let s = seen.get(what);
    if (!s) seen.set(what, (s = new Set()));
    if (s.has(key)) ctx.addIssue({ code: 'custom', path, message: `${what} ${JSON.stringify(key)} is used twice` });
    s.add(key);
  };
  cfg.customers.forEach((c, ci) => {
    once('customer id', c.id, ['customers', ci, 'id']);
    c.sites.forEach((s, si) => {
      const sp = ['customers', ci, 'sites', si];
      once('site id', s.id, [...sp, 'id']);
      once('site_key', s.site_key, [...sp, 'site_key']);
      once('widget_key', s.widget_key, [...sp, 'widget_key']);
      const blocks = (bs: z.infer<typeof Block>[], path: (string | number)[]) =>
        bs.forEach((b, bi) => once('block id', b.id, [...path, 'blocks', bi, 'id']));
      blocks(s.blocks, sp);
      s.campaigns.forEach((a, ai) => {
        const ap = [...sp, 'campaigns', ai];
        once('campaign id', a.id, [...ap, 'id']);
        // ad_campaigns holds (site_id, name) unique: two campaigns of a site need two names.
        once(`campaign name of site ${s.id}`, a.name, [...ap, 'name']);
        blocks(a.blocks, ap);
        a.condition_groups.forEach((g, gi) => {
          once('condition group id', g.id, [...ap, 'condition_groups', gi, 'id']);
          g.conditions.forEach((k, ki) => once('condition id', k.id, [...ap, 'condition_groups', gi, 'conditions', ki, 'id']));
        });
      });
    });
    c.employees.forEach((e, ei) => once('employee id', e.id, ['customers', ci, 'employees', ei, 'id']));
  });
}

export const SiteConfigSchema = z.strictObject({ customers: z.array(Customer) }).superRefine((cfg, ctx) => {
  checkUnique(cfg, ctx);
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
export type SiteConfigCustomer = z.infer<typeof Customer>;
export type SiteConfigSite = z.infer<typeof Site>;
export type SiteConfigBlock = z.infer<typeof Block>;

/** Validates a configuration (parsed JSON, or an object built in code); throws an Error that says what is wrong and where. */
export function parseSiteConfig(raw: unknown, source: string): SiteConfig {
  const parsed = SiteConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`site configuration ${source}: ${first.path.join('.')}: ${first.message}`);
  }
  return parsed.data;
}

/** Reads and validates a configuration file; throws an Error that says what is wrong and where. */
export function readSiteConfig(path: string): SiteConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`site configuration ${path}: ${(e as Error).message}`, { cause: e });
  }
  return parseSiteConfig(raw, path);
}
