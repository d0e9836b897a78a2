import { z } from 'zod';
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
