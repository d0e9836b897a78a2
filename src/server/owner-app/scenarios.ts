import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiSessions } from '../api/sessions.js';
import { errors } from '../http/errors.js';
import { numaListOwner, numaListsOf } from '../numbers/numa-lists.js';
import {
  addScenarioRoute,
  createScenario,
  customerNumbers,
  customerScenarios,
  removeScenarioRoute,
  scenarioNumbers,
  scenarioRoutesOf,
  updateScenario,
} from '../numbers/queries.js';
import { onPostgres, type Queryable } from '../store/queryable.js';
import { customerOf } from './access.js';
import { customerId, parse, SiteParams, SiteQuery } from './schemas.js';

/** A phone number as typed (`+7 (916) 555-44-33`), stored as digits, as the REST API's forwarding stores it. */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s()-]{3,32}$/, 'a phone number')
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length >= 5 && v.length <= 15, 'a phone number of 5 to 15 digits');

export const ScenarioBody = z.strictObject({
  customer_id: customerId,
  name: z.string().trim().min(1).max(200),
  /** Where calls to the scenario's numbers ring; none: the numbers' own forwarding. */
  forward_to: phone.nullable().default(null),
  numbers: z.array(z.string().min(1).max(32)).max(1000).default([]),
});
export const RouteBody = z.strictObject({ customer_id: customerId, numa_list_id: z.number().int().positive(), forward_to: phone });
const RouteParams = z.strictObject({ id: z.coerce.number().int().positive(), route: z.coerce.number().int().positive() });

/**
 * The customer's scenarios: which of its numbers each answers, where it forwards them, and where it
 * sends callers on one of its caller-number lists. The REST API lists scenarios (`scenarios`) and
 * writes the lists (`create_numa_list`, `add_number_to_numa_list`) but writes no scenario: these
 * routes do, through the numbers' own queries (numbers/queries.ts).
 */
export function scenarioRoutes(app: FastifyInstance, deps: { db: Queryable; sessions: ApiSessions }): void {
  const { db, sessions } = deps;

  const scenariosOf = async (customer: number) => {
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
  };

  /** The numbers must be the customer's, and answered by no other of its scenarios. */
  const checkNumbers = async (tx: Queryable, customer: number, numbers: string[], self: number | null) => {
    // Two writes at once must not both find a number free: they queue on the customer.
    if (onPostgres(tx)) await tx.selectFrom('customers').select('id').where('id', '=', customer).forUpdate().execute();
    const own = new Set((await customerNumbers(tx, customer)).map((n) => n.phone_number));
    const taken = new Map((await scenarioNumbers(tx, customer)).map((n) => [n.phone_number, n.scenario_id]));
    for (const n of numbers) {
      if (!own.has(n)) throw errors.invalid(`numbers: ${n} is not a number of the customer`);
      const by = taken.get(n);
      if (by != null && by !== self) throw errors.invalid(`numbers: ${n} already answers another scenario`);
    }
  };

  const ownScenario = async (customer: number, id: number) => {
    if (!(await customerScenarios(db, customer)).some((s) => s.id === id)) throw errors.notFound();
  };

  app.get('/app/api/scenarios', async (req) => {
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: await scenariosOf(c.id) };
  });

  app.post('/app/api/scenarios', async (req) => {
    const body = parse(ScenarioBody, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    const numbers = [...new Set(body.numbers)];
    const id = await db.transaction().execute(async (tx) => {
      await checkNumbers(tx, c.id, numbers, null);
      return createScenario(tx, { customer_id: c.id, name: body.name, forward_to: body.forward_to }, numbers);
    });
    return { success: true, data: { id } };
  });

  app.put<{ Params: { id: string } }>('/app/api/scenarios/:id', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const body = parse(ScenarioBody, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    await ownScenario(c.id, id);
    const numbers = [...new Set(body.numbers)];
    await db.transaction().execute(async (tx) => {
      await checkNumbers(tx, c.id, numbers, id);
      await updateScenario(tx, id, { name: body.name, forward_to: body.forward_to }, numbers);
    });
    return { success: true, data: {} };
  });

  /** Callers on a list go elsewhere: tried in the order added, before the scenario's own forwarding. */
  app.post<{ Params: { id: string } }>('/app/api/scenarios/:id/routes', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const body = parse(RouteBody, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    await ownScenario(c.id, id);
    if ((await numaListOwner(db, body.numa_list_id)) !== c.id) throw errors.invalid('numa_list_id: not a caller list of the customer');
    const position = (await scenarioRoutesOf(db, c.id)).filter((r) => r.scenario_id === id).length;
    await addScenarioRoute(db, { scenario_id: id, numa_list_id: body.numa_list_id, forward_to: body.forward_to, position });
    return { success: true, data: {} };
  });

  app.post<{ Params: { id: string; route: string } }>('/app/api/scenarios/:id/routes/:route/remove', async (req) => {
    const { id, route } = parse(RouteParams, req.params);
    const q = parse(SiteQuery, req.body);
    const c = await customerOf(db, sessions, req, q.customer_id);
    await ownScenario(c.id, id);
    if (!(await removeScenarioRoute(db, id, route))) throw errors.notFound();
    return { success: true, data: {} };
  });

  /** The customer's caller-number lists with their numbers (the REST API writes them but lists none). */
  app.get('/app/api/numa-lists', async (req) => {
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: await numaListsOf(db, c.id) };
  });
}
