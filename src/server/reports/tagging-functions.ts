import { z } from 'zod';
import { addTagLink, removeTagLink } from './tag-links.js';
import { ensureTag, tagOfCustomer, tagsNamed } from './tags.js';
import { removeSale, setSale } from './sales.js';
import { siteOfCommunication } from './communications.js';
import { siteById } from '../sites/sites.js';
import { timestamp } from '../store/time.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { id } from '../api/args.js';
import { dateArg } from '../identity/dates.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { requestDate, SALE_TAG_NAMES } from './report-common.js';
import { recordKindOf } from '../webhooks/events.js';
import { enqueue } from '../webhooks/outbox.js';

/**
 * Tagging of communications (rest-api.md, "Tagging of communications"): a tag of the customer's on
 * a goal, chat, offline request or call record (`object_type` as the document names them); the
 * sale tag with its deal's date and sum. A communication's tags appear in its report record, its
 * sale in the record's `sale_date` and `sale_cost` and in `advertising_sales`.
 */

const OBJECT_TYPES = ['cdr_in', 'sitephone', 'offline_message', 'chat', 'goal'] as const;

const target = {
  object_id: id().describe('the communication id (the id of its record)'),
  object_type: z.enum(OBJECT_TYPES).describe('cdr_in: a call; sitephone: a call-back request; offline_message, chat, goal'),
};

/** What setting and removing a tag declare alike: one communication and one of the customer's tags. */
const tagOnCommunication = () =>
  ({
    verb: 'POST',
    tag: 'tags',
    employee: { site: 'communication' },
    names: { object_id: 'communication', mark_id: 'tag' },
    args: z.object({ ...target, mark_id: id().describe('the tag id') }),
    response: acknowledgement,
  }) as const;

/** The communication must be of one of the customer's sites: else 100410. Its site. */
async function ownCommunication(ctx: CustomerContext, type: CommunicationObjectType, objectId: number): Promise<number> {
  const siteId = await siteOfCommunication(ctx.store.db, type, objectId);
  const site = siteId == null ? null : await siteById(ctx.store.db, siteId);
  if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.notFound(type, objectId);
  return site.id;
}

async function ownTag(ctx: CustomerContext, tagId: number): Promise<{ id: number; name: string }> {
  const t = await tagOfCustomer(ctx.store.db, ctx.customer.id, tagId);
  if (!t) throw apiErrors.notFound('tag', tagId);
  return t;
}

export const tagCommunication = apiFunction({
  name: 'tag_communication',
  scope: 'customer',
  ...tagOnCommunication(),
  summary: 'Tag a communication',
  description: 'Sets tag `mark_id` on a communication (`object_id`, `object_type`); setting it again changes nothing.',
  async run(ctx, a) {
    const siteId = await ownCommunication(ctx, a.object_type, a.object_id);
    const tag = await ownTag(ctx, a.mark_id);
    await ctx.store.db.transaction().execute(async (tx) => {
      await addTagLink(tx, {
        object_type: a.object_type,
        object_id: a.object_id,
        tag_id: a.mark_id,
        site_id: siteId,
        created_at: timestamp(ctx.now()),
      });
      // Announced to the customer's webhooks with the record (one statement; no endpoint, no row).
      const kind = recordKindOf(a.object_type);
      await enqueue(tx, { type: 'tag.set', siteId, kind, id: a.object_id, detail: { tag: { id: tag.id, name: tag.name } } }, ctx.now());
    });
    return undefined;
  },
});

export const tagCommunicationSale = apiFunction({
  name: 'tag_communication_sale',
  verb: 'POST',
  scope: 'customer',
  tag: 'tags',
  summary: 'Record a sale',
  description: 'Sets the Sale tag on a communication with the deal date and sum; again, it replaces the deal.',
  employee: { site: 'communication' },
  names: { object_id: 'communication' },
  args: z.object({
    ...target,
    cost: z.number().min(0).max(1e13).describe('the deal sum'),
    date_time: dateArg.describe("the deal's date, in the customer's time zone"),
  }),
  response: acknowledgement,
  async run(ctx, a) {
    const saleDate = requestDate(ctx, 'date_time', a.date_time);
    const siteId = await ownCommunication(ctx, a.object_type, a.object_id);
    const now = timestamp(ctx.now());
    await ctx.store.db.transaction().execute(async (tx) => {
      // The customer's sale tag by name; a customer without one gets `Sale`.
      const named = await tagsNamed(tx, ctx.customer.id, SALE_TAG_NAMES);
      const tagId = named[0]?.id ?? (await ensureTag(tx, ctx.customer.id, SALE_TAG_NAMES[0]));
      await addTagLink(tx, { object_type: a.object_type, object_id: a.object_id, tag_id: tagId, site_id: siteId, created_at: now });
      await setSale(tx, {
        object_type: a.object_type,
        object_id: a.object_id,
        site_id: siteId,
        sale_date: saleDate,
        cost_kopecks: Math.round(a.cost * 100),
        created_at: now,
      });
      const sale = { cost: a.cost, date_time: a.date_time };
      await enqueue(tx, { type: 'sale.set', siteId, kind: recordKindOf(a.object_type), id: a.object_id, detail: { sale } }, ctx.now());
    });
    return undefined;
  },
});

export const untagCommunication = apiFunction({
  name: 'untag_communication',
  scope: 'customer',
  ...tagOnCommunication(),
  summary: 'Untag a communication',
  description: 'Removes a tag set before; removing the Sale tag removes the deal.',
  async run(ctx, a) {
    await ownCommunication(ctx, a.object_type, a.object_id);
    const tag = await ownTag(ctx, a.mark_id);
    await ctx.store.db.transaction().execute(async (tx) => {
      if (!(await removeTagLink(tx, a.object_type, a.object_id, a.mark_id)))
        throw apiErrors.notFound('tag on the communication', a.mark_id);
      if ((SALE_TAG_NAMES as readonly string[]).includes(tag.name)) await removeSale(tx, a.object_type, a.object_id);
    });
    return undefined;
  },
});
