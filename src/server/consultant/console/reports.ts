import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  CONSOLE_API,
  CONSOLE_PATH,
  REPORT_KINDS,
  REPORTS_PATH,
  type ReportKind,
  type ReportsCommunication,
  type ReportsCommunications,
  type ReportsDaily,
} from '../../../console-protocol.js';
import { DATE_YEARS_MESSAGE, dayOf, daySpan, DEFAULT_TIME_ZONE, inDateYears, parseDate } from '../../identity/dates.js';
import { errors } from '../../http/errors.js';
import { callLines, chatLines, goalLines, requestLines, sessionContexts } from '../../reports/communication-context.js';
import { bucketCounts } from '../../reports/daily-counts.js';
import { personFacts } from '../../reports/person-facts.js';
import { communicationCount, communicationPage } from '../../reports/communications.js';
import { tagsOfCommunications } from '../../reports/tag-links.js';
import { campaignsOfSite } from '../../sites/campaigns.js';
import { customerById } from '../../identity/customers.js';
import type { Queryable } from '../../store/queryable.js';
import type { CommunicationObjectType } from '../../store/tables.js';
import { timestamp } from '../../store/time.js';
import { describeIssue } from '../../writes/schemas.js';
import type { Operator } from '../../identity/auth.js';
import { reportsPage } from './page.js';

/**
 * The console's reports page (`/op/reports`) and its data (`/op/api/reports/daily`,
 * `/op/api/reports/communications`). An operator reads the reports of the sites they serve
 * (`employee_sites`, the same sites the console shows their chats of): another site, of their
 * customer or not, answers 404 as if it did not exist. Dates are the customer's calendar days.
 */

/** The longest range the page asks for: a year and a day (a leap year and its boundary). */
const MAX_DAYS = 366;
/** Page size of the communication list: default and cap. */
const LIST_DEFAULT = 20;
const LIST_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () => z.string().regex(DAY, 'YYYY-MM-DD').refine(inDateYears, DATE_YEARS_MESSAGE);
const Range = z.strictObject({
  site_id: z.coerce.number().int().positive(),
  date_from: day(),
  date_till: day(),
});
const ListQuery = Range.extend({
  limit: z.coerce.number().int().min(1).max(LIST_MAX).default(LIST_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export interface ReportRoutesOptions {
  db: Queryable;
  bundleDir: string;
  pageHeaders: Record<string, string>;
  /** The signed-in operator, or 401. */
  requireOperator(req: FastifyRequest): Promise<Operator>;
}

/** Every calendar day from `from` up to (not including) `till`, both `YYYY-MM-DD`; `count` of them. */
function daysOf(from: string, count: number): string[] {
  const start = Date.parse(from + 'T00:00:00Z');
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

export function reportRoutes(app: FastifyInstance, opts: ReportRoutesOptions): void {
  const { db, pageHeaders } = opts;
  app.get(REPORTS_PATH, async (_req, reply) => reply.headers(pageHeaders).type('text/html; charset=utf-8').send(reportsPage()));
  const file = (path: string, name: string, type: string) =>
    app.get(path, async (_req, reply) => {
      let body: Buffer;
      try {
        body = await readFile(join(opts.bundleDir, name));
      } catch {
        throw errors.notFound();
      }
      return reply.headers(pageHeaders).type(type).send(body);
    });
  // Only the reports page loads these: the chart library stays off the chat console.
  file(CONSOLE_PATH + 'reports.js', 'op-reports.js', 'text/javascript; charset=utf-8');
  file(CONSOLE_PATH + 'uplot.css', 'op-uplot.css', 'text/css; charset=utf-8');

  app.get(CONSOLE_API + 'reports/daily', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const op = await opts.requireOperator(req);
    const data = await dailyReport(db, await scope(db, op, parse(Range, req.query)));
    return { success: true, data };
  });

  app.get(CONSOLE_API + 'reports/communications', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const op = await opts.requireOperator(req);
    const q = parse(ListQuery, req.query);
    const data = await communicationsReport(db, op, q, await scope(db, op, q));
    reply.header('X-Total-Count', String(data.total));
    return { success: true, data };
  });
}

function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const r = schema.safeParse(v);
  if (!r.success) throw errors.invalid(describeIssue(r.error));
  return r.data;
}

type Scope = Awaited<ReturnType<typeof scope>>;

/** The operator's site and the range as stored UTC text, checked. */
async function scope(db: Queryable, op: Operator, q: z.output<typeof Range>) {
  if (!op.sites.includes(q.site_id)) throw errors.notFound();
  const zone = (await customerById(db, op.customer_id))?.time_zone ?? DEFAULT_TIME_ZONE;
  const from = parseDate(q.date_from, zone);
  const till = parseDate(q.date_till, zone);
  if (from == null) throw errors.invalid('date_from: not a date');
  if (till == null) throw errors.invalid('date_till: not a date');
  if (q.date_till <= q.date_from) throw errors.invalid('date_till: must be after date_from (the range is [date_from, date_till))');
  // Measured before the days are listed: a range of centuries must cost nothing to refuse.
  const count = daySpan(q.date_from, q.date_till) - 1;
  if (count > MAX_DAYS) throw errors.invalid(`date_till: at most ${MAX_DAYS} days`);
  const days = daysOf(q.date_from, count);
  return { siteId: q.site_id, zone, days, from: timestamp(from), till: timestamp(till) };
}

/** Each kind's count per campaign and day of the site's zone. */
async function dailyReport(db: Queryable, s: Scope): Promise<ReportsDaily> {
  const rows = await bucketCounts(db, { siteId: s.siteId, from: s.from, till: s.till });
  const dayIndex = new Map(s.days.map((d, i) => [d, i]));
  const site = await campaignsOfSite(db, s.siteId);
  // Campaigns with traffic first (removed ones too: their records keep the id), then live ones.
  const seen = new Set(rows.map((r) => r.ac_id));
  const campaigns = [
    ...(seen.has(-1) ? [{ id: -1, name: '' }] : []),
    ...site.filter((c) => seen.has(c.id) || !c.removed).map((c) => ({ id: c.id, name: c.name })),
  ];
  for (const id of seen) if (id !== -1 && !campaigns.some((c) => c.id === id)) campaigns.push({ id, name: '#' + id });
  const index = new Map(campaigns.map((c, i) => [c.id, i]));
  const counts = Object.fromEntries(REPORT_KINDS.map((k) => [k, campaigns.map(() => s.days.map(() => 0))])) as Record<
    ReportKind,
    number[][]
  >;
  for (const r of rows) {
    const d = dayIndex.get(dayOf(Date.parse(r.bucket.replace(' ', 'T') + '0:00.000Z'), s.zone));
    if (d !== undefined) counts[r.kind][index.get(r.ac_id)!]![d]! += r.n;
  }
  return { site_id: s.siteId, time_zone: s.zone, days: s.days, campaigns, counts };
}

/** A page of the site's communications in the range, each with its visit, detail and tags. */
async function communicationsReport(db: Queryable, op: Operator, q: z.output<typeof ListQuery>, s: Scope): Promise<ReportsCommunications> {
  // Paged in SQL, as the REST `communication` list: a busy site's year is never read whole.
  const filter = { customerId: op.customer_id, siteId: s.siteId, from: s.from, till: s.till };
  const total = await communicationCount(db, filter, false);
  const page = await communicationPage(db, filter, false, { limit: q.limit, offset: q.offset });
  const ids = (t: CommunicationObjectType) => page.filter((c) => c.object_type === t).map((c) => c.id);
  const sessions = await sessionContexts(db, [...new Set(page.flatMap((c) => (c.session_id == null ? [] : [c.session_id])))]);
  const facts = await personFacts(
    db,
    page.map((c) => c.visitor_id),
  );
  const names = new Map((await campaignsOfSite(db, s.siteId)).map((c) => [c.id, c.name]));
  const lines: DetailLines = {
    goals: await goalLines(db, ids('goal')),
    chats: await chatLines(db, ids('chat')),
    requests: await requestLines(db, ids('offline_message')),
    calls: await callLines(db, [...ids('sitephone'), ...ids('cdr_in')]),
  };
  const tags = new Map<string, string[]>();
  for (const t of ['goal', 'chat', 'offline_message', 'sitephone', 'cdr_in'] as const) {
    for (const [id, list] of await tagsOfCommunications(db, t, ids(t)))
      tags.set(
        `${t}:${id}`,
        list.map((x) => x.tag),
      );
  }
  const items = page.map((c): ReportsCommunication => {
    const ctx = c.session_id == null ? undefined : sessions.get(c.session_id);
    const visits = facts.visitsCount(c.visitor_id, c.session_id);
    return {
      type: c.object_type,
      id: c.id,
      at: new Date(Date.parse(c.at.replace(' ', 'T') + 'Z')).toISOString(),
      ac_id: c.ac_id,
      ac_name: c.ac_id === -1 ? '' : (names.get(c.ac_id) ?? '#' + c.ac_id),
      visitor_id: c.visitor_id,
      visitor_type: visits == null ? null : visits === 1 ? 'new' : 'returning',
      visits_count: visits,
      utm_source: ctx?.utm_source ?? null,
      utm_medium: ctx?.utm_medium ?? null,
      utm_campaign: ctx?.utm_campaign ?? null,
      search_engine: ctx?.search_engine ?? null,
      search_query: ctx?.search_query ?? null,
      referrer: ctx?.referrer ?? null,
      entrance_page: ctx?.entrance_page ?? null,
      ...detailOf(lines, c),
      tags: tags.get(`${c.object_type}:${c.id}`) ?? [],
    };
  });
  return { total, items };
}

interface DetailLines {
  goals: Awaited<ReturnType<typeof goalLines>>;
  chats: Awaited<ReturnType<typeof chatLines>>;
  requests: Awaited<ReturnType<typeof requestLines>>;
  calls: Awaited<ReturnType<typeof callLines>>;
}

/** A communication's line of detail by its kind, and a chat's status. */
function detailOf(lines: DetailLines, c: { object_type: CommunicationObjectType; id: number }): { detail: string; status: string | null } {
  if (c.object_type === 'goal') return { detail: lines.goals.get(c.id)?.name ?? '', status: null };
  if (c.object_type === 'chat') {
    const ch = lines.chats.get(c.id);
    return { detail: [ch?.operator_name, ch ? String(ch.messages_count) : null].filter(Boolean).join(' · '), status: ch?.status ?? null };
  }
  if (c.object_type === 'offline_message') {
    const r = lines.requests.get(c.id);
    return { detail: [r?.name, r?.phone, r?.email, r?.message].filter(Boolean).join(' · '), status: null };
  }
  return { detail: lines.calls.get(c.id)?.numa ?? '', status: null };
}
