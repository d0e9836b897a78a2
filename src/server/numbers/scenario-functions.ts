import { z } from 'zod';
import { id } from '../api/args.js';
import { phone as phoneArg } from '../api/phone.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { onPostgres, type Queryable } from '../store/queryable.js';
import { numaListOwner } from './numa-lists.js';
import {
  addScenarioRoute,
  createScenario,
  customerNumbers,
  customerScenarios,
  removeScenarioRoute,
  scenarioNumbers,
  scenarioRoutesOf,
  updateScenario,
} from './queries.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's scenarios as the app edits them: which
 * of its numbers each answers, where it forwards them, and where it sends callers on one of its
 * caller-number lists. The document lists scenarios (`scenarios`) and writes the lists but writes
 * no scenario: `scenario_detail` reads them whole, `create_scenario` and `change_scenario` write
 * one, `scenario_route` (POST, DELETE) adds and removes a list's route.
 */

/** A phone number as typed (`+7 (916) 555-44-33`), stored as digits, as the REST API's forwarding stores it. */
const phone = phoneArg();

const scenarioFields = {
  name: z.string().trim().min(1).max(200),
  forward_to: phone.nullable().default(null).describe('where calls to its numbers ring; null: the numbers’ own forwarding'),
  numbers: z.array(z.string().min(1).max(32)).max(1000).default([]).describe("the customer's numbers it answers"),
};

const routeRecord = z.strictObject({ id: z.number().int(), numa_list_id: z.number().int(), list_name: z.string(), forward_to: z.string() });
const scenarioRecord = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  forward_to: z.string().nullable(),
  numbers: z.array(z.string()),
  routes: z.array(routeRecord).describe('tried in this order, before the scenario’s own forwarding'),
});

/** The numbers must be the customer's, and answered by no other of its scenarios. */
async function checkNumbers(tx: Queryable, customer: number, numbers: string[], self: number | null): Promise<void> {
  // Two writes at once must not both find a number free: they queue on the customer.
  if (onPostgres(tx)) await tx.selectFrom('customers').select('id').where('id', '=', customer).forUpdate().execute();
  const own = new Set((await customerNumbers(tx, customer)).map((n) => n.phone_number));
  const taken = new Map((await scenarioNumbers(tx, customer)).map((n) => [n.phone_number, n.scenario_id]));
  for (const n of numbers) {
    if (!own.has(n)) throw apiErrors.invalid('numbers', `${n} is not a number of the customer`);
    const by = taken.get(n);
    if (by != null && by !== self) throw apiErrors.invalid('numbers', `${n} already answers another scenario`);
  }
}

async function ownScenario(db: Queryable, customer: number, scenarioId: number): Promise<void> {
  if (!(await customerScenarios(db, customer)).some((s) => s.id === scenarioId)) throw apiErrors.notFound('scenario', scenarioId);
}

export const scenarioDetail = apiFunction({
  name: 'scenario_detail',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Scenarios in full (extension)',
  description:
    "Each of the customer's scenarios with `forward_to`, the `numbers` it answers and its `routes` (`{id, numa_list_id, list_name, forward_to}`, tried in this order). Not in the REST document.",
  args: z.object({}),
  response: z.array(scenarioRecord),
  async run(ctx) {
    const db = ctx.store.db;
    const customer = ctx.customer.id;
    const [list, numbers, routes] = await Promise.all([
      customerScenarios(db, customer),
      scenarioNumbers(db, customer),
      scenarioRoutesOf(db, customer),
    ]);
    return list.map((s) => ({
      id: s.id,
      name: s.name,
      forward_to: s.forward_to,
      numbers: numbers.filter((n) => n.scenario_id === s.id).map((n) => n.phone_number),
      routes: routes.filter((r) => r.scenario_id === s.id).map(({ scenario_id: _s, ...r }) => r),
    }));
  },
});

export const createScenarioFn = apiFunction({
  name: 'create_scenario',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Create a scenario (extension)',
  description:
    "Makes a scenario with `name`, `forward_to` (a phone, or null) and `numbers`: the customer's own, answered by no other of its scenarios (else `100422` naming the number). Answers `{id}`. Not in the REST document.",
  args: z.object(scenarioFields),
  response: z.strictObject({ id: z.number().int() }),
  async run(ctx, a) {
    const numbers = [...new Set(a.numbers)];
    const made = await ctx.store.db.transaction().execute(async (tx) => {
      await checkNumbers(tx, ctx.customer.id, numbers, null);
      return createScenario(tx, { customer_id: ctx.customer.id, name: a.name, forward_to: a.forward_to }, numbers);
    });
    return { id: made };
  },
});

export const changeScenario = apiFunction({
  name: 'change_scenario',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Change a scenario (extension)',
  description: 'Sets the `name`, `forward_to` and `numbers` of scenario `id`, as `create_scenario` checks them. Not in the REST document.',
  names: { id: 'scenario' },
  args: z.object({ id: id(), ...scenarioFields }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownScenario(ctx.store.db, ctx.customer.id, a.id);
    const numbers = [...new Set(a.numbers)];
    await ctx.store.db.transaction().execute(async (tx) => {
      await checkNumbers(tx, ctx.customer.id, numbers, a.id);
      await updateScenario(tx, a.id, { name: a.name, forward_to: a.forward_to }, numbers);
    });
    return undefined;
  },
});

export const addScenarioRouteFn = apiFunction({
  name: 'scenario_route',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Add a scenario route (extension)',
  description:
    "Callers on the customer's numa list `numa_list_id` ring `forward_to` when they call scenario `scenario_id`'s numbers, after its routes added before. Not in the REST document.",
  names: { scenario_id: 'scenario', numa_list_id: 'numa_list' },
  args: z.object({ scenario_id: id(), numa_list_id: id(), forward_to: phone }),
  response: acknowledgement,
  async run(ctx, a) {
    const db = ctx.store.db;
    await ownScenario(db, ctx.customer.id, a.scenario_id);
    if ((await numaListOwner(db, a.numa_list_id)) !== ctx.customer.id)
      throw apiErrors.invalid('numa_list_id', 'not a caller list of the customer');
    const position = (await scenarioRoutesOf(db, ctx.customer.id)).filter((r) => r.scenario_id === a.scenario_id).length;
    await addScenarioRoute(db, { scenario_id: a.scenario_id, numa_list_id: a.numa_list_id, forward_to: a.forward_to, position });
    return undefined;
  },
});

export const removeScenarioRouteFn = apiFunction({
  name: 'scenario_route',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Remove a scenario route (extension)',
  description: 'Removes route `id` of scenario `scenario_id`. Not in the REST document.',
  names: { scenario_id: 'scenario', id: 'scenario_route' },
  args: z.object({ scenario_id: id(), id: id().describe('the route, as scenario_detail lists it') }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownScenario(ctx.store.db, ctx.customer.id, a.scenario_id);
    if (!(await removeScenarioRoute(ctx.store.db, a.scenario_id, a.id))) throw apiErrors.notFound('route', a.id);
    return undefined;
  },
});
