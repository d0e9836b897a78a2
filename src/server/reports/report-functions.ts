import { z } from 'zod';
import { byTime, personFacts } from './person-facts.js';
import { callCount, callRows } from './call-records.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { chatCount, chatMessageCount, chatMessageRows, chatOfCustomer, chatRows } from './chat-records.js';
import { communicationCount, communicationPage, communicationsPerCampaign, soldCommunications } from './communications.js';
import { communicationsOfPersons, personsOfVisitors } from '../visitors/person-communications.js';
import { goalCount, goalRows } from './goal-records.js';
import { offlineCount, offlineRows } from './offline-records.js';
import { salesOfCommunications } from './sales.js';
import { sessionsPerCampaign, statCounts } from './site-stats.js';
import { tagsNamed } from './tags.js';
import { tagsOfCommunications } from './tag-links.js';
import { siteById } from '../sites/sites.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction, type CustomerContext } from '../api/function.js';
import {
  answerDate,
  commonFields,
  commonShape,
  NOT_TARGET_TAG_NAMES,
  reportArgs as r,
  reportFilter,
  storedMs,
  type Sale,
} from './report-common.js';

/**
 * The reports of rest-api.md over the stored traffic: `stat`, `communication`, `goal`, `call`,
 * `chat`, `chat_messages`, `offline_message`, `advertising_sales`. Every date range is half-open,
 * `[date_from, date_till)`, in the customer's time zone; every list is in id order (communication
 * in time order) and paged by `limit` and `offset`.
 */

const dateTime = z.string().describe("YYYY-MM-DD HH:MM:SS in the customer's time zone");

/** Tags and sales of one kind's records, by id. */
async function tagsAndSales(ctx: CustomerContext, type: CommunicationObjectType, ids: number[]) {
  return {
    tags: await tagsOfCommunications(ctx.store.db, type, ids),
    sales: await salesOfCommunications(ctx.store.db, type, ids),
  };
}

/** The ids of the customer's not-target tags (communication's show_not_goal=false leaves them out). */
async function notTargetTags(ctx: CustomerContext): Promise<number[]> {
  return (await tagsNamed(ctx.store.db, ctx.customer.id, NOT_TARGET_TAG_NAMES)).map((t) => t.id);
}

// ---- stat

export const stat = apiFunction({
  name: 'stat',
  verb: 'GET',
  scope: 'customer',
  summary: "a site's figures for [date_from, date_till): visits (sessions started), calls, call-backs, completed chats, requests, goals",
  args: z.object({ site_id: r.site_id, date_from: r.date_from, date_till: r.date_till, ac_id: r.ac_id.optional() }),
  response: z.array(
    z.strictObject({
      url: z.string().describe("the site's domain"),
      visits_count: z.number().int(),
      calls_count: z.number().int(),
      sitephone_calls_count: z.number().int(),
      good_chats_count: z.number().int(),
      offline_messages_count: z.number().int(),
      goals_count: z.number().int(),
    }),
  ),
  async run(ctx, a) {
    const f = await reportFilter(ctx, a);
    const site = (await siteById(ctx.store.db, a.site_id))!;
    return [{ url: site.domain, ...(await statCounts(ctx.store.db, f)) }];
  },
});

// ---- communication

/** The document's communication_type of each kind (it spells `offline_massages`). */
const LIST_TYPE: Record<CommunicationObjectType, 'calls' | 'chats' | 'offline_massages' | 'goals'> = {
  cdr_in: 'calls',
  sitephone: 'calls',
  chat: 'chats',
  offline_message: 'offline_massages',
  goal: 'goals',
};

export const communication = apiFunction({
  name: 'communication',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary: "a site's communications of every kind in [date_from, date_till), oldest first: {communication_type, date_time, id}",
  args: z.object({
    site_id: r.site_id,
    date_from: r.date_from,
    date_till: r.date_till,
    ac_id: r.ac_id.optional(),
    tag_id: r.tag_id.optional(),
    show_not_goal: z.boolean().default(true).describe('false leaves out communications tagged as not target'),
    only_first: z.boolean().default(false).describe("true: each person's first communication only"),
  }),
  response: z.array(
    z.strictObject({
      communication_type: z.enum(['calls', 'chats', 'offline_massages', 'goals']),
      date_time: dateTime,
      id: z.number().int(),
    }),
  ),
  async run(ctx, a) {
    const f = await reportFilter(ctx, a);
    if (!a.show_not_goal) f.withoutTagIds = await notTargetTags(ctx);
    // Counted and paged by the database: a year of a busy site is too many rows to hold.
    ctx.setTotal(await communicationCount(ctx.store.db, f, a.only_first));
    const rows = await communicationPage(ctx.store.db, f, a.only_first, ctx.page);
    return rows.map((c) => ({ communication_type: LIST_TYPE[c.object_type], date_time: answerDate(ctx, c.at), id: c.id }));
  },
});

// ---- goal

export const goal = apiFunction({
  name: 'goal',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary: 'goals (custom events, trackEvent) reached in [date_from, date_till), with their visitor context',
  args: z.object({
    site_id: r.site_id,
    date_from: r.date_from,
    date_till: r.date_till,
    id: id().optional().describe('a goal (communication) id'),
    ac_id: r.ac_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      id: z.number().int(),
      name: z.string(),
      start_time: dateTime,
      tag_id_array: z.array(z.number().int()),
      new_visitor: z.boolean(),
      first_ac_name: z.string().nullable(),
      enter_page: z.string().nullable(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    ctx.setTotal(await goalCount(db, f, a.id));
    const rows = await goalRows(db, f, a.id, ctx.page);
    const facts = await personFacts(
      db,
      rows.map((x) => x.visitor_id),
    );
    const { tags, sales } = await tagsAndSales(
      ctx,
      'goal',
      rows.map((x) => x.id),
    );
    const names = new Map((await campaignsOfSite(db, a.site_id)).map((c) => [c.id, c.name]));
    return rows.map((x) => {
      const visits = facts.visitsCount(x.visitor_id, x.session_id);
      return {
        ...commonFields(ctx, facts, 'goal', x.id, x.start_time, x, sales.get(x.id) ?? null, visits),
        id: x.id,
        name: x.name,
        start_time: answerDate(ctx, x.start_time),
        tag_id_array: (tags.get(x.id) ?? []).map((t) => t.id),
        new_visitor: visits === 1,
        first_ac_name: names.get(facts.visitorFirstAc(x.visitor_id, x.session_id)) ?? null,
        enter_page: x.entrance_page,
      };
    });
  },
});

// ---- call

export const call = apiFunction({
  name: 'call',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary:
    'call records in [date_from, date_till): calls from the telephony boundary (communication_type call) and call-back requests (sitephone)',
  args: z.object({
    date_from: r.date_from,
    date_till: r.date_till,
    direction: z.enum(['in', 'out']).optional().describe('both when omitted; a call-back is out'),
    id: id().optional(),
    site_id: r.site_id.optional(),
    ac_id: r.ac_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
    numa: text(32).optional().describe("the caller's number, digits compared"),
    numb: text(32).optional().describe("the service's number, digits compared"),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      visitor_type: z.enum(['new', 'returning']).describe('new: the call came in the visitor’s first visit, or from an unknown caller'),
      visitor_first_ac: z.number().int(),
      id: z.number().int(),
      call_date: dateTime,
      session_start: dateTime.nullable(),
      communication_type: z.enum(['call', 'sitephone']),
      status: z.enum(['normal', 'lost']).nullable().describe('null while the call is under way (a call-back: until it ends)'),
      numa: z.string(),
      numb: z.string().nullable(),
      wait_time: z.number().int().nullable(),
      duration: z.number().int().nullable(),
      file_link: z.array(z.string()),
      operator_name: z.string().nullable(),
      coach_name: z.string().nullable(),
      scenario_name: z.string().nullable(),
      is_transfer: z.boolean(),
      tags: z.array(z.number().int()),
      direction: z.enum(['in', 'out']),
      page_url: z.string().nullable(),
      is_visitor_by_numa: z.boolean(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    const digits = (v: string | undefined) => (v === undefined ? undefined : v.replace(/\D/g, ''));
    const cf = { direction: a.direction, id: a.id, numa: digits(a.numa), numb: digits(a.numb) };
    ctx.setTotal(await callCount(db, f, cf));
    const rows = await callRows(db, f, cf, ctx.page);
    const facts = await personFacts(
      db,
      rows.map((x) => x.visitor_id),
    );
    const type = (x: { communication_type: string }): CommunicationObjectType =>
      x.communication_type === 'sitephone' ? 'sitephone' : 'cdr_in';
    const tags = new Map<string, number[]>();
    const sales = new Map<string, Sale>();
    for (const t of ['sitephone', 'cdr_in'] as const) {
      const ids = rows.filter((x) => type(x) === t).map((x) => x.id);
      const ts = await tagsAndSales(ctx, t, ids);
      for (const [k, v] of ts.tags)
        tags.set(
          `${t}:${k}`,
          v.map((x) => x.id),
        );
      for (const [k, v] of ts.sales) sales.set(`${t}:${k}`, v);
    }
    return rows.map((x) => {
      // The visitor as it was in the call's session (a later session must not change the record);
      // a known caller no session brought: its visits by the call, and returning; an unknown caller: new.
      const inSession = x.session_id != null;
      const visits = inSession ? facts.visitsCount(x.visitor_id, x.session_id) : facts.visitsBy(x.visitor_id, x.call_date);
      const visitorType: 'new' | 'returning' = x.visitor_id == null || (inSession && visits === 1) ? 'new' : 'returning';
      return {
        ...commonFields(ctx, facts, type(x), x.id, x.call_date, x, sales.get(`${type(x)}:${x.id}`) ?? null, visits),
        visitor_type: visitorType,
        visitor_first_ac: inSession ? facts.visitorFirstAc(x.visitor_id, x.session_id) : x.visitor_first_ac,
        id: x.id,
        call_date: answerDate(ctx, x.call_date),
        session_start: answerDate(ctx, x.session_start),
        communication_type: x.communication_type,
        status: x.status,
        numa: x.numa,
        numb: x.numb,
        wait_time: x.wait_time,
        duration: x.duration,
        // Recording links of a call from the telephony boundary (telephony/); no transfers or coaches yet.
        file_link: JSON.parse(x.file_link) as string[],
        operator_name: x.operator_name,
        coach_name: null,
        scenario_name: x.scenario_name,
        is_transfer: false,
        tags: tags.get(`${type(x)}:${x.id}`) ?? [],
        direction: x.direction,
        page_url: x.page_url,
        is_visitor_by_numa: x.is_visitor_by_numa === 1,
      };
    });
  },
});

// ---- chat, chat_messages

const pad = (n: number) => String(n).padStart(2, '0');
const interval = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
};

export const chat = apiFunction({
  name: 'chat',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary: 'chats started before date_till (and from date_from when given), with their visitor context',
  args: z.object({
    date_till: r.date_till,
    date_from: r.date_from.optional(),
    site_id: r.site_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
    user_id: id().optional().describe("the operator's (employee's) id"),
    ac_id: r.ac_id.optional(),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      visitor_type: z.enum(['new', 'returning']),
      visitor_first_ac: z.number().int(),
      id: z.number().int(),
      status: z
        .enum(['lost', 'succeed', 'refused'])
        .describe('lost while nobody has answered (also while the chat waits), succeed once an operator has'),
      initiator: z.enum(['Посетитель', 'Оператор', 'Автоприглашение']),
      start_time: dateTime,
      answer_interval: z.string().nullable().describe('HH:MM:SS from the start to the first answer'),
      duration: z.number().int().nullable().describe('seconds, once the chat is over'),
      employee_id: z.number().int().nullable(),
      operator_name: z.string().nullable(),
      tags: z.array(z.strictObject({ id: z.number().int(), tag: z.string() })),
      messages_count: z.number().int(),
      operator_message_count: z.number().int(),
      visitor_message_count: z.number().int(),
      page_url: z.string(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    ctx.setTotal(await chatCount(db, f, a.user_id));
    const rows = await chatRows(db, f, a.user_id, ctx.page);
    const facts = await personFacts(
      db,
      rows.map((x) => x.visitor_id),
    );
    const { tags, sales } = await tagsAndSales(
      ctx,
      'chat',
      rows.map((x) => x.id),
    );
    return rows.map((x) => ({
      ...commonFields(ctx, facts, 'chat', x.id, x.start_time, x, sales.get(x.id) ?? null),
      visitor_type: x.visitor_type,
      visitor_first_ac: facts.visitorFirstAc(x.visitor_id, x.session_id),
      id: x.id,
      // The document has three values and no "waiting": a chat nobody has answered is missed so far,
      // and becomes succeed when an operator answers.
      status: x.status ?? 'lost',
      initiator: x.initiator,
      start_time: answerDate(ctx, x.start_time),
      answer_interval: x.answer_ms == null ? null : interval(Number(x.answer_ms) - Number(x.start_ms)),
      duration: x.end_ms == null ? null : Math.floor((Number(x.end_ms) - Number(x.start_ms)) / 1000),
      employee_id: x.employee_id,
      operator_name: x.operator_name,
      tags: tags.get(x.id) ?? [],
      messages_count: x.messages_count,
      operator_message_count: x.operator_message_count,
      visitor_message_count: x.visitor_message_count,
      page_url: x.page_url,
    }));
  },
});

export const chatMessages = apiFunction({
  name: 'chat_messages',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary: "a chat's messages in the order they were written: {id, sourse, user_id, message, date_time}",
  args: z.object({ chat_id: id() }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      sourse: z.enum(['Оператор', 'Посетитель']).describe("the document's spelling"),
      user_id: z.number().int().optional().describe("the operator's id, on operator messages only"),
      message: z.string(),
      date_time: dateTime,
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    if (!(await chatOfCustomer(db, a.chat_id, ctx.customer.id))) throw apiErrors.notFound('chat', a.chat_id);
    ctx.setTotal(await chatMessageCount(db, a.chat_id));
    return (await chatMessageRows(db, a.chat_id, ctx.page)).map((m) => ({
      id: m.id,
      sourse: m.sourse,
      ...(m.sourse === 'Оператор' && m.user_id != null ? { user_id: m.user_id } : {}),
      message: m.message,
      date_time: answerDate(ctx, m.date_time),
    }));
  },
});

// ---- offline_message

export const offlineMessage = apiFunction({
  name: 'offline_message',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary: 'offline requests (request forms, addOfflineRequest, add_offline_message) in [date_from, date_till), with their visitor context',
  args: z.object({
    date_from: r.date_from,
    date_till: r.date_till,
    site_id: r.site_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
    ac_id: r.ac_id.optional(),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      visitor_type: z.enum(['new', 'returning']),
      visitor_first_ac: z.number().int(),
      id: z.number().int(),
      date_time: dateTime,
      phone: z.string().nullable(),
      email: z.string().nullable(),
      message: z.string().nullable(),
      status: z.string().describe('`unprocessed`'),
      operator_name: z.string().nullable(),
      operator_comment: z.string().nullable(),
      tags: z.array(z.strictObject({ id: z.number().int(), tag: z.string() })),
      name: z.string().nullable(),
      page_url: z.string().nullable(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    ctx.setTotal(await offlineCount(db, f));
    const rows = await offlineRows(db, f, ctx.page);
    const facts = await personFacts(
      db,
      rows.map((x) => x.visitor_id),
    );
    const { tags, sales } = await tagsAndSales(
      ctx,
      'offline_message',
      rows.map((x) => x.id),
    );
    return rows.map((x) => {
      // A request the page marked as a sale (addOfflineRequest's is_sale) is one until tagged otherwise.
      const own: Sale | null = x.is_sale
        ? { sale_date: x.sale_date ?? x.date_time, cost_kopecks: Math.round((x.sale_cost ?? 0) * 100) }
        : null;
      return {
        ...commonFields(ctx, facts, 'offline_message', x.id, x.date_time, x, sales.get(x.id) ?? own, x.visits_count),
        visitor_type: x.visitor_type as 'new' | 'returning',
        visitor_first_ac: x.visitor_first_ac,
        id: x.id,
        date_time: answerDate(ctx, x.date_time),
        phone: x.phone,
        email: x.email,
        message: x.message,
        status: x.status,
        operator_name: x.operator_name,
        operator_comment: x.operator_comment,
        tags: tags.get(x.id) ?? [],
        name: x.name,
        page_url: x.page_url,
      };
    });
  },
});

// ---- advertising_sales

export const advertisingSales = apiFunction({
  name: 'advertising_sales',
  verb: 'GET',
  scope: 'customer',
  list: true,
  summary: "a site's campaigns in [date_from, date_till): sessions, communications, sales, days before a sale, revenue",
  args: z.object({
    site_id: r.site_id,
    date_from: r.date_from,
    date_till: r.date_till,
    only_first: z.boolean().default(true).describe("true: each person's first communication only"),
    only_quality: z.boolean().default(true).describe('true: communications tagged as not target left out'),
  }),
  response: z.array(
    z.strictObject({
      ac_id: z.number().int().describe('-1: without campaign'),
      name: z.string(),
      ac_cost: z.number().describe('0: no campaign here is integrated with an ad network'),
      sessions_count: z.number().int(),
      communications_count: z.number().int(),
      sales_count: z.number().int(),
      avg_days_before_sale: z.number().nullable().describe("days from the person's first communication to the sale; null without sales"),
      revenue: z.number(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    if (a.only_quality) f.withoutTagIds = await notTargetTags(ctx);
    // Counted and summed by the database; only the sold communications come here, for the days
    // from their person's first communication (of any date and kind) to the sale.
    const counts = await communicationsPerCampaign(db, f, a.only_first);
    // A sale is tagged on whichever communication closed the deal, often not the person's first:
    // with only_first it counts for the campaign of the person's first communication when that
    // one is in the range (the campaign that brought the person), else for its own.
    const sold = await soldCommunications(db, f, false);
    const persons = await personsOfVisitors(
      db,
      sold.flatMap((c) => (c.visitor_id == null ? [] : [c.visitor_id])),
    );
    const firstOf = new Map<number, { at: string; ac_id: number }>();
    for (const c of (await communicationsOfPersons(db, [...new Set(persons.values())])).sort(byTime))
      if (!firstOf.has(c.person_id)) firstOf.set(c.person_id, c);
    const inRange = (at: string) => (f.from === undefined || at >= f.from) && at < f.till;
    const sessions = await sessionsPerCampaign(db, f);
    const campaigns = await campaignsOfSite(db, a.site_id);
    const out = new Map<number, { name: string; sessions: number; comms: number; sales: number; days: number; revenue: number }>();
    const entry = (acId: number) => {
      let e = out.get(acId);
      if (!e) {
        e = {
          name: campaigns.find((c) => c.id === acId)?.name ?? (acId === -1 ? 'Without campaign' : `Campaign ${acId}`),
          sessions: 0,
          comms: 0,
          sales: 0,
          days: 0,
          revenue: 0,
        };
        out.set(acId, e);
      }
      return e;
    };
    entry(-1);
    for (const c of campaigns) if (!c.removed) entry(c.id);
    for (const [acId, n] of sessions) entry(acId).sessions = n;
    for (const [acId, n] of counts) entry(acId).comms = n;
    for (const c of sold) {
      const p = c.visitor_id == null ? undefined : persons.get(c.visitor_id);
      const first = p !== undefined ? firstOf.get(p) : undefined;
      const e = entry(a.only_first && first && inRange(first.at) ? first.ac_id : c.ac_id);
      e.sales++;
      e.revenue += c.cost_kopecks;
      e.days += Math.max(0, storedMs(c.sale_date) - storedMs(first?.at ?? c.at)) / 864e5;
    }
    const list = [...out.entries()].sort(([x], [y]) => x - y);
    ctx.setTotal(list.length);
    return list.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit).map(([acId, e]) => ({
      ac_id: acId,
      name: e.name,
      ac_cost: 0,
      sessions_count: e.sessions,
      communications_count: e.comms,
      sales_count: e.sales,
      avg_days_before_sale: e.sales ? Math.round((e.days / e.sales) * 100) / 100 : null,
      revenue: e.revenue / 100,
    }));
  },
});
