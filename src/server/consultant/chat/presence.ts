import { sql } from 'kysely';
import type { Queryable } from '../../store/queryable.js';

/**
 * Every query of `operator_consoles`: which operators have a console open, in any server process
 * on the database. A process writes its own rows (process_id); every process reads all of them.
 */

/** Marks the operator online through this process until `until` (a console opened, a heartbeat, a grace). */
export async function consoleUntil(db: Queryable, employeeId: number, processId: string, until: number): Promise<void> {
  await db
    .insertInto('operator_consoles')
    .values({ employee_id: employeeId, process_id: processId, until_ms: until })
    .onConflict((oc) => oc.columns(['employee_id', 'process_id']).doUpdateSet({ until_ms: until }))
    .execute();
}

/** Whether an operator of the site whose online switch is on has a console open in some process at `now`. */
export async function siteHasConsoleOpen(db: Queryable, siteId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('operator_consoles as c')
    .innerJoin('employee_sites as es', 'es.employee_id', 'c.employee_id')
    .innerJoin('employees as e', 'e.id', 'c.employee_id')
    .select('c.employee_id')
    .where('es.site_id', '=', siteId)
    .where('e.is_consultant_operator_active', '=', 1)
    .where('c.until_ms', '>', now)
    .limit(sql.lit(1))
    .executeTakeFirst();
  return !!row;
}
