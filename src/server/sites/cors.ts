import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decoded, originRefusal, type SiteLookup } from './lookup.js';

/**
 * Who may read a route's answers from a web page, as the route declares it in its config:
 * - `site`: the pages of the site its `:siteKey` names (the site's domain, its subdomains and
 *   listed origins). An unknown site key still gets CORS headers, so the snippet can read and
 *   report the error envelope; it carries no data.
 * - `any`: any origin (a route meant for calls from outside the page that carries no cookie).
 * Routes that declare nothing answer no cross-origin reads.
 */
export type CorsPolicy = 'site' | 'any';

declare module 'fastify' {
  interface FastifyContextConfig {
    cors?: CorsPolicy;
  }
}

/**
 * Registers CORS for every route by its own declaration. A preflight (OPTIONS) is answered by
 * @fastify/cors's catch-all route, so the policy of the route it asks about is found by the
 * handler that route was registered with.
 */
export async function corsByRoute(app: FastifyInstance, sites: SiteLookup): Promise<void> {
  const policies = new WeakMap<object, CorsPolicy>();
  app.addHook('onRoute', (route) => {
    const policy = route.config?.cors;
    if (policy) policies.set(route.handler, policy);
  });
  // Retry-After exposed: the outbox reads it from a 429 (a cross-origin fetch sees only the
  // CORS-safelisted headers unless told).
  const answer = (origin: string | boolean) => ({ origin, methods: ['GET', 'POST'], maxAge: 86400, exposedHeaders: ['Retry-After'] });

  const policyOf = (req: FastifyRequest): { policy: CorsPolicy | undefined; siteKey: string | undefined } => {
    if (req.method === 'OPTIONS') {
      const method = req.headers['access-control-request-method'];
      const path = req.url.split('?')[0]!;
      const target = typeof method === 'string' ? app.findRoute({ method: method as 'GET', url: path }) : null;
      return { policy: target ? policies.get(target.handler) : undefined, siteKey: (target?.params as { siteKey?: string })?.siteKey };
    }
    return { policy: req.routeOptions.config.cors, siteKey: (req.params as { siteKey?: string } | undefined)?.siteKey };
  };

  const delegator: FastifyCorsOptionsDelegateCallback = (req, cb) => {
    const origin = req.headers.origin;
    const { policy, siteKey } = policyOf(req);
    if (policy === 'any') return cb(null, answer('*'));
    if (policy !== 'site' || !origin || siteKey == null) return cb(null, answer(false));
    // A malformed %-escape names no site; the route answers 400.
    sites.bySiteKey(decoded(siteKey)).then(
      (site) => {
        const refusal = site ? originRefusal(site, origin) : null;
        if (site && refusal) sites.noteRefusal(site, origin, refusal);
        cb(null, answer(refusal ? false : origin));
      },
      (e: Error) => cb(e, answer(false)),
    );
  };
  await app.register(cors, { delegator });
}
