import { z } from 'zod';
import type { ApiKeyGrant } from '../identity/api-keys.js';
import type { CustomerRow } from '../identity/customers.js';
import type { Page } from '../store/page.js';
import type { Store } from '../store/open.js';
import type { LoginGuard } from '../identity/login-guard.js';
import type { ApiTag } from './openapi-operations.js';

/** The `response` of a function that answers `{success: true}` alone. */
export const acknowledgement = z.undefined();

/** The verbs of the REST document; a POST with `action` acts as the verb it names. */
export type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who is calling: the session's user and whom it stands for. */
export interface Caller {
  userId: number;
  /** Set for a customer's own user. */
  customerId: number | null;
  /** Set for an agent's user. */
  agentId: number | null;
  /** Set when the call presented an API key (identity/api-keys.ts): what the key may do. */
  apiKey?: ApiKeyGrant;
  /** Set when an employee's app key calls (owner-app/employee-functions.ts): who, and the sites they serve. */
  employee?: { id: number; sites: readonly number[] };
}

/**
 * The running services a function may need, each given by the composition root (app.ts) when it
 * registers the REST API, and each function reaching only those it declares in `needs`. A feature
 * adds its service here from its own folder (`declare module '../api/function.js'`, as
 * webhooks/control.ts does): the API sits below the features and names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the features fill it (declaration merging)
export interface Services {}

export type ServiceName = keyof Services;

export interface Context<N extends ServiceName = never> {
  store: Store;
  /** The services the function declared in `needs`. */
  services: Pick<Services, N>;
  caller: Caller;
  /** The customer the call acts on (own, or the agent's `customer_id`); null for agent functions. */
  customer: CustomerRow | null;
  /** `limit` and `offset` of a list function (defaults 100 and 0). */
  page: Page;
  /** A list function tells how many records all its pages hold: the answer's X-Total-Count header. */
  setTotal(n: number): void;
  /** The API's clock (tests control it). */
  now(): number;
  /** The client's address (through the trusted proxy's header when the server is told to trust one). */
  ip: string;
  /** The session key the call presented: a password change keeps this session and ends the others. */
  sessionKey?: string;
  /** The sign-in guard: a function that checks a password counts its failures as the login does. */
  loginGuard?: LoginGuard;
}

/** A context whose customer is known (functions of scope `customer`). */
export interface CustomerContext<N extends ServiceName = never> extends Context<N> {
  customer: CustomerRow;
}

/**
 * A context of a function the document gives no required `customer_id` (scope `account`): the
 * customers the call reaches. A customer's session: its own; an agent's: the one `customer_id`
 * names, or without it every customer of the agent (possibly none).
 */
export interface AccountContext<N extends ServiceName = never> extends Context<N> {
  customers: readonly CustomerRow[];
}

/**
 * The objects of a customer (or of an agent) an argument may name. A function answers only for the
 * acting customer's own: in `names`, another's is refused (403 or 404); in `filters`, another's
 * finds nothing. The access test (test/unit/server/api/api-access.test.ts) names another
 * customer's object in each.
 */
export type OwnedObject =
  | 'customer'
  | 'site'
  | 'number'
  | 'campaign'
  | 'condition_group'
  | 'condition'
  | 'number_block'
  | 'numa_list'
  | 'visitor'
  | 'person'
  | 'session'
  | 'goal'
  | 'call'
  | 'call_leg'
  | 'chat'
  | 'offline_message'
  | 'communication'
  | 'tag'
  | 'webhook'
  | 'webhook_event'
  | 'api_login'
  | 'scenario'
  | 'scenario_route'
  | 'employee'
  | 'sip_line'
  | 'carrier_connection'
  | 'api_key'
  | 'conversion_destination';

/**
 * How an employee's key may call the function at `/app/api/employee/<name>` (owner-app/
 * employee-functions.ts), limited to the sites the employee serves: `site` what is checked of the
 * arguments (`named`: `site_id` must be theirs; `optional`: when given; `communication`: the site
 * of `object_type`/`object_id`; `none`: nothing names a site), and `siteOfRow` the field of each
 * row that holds its site, where a list without `site_id` may span sites (other sites' rows are
 * left out). A function without it is refused to employees.
 */
export interface EmployeeAccess {
  site: 'named' | 'optional' | 'communication' | 'none';
  siteOfRow?: string;
}

interface Base<S extends z.ZodObject, R extends z.ZodType, N extends ServiceName> {
  /** The function's name, its path under /api/v1/. */
  name: string;
  verb: Verb;
  /** The subject the API reference lists it under (openapi-operations.ts). */
  tag: ApiTag;
  /** The reference's one line, a capitalised phrase (`(extension)` at the end of an extension's). */
  summary: string;
  /** The reference's short description, in the contract's terms. */
  description: string;
  /** Not in the REST document: this server's extension (marked so in the OpenAPI document and docs/rest-api.md). */
  extension?: boolean;
  /** Takes `limit` and `offset`. */
  list?: boolean;
  /**
   * One parameter read from the path, `/api/v1/<name>/<value>/` (the document's
   * `visitor/<visitor_id>`); it is also one of `args`, so a query or body may carry it too.
   */
  pathParam?: string;
  /** The function's own parameters (not session_key, customer_id, limit, offset). */
  args: S;
  /**
   * The answer's `data` (`acknowledgement` for `{success: true}` alone): `run` is typed by it, the
   * OpenAPI document shows it, and the unit tests check every real answer against it.
   */
  response: R;
  /** The arguments that name one of the customer's objects, refused when another's (OwnedObject). */
  names?: { readonly [K in keyof z.input<S>]?: OwnedObject };
  /** The arguments that filter the answer by one of the customer's objects: another's finds nothing. */
  filters?: { readonly [K in keyof z.input<S>]?: OwnedObject };
  /** The services `run` reaches through `ctx.services`. */
  needs?: readonly N[];
}

/**
 * One REST function. `customer` functions act on one customer: the caller's own, or for an agent the
 * one named by `customer_id`, required ((A) in the document). `account` functions are those the
 * document gives an optional `customer_id` or none: an agent may call them without one
 * (AccountContext). `agent` functions are agents' only. `run` returns the answer's `data`, or
 * undefined for an acknowledgement (`{success: true}`).
 */
export type ApiFunction<S extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType, N extends ServiceName = ServiceName> =
  | (Base<S, R, N> & {
      scope: 'customer';
      /** Open to employees of the customer's sites, and how (EmployeeAccess). */
      employee?: EmployeeAccess;
      run(ctx: CustomerContext<N>, args: z.output<S>): Promise<z.input<R>>;
    })
  | (Base<S, R, N> & { scope: 'account'; run(ctx: AccountContext<N>, args: z.output<S>): Promise<z.input<R>> })
  | (Base<S, R, N> & { scope: 'agent'; run(ctx: Context<N> & { caller: { agentId: number } }, args: z.output<S>): Promise<z.input<R>> });

/** Keeps a function's argument and answer types tied to its schemas, and its context to the services it needs. */
export function apiFunction<S extends z.ZodObject, R extends z.ZodType, N extends ServiceName = never>(
  f: ApiFunction<S, R, N>,
): ApiFunction {
  return f as unknown as ApiFunction;
}
