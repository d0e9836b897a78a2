import { z } from 'zod';
import { dailyCharges, daysFrom, nextDay } from './daily.js';
import { legCosts } from './queries.js';
import { rateCustomerLegs } from './rating.js';
import { roubles } from '../api/money.js';
import { enterSiteNumbers } from '../numbers/site-numbers.js';
import { timestamp } from '../store/time.js';
import { id } from '../api/args.js';
import { dateArg, dayOf, daySpan, parseDate } from '../identity/dates.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction, type CustomerContext } from '../api/function.js';
import { answerDate, range, storedMs } from '../reports/report-common.js';
import { PERIOD } from '../api/openapi-operations.js';

/**
 * Charges (rest-api.md "Charges"; README "Numbers, scenarios and charges"): the rated legs of
 * each direction (cdr_in_cost, cdr_out_cost) and the charges per day (daily_sdr), read from the
 * same rated costs so a day's charge_call is the sum of its legs' costs. Amounts are kopecks in
 * the database and roubles in the answers.
 */

/** The longest daily_sdr range, in days. */
export const MAX_SDR_DAYS = 366;

const PREFIX_TYPES = ['internal', 'local', 'country', 'international', 'zone'] as const;

/** Enters the numbers the sites use and rates the range's legs not rated yet, before a report reads. */
async function settle(ctx: CustomerContext, from: string, till: string): Promise<void> {
  await enterSiteNumbers(ctx.store.db, ctx.customer.id, timestamp(ctx.now()));
  await rateCustomerLegs(ctx.store.db, ctx.customer.id, from, till);
}

const money = (what: string) => z.number().describe(`${what}, roubles`);

export const dailySdr = apiFunction({
  name: 'daily_sdr',
  verb: 'GET',
  scope: 'customer',
  tag: 'charges',
  summary: 'Daily charges',
  description: `Charges per calendar day of the period, one record per day, at most 366 days. ${PERIOD}`,
  args: z.object({ date_from: dateArg, date_till: dateArg }),
  response: z.array(
    z.strictObject({
      charge_tp: money('tariff plan fee'),
      charge_number: money('number rentals'),
      charge_physical_limit: money('limit extensions (none are sold: 0)'),
      charge_call: money('call legs'),
      charge_activation_number: money('number connections'),
    }),
  ),
  async run(ctx, a) {
    const r = range(ctx, a.date_from, a.date_till);
    const tz = ctx.customer.time_zone;
    // Whole days: every calendar day the range touches, counted before they are listed.
    const first = dayOf(storedMs(r.from!), tz);
    const last = dayOf(storedMs(r.till) - 1, tz);
    if (daySpan(first, last) > MAX_SDR_DAYS) throw apiErrors.invalid('date_till', `at most ${MAX_SDR_DAYS} days after date_from`);
    const days = daysFrom(first, last);
    await settle(ctx, timestamp(parseDate(days[0]!, tz)!), timestamp(parseDate(nextDay(days[days.length - 1]!), tz)!));
    return (await dailyCharges(ctx.store.db, ctx.customer, days, ctx.now())).map((d) => ({
      charge_tp: roubles(d.tp),
      charge_number: roubles(d.number),
      charge_physical_limit: roubles(d.physical_limit),
      charge_call: roubles(d.call),
      charge_activation_number: roubles(d.activation_number),
    }));
  },
});

/** Digits of a number, whole or a fragment. */
const fragment = z
  .string()
  .trim()
  .regex(/^\+?\d{1,20}$/, 'digits of a number (a fragment or the whole)')
  .transform((v) => v.replace(/^\+/, ''))
  .optional();

const costArgs = z.object({
  date_from: dateArg,
  date_till: dateArg,
  call_session_id: id().optional(),
  numa: fragment,
  numb: fragment,
  prefix_type: z.enum(PREFIX_TYPES).optional(),
});

const costRecord = z.strictObject({
  id: z.number().int(),
  start_time: z.string(),
  numa: z.string(),
  numb: z.string(),
  duration: z.number().int(),
  prefix_type: z.enum(PREFIX_TYPES),
  prefix_type_name: z.string(),
  customer_id: z.number().int(),
  cost: money('total'),
  virtual_cost: money('charged to the bonus account'),
  real_cost: money('charged to the account'),
});

function costFunction(direction: 'in' | 'out') {
  return apiFunction({
    name: `cdr_${direction}_cost`,
    verb: 'GET',
    scope: 'customer',
    list: true,
    tag: 'charges',
    summary: direction === 'in' ? 'Rated incoming calls' : 'Rated outgoing calls',
    description:
      direction === 'in'
        ? `Rated incoming call legs of the period; filters \`call_session_id\`, \`numa\`, \`numb\`, \`prefix_type\`. ${PERIOD}`
        : `Rated outgoing call legs (forwarding, call-backs, consultant calls) of the period; the filters of \`cdr_in_cost\`. ${PERIOD}`,
    filters: direction === 'in' ? { call_session_id: 'call', numb: 'number' } : { call_session_id: 'call', numa: 'number' },
    args: costArgs,
    response: z.array(costRecord),
    async run(ctx, a) {
      const r = range(ctx, a.date_from, a.date_till);
      await settle(ctx, r.from!, r.till);
      const { rows, total } = await legCosts(
        ctx.store.db,
        {
          customerId: ctx.customer.id,
          direction,
          from: r.from!,
          till: r.till,
          callId: a.call_session_id,
          numa: a.numa,
          numb: a.numb,
          prefixType: a.prefix_type,
        },
        ctx.page,
      );
      ctx.setTotal(total);
      return rows.map((c) => ({
        id: c.id,
        start_time: answerDate(ctx, c.setup_time),
        numa: c.numa,
        numb: c.numb,
        duration: c.duration,
        prefix_type: c.prefix_type,
        prefix_type_name: c.prefix_type_name,
        customer_id: c.customer_id,
        cost: roubles(c.cost_kopecks),
        virtual_cost: roubles(c.virtual_cost_kopecks),
        real_cost: roubles(c.cost_kopecks - c.virtual_cost_kopecks),
      }));
    },
  });
}

export const cdrInCost = costFunction('in');
export const cdrOutCost = costFunction('out');
