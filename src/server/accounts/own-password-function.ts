import { z } from 'zod';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { apiLoginById, setApiPassword } from '../identity/rest-logins.js';
import { ApiError } from '../http/errors.js';
import { hashPassword, verifyPassword } from '../identity/password.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the session's own login (a customer's or an agent's)
 * changes its password, proving the old one. The old one is checked through the sign-in guard
 * under the login's own counter (`api:<login>`, as `login` counts it), so this door guesses no
 * faster than the login. The login's other sessions end; this one stays.
 */
export const changePassword = apiFunction({
  name: 'change_password',
  verb: 'PUT',
  scope: 'account',
  extension: true,
  tag: 'account',
  summary: 'Change one’s own password (extension)',
  description:
    "The session's own login (a customer's or an agent's) gets `new_password` (8 characters or more) given `old_password`. Wrong old passwords count as failed logins (`102429` after too many). Its other sessions end; this one stays. Not in the REST document.",
  args: z.object({ old_password: z.string().min(1).max(1000), new_password: z.string().min(8).max(200).describe('8 characters or more') }),
  response: acknowledgement,
  async run(ctx, a) {
    const guard = ctx.loginGuard;
    if (!guard) throw new Error('change_password needs the sign-in guard');
    const user = await apiLoginById(ctx.store.db, ctx.caller.userId);
    if (!user) throw apiErrors.unauthorized();
    let ok: boolean;
    try {
      ok = await guard.attempt({ ip: ctx.ip, email: `api:${user.login.toLowerCase()}` }, () =>
        verifyPassword(a.old_password, user.password_hash),
      );
    } catch (e) {
      // The guard speaks the console's codes; `login` answers these two with the API's.
      if (e instanceof ApiError && e.status === 429) throw apiErrors.tooManyLogins();
      if (e instanceof ApiError && e.status === 503) throw apiErrors.loginBusy();
      throw e;
    }
    if (!ok) throw apiErrors.invalid('old_password', 'not your current password');
    await setApiPassword(ctx.store.db, user.id, await hashPassword(a.new_password), ctx.sessionKey);
    return undefined;
  },
});
