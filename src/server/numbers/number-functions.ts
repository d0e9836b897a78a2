import { z } from 'zod';
import { buyNumber } from './buy.js';
import { logPlatformRequest } from './platform-requests.js';
import {
  customerNumbers,
  customerScenarios,
  heldNumber,
  numbersInUse,
  regionExists,
  scenarioNumbers,
  setForwardTarget,
} from './queries.js';
import { enterSiteNumbers } from './site-numbers.js';
import { roubles } from '../api/money.js';
import { timestamp } from '../store/time.js';
import { text } from '../api/args.js';
import { phone as phoneArg } from '../api/phone.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { answerDate } from '../reports/report-common.js';

/**
 * Numbers, forwarding and scenarios (rest-api.md "Numbers, forwarding, scenarios, numa lists";
 * README "Numbers, scenarios and charges"). A customer's numbers are the rows of
 * `customer_numbers`: the ones bought from the capacity and the ones its sites' blocks and DT
 * pools use (numbers/site-numbers.ts enters those before every read).
 */

/** A phone number as sent (`+7 (495) 123-45-67`, `84951234567`), checked by its plan; its digits afterwards. */
const phone = phoneArg();

/** The values of `type`: a number a site shows for call tracking, or a virtual number that only forwards. */
const NUMBER_TYPES = ['Analytics', 'VA'] as const;
const NUMBER_STATUSES = ['active', 'blocked'] as const;

const virtualNumberSchema = z.strictObject({
  phone_number: z.string(),
  activation_date: z.string().describe('YYYY-MM-DD HH:MM:SS in the customer’s zone'),
  category: z.string().describe('local, mobile or tollfree'),
  type: z.enum(NUMBER_TYPES),
  monthly_charge: z.number().describe('roubles'),
  status: z.enum(NUMBER_STATUSES),
  site: z.strictObject({ site_id: z.number().int(), site_domain_name: z.string() }).nullable(),
  campaign: z.strictObject({ campaign_id: z.number().int(), campaign_name: z.string() }).nullable(),
});

/** The customer's numbers as virtual_numbers lists them, site numbers entered first. */
export async function virtualNumberRecords(ctx: CustomerContext): Promise<Array<z.input<typeof virtualNumberSchema>>> {
  const { db } = ctx.store;
  await enterSiteNumbers(db, ctx.customer.id, timestamp(ctx.now()));
  const uses = new Map<string, Awaited<ReturnType<typeof numbersInUse>>[number]>();
  for (const u of await numbersInUse(db, ctx.customer.id)) if (!uses.has(u.number)) uses.set(u.number, u);
  return (await customerNumbers(db, ctx.customer.id)).map((n) => {
    const u = uses.get(n.phone_number);
    return {
      phone_number: n.phone_number,
      activation_date: answerDate(ctx, n.activation_date),
      category: n.category,
      type: u ? 'Analytics' : 'VA',
      monthly_charge: roubles(n.monthly_charge_kopecks),
      status: n.status,
      site: u ? { site_id: u.site_id, site_domain_name: u.domain } : null,
      campaign: u && u.ac_id !== null ? { campaign_id: u.ac_id, campaign_name: u.campaign_name ?? '' } : null,
    };
  });
}

export const virtualNumbers = apiFunction({
  name: 'virtual_numbers',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'numbers',
  summary: 'List virtual numbers',
  description: 'The customer’s numbers with their site and campaign; filters `type`, `phone_number`, `status`.',
  filters: { phone_number: 'number' },
  args: z.object({
    type: z.enum(NUMBER_TYPES).optional(),
    phone_number: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{1,32}$/, 'digits of a phone number')
      .transform((v) => v.replace(/\D/g, ''))
      .optional(),
    status: z.enum(NUMBER_STATUSES).optional(),
  }),
  response: z.array(virtualNumberSchema),
  async run(ctx, a) {
    const all = (await virtualNumberRecords(ctx)).filter(
      (n) =>
        (a.type === undefined || n.type === a.type) &&
        (a.status === undefined || n.status === a.status) &&
        (a.phone_number === undefined || n.phone_number.includes(a.phone_number)),
    );
    ctx.setTotal(all.length);
    return all.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit);
  },
});

export const buyNumberFn = apiFunction({
  name: 'buy_number',
  verb: 'POST',
  scope: 'customer',
  tag: 'numbers',
  summary: 'Buy a number',
  description: 'Takes a free number of the region’s capacity (`region`) for the customer. Answers `{numb}`.',
  args: z.object({ region: text(64) }),
  response: z.strictObject({ numb: z.string() }),
  async run(ctx, a) {
    const numb = await buyNumber(ctx.store.db, ctx.customer.id, a.region, timestamp(ctx.now()));
    if (numb) return { numb };
    if (!(await regionExists(ctx.store.db, a.region))) throw apiErrors.notFound('region', a.region);
    throw apiErrors.wrongState(`No free number left in region ${a.region}`);
  },
});

export const createDialingOperation = apiFunction({
  name: 'create_dialing_operation',
  verb: 'POST',
  // The document gives no `customer_id` here: the number names its customer. An agent's number
  // may be any of its customers' (or of the one `customer_id` names).
  scope: 'account',
  tag: 'numbers',
  summary: 'Set call forwarding',
  description: 'Forwards calls to one of the customer’s numbers (`svc_phone`) to `user_phone`.',
  names: { svc_phone: 'number' },
  args: z.object({ svc_phone: phone, user_phone: phone }),
  response: acknowledgement,
  async run(ctx, a) {
    const { db } = ctx.store;
    for (const c of ctx.customers) await enterSiteNumbers(db, c.id, timestamp(ctx.now()));
    const n = await heldNumber(db, a.svc_phone);
    const owner = ctx.customers.find((c) => c.id === n?.customer_id);
    if (!n || !owner) throw apiErrors.notFound('virtual number', a.svc_phone);
    await db.transaction().execute(async (tx) => {
      await setForwardTarget(tx, n.id, a.user_phone);
      await logPlatformRequest(tx, {
        customer_id: owner.id,
        api_user_id: ctx.caller.userId,
        ip: ctx.ip,
        start_time: timestamp(ctx.now()),
        method: 'create_dialing_operation',
        numa: null,
        numb: a.svc_phone,
        numc: a.user_phone,
        call_id: null,
        error: null,
        result: JSON.stringify({ svc_phone: a.svc_phone, forward_to: a.user_phone }),
      });
    });
    return undefined;
  },
});

export const scenarios = apiFunction({
  name: 'scenarios',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'numbers',
  summary: 'List scenarios',
  description: 'The customer’s scenarios with the numbers each answers.',
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string(), virtual_number: z.array(z.string()) })),
  async run(ctx) {
    const { db } = ctx.store;
    const numbers = await scenarioNumbers(db, ctx.customer.id);
    const all = (await customerScenarios(db, ctx.customer.id)).map((s) => ({
      id: s.id,
      name: s.name,
      virtual_number: numbers.filter((n) => n.scenario_id === s.id).map((n) => n.phone_number),
    }));
    ctx.setTotal(all.length);
    return all.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit);
  },
});
