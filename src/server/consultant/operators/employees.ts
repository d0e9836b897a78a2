import { z } from 'zod';
import type { DB } from '../../store/db.js';
import { PASSWORD_HASH } from './password.js';

/**
 * Employees of a customer (REST document, "Employee") as the site configuration declares them.
 * Those with a password hash can sign in to the operator console and answer chats of `sites`.
 */
export const Employee = z.strictObject({
  id: z.number().int().positive(),
  last_name: z.string().min(1).max(100),
  first_name: z.string().min(1).max(100),
  patronymic: z.string().max(100).nullable().default(null),
  email: z.string().email().max(254),
  /** scrypt hash made by `node scripts/hash-password.mjs`; never the password itself. */
  password_hash: z.string().regex(PASSWORD_HASH, 'password_hash must be made by scripts/hash-password.mjs'),
  extension: z.string().max(20).nullable().default(null),
  phones: z.array(z.string().regex(/^\d{5,15}$/)).default([]),
  /** Ids of the customer's sites whose chats and requests this employee handles. */
  sites: z.array(z.number().int().positive()).default([]),
});
export type EmployeeConfig = z.infer<typeof Employee>;

export interface EmployeeRow {
  id: number;
  customer_id: number;
  last_name: string;
  first_name: string;
  patronymic: string | null;
  full_name: string;
  email: string;
  is_consultant_operator_active: number;
}

export const fullName = (e: { last_name: string; first_name: string; patronymic: string | null }) =>
  [e.last_name, e.first_name, e.patronymic].filter(Boolean).join(' ');

/**
 * Brings one customer's employees in line with the configuration (runs inside the configuration
 * transaction). Employees no longer listed are deleted with their console sessions; chats keep
 * the operator's id and name they were answered with. The online flag survives restarts.
 */
export function applyEmployees(db: DB, customerId: number, employees: EmployeeConfig[]): void {
  db.prepare(`DELETE FROM employees WHERE customer_id = ? AND id NOT IN (SELECT value FROM json_each(?))`).run(
    customerId,
    JSON.stringify(employees.map((e) => e.id)),
  );
  const upsert = db.prepare(
    `INSERT INTO employees (id, customer_id, last_name, first_name, patronymic, full_name, email, password_hash, extension, phones)
     VALUES (@id, @customer_id, @last_name, @first_name, @patronymic, @full_name, @email, @password_hash, @extension, @phones)
     ON CONFLICT (id) DO UPDATE SET customer_id = excluded.customer_id, last_name = excluded.last_name,
       first_name = excluded.first_name, patronymic = excluded.patronymic, full_name = excluded.full_name,
       email = excluded.email, password_hash = excluded.password_hash, extension = excluded.extension, phones = excluded.phones`,
  );
  const dropSites = db.prepare(`DELETE FROM employee_sites WHERE employee_id = ?`);
  const addSite = db.prepare(`INSERT OR IGNORE INTO employee_sites (employee_id, site_id) VALUES (?, ?)`);
  const dropSessions = db.prepare(
    `DELETE FROM operator_sessions WHERE employee_id = @id
       AND EXISTS (SELECT 1 FROM employees WHERE id = @id AND password_hash != @hash)`,
  );
  for (const e of employees) {
    // A changed password ends the sessions signed in with the old one.
    dropSessions.run({ id: e.id, hash: e.password_hash });
    upsert.run({
      id: e.id,
      customer_id: customerId,
      last_name: e.last_name,
      first_name: e.first_name,
      patronymic: e.patronymic,
      full_name: fullName(e),
      email: e.email.toLowerCase(),
      password_hash: e.password_hash,
      extension: e.extension,
      phones: JSON.stringify(e.phones),
    });
    dropSites.run(e.id);
    for (const s of e.sites) addSite.run(e.id, s);
  }
}
