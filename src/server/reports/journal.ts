import type { JournalItem, JournalType } from '../../app-protocol.js';
import { DEFAULT_TIME_ZONE, parseDate } from '../identity/dates.js';
import { errors } from '../http/errors.js';
import { chatLines, goalLines, requestLines, sessionContexts } from './communication-context.js';
import type { CustomerRow } from '../identity/customers.js';
import { communicationCount, newestCommunicationPage } from './communications.js';
import { salesOfCommunications } from './sales.js';
import { tagsOfCommunications } from './tag-links.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { siteById } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { callDetails, explainAttribution } from './call-details.js';
import { journalReasons } from './journal-reasons.js';

const iso = (utc: string) => new Date(Date.parse(utc.replace(' ', 'T') + 'Z')).toISOString();

/**
 * The site's communications of every kind (or of the one `type` names) in the customer's days `[date_from, date_till]`, newest
 * first, paged in SQL with the count in the same read (reports/communications.ts).
 */
/** One page of one site's journal: its days, filters and page. */
export interface JournalQuery {
  site_id: number;
  date_from: string;
  date_till: string;
  ac_id?: number | undefined;
  tag_id?: number | undefined;
  type?: JournalType | undefined;
  limit: number;
  offset: number;
}

export async function journalPage(db: Queryable, customer: CustomerRow, q: JournalQuery) {
  const filter = await journalFilter(db, customer, q);
  const page = await newestCommunicationPage(db, filter, { limit: q.limit, offset: q.offset });
  const rows = page.rows;
  // A page past the end carries no count: counted apart, as only such a page needs it.
  const total = page.total ?? (q.offset ? await communicationCount(db, filter, false) : 0);
  const ids = (t: CommunicationObjectType) => rows.filter((c) => c.object_type === t).map((c) => c.id);
  const sessions = await sessionContexts(db, [...new Set(rows.flatMap((c) => (c.session_id == null ? [] : [c.session_id])))]);
  const campaigns = new Map((await campaignsOfSite(db, q.site_id)).map((c) => [c.id, c]));
  const lines: JournalLines = {
    goals: await goalLines(db, ids('goal')),
    chats: await chatLines(db, ids('chat')),
    requests: await requestLines(db, ids('offline_message')),
    calls: await callDetails(db, [...ids('sitephone'), ...ids('cdr_in')]),
  };
  const { tags, sales } = await tagsAndSales(db, ids);
  const reasons = await journalReasons(db, q.site_id, rows);
  const items = rows.map((c): JournalItem => {
    const ctx = c.session_id == null ? undefined : sessions.get(c.session_id);
    const call = lines.calls.get(c.id);
    const isCall = c.object_type === 'cdr_in' || c.object_type === 'sitephone';
    const { detail, status } = detailOf(lines, c);
    return {
      type: c.object_type,
      id: c.id,
      at: iso(c.at),
      ac_id: c.ac_id,
      ac_name: c.ac_id === -1 ? '' : (campaigns.get(c.ac_id)?.name ?? '#' + c.ac_id),
      ac_is_removed: campaigns.get(c.ac_id)?.removed ?? false,
      utm_source: ctx?.utm_source ?? null,
      utm_medium: ctx?.utm_medium ?? null,
      utm_campaign: ctx?.utm_campaign ?? null,
      referrer: ctx?.referrer ?? null,
      entrance_page: ctx?.entrance_page ?? call?.page_url ?? null,
      detail,
      numb: isCall ? (call?.numb ?? null) : null,
      duration: isCall ? (call?.duration ?? null) : null,
      status,
      records: isCall && call ? recordsOf(call.file_link) : [],
      tags: tags.get(`${c.object_type}:${c.id}`) ?? [],
      sale: sales.get(`${c.object_type}:${c.id}`) ?? null,
      number_reason: reasons.get(`${c.object_type}:${c.id}`) ?? null,
      attribution: isCall ? (explainAttribution(call?.attribution ?? null)?.code ?? null) : null,
      qualified: qualifiedAt(lines, c) != null,
    };
  });
  return { total, items };
}

/** The query as a filter of the customer's site: its range in the customer's zone, the last day whole. */
async function journalFilter(db: Queryable, customer: CustomerRow, q: JournalQuery) {
  const site = await siteById(db, q.site_id);
  if (!site || site.customer_id !== customer.id) throw errors.notFound();
  const zone = customer.time_zone || DEFAULT_TIME_ZONE;
  const from = parseDate(q.date_from, zone);
  const till = parseDate(q.date_till, zone);
  if (from == null || till == null) throw errors.invalid('date_from: not a date');
  if (q.date_till < q.date_from) throw errors.invalid('date_till: on or after date_from');
  return {
    customerId: customer.id,
    siteId: q.site_id,
    from: timestamp(from),
    // The last day is whole.
    till: timestamp(till + 86_400_000),
    acId: q.ac_id,
    tagId: q.tag_id,
    types: q.type && [q.type],
  };
}

interface JournalLines {
  goals: Awaited<ReturnType<typeof goalLines>>;
  chats: Awaited<ReturnType<typeof chatLines>>;
  requests: Awaited<ReturnType<typeof requestLines>>;
  calls: Awaited<ReturnType<typeof callDetails>>;
}

/** The tags and the sale of each communication of the page, by `type:id`. */
async function tagsAndSales(db: Queryable, ids: (t: CommunicationObjectType) => number[]) {
  const tags = new Map<string, Array<{ id: number; tag: string }>>();
  const sales = new Map<string, number>();
  for (const t of ['goal', 'chat', 'offline_message', 'sitephone', 'cdr_in'] as const) {
    const list = ids(t);
    if (!list.length) continue;
    for (const [id, v] of await tagsOfCommunications(db, t, list)) tags.set(`${t}:${id}`, v);
    for (const [id, v] of await salesOfCommunications(db, t, list)) sales.set(`${t}:${id}`, v.cost_kopecks / 100);
  }
  return { tags, sales };
}

/** A communication's line of detail by its kind, and its status (a chat's, a call's). */
function detailOf(lines: JournalLines, c: { object_type: CommunicationObjectType; id: number }): { detail: string; status: string | null } {
  if (c.object_type === 'goal') return { detail: lines.goals.get(c.id)?.name ?? '', status: null };
  if (c.object_type === 'chat') {
    const ch = lines.chats.get(c.id);
    return { detail: ch?.operator_name ?? '', status: ch?.status ?? null };
  }
  if (c.object_type === 'offline_message') {
    const r = lines.requests.get(c.id);
    return { detail: [r?.name, r?.phone, r?.email, r?.message].filter(Boolean).join(' · '), status: null };
  }
  const call = lines.calls.get(c.id);
  return { detail: call?.numa ?? '', status: call?.status ?? null };
}

/** A call's recordings, from the stored JSON list; none when it is unreadable. */
function recordsOf(fileLink: string): string[] {
  try {
    return (JSON.parse(fileLink) as string[]).filter((x) => typeof x === 'string');
  } catch {
    return [];
  }
}

/** When a qualification rule marked the communication; null: not qualified (goals never are). */
function qualifiedAt(lines: JournalLines, c: { object_type: CommunicationObjectType; id: number }): string | null {
  if (c.object_type === 'chat') return lines.chats.get(c.id)?.qualified_at ?? null;
  if (c.object_type === 'offline_message') return lines.requests.get(c.id)?.qualified_at ?? null;
  if (c.object_type === 'goal') return null;
  return lines.calls.get(c.id)?.qualified_at ?? null;
}
