import { z } from 'zod';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { DEFAULT_TIME_ZONE } from '../identity/dates.js';
import { schedulesOf, setSchedule, type ScheduleOwner } from './report-schedules.js';

/**
 * EXTENSION (docs/notifications.md, "Scheduled reports"; docs/rest-api.md, "Notifications"): the
 * session's login has the customer's campaign report mailed daily or weekly, at an hour of the
 * customer's time zone, in its language.
 */

const owner = (ctx: CustomerContext): ScheduleOwner => ({ customerId: ctx.customer.id, account: 'rest', accountId: ctx.caller.userId });

const schedule = z.strictObject({
  period: z.enum(['daily', 'weekly']),
  hour: z.number().int().describe('0 to 23, in the customer’s time zone'),
  weekday: z.number().int().describe('1 Monday to 7 Sunday; weekly reports only'),
  email: z.string(),
  lang: z.enum(['en', 'ru']),
});

export const reportSchedules = apiFunction({
  name: 'report_schedules',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Get one’s scheduled reports (extension)',
  description:
    'The campaign reports the session’s login gets by mail for the customer: `schedules` `[{period, hour, weekday, email, lang}]`, and the `time_zone` the hours are in. Not in the REST document.',
  args: z.object({}),
  response: z.strictObject({ schedules: z.array(schedule), time_zone: z.string() }),
  async run(ctx) {
    const rows = await schedulesOf(ctx.store.db, owner(ctx));
    return {
      schedules: rows.map((r) => ({
        period: r.period,
        hour: r.hour,
        weekday: r.weekday,
        email: r.email,
        lang: r.lang === 'ru' ? ('ru' as const) : ('en' as const),
      })),
      time_zone: ctx.customer.time_zone || DEFAULT_TIME_ZONE,
    };
  },
});

export const setReportSchedule = apiFunction({
  name: 'set_report_schedule',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Schedule a report by mail (extension)',
  description:
    'Mails the customer’s campaign report (totals against the period before, top campaigns, missed calls) `daily` (yesterday’s) or `weekly` (last week’s, on `weekday`, 1 Monday) from `hour` of the customer’s time zone, to `email` in `lang`; `on` false stops it. Each period is mailed once. Not in the REST document.',
  args: z.object({
    period: z.enum(['daily', 'weekly']),
    on: z.boolean().default(true),
    hour: z.number().int().min(0).max(23).default(9),
    weekday: z.number().int().min(1).max(7).default(1),
    email: z.string().trim().max(254).email(),
    lang: z.enum(['en', 'ru']).default('en'),
  }),
  response: acknowledgement,
  async run(ctx, a) {
    await setSchedule(ctx.store.db, owner(ctx), a.period, a.on ? { hour: a.hour, weekday: a.weekday, email: a.email, lang: a.lang } : null);
    return undefined;
  },
});
