import { errors } from '../http/errors.js';
import type { Queryable } from '../store/queryable.js';
import { fullName } from './employees.js';
import { createEmployee } from './operators.js';
import { restLoginHasName } from './sign-in-names.js';

/**
 * A customer's employees as its owner changes them (the app's Team page): added, renamed, given
 * other sites or another SIP line, a new password, removed. Every function acts on the customer's
 * own employees only and refuses, naming the field, a site or SIP line that is not the customer's.
 * A password change or a removal ends the employee's console sessions at once.
 */

export interface EmployeeFields {
  first_name: string;
  last_name: string;
  /** The customer's sites whose chats and requests the employee answers. */
  sites: readonly number[];
  /** One of the customer's SIP lines the employee's calls ring on, or none. */
  sip_line_id: number | null;
}

async function checkSitesAndLine(db: Queryable, customerId: number, e: EmployeeFields): Promise<number[]> {
  const sites = [...new Set(e.sites)];
  if (sites.length) {
    const own = await db.selectFrom('sites').select('id').where('customer_id', '=', customerId).where('id', 'in', sites).execute();
    if (own.length !== sites.length) throw errors.invalid('sites: not a site of the customer');
  }
  if (e.sip_line_id != null) {
    const line = await db
      .selectFrom('sip_lines')
      .select('id')
      .where('id', '=', e.sip_line_id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!line) throw errors.invalid('sip_line_id: not a SIP line of the customer');
  }
  return sites;
}

const isOwn = async (db: Queryable, customerId: number, id: number) =>
  !!(await db.selectFrom('employees').select('id').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst());

/** A new employee, who signs in to the console with the e-mail and password; its id. */
export async function addEmployee(
  db: Queryable,
  customerId: number,
  e: EmployeeFields & { email: string; password_hash: string },
): Promise<number> {
  const sites = await checkSitesAndLine(db, customerId, e);
  return db.transaction().execute(async (tx) => {
    // The app's sign-in form would find the REST login first; which customer holds it is not said.
    if (await restLoginHasName(tx, e.email)) throw errors.invalid('email: already taken');
    const made = await createEmployee(tx, {
      customer_id: customerId,
      first_name: e.first_name,
      last_name: e.last_name,
      email: e.email,
      password_hash: e.password_hash,
      sites,
    });
    if (made == null) throw errors.invalid('email: already used by another employee');
    if (e.sip_line_id != null)
      await tx.insertInto('sip_line_employees').values({ sip_line_id: e.sip_line_id, employee_id: made }).execute();
    return made;
  });
}

/** An employee's name, sites and SIP line, all at once; 404 for none of the customer's. */
export async function changeEmployee(db: Queryable, customerId: number, id: number, e: EmployeeFields): Promise<void> {
  if (!(await isOwn(db, customerId, id))) throw errors.notFound();
  const sites = await checkSitesAndLine(db, customerId, e);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('employees')
      .set({ first_name: e.first_name, last_name: e.last_name, full_name: fullName({ ...e, patronymic: null }) })
      .where('id', '=', id)
      .execute();
    await tx.deleteFrom('employee_sites').where('employee_id', '=', id).execute();
    if (sites.length)
      await tx
        .insertInto('employee_sites')
        .values(sites.map((site_id) => ({ employee_id: id, site_id })))
        .execute();
    await tx.deleteFrom('sip_line_employees').where('employee_id', '=', id).execute();
    if (e.sip_line_id != null) await tx.insertInto('sip_line_employees').values({ sip_line_id: e.sip_line_id, employee_id: id }).execute();
  });
}

/** A new console password; the console sessions signed in with the old one end. */
export async function setEmployeePassword(db: Queryable, customerId: number, id: number, passwordHash: string): Promise<void> {
  const r = await db
    .updateTable('employees')
    .set({ password_hash: passwordHash })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw errors.notFound();
  await db.deleteFrom('operator_sessions').where('employee_id', '=', id).execute();
}

/**
 * Removes an employee: its console sessions end and its SIP line is free for another. Chats keep
 * the operator's name they were answered with. Answers the domains of the customer's sites that
 * nobody serves any longer, so the owner learns that their chats and requests go unanswered.
 */
export async function removeEmployee(db: Queryable, customerId: number, id: number): Promise<{ unserved: string[] }> {
  if (!(await isOwn(db, customerId, id))) throw errors.notFound();
  const served = async (tx: Queryable) =>
    (
      await tx
        .selectFrom('employee_sites as es')
        .innerJoin('employees as e', 'e.id', 'es.employee_id')
        .select('es.site_id')
        .distinct()
        .where('e.customer_id', '=', customerId)
        .execute()
    ).map((r) => r.site_id);
  return db.transaction().execute(async (tx) => {
    const before = await served(tx);
    // Spelled out rather than left to the foreign keys' cascade, which SQLite applies only when enabled.
    await tx.deleteFrom('operator_sessions').where('employee_id', '=', id).execute();
    await tx.deleteFrom('operator_consoles').where('employee_id', '=', id).execute();
    await tx.deleteFrom('sip_line_employees').where('employee_id', '=', id).execute();
    await tx.deleteFrom('employee_sites').where('employee_id', '=', id).execute();
    await tx.deleteFrom('employees').where('id', '=', id).execute();
    const after = new Set(await served(tx));
    const lost = before.filter((s) => !after.has(s));
    if (!lost.length) return { unserved: [] };
    const rows = await tx.selectFrom('sites').select('domain').where('id', 'in', lost).orderBy('domain').execute();
    return { unserved: rows.map((r) => r.domain) };
  });
}
