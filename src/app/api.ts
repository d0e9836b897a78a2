/**
 * The app's one client of the server: the REST functions (rest-api.md), the app's own needs among
 * them as documented extensions (docs/rest-api.md), with the REST session key. The key lives in
 * sessionStorage (one tab, gone with it) and goes in a header, `Authorization: Bearer` (the REST
 * API's extension), never in a URL: a proxy's access log keeps every request line, and the key opens
 * the account for hours. An agent's chosen customer is added as `customer_id` to every function
 * that acts on a customer. An employee's key goes in `X-Session-Key` to `/app/api/employee/<function>`.
 */

import { AGENT_FUNCTIONS } from './agent-functions.js';
import type { paths } from './api-schema.js';
import type { Lang } from './i18n.js';
import { serverMessage } from './server-messages.js';

const KEY = 'svc-app-session';
const CUSTOMER = 'svc-app-customer';
/** Set when the key is an employee's (the console's e-mail and password), not a REST login's. */
const EMPLOYEE = 'svc-app-employee';

/** Agent functions act on the agent itself, and `me` answers the agent with all its customers: they take no customer. */
const NO_CUSTOMER = new Set([...AGENT_FUNCTIONS, 'me']);

/** A refused call: the server's code and text, and the parameter it concerns when it names one. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The argument the refusal is about (the envelope's `field`), for showing it beside its field. */
    readonly field: string | null,
  ) {
    super(message);
  }
}

const read = (k: string): string | null => {
  try {
    return sessionStorage.getItem(k);
  } catch {
    return null;
  }
};
const write = (k: string, v: string | null): void => {
  try {
    if (v == null) sessionStorage.removeItem(k);
    else sessionStorage.setItem(k, v);
  } catch {}
};

export const session = {
  key: (): string | null => read(KEY),
  /** The customer an agent acts on, or null. */
  customerId: (): number | null => {
    const v = read(CUSTOMER);
    return v ? Number(v) : null;
  },
  setCustomer: (id: number | null): void => write(CUSTOMER, id == null ? null : String(id)),
  /** An employee's session: the REST functions go through the app's employee routes. */
  employee: (): boolean => read(EMPLOYEE) != null,
  clear: (): void => {
    write(KEY, null);
    write(CUSTOMER, null);
    write(EMPLOYEE, null);
  },
};

/** Called when the server no longer knows the session (expired, ended): the app shows sign-in. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (f: () => void): void => {
  onSignedOut = f;
};

/** The language refusals are shown in: the app's (set as it renders). */
let messageLang: Lang = 'en';
export const setMessageLanguage = (l: Lang): void => {
  messageLang = l;
};

async function answer<T = unknown>(res: Response): Promise<{ data: T; total: number | null }> {
  let body: { success?: boolean; data?: T; message?: string; field?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {}
  if (!res.ok || body.success !== true) {
    const text = body.message ?? `${res.status}: ${res.statusText}`;
    const m = /^(\d+):\s*(.*)$/s.exec(text);
    const code = m ? Number(m[1]) : res.status * 1000;
    const message = m ? m[2]! : text;
    // The session is gone (REST 102401; an employee's routes 401100): sign in again.
    if (code === 102401 || code === 401100) {
      session.clear();
      onSignedOut();
    }
    // The app's words for it, chosen by the code and the argument the envelope names.
    const shown = serverMessage(code, body.field ?? null, message, messageLang);
    throw new ApiFailure(res.status, code, shown.text, shown.field);
  }
  const total = res.headers.get('X-Total-Count');
  return { data: body.data as T, total: total == null ? null : Number(total) };
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** The header that carries a key: the REST API's Bearer, or the employee routes' own. */
const keyHeader = (key: string, employee: boolean): Record<string, string> =>
  employee ? { 'x-session-key': key } : { authorization: 'Bearer ' + key };

/**
 * Signs in with a REST login or an employee's console e-mail: the server checks the password once,
 * as whichever account the name is (`/app/api/session`), and says which kind of key it gave.
 */
export async function login(loginName: string, password: string): Promise<void> {
  const res = await fetch('/app/api/session', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ login: loginName, password }),
  });
  const { data } = await answer<{ session_key: string; employee: boolean }>(res);
  session.clear();
  write(KEY, data.session_key);
  if (data.employee) write(EMPLOYEE, '1');
}

export async function logout(): Promise<void> {
  const key = session.key();
  const employee = session.employee();
  session.clear();
  if (!key) return;
  await fetch(employee ? '/app/api/employee-session' : '/api/logout/', {
    method: employee ? 'DELETE' : 'POST',
    headers: { ...JSON_HEADERS, ...keyHeader(key, employee) },
    body: '{}',
  }).catch(() => {});
}

type Args = Record<string, string | number | boolean | null | undefined | readonly unknown[]>;

type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A REST function's name, as the reference lists it (`/api/v1/<name>/`). */
export type Fn = keyof paths extends infer P ? (P extends `/api/v1/${infer F}/` ? F : never) : never;
type PathOf<F extends Fn> = paths[`/api/v1/${F}/`];
type Op<F extends Fn, V extends Verb> = NonNullable<PathOf<F>[Lowercase<V>]>;
/** A POST that carries `action` is the POST form of another verb, not a verb of its own. */
type IsVerb<O, V extends Verb> = [O] extends [undefined]
  ? never
  : V extends 'POST'
    ? O extends { requestBody: { content: { 'application/json': { action: string } } } }
      ? never
      : V
    : V;
/** The verbs a function answers (a function may answer several: `api_login`, `number_block`). */
export type VerbOf<F extends Fn> = { [V in Verb]: IsVerb<PathOf<F>[Lowercase<V>], V> }[Verb];
type GetFn = { [F in Fn]: 'GET' extends VerbOf<F> ? F : never }[Fn];

/** No arguments: any property given is a mistake. */
type None = Record<string, never>;
type Query<F extends Fn> =
  Op<F, 'GET'> extends { parameters: { query?: infer Q } } ? ([Q] extends [undefined] ? None : NonNullable<Q>) : None;
type Body<F extends Fn, V extends Verb> =
  Op<F, V> extends { requestBody?: { content: { 'application/json': { args?: infer A } } } }
    ? [A] extends [undefined]
      ? None
      : NonNullable<A>
    : None;
/** What a function's call takes: its query (GET) or its body's `args`. */
export type ArgsOf<F extends Fn, V extends Verb = 'GET'> = V extends 'GET' ? Query<F> : Body<F, V>;
/** What a function answers: its 200 JSON's `data`. */
export type DataOf<F extends Fn, V extends Verb = 'GET'> =
  Op<F, V> extends {
    responses: { 200: { content: { 'application/json': { data: infer D } } } };
  }
    ? D
    : never;
/** A GET's arguments and verb: the arguments may be left out when none is required. */
type GetRest<F extends Fn> = Record<string, never> extends Query<F> ? [args?: Query<F>, verb?: 'GET'] : [args: Query<F>, verb?: 'GET'];

const withCustomer = (fn: string, args: Args): Args => {
  const c = session.customerId();
  return c != null && !NO_CUSTOMER.has(fn) && args.customer_id === undefined ? { ...args, customer_id: c } : args;
};

/**
 * A REST function by verb: GET in the query, others as `{action, args}`, the key in its header. An
 * employee's go to `/app/api/employee/<function>`, the same functions limited to their sites.
 */
async function rest<T = unknown>(fn: string, args: Args = {}, verb: Verb = 'GET'): Promise<{ data: T; total: number | null }> {
  const employee = session.employee();
  const a = employee ? args : withCustomer(fn, args);
  const url = employee ? `/app/api/employee/${fn}` : `/api/v1/${fn}/`;
  const headers = { accept: 'application/json', ...keyHeader(session.key() ?? '', employee) };
  if (verb === 'GET') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(a)) if (v != null) q.set(k, String(v));
    return answer<T>(await fetch(`${url}?${q}`, { headers }));
  }
  // The employee routes take every change as a POST of `{args}`.
  const body = employee || verb === 'POST' ? { args: a } : { action: verb, args: a };
  return answer<T>(await fetch(url, { method: 'POST', headers: { ...headers, ...JSON_HEADERS }, body: JSON.stringify(body) }));
}

/**
 * A REST function's `data`, typed by the API reference (api-schema.d.ts, `npm run api-types`): the
 * function's name, its arguments and its verb are checked against what the server declares, and
 * the answer is what it declares it answers. A GET's verb may be left out.
 */
export function call<F extends GetFn>(fn: F, ...a: GetRest<F>): Promise<DataOf<F>>;
export function call<F extends Fn, V extends Exclude<VerbOf<F>, 'GET'>>(fn: F, args: ArgsOf<F, V>, verb: V): Promise<DataOf<F, V>>;
export async function call(fn: string, args?: Args, verb?: Verb): Promise<unknown> {
  return (await rest(fn, args, verb)).data;
}

/** A GET list's page and the number of records in all (`X-Total-Count`). */
export async function callPage<F extends GetFn>(fn: F, ...a: GetRest<F>): Promise<{ data: DataOf<F>; total: number | null }> {
  return rest<DataOf<F>>(fn, a[0] as Args | undefined);
}
