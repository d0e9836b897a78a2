import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { ApiError } from '../http/errors.js';
import { migrations, STEPS } from '../store/migrations/index.js';
import type { Store } from '../store/open.js';

/** How long the database may take to answer before the server counts as not ready. */
export const READY_TIMEOUT_MS = 2000;

const CURRENT_SCHEMA = sql`SELECT current_schema() AS s`;

/** The newest migration this code knows: the database must have run it. */
const NEWEST = STEPS[STEPS.length - 1]![0];

/**
 * `/health` is liveness: the process answers, nothing else is touched (a load balancer that
 * restarts on a failed liveness check must not restart every process when the database blinks).
 * `/ready` is readiness: the database answers a trivial query within READY_TIMEOUT_MS and has run
 * the newest migration of this code; otherwise 503 with the reason, and a balancer sends the
 * traffic elsewhere until it is ready again. The port is public, so the reason is said in general
 * words; what the driver said (an address, a role name) goes to the server's log ({@link logReadiness}).
 */
export function healthRoutes(app: FastifyInstance, store: Store): void {
  const log = logReadiness(app.log);
  app.get('/health', async () => ({ success: true }));
  app.get('/ready', async (_req, reply) => {
    const state = await readiness(store);
    log(state);
    void reply.header('Cache-Control', 'no-store');
    if (state) return reply.code(503).send(new ApiError(503, 503010, `Not ready: ${state.reason}`).envelope());
    return { success: true };
  });
}

/** Why the server is not ready: `reason` for anyone who asks, `detail` (the driver's words) for the operator. */
export interface NotReady {
  reason: string;
  detail: string;
}

/** How often a reason that lasts is logged again. */
const LOG_EVERY_MS = 60_000;

/**
 * Logs a reason when it begins, again at most every LOG_EVERY_MS while it lasts (a balancer asks
 * every few seconds), and once when the server is ready again.
 */
export function logReadiness(log: FastifyBaseLogger, now: () => number = Date.now): (state: NotReady | null) => void {
  let last: string | null = null;
  let at = 0;
  return (state) => {
    if (!state) {
      if (last !== null) log.info('ready again');
      last = null;
      return;
    }
    const t = now();
    if (state.reason === last && t - at < LOG_EVERY_MS) return;
    last = state.reason;
    at = t;
    log.warn(`not ready: ${state.reason}: ${state.detail}`);
  };
}

/** Why the server is not ready, in the public answer's words, or null when it is. */
export async function notReady(store: Store): Promise<string | null> {
  return (await readiness(store))?.reason ?? null;
}

/** Why the server is not ready, or null when it is. */
export async function readiness(store: Store): Promise<NotReady | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<NotReady>((ok) => {
    timer = setTimeout(() => {
      const reason = `the database did not answer within ${READY_TIMEOUT_MS} ms`;
      ok({ reason, detail: reason });
    }, READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(store), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const said = (e: unknown) => (e as Error).message || String(e);

async function check(store: Store): Promise<NotReady | null> {
  try {
    await sql`SELECT 1`.execute(store.db);
  } catch (e) {
    return { reason: 'the database is unreachable', detail: said(e) };
  }
  try {
    const schema =
      store.dialect === 'postgres' ? ((await CURRENT_SCHEMA.execute(store.db)).rows[0] as { s: string } | undefined)?.s : undefined;
    const provider: MigrationProvider = { getMigrations: async () => migrations(store.dialect) };
    const known = await new Migrator({ db: store.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).getMigrations();
    const ran = known.filter((m) => m.executedAt).map((m) => m.name);
    const newest = ran.sort().at(-1);
    if (newest === NEWEST) return null;
    return { reason: "the database's migrations are behind", detail: `newest run: ${newest ?? 'none'}, this code's: ${NEWEST}` };
  } catch (e) {
    return { reason: 'the migrations could not be read', detail: said(e) };
  }
}
