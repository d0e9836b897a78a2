import { parseArgs } from 'node:util';
import type { Transaction } from 'kysely';
import { insertApiUser } from '../api/queries.js';
import { agentById, createAgent, createTariffPlan, tariffPlanCount } from '../charges/agents.js';
import { createEmployee } from '../identity/operators.js';
import { employeeHasName, restLoginHasName } from '../identity/sign-in-names.js';
import { hashPassword } from '../identity/password.js';
import { DEFAULT_TIME_ZONE } from '../identity/dates.js';
import { createCustomer, customerById } from '../identity/customers.js';
import { sitesOfCustomer } from '../sites/sites.js';
import { openStore } from '../store/open.js';
import { browserBaseOf } from './browser-url.js';
import type { Tables } from '../store/tables.js';

/**
 * `npm run create-account`: makes a login on a database, the way a self-hosted server gets its
 * first account (a production database starts with none; only `npm start`'s demo seeds known
 * ones). A REST API login of a customer or an agent (a new one, or one that exists), or an
 * operator of the console. The password never comes from the command line, where `ps` shows it:
 * from SVC_ACCOUNT_PASSWORD, else stdin (cli.ts prompts on a terminal).
 * Exit status: 0 made, 1 refused (the login is taken, the customer or agent does not exist), 2 bad
 * usage or no password.
 */

export const USAGE = [
  'usage: npm run create-account -- customer <login> [--name <name>] [--customer-id <id>] [--db <path>]',
  '       npm run create-account -- agent <login> [--name <name>] [--agent-id <id>] [--db <path>]',
  '       npm run create-account -- operator <email> --customer-id <id> [--first-name <f>] [--last-name <l>] [--db <path>]',
  'The password (at least 8 characters) is read from SVC_ACCOUNT_PASSWORD, else from stdin.',
].join('\n');

export const MIN_PASSWORD = 8;

export interface AccountIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
  /** The database when neither --db nor SVC_DB names one (as main.ts: data/svc.db in the package). */
  defaultDb: string;
  /** The password when SVC_ACCOUNT_PASSWORD is not set: stdin's first line, or a prompt. */
  readPassword(): Promise<string>;
}

type Kind = 'customer' | 'agent' | 'operator';
interface Args {
  kind: Kind;
  login: string;
  name?: string | undefined;
  customerId?: number | undefined;
  agentId?: number | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  db?: string | undefined;
}

const OPTIONS = {
  name: { type: 'string' },
  'customer-id': { type: 'string' },
  'agent-id': { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  db: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs(argv: string[]): Args | string {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    return (e as Error).message;
  }
  const { values: v, positionals } = parsed;
  const [kind, login, ...extra] = positionals;
  if (kind !== 'customer' && kind !== 'agent' && kind !== 'operator') return 'say which account: customer, agent or operator';
  if (!login?.trim()) return `which ${kind === 'operator' ? 'e-mail' : 'login'}?`;
  if (extra.length) return `unexpected ${extra.join(' ')}`;
  const id = (name: 'customer-id' | 'agent-id'): number | undefined | string => {
    const t = v[name];
    if (t === undefined) return undefined;
    return /^[1-9]\d{0,14}$/.test(t) ? Number(t) : `--${name} must be a positive whole number`;
  };
  const customerId = id('customer-id');
  const agentId = id('agent-id');
  if (typeof customerId === 'string') return customerId;
  if (typeof agentId === 'string') return agentId;
  if (kind === 'operator') {
    if (customerId === undefined) return 'an operator needs --customer-id';
    if (!/^[^\s@]+@[^\s@]+$/.test(login)) return `${login} is not an e-mail`;
  }
  const allowed: Record<Kind, string[]> = {
    customer: ['name', 'customer-id'],
    agent: ['name', 'agent-id'],
    operator: ['customer-id', 'first-name', 'last-name'],
  };
  for (const k of Object.keys(v))
    if (k !== 'db' && k !== 'help' && !allowed[kind].includes(k))
      return `--${k} does not apply to ${kind === 'operator' ? 'an' : 'a'} ${kind}`;
  return {
    kind,
    login: login.trim(),
    name: v.name,
    customerId,
    agentId,
    firstName: v['first-name'],
    lastName: v['last-name'],
    db: v.db,
  };
}

/** Runs the command; resolves with the exit status. */
export async function createAccountCommand(argv: string[], io: AccountIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const args = readArgs(argv);
  if (typeof args === 'string') {
    io.err(`create-account: ${args}`);
    io.err(USAGE);
    return 2;
  }
  const password = io.env.SVC_ACCOUNT_PASSWORD ?? (await io.readPassword());
  if (password.length < MIN_PASSWORD) {
    io.err(`create-account: the password needs at least ${MIN_PASSWORD} characters (SVC_ACCOUNT_PASSWORD, or stdin)`);
    return 2;
  }
  const passwordHash = await hashPassword(password);
  const dbPath = args.db ?? io.env.SVC_DB ?? io.defaultDb;
  const store = await openStore({ path: dbPath });
  try {
    const refused = await store.db
      .transaction()
      .execute((tx) =>
        args.kind === 'operator' ? createOperator(tx, args, passwordHash, io) : createRestLogin(tx, args, passwordHash, io),
      );
    if (refused) {
      io.err(`create-account: ${refused}; nothing was written`);
      return 1;
    }
    return 0;
  } catch (e) {
    if (!(e instanceof LoginTaken)) throw e;
    io.err(`create-account: the login ${args.login} exists; nothing was written`);
    return 1;
  } finally {
    await store.close();
  }
}

/** An operator of the customer's sites, who signs in to the console; the refusal, or null. */
async function createOperator(tx: Transaction<Tables>, args: Args, passwordHash: string, io: AccountIo): Promise<string | null> {
  const customer = await customerById(tx, args.customerId!);
  if (!customer) return `no customer ${args.customerId}`;
  if (await restLoginHasName(tx, args.login)) return `the e-mail ${args.login.toLowerCase()} is a REST login`;
  const sites = (await sitesOfCustomer(tx, customer.id, { limit: 10_000, offset: 0 })).map((s) => s.id);
  const id = await createEmployee(tx, {
    customer_id: customer.id,
    first_name: args.firstName ?? args.login.split('@')[0]!,
    last_name: args.lastName ?? '',
    email: args.login,
    password_hash: passwordHash,
    sites,
  });
  if (id == null) return `an employee with the e-mail ${args.login.toLowerCase()} exists`;
  io.out(`operator ${args.login.toLowerCase()} (employee ${id}) of customer ${customer.id}, serving sites [${sites.join(', ')}]`);
  io.out(`Sign in to the console at ${browserBaseOf(io.env)}op/ (and to the app at ${browserBaseOf(io.env)}app/).`);
  return null;
}

/** A REST login of a customer or an agent, made or named; the refusal, or null. */
async function createRestLogin(tx: Transaction<Tables>, args: Args, passwordHash: string, io: AccountIo): Promise<string | null> {
  // The app's sign-in form would find the login before the employee (identity/sign-in-names.ts).
  if (await employeeHasName(tx, args.login)) return `the login ${args.login} is an employee's e-mail`;
  const owner: { customerId?: number; agentId?: number; what: string } | string =
    args.kind === 'customer' ? await customerOfLogin(tx, args) : await agentOfLogin(tx, args);
  if (typeof owner === 'string') return owner;
  const { customerId = null, agentId = null, what } = owner;
  if (!(await insertApiUser(tx, { login: args.login, password_hash: passwordHash, customer_id: customerId, agent_id: agentId })))
    throw new LoginTaken();
  io.out(`REST API login ${args.login} for ${what}`);
  io.out(
    args.kind === 'customer'
      ? `Sign in to the app at ${browserBaseOf(io.env)}app/ and add your site first.`
      : `Sign in to the app at ${browserBaseOf(io.env)}app/ and choose or create a customer.`,
  );
  return null;
}

/** The login's customer: the one named, or a new one; a refusal when the one named does not exist. */
async function customerOfLogin(tx: Transaction<Tables>, args: Args): Promise<{ customerId: number; what: string } | string> {
  if (args.customerId !== undefined) {
    if (!(await customerById(tx, args.customerId))) return `no customer ${args.customerId}`;
    return { customerId: args.customerId, what: `customer ${args.customerId}` };
  }
  const name = args.name ?? args.login;
  const customerId = await createCustomer(tx, {
    name,
    state: 'active',
    agent_id: null,
    tp_id: null,
    email: null,
    limits: '{}',
    time_zone: DEFAULT_TIME_ZONE,
  });
  return { customerId, what: `new customer ${customerId} "${name}"` };
}

/** The login's agent: the one named, or a new one; a refusal when the one named does not exist. */
async function agentOfLogin(tx: Transaction<Tables>, args: Args): Promise<{ agentId: number; what: string } | string> {
  if (args.agentId !== undefined) {
    if (!(await agentById(tx, args.agentId))) return `no agent ${args.agentId}`;
    return { agentId: args.agentId, what: `agent ${args.agentId}` };
  }
  const name = args.name ?? args.login;
  const agentId = await createAgent(tx, name);
  // An agent gives each customer it makes a tariff plan: a server without one (no seed) gets a free one.
  if (!(await tariffPlanCount(tx))) {
    const tp = await createTariffPlan(tx, 'Basic', 0);
    return { agentId, what: `new agent ${agentId} "${name}", with tariff plan ${tp} "Basic" (no daily fee) for its customers` };
  }
  return { agentId, what: `new agent ${agentId} "${name}"` };
}

/** Rolls back a new customer or agent whose login turned out to be taken. */
class LoginTaken extends Error {}
