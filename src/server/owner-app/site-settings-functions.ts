import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { asRestError } from '../api/rest-errors.js';
import { lastPageViewMs } from './queries.js';
import { siteById } from '../sites/sites.js';
import { lastRefusedOrigin } from '../sites/refused-origins.js';
import { readSiteSettings, SiteSettings, writeSiteSettings } from './site-settings.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): what the app shows and edits of one of the customer's
 * sites beyond `site`: when its snippet was last seen (`site_installation`), and its settings
 * (`site_settings`, GET and PUT; site-settings.ts says which).
 */

const siteId = { site_id: id().describe("one of the customer's sites") };

export const siteInstallation = apiFunction({
  name: 'site_installation',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'When the site was last seen (extension)',
  description:
    '`{last_page_view, refused_origin}`: when the server last saw a page view of `site_id` (ISO 8601, UTC), or null: whether ' +
    'its snippet is installed; and the last page origin it refused for the site `{origin, at, reason}` (`not_listed`: not ' +
    'its domain, a subdomain or an extra origin; `not_web`: not an http(s) page), or null. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object(siteId),
  response: z.strictObject({
    last_page_view: z.string().nullable().describe('ISO 8601, UTC; null before the first'),
    refused_origin: z
      .strictObject({ origin: z.string(), at: z.string().describe('ISO 8601, UTC'), reason: z.enum(['not_listed', 'not_web']) })
      .nullable()
      .describe('the last page origin refused for the site (one a minute is kept)'),
  }),
  async run(ctx, a) {
    const site = await siteById(ctx.store.db, a.site_id);
    if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.notFound('site', a.site_id);
    const ms = await lastPageViewMs(ctx.store.db, a.site_id);
    const refused = await lastRefusedOrigin(ctx.store.db, a.site_id);
    return {
      last_page_view: ms == null ? null : new Date(ms).toISOString(),
      refused_origin: refused && {
        origin: refused.origin,
        at: new Date(refused.at_ms).toISOString(),
        reason: refused.reason === 'not_web' ? ('not_web' as const) : ('not_listed' as const),
      },
    };
  },
});

const settingsRecord = z.strictObject({
  lang: z.enum(['ru', 'en']),
  captcha: z.boolean(),
  callback_scenario: z.string().nullable(),
  dt_lease_minutes: z.number().int(),
  dt_overflow: z.enum(['static', 'reserved']),
  dt_reserved_number: z.string().nullable(),
});

export const siteSettings = apiFunction({
  name: 'site_settings',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'A site’s settings (extension)',
  description:
    "`{settings: {lang, captcha, callback_scenario, dt_lease_minutes, dt_overflow, dt_reserved_number}, scenarios}`: the site's widget language and captcha, its call-back scenario, how long a pool number stays with a visit, what a dry pool shows; and the names of the customer's scenarios. Not in the REST document.",
  names: { site_id: 'site' },
  args: z.object(siteId),
  response: z.strictObject({ settings: settingsRecord, scenarios: z.array(z.string()) }),
  async run(ctx, a) {
    return asRestError(`site ${a.site_id}`, () => readSiteSettings(ctx.store, ctx.customer, a.site_id));
  },
});

export const changeSiteSettings = apiFunction({
  name: 'site_settings',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'Change a site’s settings (extension)',
  description:
    'Sets every setting `site_settings` GET answers; `callback_scenario` must be a scenario of the customer, `dt_reserved_number` a number it holds (needed when `dt_overflow` is `reserved`). Page views take the change from the next one. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object({ ...siteId, ...SiteSettings.shape }).refine((s) => s.dt_overflow !== 'reserved' || s.dt_reserved_number, {
    message: 'a reserved number is needed when a dry pool gives the reserved number',
    path: ['dt_reserved_number'],
  }),
  response: acknowledgement,
  async run(ctx, { site_id: siteId, ...settings }) {
    await asRestError(`site ${siteId}`, () => writeSiteSettings(ctx.store, ctx.customer, siteId, settings));
    return undefined;
  },
});
