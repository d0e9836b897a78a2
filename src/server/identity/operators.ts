import type { ExpressionBuilder } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row, Tables } from '../store/tables.js';
import { fullName, type EmployeeConfig, type EmployeeRow } from './employees.js';

/**
 * Every query of the operator tables: employees, the sites they serve (employee_sites), and their
 * console sessions (operator_sessions).
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

/** A console session with its operator, while it has not expired. */
export async function operatorBySession(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<(EmployeeRow & { token_hash: string; expires_ms: number }) | null> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .select([
      'e.id',
      'e.customer_id',
      'e.last_name',
      'e.first_name',
      'e.patronymic',
      'e.full_name',
      'e.email',
      'e.is_consultant_operator_active',
      's.token_hash',
      's.expires_ms',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_ms', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/** True when some employee can sign in to the console (every stored employee has a password hash). */
export async function hasEmployees(db: Queryable): Promise<boolean> {
  return !!(await db.selectFrom('employees').select('id').limit(1).executeTakeFirst());
}

/**
 * Adds an employee who signs in to the console, serving `sites`; null when the e-mail is taken
 * (nothing of its holder changes).
 */
export async function createEmployee(
  db: Queryable,
  e: { customer_id: number; last_name: string; first_name: string; email: string; password_hash: string; sites: readonly number[] },
): Promise<number | null> {
  const { sites, ...rest } = e;
  const row = await db
    .insertInto('employees')
    .values({ ...rest, patronymic: null, full_name: fullName({ ...e, patronymic: null }), email: e.email.toLowerCase(), extension: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  if (sites.length)
    await db
      .insertInto('employee_sites')
      .values(sites.map((site_id) => ({ employee_id: row.id, site_id })))
      .execute();
  return row.id;
}

/** What a sign-in checks: the employee of an e-mail (stored in lower case) and their hash. */
export async function employeeLogin(db: Queryable, email: string): Promise<{ id: number; password_hash: string } | null> {
  const row = await db.selectFrom('employees').select(['id', 'password_hash']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ?? null;
}

/** An employee's e-mail (their sign-in), or null when the employee is gone. */
export async function employeeEmail(db: Queryable, employeeId: number): Promise<string | null> {
  const row = await db.selectFrom('employees').select('email').where('id', '=', employeeId).executeTakeFirst();
  return row?.email ?? null;
}

/** Opens a console session; expired sessions of anyone go at the same time. */
export async function createSession(
  db: Queryable,
  s: { tokenHash: string; employeeId: number; createdAt: string; expiresMs: number; now: number },
) {
  await db.deleteFrom('operator_sessions').where('expires_ms', '<=', s.now).execute();
  await db
    .insertInto('operator_sessions')
    .values({ token_hash: s.tokenHash, employee_id: s.employeeId, created_at: s.createdAt, expires_ms: s.expiresMs })
    .execute();
}

export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function sessionAlive(db: Queryable, tokenHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('operator_sessions')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('expires_ms', '>', now)
    .executeTakeFirst();
  return row != null;
}

/** The ids of the sites an employee serves, in id order. */
export async function employeeSiteIds(db: Queryable, employeeId: number): Promise<number[]> {
  const rows = await db.selectFrom('employee_sites').select('site_id').where('employee_id', '=', employeeId).orderBy('site_id').execute();
  return rows.map((r) => r.site_id);
}

/** The sites an employee serves, with their domains, in id order. */
export async function employeeSites(db: Queryable, employeeId: number): Promise<Array<{ id: number; domain: string }>> {
  return db
    .selectFrom('employee_sites as es')
    .innerJoin('sites as s', 's.id', 'es.site_id')
    .select(['s.id', 's.domain'])
    .where('es.employee_id', '=', employeeId)
    .orderBy('s.id')
    .execute();
}

/** The operators of a site whose online switch is on (whether or not a console is open). */
export async function activeOperatorsOfSite(db: Queryable, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('employees as e')
    .innerJoin('employee_sites as es', 'es.employee_id', 'e.id')
    .select('e.id')
    .where('es.site_id', '=', siteId)
    .where('e.is_consultant_operator_active', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** The operator's online switch. */
export async function operatorActive(db: Queryable, employeeId: number): Promise<boolean> {
  const row = await db.selectFrom('employees').select('is_consultant_operator_active').where('id', '=', employeeId).executeTakeFirst();
  return !!row?.is_consultant_operator_active;
}

export async function setOperatorActive(db: Queryable, employeeId: number, active: boolean): Promise<void> {
  await db
    .updateTable('employees')
    .set({ is_consultant_operator_active: active ? 1 : 0 })
    .where('id', '=', employeeId)
    .execute();
}

/**
 * The stored hashes of the site owner's app's sessions of employees start with this
 * (app-sessions.ts): they are not console sessions, so they keep nobody online for chats, and a
 * console cookie never reads as one, nor one as a console cookie.
 */
export const APP_SESSION_PREFIX = 'app:';

/**
 * Switches the operator offline unless another console session of theirs is still signed in (one
 * statement, so a sign-in at the same moment cannot be switched off by mistake).
 */
export async function offlineUnlessSignedIn(db: Queryable, employeeId: number, now: number): Promise<void> {
  await db
    .updateTable('employees')
    .set({ is_consultant_operator_active: 0 })
    .where('id', '=', employeeId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('operator_sessions')
            .select('token_hash')
            .where('employee_id', '=', employeeId)
            .where('expires_ms', '>', now)
            .where('token_hash', 'not like', APP_SESSION_PREFIX + '%'),
        ),
      ),
    )
    .execute();
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

/** The REST `employee` filters (operators/employee-functions.ts); every one given must hold. */
export interface EmployeeFilter {
  id?: number | undefined;
  /** A SIP line's number: the employee's extension, one of its phones, or a SIP line it owns. */
  sip_line?: string | undefined;
  last_name?: string | undefined;
  first_name?: string | undefined;
  patronymic?: string | undefined;
}

/** The employees of a customer that every filter given holds for. */
function employeesMatching(customerId: number, f: EmployeeFilter) {
  return (eb: ExpressionBuilder<Tables, 'employees'>) => {
    const all = [eb('customer_id', '=', customerId)];
    if (f.id !== undefined) all.push(eb('id', '=', f.id));
    if (f.last_name !== undefined) all.push(eb('last_name', '=', f.last_name));
    if (f.first_name !== undefined) all.push(eb('first_name', '=', f.first_name));
    if (f.patronymic !== undefined) all.push(eb('patronymic', '=', f.patronymic));
    if (f.sip_line !== undefined) {
      // phones is a JSON array of strings: a number is in it when its quoted form is (digits need no escaping).
      // A SIP line (numbers/) also names the employees it belongs to.
      const line = f.sip_line;
      all.push(
        eb.or([
          eb('extension', '=', line),
          eb('phones', 'like', `%"${line}"%`),
          eb.exists(
            eb
              .selectFrom('sip_line_employees as le')
              .innerJoin('sip_lines as l', 'l.id', 'le.sip_line_id')
              .select('le.employee_id')
              .whereRef('le.employee_id', '=', 'employees.id')
              .where('l.phone', '=', line)
              .where('l.customer_id', '=', customerId),
          ),
        ]),
      );
    }
    return eb.and(all);
  };
}

/** A customer's employees as the REST `employee` function lists them, in id order. */
export async function customerEmployees(
  db: Queryable,
  customerId: number,
  f: EmployeeFilter,
  page: { limit: number; offset: number },
): Promise<
  Array<
    Pick<
      Row<'employees'>,
      'id' | 'last_name' | 'first_name' | 'patronymic' | 'full_name' | 'email' | 'is_consultant_operator_active' | 'extension' | 'phones'
    >
  >
> {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name', 'patronymic', 'full_name', 'email', 'is_consultant_operator_active', 'extension', 'phones'])
    .where(employeesMatching(customerId, f))
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many employees customerEmployees lists over all its pages. */
export async function customerEmployeeCount(db: Queryable, customerId: number, f: EmployeeFilter): Promise<number> {
  const r = await db
    .selectFrom('employees')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(employeesMatching(customerId, f))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The full name of the customer's employee (who answered a call); null for another's or none. */
export async function employeeNameOfCustomer(db: Queryable, customerId: number, employeeId: number): Promise<string | null> {
  const row = await db
    .selectFrom('employees')
    .select('full_name')
    .where('id', '=', employeeId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.full_name ?? null;
}

/** Each of the customer's employees with its names and the ids of the sites it serves, for editing. */
export async function employeeAssignments(
  db: Queryable,
  customerId: number,
): Promise<Array<{ id: number; first_name: string; last_name: string; sites: number[] }>> {
  const people = await db
    .selectFrom('employees')
    .select(['id', 'first_name', 'last_name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('employee_sites as es')
    .innerJoin('employees as e', 'e.id', 'es.employee_id')
    .select(['es.employee_id', 'es.site_id'])
    .where('e.customer_id', '=', customerId)
    .orderBy('es.site_id')
    .execute();
  return people.map((p) => ({ ...p, sites: links.filter((l) => l.employee_id === p.id).map((l) => l.site_id) }));
}
