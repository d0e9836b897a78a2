import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createSite, siteCountOfCustomer, sitesOfCustomer, siteWithDomain } from './sites.js';
import { domain, origins, phoneDigits, userPhone } from './site-fields.js';
import { apiFunction } from '../api/function.js';
import { int } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import type { Queryable } from '../store/queryable.js';

/** Sites (docs/spec/rest-api.md, "Sites, campaigns, tags"). */

export const siteKey = (prefix: string) => prefix + randomBytes(12).toString('base64url');

export const site = apiFunction({
  name: 'site',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'sites',
  summary: 'List sites',
  description: 'The customer’s sites: `{id, domain}`, and `site_key`, `widget_key` (extension).',
  employee: { site: 'none', siteOfRow: 'id' },
  args: z.object({}),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      domain: z.string(),
      site_key: z.string().describe('EXTENSION: the key of the snippet'),
      widget_key: z.string().describe('EXTENSION: the key of the widget'),
    }),
  ),
  async run(ctx) {
    ctx.setTotal(await siteCountOfCustomer(ctx.store.db, ctx.customer.id));
    return sitesOfCustomer(ctx.store.db, ctx.customer.id, ctx.page);
  },
});

/** Refuses a domain another live site of the customer has: two sites of one domain cannot tell their pages apart. */
export async function uniqueDomain(db: Queryable, customerId: number, d: string, except: number | null): Promise<void> {
  const twin = await siteWithDomain(db, customerId, d, except);
  if (twin != null) throw apiErrors.duplicate(`domain ${d}: site ${twin} has it`);
}

export const createSiteFn = apiFunction({
  name: 'create_site',
  verb: 'POST',
  scope: 'customer',
  tag: 'sites',
  summary: 'Create a site',
  description:
    'Adds a site; it gets its site key and widget key and works with the snippet at once. Answers `{id}`. A domain another ' +
    'of the customer’s sites has is `409 100503`.',
  args: z.object({
    domain,
    user_phone: userPhone,
    target_call_min_duration: int().min(0).max(86_400).optional(),
    origins: origins.optional(),
    lang: z.enum(['ru', 'en']).optional().describe('EXTENSION: the language of its widgets; default ru'),
  }),
  response: z.strictObject({
    id: z.number().int(),
    site_key: z.string().describe('EXTENSION'),
    widget_key: z.string().describe('EXTENSION'),
  }),
  async run(ctx, a) {
    const keys = { site_key: siteKey('s-'), widget_key: siteKey('wk-') };
    const id = await ctx.store.db.transaction().execute(async (tx) => {
      await uniqueDomain(tx, ctx.customer.id, a.domain, null);
      return createSite(tx, {
        customer_id: ctx.customer.id,
        domain: a.domain,
        ...keys,
        user_phone: phoneDigits(a.user_phone),
        origins: JSON.stringify(a.origins ?? []),
        settings: JSON.stringify({ captcha: false, lang: a.lang ?? 'ru' }),
        target_call_min_duration: a.target_call_min_duration ?? null,
      });
    });
    ctx.store.siteDataChanged();
    return { id, ...keys };
  },
});
