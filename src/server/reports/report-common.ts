import { z } from 'zod';
import type { ReportFilter } from './report-filter.js';
import type { PersonFacts } from './person-facts.js';
import { siteById } from '../sites/sites.js';
import { timestamp } from '../store/time.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { int, id } from '../api/args.js';
import { dateArg, formatDate, parseDate } from '../identity/dates.js';
import { apiErrors } from '../api/errors.js';
import type { CustomerContext } from '../api/function.js';
import { tagsNamed } from './tags.js';

/**
 * What the report functions share (rest-api.md, "Reports"): the half-open date range in the
 * customer's time zone, the site check, the common visitor-context fields of the records and
 * their schema, and the tags the document gives a meaning (sale, not target).
 */

/** Tags the document gives a meaning, found among the customer's tags by name. */
export const SALE_TAG_NAMES = ['Sale', 'Продажа'] as const;
export const NOT_TARGET_TAG_NAMES = ['Not target', 'Нецелевой'] as const;

/** The ids of the customer's not-target tags (`show_not_goal=false` and `only_quality` leave them out). */
export async function notTargetTags(ctx: CustomerContext): Promise<number[]> {
  return (await tagsNamed(ctx.store.db, ctx.customer.id, NOT_TARGET_TAG_NAMES)).map((t) => t.id);
}

/** A stored UTC date-time (store/time.ts) as epoch ms. */
export const storedMs = (t: string): number => Date.parse(t.replace(' ', 'T') + 'Z');

/** A stored UTC date-time as the answers write it, in the customer's zone. */
export function answerDate(ctx: CustomerContext, t: string): string;
export function answerDate(ctx: CustomerContext, t: string | null): string | null;
export function answerDate(ctx: CustomerContext, t: string | null): string | null {
  return t == null ? null : formatDate(storedMs(t), ctx.customer.time_zone);
}

/** A request date in the customer's zone as stored UTC text; 100422 when it is no date. */
export function requestDate(ctx: CustomerContext, name: string, text: string): string {
  const ms = parseDate(text, ctx.customer.time_zone);
  if (ms == null) throw apiErrors.invalid(name, 'not a date');
  return timestamp(ms);
}

/** The range `[date_from, date_till)` in the customer's zone, as stored UTC text. */
export function range(ctx: CustomerContext, dateFrom: string | undefined, dateTill: string): { from?: string; till: string } {
  const till = requestDate(ctx, 'date_till', dateTill);
  if (dateFrom === undefined) return { till };
  const from = requestDate(ctx, 'date_from', dateFrom);
  if (from >= till) throw apiErrors.invalid('date_till', 'must be after date_from (the range is [date_from, date_till))');
  return { from, till };
}

/** The site must be the customer's: else the document's 211400. */
export async function ownSite(ctx: CustomerContext, siteId: number | undefined): Promise<void> {
  if (siteId === undefined) return;
  const s = await siteById(ctx.store.db, siteId);
  if (!s || s.customer_id !== ctx.customer.id) throw apiErrors.invalidCustomerForSite(siteId);
}

/** The filter of a report call: its site checked, its dates in UTC. */
export async function reportFilter(
  ctx: CustomerContext,
  a: {
    site_id?: number | undefined;
    date_from?: string | undefined;
    date_till: string;
    ac_id?: number | undefined;
    tag_id?: number | undefined;
    visitor_id?: number | undefined;
  },
): Promise<ReportFilter> {
  await ownSite(ctx, a.site_id);
  return {
    customerId: ctx.customer.id,
    siteId: a.site_id,
    ...range(ctx, a.date_from, a.date_till),
    acId: a.ac_id,
    tagId: a.tag_id,
    visitorId: a.visitor_id,
  };
}

/** The parameters every report takes (the document's names; which are required varies). */
export const reportArgs = {
  site_id: id(),
  date_from: dateArg.describe("YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive"),
  date_till: dateArg.describe("YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)"),
  ac_id: int().min(-1).describe('the campaign of the session; -1: without campaign'),
  tag_id: id(),
  visitor_id: id(),
};

const text = z.string().nullable();
/** A date-time of an answer, in the customer's zone. */
export const dateTime = z.string().describe("YYYY-MM-DD HH:MM:SS in the customer's time zone");

/** The document's "common visitor-context fields" of goal, call, chat and offline-message records. */
export const commonShape = {
  communication_number: z.number().int().describe("this communication's number among the person's communications of every kind, from 1"),
  site_id: z.number().int(),
  ac_id: z.number().int().describe('-1: no campaign'),
  visitor_id: z.number().int().nullable(),
  session_id: z.number().int().nullable(),
  visits_count: z.number().int().nullable().describe("the visitor's visits up to this communication's session"),
  other_adv_contacts: z.boolean().describe('the person had come through other campaigns by then'),
  country: text,
  region: text,
  city: text,
  search_engine: text,
  search_query: text,
  referrer_domain: text,
  referrer: text,
  ua_client_id: text,
  utm_campaign: text,
  utm_content: text,
  utm_medium: text,
  utm_source: text,
  utm_term: text,
  os_ad_id: text,
  os_campaign_id: text,
  os_service_name: text,
  os_source_id: text,
  gclid: text,
  yclid: text,
  ef_id: text,
  sale_date: dateTime.nullable(),
  sale_cost: z.number().nullable(),
  last_query: text.describe('the latest search query the visitor came with, up to this session'),
};

/** The session context columns a record carries, as the tables store them. */
export interface ContextColumns {
  site_id: number;
  ac_id: number;
  visitor_id: number | null;
  session_id: number | null;
  country: string | null;
  region: string | null;
  city: string | null;
  search_engine: string | null;
  search_query: string | null;
  referrer_domain: string | null;
  referrer: string | null;
  ua_client_id: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_medium: string | null;
  utm_source: string | null;
  utm_term: string | null;
  os_ad_id: string | null;
  os_campaign_id: string | null;
  os_service_name: string | null;
  os_source_id: string | null;
  gclid: string | null;
  yclid: string | null;
  ef_id: string | null;
}

export interface Sale {
  sale_date: string;
  cost_kopecks: number;
}

/** The common fields of one record. `at` is the communication's stored time. */
export function commonFields(
  ctx: CustomerContext,
  facts: PersonFacts,
  type: CommunicationObjectType,
  id: number,
  at: string,
  r: ContextColumns,
  sale: Sale | null,
  visitsCount?: number | null,
): z.input<z.ZodObject<typeof commonShape>> {
  return {
    communication_number: facts.communicationNumber(type, id),
    site_id: r.site_id,
    ac_id: r.ac_id,
    visitor_id: r.visitor_id,
    session_id: r.session_id,
    visits_count: visitsCount !== undefined ? visitsCount : facts.visitsCount(r.visitor_id, r.session_id),
    other_adv_contacts: facts.otherAdvContacts(r.visitor_id, r.ac_id, at),
    country: r.country,
    region: r.region,
    city: r.city,
    search_engine: r.search_engine,
    search_query: r.search_query,
    referrer_domain: r.referrer_domain,
    referrer: r.referrer,
    ua_client_id: r.ua_client_id,
    utm_campaign: r.utm_campaign,
    utm_content: r.utm_content,
    utm_medium: r.utm_medium,
    utm_source: r.utm_source,
    utm_term: r.utm_term,
    os_ad_id: r.os_ad_id,
    os_campaign_id: r.os_campaign_id,
    os_service_name: r.os_service_name,
    os_source_id: r.os_source_id,
    gclid: r.gclid,
    yclid: r.yclid,
    ef_id: r.ef_id,
    sale_date: sale ? answerDate(ctx, sale.sale_date) : null,
    sale_cost: sale ? sale.cost_kopecks / 100 : null,
    last_query: facts.lastQuery(r.visitor_id, r.session_id),
  };
}
