import type { FastifyInstance } from 'fastify';
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
 * traffic elsewhere until it is ready again.
 */
export function healthRoutes(app: FastifyInstance, store: Store): void {
  app.get('/health', async () => ({ success: true }));
  app.get('/ready', async (_req, reply) => {
    const reason = await notReady(store);
    void reply.header('Cache-Control', 'no-store');
    if (reason) return reply.code(503).send(new ApiError(503, 503010, `Not ready: ${reason}`).envelope());
    return { success: true };
  });
}

/** Why the server is not ready, or null when it is. */
export async function notReady(store: Store): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((ok) => {
    timer = setTimeout(() => ok(`the database did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(store), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(store: Store): Promise<string | null> {
  try {
    await sql`SELECT 1`.execute(store.db);
  } catch (e) {
    return `the database is unreachable (${(e as Error).message || String(e)})`;
  }
  try {
    const schema =
      store.dialect === 'postgres' ? ((await CURRENT_SCHEMA.execute(store.db)).rows[0] as { s: string } | undefined)?.s : undefined;
    const provider: MigrationProvider = { getMigrations: async () => migrations(store.dialect) };
    const known = await new Migrator({ db: store.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).getMigrations();
    const ran = known.filter((m) => m.executedAt).map((m) => m.name);
    const newest = ran.sort().at(-1);
    return newest === NEWEST ? null : `the database's migrations are behind (newest run: ${newest ?? 'none'}, this code's: ${NEWEST})`;
  } catch (e) {
    return `the migrations could not be read (${(e as Error).message || String(e)})`;
  }
}
