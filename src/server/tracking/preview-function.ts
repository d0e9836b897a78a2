import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { campaignOwner } from '../sites/campaigns.js';
import { siteById } from '../sites/sites.js';
import { createPreviewKeys } from './preview-keys.js';
import { previewPageUrl, sitePage } from './preview-link.js';
import { PREVIEW_TTL_MS, signPreview } from './preview-token.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): a link that opens the customer's site as a visitor of
 * one of its campaigns would see it, in the browser that opens it only: a tracking number of the
 * campaign past the share per address and the bot checks (the owner tests from the office, often
 * in a headless browser), marked `preview` in the journal and never counted as a visit.
 */

export const previewLink = apiFunction({
  name: 'preview_link',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'A preview link of a campaign (extension)',
  description:
    "`{url, expires_at}`: the site's page `page` (a path, or an address on the site's domain or one of its other addresses; default its front page) with the campaign's tags and `svc_preview`, a token signed by the server that works for one hour: the browser that opens it gets a tracking number of the campaign as a real visitor would, past the share per address and the bot checks; its visit is marked `preview` and is not counted. Not in the REST document.",
  names: { ac_id: 'campaign' },
  args: z.object({
    ac_id: id().describe("one of the customer's campaigns"),
    page: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .describe('a path (`/prices`) or an address on the site or its other addresses; default the front page'),
  }),
  response: z.strictObject({
    url: z.string().describe('open it in the browser to preview'),
    expires_at: z.string().describe('ISO 8601, UTC: the link works until then'),
  }),
  async run(ctx, a) {
    const db = ctx.store.db;
    const owner = await campaignOwner(db, a.ac_id);
    if (!owner || owner.customer_id !== ctx.customer.id) throw apiErrors.notFound('campaign', a.ac_id);
    const site = (await siteById(db, owner.site_id))!;
    const page = sitePage({ domain: site.domain, origins: JSON.parse(site.origins) as string[] }, a.page);
    if (!page) throw apiErrors.invalid('page', `not a page of ${site.domain}`);
    const expires = ctx.now() + PREVIEW_TTL_MS;
    // Read from the database on every call: a cache is the page view's (one per server, pipeline.ts).
    const secret = await createPreviewKeys().ensure(db, site.id, ctx.now());
    const url = await previewPageUrl(db, a.ac_id, page, signPreview(secret, site.id, a.ac_id, expires));
    return { url, expires_at: new Date(Math.floor(expires / 1000) * 1000).toISOString() };
  },
});
