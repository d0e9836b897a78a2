import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiUserByLogin } from '../api/queries.js';
import { appSignInSchema, type ApiSessions } from '../api/sessions.js';
import { ApiError, errors } from '../http/errors.js';
import { employeeLogin } from '../identity/operators.js';
import { loginErrors } from '../identity/login-guard.js';
import { customerInactive } from './access.js';
import { signInEmployee, type EmployeeSignInDeps } from './employee-sign-in.js';
import { parse } from './schemas.js';

/**
 * The app's sign-in form: one field for a REST login or an employee's console e-mail, and one
 * password check. The account that exists decides: a REST login of that name, else, for an e-mail,
 * the employee; an unknown name is checked as a REST login. The two kinds of account share one
 * space of names (identity/sign-in-names.ts), but an older database may hold a REST login that is
 * also an employee's e-mail: then the password decides ({@link restAccount}). Otherwise one check
 * is one attempt on the sign-in guard and one scrypt, and a refusal reads the same whichever path
 * gave it, so the answer does not tell which kind of account a name is. Refusals carry the server's
 * codes, as every route under /app/api/ does.
 */

/** The console's 401002, in words that fit either kind of account. */
const wrongLogin = () => new ApiError(401, 401002, 'Wrong login or password');

/** A refusal of either path in the one set of words the form shows (Retry-After is already set). */
function asAppRefusal(e: unknown): unknown {
  if (!(e instanceof ApiError)) return e;
  if (e.status === 401) return wrongLogin();
  if (e.status === 429) return errors.tooManyTries();
  if (e.status === 503) return loginErrors.busy();
  if (e.status === 403) return customerInactive();
  return e;
}

/**
 * True when the form signs `login` in as a REST login, false as an employee. A name that is both
 * goes to the account whose password it is: one guarded check of both hashes picks it (a wrong
 * password is refused there), and the winner's own sign-in then runs as it does for a name that
 * is only one (its guard, its session, the employee's device cookie).
 */
async function restAccount(deps: AppSignInDeps, req: FastifyRequest, reply: FastifyReply, login: string, password: string) {
  if (!login.includes('@')) return true;
  const rest = await apiUserByLogin(deps.db, login);
  if (!rest) return false;
  if (!(await employeeLogin(deps.db, login))) return true;
  const owner = await deps.employees.passwordOwner(req, reply, login, password, rest.password_hash);
  if (!owner) throw wrongLogin();
  return owner === 'rest';
}

type AppSignInDeps = EmployeeSignInDeps & { sessions: ApiSessions };

export function appSignInRoutes(app: FastifyInstance, deps: AppSignInDeps) {
  app.post('/app/api/session', async (req, reply) => {
    const { login, password } = parse(appSignInSchema, req.body);
    try {
      if (await restAccount(deps, req, reply, login, password)) {
        return { success: true, data: { session_key: await deps.sessions.login(login, password, req.ip, reply), employee: false } };
      }
      return { success: true, data: { session_key: await signInEmployee(deps, req, reply, login, password), employee: true } };
    } catch (e) {
      throw asAppRefusal(e);
    }
  });
}
