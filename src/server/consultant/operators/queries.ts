import type { Queryable } from '../../store/queryable.js';
import type { Row } from '../../store/tables.js';
import { fullName, type EmployeeConfig } from './employees.js';

/**
 * Every query of the operator tables: employees, the sites they serve, and their console sessions.
 */

/**
 * Brings one customer's employees in line with a configuration (runs inside the import's
 * transaction): the listed ones are written, each with exactly the sites it lists. Unless
 * `keepOthers` (an import that merges), employees no longer listed are deleted with their console
 * sessions; chats keep the operator's id and name they were answered with. The online flag
 * survives. A changed password ends the sessions signed in with the old one.
 */
export async function applyEmployees(
  db: Queryable,
  customerId: number,
  employees: EmployeeConfig[],
  opts: { keepOthers?: boolean } = {},
): Promise<void> {
  if (!opts.keepOthers) {
    const keep = employees.map((e) => e.id);
    let gone = db.deleteFrom('employees').where('customer_id', '=', customerId);
    if (keep.length) gone = gone.where('id', 'not in', keep);
    await gone.execute();
  }
  for (const e of employees) {
    await db
      .deleteFrom('operator_sessions')
      .where('employee_id', '=', e.id)
      .where((eb) =>
        eb.exists(eb.selectFrom('employees').select('id').where('id', '=', e.id).where('password_hash', '!=', e.password_hash)),
      )
      .execute();
    const row = {
      customer_id: customerId,
      last_name: e.last_name,
      first_name: e.first_name,
      patronymic: e.patronymic,
      full_name: fullName(e),
      email: e.email.toLowerCase(),
      password_hash: e.password_hash,
      extension: e.extension,
      phones: JSON.stringify(e.phones),
    };
    await db
      .insertInto('employees')
      .values({ id: e.id, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await db.deleteFrom('employee_sites').where('employee_id', '=', e.id).execute();
    if (e.sites.length) {
      await db
        .insertInto('employee_sites')
        .values(e.sites.map((site_id) => ({ employee_id: e.id, site_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/** An employee with the ids of the sites it serves: what the configuration import compares a file with. */
export type EmployeeWithSites = Row<'employees'> & { sites: number[] };

/** Every employee with its sites (the import reads the whole table: it holds people, not traffic). */
export async function employeesWithSites(db: Queryable): Promise<EmployeeWithSites[]> {
  const rows = await db.selectFrom('employees').selectAll().orderBy('id').execute();
  const links = await db.selectFrom('employee_sites').select(['employee_id', 'site_id']).orderBy('site_id').execute();
  const sites = new Map<number, number[]>();
  for (const l of links) {
    const list = sites.get(l.employee_id);
    if (list) list.push(l.site_id);
    else sites.set(l.employee_id, [l.site_id]);
  }
  return rows.map((r) => ({ ...r, sites: sites.get(r.id) ?? [] }));
}
