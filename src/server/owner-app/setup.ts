import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasApiUsers, insertApiUser } from '../api/queries.js';
import { ApiError } from '../http/errors.js';
import { createCustomer } from '../identity/customers.js';
import { DEFAULT_TIME_ZONE } from '../identity/dates.js';
import { hasEmployees } from '../identity/operators.js';
import { hashPassword } from '../identity/password.js';
import type { SetupToken } from '../identity/setup-token.js';
import type { Queryable } from '../store/queryable.js';
import type { Store } from '../store/open.js';
import { parse } from './schemas.js';

/**
 * A fresh server's first account, made in the browser. While nobody can sign in, the server prints
 * a setup link with a one-time secret (identity/setup-token.ts) at start; the app's setup page
 * (`/app/setup?token=…`) asks here whether the link still works and sends the new customer's login
 * and password. A missing or wrong secret makes nothing, so nobody else can claim the server; once
 * any account exists (made here, or with `npm run create-account`) the link is dead.
 */

/** True while nobody can sign in: no REST API login and no console operator. */
async function noAccounts(db: Queryable): Promise<boolean> {
  return !(await hasApiUsers(db)) && !(await hasEmployees(db));
}

/** The link a fresh server prints while no account exists, or null. `base` ends with a slash. */
export async function setupLink(store: Store, token: SetupToken, base: string): Promise<string | null> {
  const value = token.value();
  if (value == null || !(await noAccounts(store.db))) return null;
  return `${base}app/setup?token=${value}`;
}

const wrongLink = () =>
  new ApiError(403, 403005, 'This setup link is not valid: use the link the server printed at its last start (a restart prints a new one)');
const setUp = () => new ApiError(409, 409002, 'This server has an account already: sign in');

const setupSchema = z.strictObject({
  token: z.string().max(200),
  login: z.string().trim().min(1).max(100).regex(/^\S+$/, 'no spaces').describe('the new login'),
  password: z.string().min(8, 'at least 8 characters').max(1000),
  name: z.string().trim().max(200).optional().describe('the company, as the app shows it; default the login'),
});

export function setupRoutes(app: FastifyInstance, deps: { store: Store; token: SetupToken }) {
  const { db } = deps.store;
  /** One at a time: two forms sent together make one account. */
  let making = false;

  app.get('/app/api/setup', async (req) => {
    const { token } = parse(z.object({ token: z.string().max(200).default('') }), req.query);
    if (!(await noAccounts(db))) throw setUp();
    if (!deps.token.matches(token)) throw wrongLink();
    return { success: true, data: { open: true } };
  });

  app.post('/app/api/setup', async (req) => {
    const a = parse(setupSchema, req.body);
    if (!(await noAccounts(db))) throw setUp();
    if (!deps.token.matches(a.token)) throw wrongLink();
    if (making) throw setUp();
    making = true;
    try {
      const hash = await hashPassword(a.password);
      const customerId = await db.transaction().execute(async (tx) => {
        if (!(await noAccounts(tx))) throw setUp();
        const id = await createCustomer(tx, {
          name: a.name || a.login,
          state: 'active',
          agent_id: null,
          tp_id: null,
          email: null,
          limits: '{}',
          time_zone: DEFAULT_TIME_ZONE,
        });
        await insertApiUser(tx, { login: a.login, password_hash: hash, customer_id: id, agent_id: null });
        return id;
      });
      deps.token.spend();
      return { success: true, data: { customer_id: customerId, login: a.login } };
    } finally {
      making = false;
    }
  });
}
