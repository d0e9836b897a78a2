import type { FastifyRequest } from 'fastify';

/**
 * The route a request is counted and logged under (ops/metrics.ts, http/request-log.ts): its
 * pattern (`/w/:siteKey`), or the name its handler gave it. The REST API answers every function
 * through a few patterns (`/api/v1/:function/`) and names the function it ran
 * (`/api/v1/journal/`), so that each function keeps its own series; a made-up name keeps the
 * pattern, so a scan of made-up paths adds no series.
 */
const named = new WeakMap<FastifyRequest, string>();

export function nameRoute(req: FastifyRequest, route: string): void {
  named.set(req, route);
}

export function routeLabel(req: FastifyRequest): string | undefined {
  return named.get(req) ?? req.routeOptions.url;
}
