import { z } from 'zod';
import { id, int } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { journalPage } from './journal.js';
import { asRestError } from '../api/rest-errors.js';
import { JOURNAL_TYPES } from '../../app-protocol.js';
import { day } from './day-argument.js';

/** The most records of one journal page: each carries its context, tags and sale. */
const JOURNAL_LIMIT = 100;

/**
 * EXTENSION (not in docs/spec/rest-api.md): the site's calls, call-backs, chats, requests and goals
 * in one list, newest first, paged in SQL (journal.ts), with each one's campaign, visit, tags and
 * sale; the count of all pages in `X-Total-Count`.
 */
export const journal = apiFunction({
  name: 'journal',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  list: true,
  tag: 'reports',
  summary: 'The journal (extension)',
  description:
    "A site's calls, call-backs, chats, requests and goals of the days `date_from`…`date_till` (both included, `YYYY-MM-DD` in the customer's time zone), newest first, with campaign (`ac_is_removed`: deleted by its owner), visit, tags and sale; filters `ac_id`, `tag_id`, `type`. `limit` up to 100; the count of all pages in `X-Total-Count`. Not in the REST document.",
  employee: { site: 'named' },
  names: { site_id: 'site' },
  filters: { ac_id: 'campaign', tag_id: 'tag' },
  args: z.object({
    site_id: id(),
    date_from: day().describe('the first day, YYYY-MM-DD, in the customer’s time zone'),
    date_till: day().describe('the last day, included'),
    ac_id: int().min(-1).optional().describe('one campaign; -1: traffic of no campaign'),
    tag_id: id().optional(),
    type: z.enum(JOURNAL_TYPES).optional().describe('one kind only'),
  }),
  response: z.array(
    z.strictObject({
      type: z.enum(JOURNAL_TYPES),
      id: z.number().int(),
      at: z.string().describe('ISO 8601, UTC'),
      ac_id: z.number().int(),
      ac_name: z.string(),
      ac_is_removed: z.boolean().describe('the campaign was deleted by its owner; its records keep it (extension)'),
      utm_source: z.string().nullable(),
      utm_medium: z.string().nullable(),
      utm_campaign: z.string().nullable(),
      referrer: z.string().nullable(),
      entrance_page: z.string().nullable(),
      detail: z.string().describe('caller, goal name, request text…: what the kind has to say'),
      numb: z.string().nullable().describe('the number called, for calls'),
      duration: z.number().nullable(),
      status: z.string().nullable(),
      records: z.array(z.string()),
      tags: z.array(z.strictObject({ id: z.number().int(), tag: z.string() })),
      sale: z.number().nullable().describe('the sale’s amount in roubles'),
      number_reason: z
        .string()
        .nullable()
        .describe(
          'why the visit kept the site’s own number (`no_campaign`, `dry`, `share`, `bot`, `preview_invalid`, `preview_expired`), or `preview`: the owner’s preview; for a call credited to the site with no visit, that of the latest visit live at ring time that kept the site’s number',
        ),
      attribution: z
        .string()
        .nullable()
        .describe(
          'why a call was credited, as `call`’s `attribution.code` (`lease`, `static_block`…); null for other kinds and older calls',
        ),
      qualified: z.boolean().describe('a qualification rule marked it'),
    }),
  ),
  async run(ctx, a) {
    if (ctx.page.limit > JOURNAL_LIMIT) throw apiErrors.limitTooLarge(JOURNAL_LIMIT);
    const page = await asRestError(`site ${a.site_id}`, () => journalPage(ctx.store.db, ctx.customer, { ...a, ...ctx.page }));
    ctx.setTotal(page.total);
    return page.items;
  },
});
