import { z } from 'zod';
import { deleteBlocksOfSite } from './blocks.js';
import { removeCampaignsOfSite } from './campaigns.js';
import { forgetRefusedOrigin } from './refused-origins.js';
import { domain, origins, phoneDigits, userPhone } from './site-fields.js';
import { siteKey, uniqueDomain } from './site-functions.js';
import { ownLiveSite, updateSite, type SiteRow } from './sites.js';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): what the document's `site` and `create_site` leave out
 * and a site's owner needs: one site's fields (`site_detail`), changing them (`change_site`), a new
 * snippet key (`rotate_site_key`) and deleting it (`delete_site`). A deleted site keeps its row,
 * since its traffic points at it, but serves nothing and is listed nowhere.
 */

async function ownSite(db: Queryable, customerId: number, siteId: number): Promise<SiteRow> {
  const s = await ownLiveSite(db, customerId, siteId);
  if (!s) throw apiErrors.notFound('site', siteId);
  return s;
}

const detail = z.strictObject({
  id: z.number().int(),
  domain: z.string(),
  origins: z.array(z.string()).describe('extra origins whose pages may use the site'),
  user_phone: z.string().nullable().describe('the site’s own phone, digits'),
  site_key: z.string(),
  widget_key: z.string(),
});

const detailOf = (s: SiteRow): z.input<typeof detail> => ({
  id: s.id,
  domain: s.domain,
  origins: JSON.parse(s.origins) as string[],
  user_phone: s.user_phone,
  site_key: s.site_key,
  widget_key: s.widget_key,
});

export const siteDetail = apiFunction({
  name: 'site_detail',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'One site with its origins and phone (extension)',
  description: 'Site `id`: `{id, domain, origins, user_phone, site_key, widget_key}`. Not in the REST document.',
  names: { id: 'site' },
  args: z.object({ id: id() }),
  response: detail,
  async run(ctx, a) {
    return detailOf(await ownSite(ctx.store.db, ctx.customer.id, a.id));
  },
});

export const changeSite = apiFunction({
  name: 'change_site',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'Change a site (extension)',
  description:
    'Sets the fields given of site `id`: `domain` (another of the customer’s sites’ is `409 100503`), `origins` (replaced), ' +
    '`user_phone`. The next page view takes them. Answers the site as `site_detail` does. Not in the REST document.',
  names: { id: 'site' },
  args: z.object({ id: id(), domain: domain.optional(), origins: origins.optional(), user_phone: userPhone.optional() }),
  response: detail,
  async run(ctx, a) {
    const { db } = ctx.store;
    const changed = await db.transaction().execute(async (tx) => {
      await ownSite(tx, ctx.customer.id, a.id);
      if (a.domain !== undefined) await uniqueDomain(tx, ctx.customer.id, a.domain, a.id);
      await updateSite(tx, a.id, {
        ...(a.domain !== undefined ? { domain: a.domain } : {}),
        ...(a.origins !== undefined ? { origins: JSON.stringify(a.origins) } : {}),
        ...(a.user_phone !== undefined ? { user_phone: phoneDigits(a.user_phone) } : {}),
      });
      // A refusal the change may have answered would mislead the next check.
      if (a.domain !== undefined || a.origins !== undefined) await forgetRefusedOrigin(tx, a.id);
      return ownSite(tx, ctx.customer.id, a.id);
    });
    ctx.store.siteDataChanged();
    return detailOf(changed);
  },
});

export const rotateSiteKey = apiFunction({
  name: 'rotate_site_key',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'Give a site a new snippet key (extension)',
  description:
    'Site `id` gets a new `site_key`; the snippet with the old one stops working at once (its page views are refused as an ' +
    'unknown site) until the pages carry the new one. Answers `{site_key}`. Not in the REST document.',
  names: { id: 'site' },
  args: z.object({ id: id() }),
  response: z.strictObject({ site_key: z.string() }),
  async run(ctx, a) {
    const key = siteKey('s-');
    await ctx.store.db.transaction().execute(async (tx) => {
      await ownSite(tx, ctx.customer.id, a.id);
      await updateSite(tx, a.id, { site_key: key });
    });
    ctx.store.siteDataChanged();
    return { site_key: key };
  },
});

export const deleteSite = apiFunction({
  name: 'delete_site',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'Delete a site (extension)',
  description:
    'Deletes site `id`: its snippet and widget stop working, its campaigns are removed (as the journal shows them), its number ' +
    'blocks are deleted, so its numbers are free for other sites and campaigns. Its recorded traffic stays in the database. ' +
    'Answers `{campaigns}`, how many campaigns went with it. Not in the REST document.',
  names: { id: 'site' },
  args: z.object({ id: id() }),
  response: z.strictObject({ campaigns: z.number().int() }),
  async run(ctx, a) {
    const at = timestamp(ctx.now());
    const campaigns = await ctx.store.db.transaction().execute(async (tx) => {
      await ownSite(tx, ctx.customer.id, a.id);
      const n = await removeCampaignsOfSite(tx, a.id, at);
      await deleteBlocksOfSite(tx, a.id);
      await forgetRefusedOrigin(tx, a.id);
      await updateSite(tx, a.id, { removed_at: at });
      return n;
    });
    ctx.store.siteDataChanged();
    return { campaigns };
  },
});
