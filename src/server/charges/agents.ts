import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** Agents (the resellers a customer may belong to), their tariff plans and the charges they add. */

/** A new agent; its id. */
export async function createAgent(db: Queryable, name: string): Promise<number> {
  return (await db.insertInto('agents').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function agentById(db: Queryable, id: number): Promise<Row<'agents'> | null> {
  return (await db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function upsertAgent(db: Queryable, v: Row<'agents'>): Promise<void> {
  await db
    .insertInto('agents')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: v.name }))
    .execute();
}

export async function tariffPlans(db: Queryable, page: Page): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('tariff_plans').select(['id', 'name']).orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export async function tariffPlanCount(db: Queryable): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('tariff_plans')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

export async function tariffPlan(db: Queryable, id: number): Promise<Row<'tariff_plans'> | null> {
  return (await db.selectFrom('tariff_plans').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function createTariffPlan(db: Queryable, name: string, dailyFeeKopecks: number): Promise<number> {
  return (
    await db.insertInto('tariff_plans').values({ name, daily_fee_kopecks: dailyFeeKopecks }).returning('id').executeTakeFirstOrThrow()
  ).id;
}

export async function upsertTariffPlan(db: Queryable, v: Row<'tariff_plans'>): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('tariff_plans')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

export async function addAgentCharge(db: Queryable, v: Omit<Row<'agent_charges'>, 'id'>): Promise<number> {
  const r = await db.insertInto('agent_charges').values(v).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function agentCharges(db: Queryable, customerId: number): Promise<Array<Row<'agent_charges'>>> {
  return db.selectFrom('agent_charges').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}
