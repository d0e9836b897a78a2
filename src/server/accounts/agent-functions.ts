import { z } from 'zod';
import { hashPassword } from '../identity/password.js';
import { changeCustomerState, createCustomer, customerById, customerCountOfAgent, customersOfAgent } from '../identity/customers.js';
import { timestamp } from '../store/time.js';
import { id, int, text } from '../api/args.js';
import { dayOf, DEFAULT_TIME_ZONE, isTimeZone } from '../identity/dates.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { apiUserByLogin, insertApiUser } from '../api/queries.js';
import { addAgentCharge, tariffPlan, tariffPlanCount, tariffPlans } from '../charges/agents.js';
import { employeeHasName } from '../identity/sign-in-names.js';

/** Agent-only functions (docs/spec/rest-api.md, "Agent-only functions"). */

export const customerList = apiFunction({
  name: 'customer_list',
  verb: 'GET',
  scope: 'agent',
  list: true,
  tag: 'agents',
  summary: 'List the agent’s customers',
  description: 'The agent’s customers: `{id, name, state}`.',
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string(), state: z.string().describe('waiting or active') })),
  async run(ctx) {
    ctx.setTotal(await customerCountOfAgent(ctx.store.db, ctx.caller.agentId));
    return customersOfAgent(ctx.store.db, ctx.caller.agentId, ctx.page);
  },
});

export const agentTp = apiFunction({
  name: 'agent_tp',
  verb: 'GET',
  scope: 'agent',
  list: true,
  tag: 'agents',
  summary: 'List tariff plans',
  description: 'The tariff plans an agent can give a customer: `{id, name}`.',
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  async run(ctx) {
    ctx.setTotal(await tariffPlanCount(ctx.store.db));
    return tariffPlans(ctx.store.db, ctx.page);
  },
});

const count = () => int().min(0).max(1_000_000_000);
const email = () => z.string().trim().toLowerCase().max(254).email();

export const createAgentCustomer = apiFunction({
  name: 'create_agent_customer',
  verb: 'POST',
  scope: 'agent',
  tag: 'agents',
  summary: 'Create a customer',
  description:
    'Creates a customer of the agent with its limits and login (`email`, `password`). It waits until ' +
    '`activate_agent_customer`. Answers `{customer_id}`.',
  args: z.object({
    customer_name: text(),
    tp_id: id(),
    monthly_base_limit: count(),
    monthly_base_notify_limit: count(),
    monthly_base_notify_email: email(),
    monthly_calls_limit: count(),
    monthly_calls_notify_limit: count(),
    monthly_calls_notify_email: email(),
    daily_calls_limit: count(),
    daily_calls_notify_limit: count(),
    daily_calls_notify_email: email(),
    email: email(),
    password: z.string().min(8).max(200),
    /** EXTENSION: the zone of the customer's REST dates (default Europe/Moscow). */
    time_zone: z.string().max(64).refine(isTimeZone, 'an IANA time zone such as Europe/Moscow').optional(),
  }),
  response: z.strictObject({ customer_id: z.number().int() }),
  async run(ctx, a) {
    const { db } = ctx.store;
    if (!(await tariffPlan(db, a.tp_id))) throw apiErrors.notFound('tp', a.tp_id);
    for (const [limit, notify] of [
      ['monthly_base_limit', 'monthly_base_notify_limit'],
      ['monthly_calls_limit', 'monthly_calls_notify_limit'],
      ['daily_calls_limit', 'daily_calls_notify_limit'],
    ] as const) {
      if (a[notify] > a[limit]) throw apiErrors.invalid(notify, `at most ${limit}`);
    }
    const passwordHash = await hashPassword(a.password);
    const { customer_name: name, tp_id: tpId, email: login, password: _p, time_zone: tz, ...limits } = a;
    const customerId = await db.transaction().execute(async (tx) => {
      // An employee's e-mail is taken as a login is (identity/sign-in-names.ts), in the same words.
      if ((await apiUserByLogin(tx, login)) || (await employeeHasName(tx, login))) throw apiErrors.duplicate(`login ${login}`);
      const cid = await createCustomer(tx, {
        name,
        state: 'waiting',
        agent_id: ctx.caller.agentId,
        tp_id: tpId,
        email: login,
        limits: JSON.stringify(limits),
        time_zone: tz ?? DEFAULT_TIME_ZONE,
      });
      // The check above does not see a transaction still open with the same login: the insert is
      // what decides, and the loser's customer goes with its rollback.
      if (!(await insertApiUser(tx, { login, password_hash: passwordHash, customer_id: cid, agent_id: null })))
        throw apiErrors.duplicate(`login ${login}`);
      return cid;
    });
    return { customer_id: customerId };
  },
});

export const activateAgentCustomer = apiFunction({
  name: 'activate_agent_customer',
  verb: 'POST',
  scope: 'agent',
  tag: 'agents',
  summary: 'Activate a customer',
  description: 'Makes a waiting customer active; the agent is charged for the current day by the customer’s tariff plan.',
  names: { customer_id: 'customer' },
  args: z.object({ customer_id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    const { db } = ctx.store;
    const c = await customerById(db, a.customer_id);
    if (!c || c.agent_id !== ctx.caller.agentId) throw apiErrors.accessDenied(`customer ${a.customer_id} is not yours`);
    const now = ctx.now();
    await db.transaction().execute(async (tx) => {
      if (!(await changeCustomerState(tx, c.id, 'waiting', 'active')))
        throw apiErrors.wrongState(`Customer ${c.id} is ${c.state}, not waiting`);
      const tp = c.tp_id == null ? null : await tariffPlan(tx, c.tp_id);
      await addAgentCharge(tx, {
        agent_id: ctx.caller.agentId,
        customer_id: c.id,
        kind: 'tp',
        tp_id: tp?.id ?? null,
        day: dayOf(now, c.time_zone),
        amount_kopecks: tp?.daily_fee_kopecks ?? 0,
        created_at: timestamp(now),
      });
    });
    // Its sites serve pages from now on.
    ctx.store.siteDataChanged();
    return undefined;
  },
});
