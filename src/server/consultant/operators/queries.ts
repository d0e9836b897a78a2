import type { Queryable } from '../../store/queryable.js';
import { fullName, type EmployeeConfig } from './employees.js';

/**
 * Every query of the operator tables: employees, the sites they serve, and their console sessions.
 */

/**
 * Brings one customer's employees in line with a configuration (runs inside the import's
 * transaction). Employees no longer listed are deleted with their console sessions; chats keep
 * the operator's id and name they were answered with. The online flag survives. A changed
 * password ends the sessions signed in with the old one.
 */
export async function applyEmployees(db: Queryable, customerId: number, employees: EmployeeConfig[]): Promise<void> {
  const keep = employees.map((e) => e.id);
  let gone = db.deleteFrom('employees').where('customer_id', '=', customerId);
  if (keep.length) gone = gone.where('id', 'not in', keep);
  await gone.execute();
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
