import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { routeLabel } from '../http/route-label.js';

/** The guards that refuse requests, as the `guard` label of `svc_refusals_total` names them. */
export const GUARDS = ['rate_limit', 'heavy_batch', 'first_visit', 'lease_policy', 'credential', 'login'] as const;
export type Guard = (typeof GUARDS)[number];

/** What a PostgreSQL pool tells about its connections (pg.Pool's counters). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The server's Prometheus metrics, one Registry per server: several servers in one process (the
 * tests) never share or double-register a metric. Features receive only the one counting function
 * they need.
 */
export interface ServerMetrics {
  /** The server's metrics, and the process's (CPU, memory, event-loop delay, GC) that it shares. */
  registry: Registry;
  /** A guard refused a request (or, for the lease policy, a number). */
  refused(guard: Guard): void;
  /** One write of a `w/` batch: its type (`other` for a type the server does not know) and result (`ok` or the refusal's code). */
  write(type: string, result: string): void;
}

let processWide: Metric[] | undefined;

/**
 * prom-client's default metrics, collected once per process: they describe the process, which
 * every server in it shares, and their collectors never stop (a GC observer and an event-loop
 * delay timer). Collected per server, they would keep every closed server alive through its
 * registry, and add a collector to every garbage collection for each. A server's registry lists
 * the same metric objects, which refer to no registry of a server.
 */
function processMetrics(): Metric[] {
  if (!processWide) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'svc_' });
    processWide = registry.getMetricsAsArray().map(({ name }) => registry.getSingleMetric(name)!);
  }
  return processWide;
}

export function createMetrics(): ServerMetrics {
  const registry = new Registry();
  for (const metric of processMetrics()) registry.registerMetric(metric);
  const refusals = new Counter({
    name: 'svc_refusals_total',
    help: 'Requests refused by a guard',
    labelNames: ['guard'],
    registers: [registry],
  });
  // Every guard's series from the start: a rate over a series that appears on its first refusal misses that refusal.
  for (const guard of GUARDS) refusals.inc({ guard }, 0);
  const writes = new Counter({
    name: 'svc_writes_total',
    help: 'Writes of w/ batches by type and result',
    labelNames: ['type', 'result'],
    registers: [registry],
  });
  const pageViews = new Counter({ name: 'svc_page_views_total', help: 'Page views stored', registers: [registry] });
  return {
    registry,
    refused: (guard) => refusals.inc({ guard }),
    write(type, result) {
      // The code's first word only ('invalid: …' carries the issue): labels stay few.
      writes.inc({ type, result: result.split(':')[0]! });
      if (type === 'hit' && result === 'ok') pageViews.inc();
    },
  };
}

/**
 * Request count and latency by route and status, open event streams and the database pool. The
 * route is its pattern (`/w/:siteKey`) or the REST function it ran (http/route-label.ts), never the
 * raw URL, so a scan of made-up paths adds no series.
 */
export function instrumentServer(app: FastifyInstance, metrics: ServerMetrics, pool: PoolCounts | null): void {
  const { registry } = metrics;
  const duration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP requests by method, route and status, with their latency',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = routeLabel(req) ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  new Gauge({
    name: 'svc_open_event_streams',
    help: 'Event streams open now',
    registers: [registry],
    collect() {
      this.set(app.svcStreams?.open.size ?? 0);
    },
  });
  // SQLite has no pool: one connection, always there.
  new Gauge({
    name: 'svc_db_pool_connections',
    help: 'Database connections by state (SQLite: one connection, total 1)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return void this.set({ state: 'total' }, 1);
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
