import { z } from 'zod';
import type { CustomerRow } from '../customers/queries.js';
import type { Page } from '../store/page.js';
import type { Store } from '../store/open.js';
import type { LoginGuard } from '../sign-in/login-guard.js';

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
}

export interface Context {
  store: Store;
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
export interface CustomerContext extends Context {
  customer: CustomerRow;
}

/**
 * A context of a function the document gives no required `customer_id` (scope `account`): the
 * customers the call reaches. A customer's session: its own; an agent's: the one `customer_id`
 * names, or without it every customer of the agent (possibly none).
 */
export interface AccountContext extends Context {
  customers: readonly CustomerRow[];
}

interface Base<S extends z.ZodObject, R extends z.ZodType> {
  /** The function's name, its path under /api/v1/. */
  name: string;
  verb: Verb;
  /** One line for the OpenAPI document. */
  summary: string;
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
}

/**
 * One REST function. `customer` functions act on one customer: the caller's own, or for an agent the
 * one named by `customer_id`, required ((A) in the document). `account` functions are those the
 * document gives an optional `customer_id` or none: an agent may call them without one
 * (AccountContext). `agent` functions are agents' only. `run` returns the answer's `data`, or
 * undefined for an acknowledgement (`{success: true}`).
 */
export type ApiFunction<S extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> =
  | (Base<S, R> & { scope: 'customer'; run(ctx: CustomerContext, args: z.output<S>): Promise<z.input<R>> })
  | (Base<S, R> & { scope: 'account'; run(ctx: AccountContext, args: z.output<S>): Promise<z.input<R>> })
  | (Base<S, R> & { scope: 'agent'; run(ctx: Context & { caller: { agentId: number } }, args: z.output<S>): Promise<z.input<R>> });

/** Keeps a function's argument and answer types tied to its schemas. */
export function apiFunction<S extends z.ZodObject, R extends z.ZodType>(f: ApiFunction<S, R>): ApiFunction {
  return f as unknown as ApiFunction;
}
