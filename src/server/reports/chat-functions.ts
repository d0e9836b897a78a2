import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { chatCount, chatMessageCount, chatMessageRows, chatOfCustomer, chatRows } from './chat-records.js';
import { recordPage } from './record-page.js';
import { qualificationFields, qualificationShape } from './qualification-fields.js';
import { answerDate, commonFields, commonShape, dateTime, reportArgs as r, reportFilter } from './report-common.js';

/** `chat` and `chat_messages` (rest-api.md, "Reports"): chats with their visitor context, and a chat's messages. */

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
  tag: 'reports',
  summary: 'List chats',
  description: 'Chats started before `date_till` (and from `date_from` when given), with their visitor context.',
  names: { site_id: 'site' },
  filters: { ac_id: 'campaign', tag_id: 'tag', visitor_id: 'visitor', user_id: 'employee' },
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
      ...qualificationShape,
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    const p = await recordPage(
      ctx,
      () => 'chat',
      () => chatCount(db, f, a.user_id),
      () => chatRows(db, f, a.user_id, ctx.page),
    );
    const facts = p.facts;
    return p.rows.map((x) => ({
      ...commonFields(ctx, facts, 'chat', x.id, x.start_time, x, p.saleOf(x)),
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
      tags: p.tagsOf(x),
      messages_count: x.messages_count,
      operator_message_count: x.operator_message_count,
      visitor_message_count: x.visitor_message_count,
      page_url: x.page_url,
      ...qualificationFields(ctx, x),
    }));
  },
});

export const chatMessages = apiFunction({
  name: 'chat_messages',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'Read a chat’s messages',
  description: 'The messages of chat `chat_id` in the order they were written.',
  names: { chat_id: 'chat' },
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
