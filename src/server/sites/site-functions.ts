import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { phone } from '../api/phone.js';
import { createSite, siteCountOfCustomer, sitesOfCustomer } from './sites.js';
import { apiFunction } from '../api/function.js';
import { int } from '../api/args.js';

/** Sites (docs/spec/rest-api.md, "Sites, campaigns, tags"). */

const key = (prefix: string) => prefix + randomBytes(12).toString('base64url');

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

/** One label of a host name: letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9-]{1,63}$/;
/**
 * A host name as a browser writes it: the snippet's origin rule compares it with the page's host.
 * Checked label by label rather than with one pattern of repeated groups and lookarounds, which
 * the server's patterns avoid (test/unit/server/guards/regex-inputs.test.ts).
 */
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .refine(
    (d) => d.split('.').every((label) => LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-')),
    'a host name such as shop.example.com',
  );

export const createSiteFn = apiFunction({
  name: 'create_site',
  verb: 'POST',
  scope: 'customer',
  tag: 'sites',
  summary: 'Create a site',
  description: 'Adds a site; it gets its site key and widget key and works with the snippet at once. Answers `{id}`.',
  args: z.object({
    domain,
    user_phone: phone(),
    target_call_min_duration: int().min(0).max(86_400).optional(),
  }),
  response: z.strictObject({
    id: z.number().int(),
    site_key: z.string().describe('EXTENSION'),
    widget_key: z.string().describe('EXTENSION'),
  }),
  async run(ctx, a) {
    const siteKey = key('s-');
    const widgetKey = key('wk-');
    const id = await createSite(ctx.store.db, {
      customer_id: ctx.customer.id,
      domain: a.domain,
      site_key: siteKey,
      widget_key: widgetKey,
      user_phone: a.user_phone,
      settings: JSON.stringify({ captcha: false, lang: 'ru' }),
      target_call_min_duration: a.target_call_min_duration ?? null,
    });
    ctx.store.siteDataChanged();
    return { id, site_key: siteKey, widget_key: widgetKey };
  },
});
