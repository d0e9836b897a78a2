import { apiKeyGrant, type ApiKeyGrant } from '../identity/api-keys.js';
import type { Queryable } from '../store/queryable.js';
import { MAX_LIMIT } from './args.js';
import { apiErrors } from './errors.js';
import type { ApiFunction, Caller } from './function.js';

/**
 * What an API key (identity/api-keys.ts, docs/api-keys.md) may call, checked before the function
 * runs: a key stands for its customer, never for a login, so the functions that manage logins and
 * keys, and any that sets a password, take a session (a leaked key makes no login); a read-only key runs only GET functions; a key limited to sites runs only
 * functions whose reach by site is declared (an argument that `names` a site, or the employees'
 * rule of api/function.ts, a communication's site among them), with that site among its sites and
 * lists without one cut to its sites. Every refusal is `403 102403`.
 */

/**
 * The site of a communication (`object_type`, `object_id`), or null when there is none. Given by
 * the server (reports/ knows communications, a layer above this one).
 */
export type SiteOfCommunication = (db: Queryable, objectType: string, objectId: number) => Promise<number | null>;

/** Functions a key never runs: they manage keys and logins; so does any that sets a password. */
const SESSION_ONLY = new Set(['api_key', 'create_api_key', 'revoke_api_key', 'api_login']);
const PASSWORD_ARGS = ['password', 'new_password'];

/** The caller an API key stands for: its customer (no login: `userId` 0). 102401 when unknown or revoked. */
export async function apiKeyCaller(db: Queryable, key: string, now: number): Promise<Caller> {
  const grant = await apiKeyGrant(db, key, now);
  if (!grant) throw apiErrors.unauthorized();
  return { userId: 0, customerId: grant.customerId, agentId: null, apiKey: grant };
}

/** Whether an API key may call the function at all (the API reference lists the key's scheme on it); agents' functions are not a customer's. */
export const keyMayCall = (fn: ApiFunction): boolean =>
  fn.scope !== 'agent' && !SESSION_ONLY.has(fn.name) && !PASSWORD_ARGS.some((a) => a in fn.args.shape);

/** The function as the caller's key may run it; the function itself for a session. */
export function asKeyAllows(fn: ApiFunction, caller: Caller, siteOfCommunication: SiteOfCommunication): ApiFunction {
  const key = caller.apiKey;
  if (!key) return fn;
  if (!keyMayCall(fn)) throw apiErrors.accessDenied(`${fn.name} takes a session (login), not an API key`);
  if (key.readOnly && fn.verb !== 'GET') throw apiErrors.accessDenied(`the API key is read-only: ${fn.verb} ${fn.name} changes data`);
  return key.siteIds ? withinSites(fn, key, siteOfCommunication) : fn;
}

/** The argument that names one site (`site_id`, or `id` of a site's own function); lists of sites (`*_ids`) are not one. */
function siteArgument(fn: ApiFunction): string | undefined {
  const rule = fn.scope === 'customer' ? fn.employee?.site : undefined;
  if (rule === 'named' || rule === 'optional') return 'site_id';
  const declared = { ...fn.filters, ...fn.names } as Record<string, string | undefined>;
  return Object.keys(declared).find((k) => declared[k] === 'site' && !k.endsWith('_ids') && k in fn.args.shape);
}

/** How the function reaches sites: by an argument, a communication, each row's site, or not at all; null when it cannot be told. */
function siteReach(fn: ApiFunction): { arg?: string; row?: string; communication?: true; siteless: boolean } | null {
  if (fn.scope !== 'customer') return null;
  const rule = fn.employee;
  if (rule?.site === 'communication') return { communication: true, siteless: false };
  const arg = siteArgument(fn);
  if (!arg && rule?.site !== 'none') return null;
  return {
    ...(arg ? { arg } : {}),
    ...(rule?.siteOfRow ? { row: rule.siteOfRow } : {}),
    siteless: rule?.site === 'none' && !rule.siteOfRow,
  };
}

function withinSites(fn: ApiFunction, key: ApiKeyGrant, siteOfCommunication: SiteOfCommunication): ApiFunction {
  const sites = key.siteIds!;
  const reach = siteReach(fn);
  if (!reach) throw apiErrors.accessDenied(`${fn.name} is not open to an API key limited to sites`);
  const run = async (ctx: Parameters<typeof fn.run>[0], args: Record<string, unknown>): Promise<unknown> => {
    const call = fn.run as (c: typeof ctx, a: Record<string, unknown>) => Promise<unknown>;
    if (reach.communication) {
      // Another site's communication is refused as one that does not exist would be: the key
      // learns nothing of the sites beyond its own.
      const siteId = await siteOfCommunication(ctx.store.db, String(args.object_type), Number(args.object_id));
      if (siteId === null || !sites.includes(siteId))
        throw apiErrors.accessDenied(`the communication is not of a site the API key reaches`);
      return call(ctx, args);
    }
    const siteId = reach.arg ? args[reach.arg] : undefined;
    if (siteId !== undefined && siteId !== null) {
      if (!sites.includes(siteId as number)) throw apiErrors.accessDenied(`site ${String(siteId)} is not one the API key reaches`);
      return call(ctx, args);
    }
    if (reach.siteless) return call(ctx, args);
    if (!reach.row) throw apiErrors.missing(reach.arg ?? 'site_id');
    return rowsOfSites(fn, ctx, (c) => call(c, args), reach.row, sites);
  };
  return { ...fn, run } as ApiFunction;
}

/** A list without `site_id`: the rows of the key's sites, read whole a page at a time, then paged after the cut. */
async function rowsOfSites<C extends { page: { limit: number; offset: number }; setTotal(n: number): void }>(
  fn: ApiFunction,
  ctx: C,
  call: (ctx: C) => Promise<unknown>,
  field: string,
  sites: readonly number[],
): Promise<unknown> {
  const page = ctx.page;
  const rows: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += MAX_LIMIT) {
    const data = await call({ ...ctx, page: { limit: MAX_LIMIT, offset }, setTotal: () => {} });
    if (!Array.isArray(data)) return data;
    rows.push(...(data as Array<Record<string, unknown>>).filter((r) => sites.includes(r[field] as number)));
    // A function that pages itself (`list`) is read on; any other answered all it had.
    if (!fn.list || data.length < MAX_LIMIT) break;
  }
  if (!fn.list) return rows;
  ctx.setTotal(rows.length);
  return rows.slice(page.offset, page.offset + page.limit);
}
