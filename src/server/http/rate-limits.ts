import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../store/open.js';
import { errors } from './errors.js';
import { databaseRateStore } from './rate-limit-store.js';
import { databaseCounters } from '../store/window-counters.js';

/**
 * Rate limits of the endpoints that store what a visitor sends: `w/<site_key>` (the snippet's
 * outbox), `api/add_offline_message/` and `vc/s/`. Each counts per client IP and per visitor in a
 * fixed window, separately per endpoint; the call-back limit of the spec (callback-limit.ts) comes
 * on top. Over a limit the answer is 429 with `Retry-After` (seconds): the snippet's outbox keeps
 * the writes and sends them again then.
 *
 * On SQLite the counters live in memory (@fastify/rate-limit's LRU store): one process serves
 * everything, and a restart only gives a flood a fresh window. On PostgreSQL they live in the
 * database (rate-limit-store.ts, as window counters): several processes share them, and a restart
 * keeps them.
 */
export interface WriteLimits {
  /** Length of the counting window, ms. Default 60 000. */
  windowMs?: number;
  /**
   * Requests per window from one client IP (IPv6: one /64), per endpoint; 0 turns it off. Default
   * 1200: an office or a carrier's shared address carries many visitors, and the site's own server
   * sends `add_offline_message` for all of its visitors from one address.
   */
  ip?: number;
  /** Requests per window for one visitor, per endpoint; 0 turns it off. Default 240. */
  visitor?: number;
  /**
   * Writes of `w/` batches longer than 8 writes from one client IP (IPv6: one /64) per clock
   * minute; 0 turns it off. Default 1200 (ingest/heavy-batches.ts).
   */
  heavyWrites?: number;
  /**
   * First visits (page views naming no visitor the server knows) of one site from one client IP
   * (IPv6: one /64) per 10-second window of the clock; 0 turns it off. Default 10, 60 a minute
   * (tracking/first-visits.ts).
   */
  firstVisits?: number;
}

export const WRITE_LIMIT_DEFAULTS: Required<WriteLimits> = { windowMs: 60_000, ip: 1200, visitor: 240, heavyWrites: 1200, firstVisits: 10 };

/**
 * A limited route declares it in its config: `visitorLimit: { visitorOf }` names the visitor of a
 * request (null when it names none, a first visit, which leaves it to the IP limit). The key holds
 * what proves the visitor (id and token, or id and page view), so nobody can use up another
 * visitor's allowance by naming only its id. The helpers below read such keys from a body.
 */
export interface RouteRateLimit {
  visitorOf(req: FastifyRequest): string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    visitorLimit?: RouteRateLimit;
  }
}

type Body = Record<string, unknown> | undefined;
/** The object `v`, or undefined when it is none (an array, a string, null). */
export const objectOf = (v: unknown): Body =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
/** An id as a key part: numbers and strings, cut short; anything else is no id. */
export const idOf = (v: unknown): string => (typeof v === 'number' || typeof v === 'string' ? String(v).slice(0, 20) : '');

/**
 * Registers the limits; call before the routes are registered (they are attached as the routes
 * are). Uses @fastify/rate-limit's counters and key normalisation, composed by hand: the plugin
 * runs one limit per request, these are two. Resolves with the routes limited so far, a list that
 * grows as routes are registered ("METHOD url"; the fuzz and limit tests read it).
 */
export async function writeLimits(app: FastifyInstance, opts: WriteLimits = {}, store?: Store, onRefuse = () => {}): Promise<string[]> {
  const o = { ...WRITE_LIMIT_DEFAULTS, ...opts };
  await app.register(rateLimit, {
    global: false,
    ...(store?.dialect === 'postgres' ? { store: databaseRateStore(databaseCounters(store.db)) } : {}),
  });
  // 'cache' sizes the LRU of counters: a new key past it evicts the least recently counted one.
  const common: RateLimitOptions = { timeWindow: o.windowMs, cache: 50_000 };
  const byIp = app.createRateLimit({ ...common, max: o.ip, keyGenerator: (req) => `${req.routeOptions.url} ${normalizeIP(req.ip)}` });
  const byVisitor = app.createRateLimit({
    ...common,
    max: o.visitor,
    keyGenerator: (req) => {
      const v = req.routeOptions.config.visitorLimit?.visitorOf(req);
      return v ? `${req.routeOptions.url} ${v}` : '';
    },
    allowList: (_req, key) => key === '',
  });
  const limited: string[] = [];
  if (o.ip <= 0 && o.visitor <= 0) return limited;

  /**
   * Answers 429 at once, without the error handler's round: the refusal is what a flood gets a
   * thousand times a second, so it must cost the others as little as it can.
   */
  const check = async (limit: typeof byIp, req: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const r = await limit(req);
    if (r.isAllowed || !r.isExceeded) return true;
    onRefuse();
    void reply.code(429).header('Retry-After', String(r.ttlInSeconds)).send(errors.tooManyRequests(r.ttlInSeconds).envelope());
    return false;
  };
  const asArray = <T>(h: T | T[] | undefined): T[] => (h ? (Array.isArray(h) ? h : [h]) : []);

  app.addHook('onRoute', (route) => {
    if (!route.config?.visitorLimit) return;
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) limited.push(`${m} ${route.url}`);
    // The address limit in onRequest, before the body is read and parsed: a refused request
    // costs its headers only (a flood of 50 KB batches was parsed whole to be refused).
    if (o.ip > 0)
      route.onRequest = [
        async (req, reply) => {
          if (!(await check(byIp, req, reply))) return reply;
        },
        ...asArray(route.onRequest),
      ];
    // The visitor limit in preHandler: after the body is parsed, so that the visitor in it can be counted.
    if (o.visitor > 0)
      route.preHandler = [
        ...asArray(route.preHandler),
        async (req, reply) => {
          if (!(await check(byVisitor, req, reply))) return reply;
        },
      ];
  });
  return limited;
}
