import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { apiLoginById, apiLoginsOf, removeApiLogin, setApiPassword } from '../identity/rest-logins.js';
import { insertApiUser } from '../api/queries.js';
import { asRestError } from '../api/rest-errors.js';
import { employeeHasName } from '../identity/sign-in-names.js';
import { hashPassword } from '../identity/password.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's logins of the REST API (and so of the
 * app), one function by verb: GET lists them, POST adds one, PUT sets one's password (its other
 * sessions end; the caller's own stays), DELETE removes one (its sessions end; the customer's last
 * login stays, or nobody could sign in for it again).
 */

const password = () => z.string().min(8).max(200).describe('8 characters or more');

/** A login of the acting customer, or 100410 (another customer's reads the same as none). */
async function ownLogin(ctx: CustomerContext, loginId: number) {
  const u = await apiLoginById(ctx.store.db, loginId);
  if (!u || u.customer_id !== ctx.customer.id) throw apiErrors.notFound('login', loginId);
  return u;
}

export const apiLogins = apiFunction({
  name: 'api_login',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'List the customer’s logins (extension)',
  description:
    "The customer's logins of the REST API: `{id, login, current}`, `current` true for the caller's own. Not in the REST document.",
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), login: z.string(), current: z.boolean() })),
  async run(ctx) {
    return (await apiLoginsOf(ctx.store.db, ctx.customer.id)).map((u) => ({ ...u, current: u.id === ctx.caller.userId }));
  },
});

export const createApiLogin = apiFunction({
  name: 'api_login',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Add a login (extension)',
  description:
    'Adds a login of the customer (`login` without spaces, `password` of 8 characters or more). Answers `{id}`; a login taken is `100422`. Not in the REST document.',
  args: z.object({ login: z.string().min(1).max(200).regex(/^\S+$/, 'no spaces'), password: password() }),
  response: z.strictObject({ id: z.number().int() }),
  async run(ctx, a) {
    const db = ctx.store.db;
    const hash = await hashPassword(a.password);
    await db.transaction().execute(async (tx) => {
      // An employee's e-mail, of this customer or another, is taken too: the app's sign-in form
      // would find this login first. The answer is the same as for a login, so it names no holder.
      if (await employeeHasName(tx, a.login)) throw apiErrors.invalid('login', 'already taken');
      if (!(await insertApiUser(tx, { login: a.login, password_hash: hash, customer_id: ctx.customer.id, agent_id: null })))
        throw apiErrors.invalid('login', 'already taken');
    });
    return { id: (await apiLoginsOf(db, ctx.customer.id)).find((u) => u.login === a.login)!.id };
  },
});

export const changeApiLogin = apiFunction({
  name: 'api_login',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Set a login’s password (extension)',
  description: "Sets the password of the customer's login `id`; its sessions end, except the caller's own. Not in the REST document.",
  names: { id: 'api_login' },
  args: z.object({ id: id(), password: password() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownLogin(ctx, a.id);
    await setApiPassword(ctx.store.db, a.id, await hashPassword(a.password), ctx.sessionKey);
    return undefined;
  },
});

export const deleteApiLogin = apiFunction({
  name: 'api_login',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Remove a login (extension)',
  description:
    "Removes the customer's login `id` and ends its sessions; the customer's last login is `409 100409`. Not in the REST document.",
  names: { id: 'api_login' },
  args: z.object({ id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownLogin(ctx, a.id);
    await asRestError(`login ${a.id}`, () => removeApiLogin(ctx.store.db, ctx.customer.id, a.id));
    return undefined;
  },
});
