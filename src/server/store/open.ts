import Database from 'better-sqlite3';
import { Kysely, Migrator, sql, type MigrationProvider } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Dialect } from './migrations/columns.js';
import { LEGACY_STEPS, migrations, STEPS } from './migrations/index.js';
import { localChannel, postgresChannel, type Channel } from './channel.js';
import { integerIsBigint, postgresParts } from './postgres.js';
import { CachedSqliteDialect } from './sqlite-driver.js';
import type { Tables } from './tables.js';

export type Db = Kysely<Tables>;

/** What changed in the site data (sites, campaigns, conditions, blocks, pools, employees). */
export type SiteDataListener = () => void;

/**
 * The database, as every feature receives it: the typed query builder (`db`), its dialect, and the
 * one notification the caches need. Features take a Store from createServer; none opens its own.
 */
export interface Store {
  db: Db;
  dialect: Dialect;
  /**
   * SQLite's own handle, for what the query layer does not do: query plans (EXPLAIN QUERY PLAN)
   * in tests and the bench's bulk loaders. Feature code never uses it. Null on PostgreSQL.
   */
  sqlite: Database.Database | null;
  /** PostgreSQL's connection pool, whose counters the metrics read. Null on SQLite. */
  pool: { totalCount: number; idleCount: number; waitingCount: number } | null;
  /**
   * Messages to the other server processes on the same database (PostgreSQL LISTEN/NOTIFY; on
   * SQLite there are none). The hub's pokes and siteDataChanged travel on it.
   */
  channel: Channel;
  /**
   * Resolves when every transaction this process had open at the call has ended (committed or
   * not): what a change made inside a transaction waits for before anyone is told to read it.
   */
  settled(): Promise<void>;
  /**
   * Tells every cache of site data (site lookups, campaign conditions) to forget what it holds,
   * in this process and, on PostgreSQL, in every other server process on the database.
   */
  siteDataChanged(): void;
  /** Subscribes a cache to siteDataChanged; returns the unsubscribe function. */
  onSiteDataChange(listener: SiteDataListener): () => void;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** SQLite file path, or `:memory:`; a `postgres://` (or `postgresql://`) URL opens PostgreSQL. */
  path: string;
  /** Sees every statement the query layer runs (the query-plan test collects them). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

/**
 * What a `:memory:` database starts as: an image of a database already brought up to date (from
 * `Database#serialize()`), or null for an empty one. Tests open hundreds of in-memory servers; one
 * migrated image per test process spares each of them the migrations.
 */
let memoryImage: Buffer | null = null;
export function startMemoryDatabasesFrom(image: Buffer | null): void {
  memoryImage = image;
}

/** Opens (creating if needed) the database and brings its schema up to date. */
export async function openStore(opts: StoreOptions): Promise<Store> {
  if (isPostgresUrl(opts.path)) return openPostgres(opts);
  if (opts.path !== ':memory:') mkdirSync(dirname(opts.path), { recursive: true });
  const sqlite = opts.path === ':memory:' && memoryImage ? new Database(memoryImage) : new Database(opts.path);
  // WAL: readers never block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a crash of this process (what "confirmed" promises); only a power loss
  // can take the last ones.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, not left in free pages and page slack, where the file,
  // its WAL and any copy of them would still carry an erased visitor (visitors/erasure.ts).
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<Tables>({ dialect: new CachedSqliteDialect(sqlite, opts.onQuery) });
  await migrate(db, 'sqlite', sqlite.pragma('user_version', { simple: true }) as number);
  // The legacy counter is done with: the migrator's own table holds the history from now on.
  sqlite.pragma('user_version = 0');
  return withSiteData({ db, dialect: 'sqlite', sqlite, pool: null, channel: localChannel(), settled: async () => {} });
}

/** Whether SVC_DB names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (path: string): boolean => /^postgres(ql)?:\/\//i.test(path);

async function openPostgres(opts: StoreOptions): Promise<Store> {
  const parts = postgresParts(opts.path, opts.onQuery);
  const db = new Kysely<Tables>({ dialect: parts.dialect });
  try {
    // The migrator's tables are named with the schema the connection works in (the URL may set a
    // search_path): Kysely looks for them across every schema otherwise.
    const schema = ((await CURRENT_SCHEMA.execute(db)).rows[0] as { s: string } | undefined)?.s ?? 'public';
    // Kysely's migrator takes a PostgreSQL advisory lock around the steps, so processes that start
    // together on one database run each step once: the others wait, then find it recorded.
    if (!(await recordsEveryStep(db, 'postgres', schema))) {
      await run(
        new Migrator({
          db: db.withPlugin(integerIsBigint),
          provider: fixed(migrations('postgres')),
          migrationTableSchema: schema,
        }),
      );
    }
    const channel = await postgresChannel(db as Kysely<unknown>, opts.path);
    return withSiteData({ db, dialect: 'postgres', sqlite: null, pool: parts.pool, channel, settled: parts.settled }, channel);
  } catch (e) {
    await db.destroy();
    throw e;
  }
}

const CURRENT_SCHEMA = sql`SELECT current_schema() AS s`;
const SITE_DATA = 'site-data';

/** Adds the site-data notification; on PostgreSQL it also reaches and hears the other processes. */
function withSiteData(base: Pick<Store, 'db' | 'dialect' | 'sqlite' | 'pool' | 'channel' | 'settled'>, channel?: Channel): Store {
  const listeners = new Set<SiteDataListener>();
  /** Notices on their way to the other processes: close() lets them go out first (the import command). */
  const sending = new Set<Promise<void>>();
  const tell = () => {
    for (const l of listeners) l();
  };
  // null: messages may have been missed while the channel was down, so the caches forget too.
  channel?.subscribe((m) => (m === null || m === SITE_DATA) && tell());
  return {
    ...base,
    siteDataChanged() {
      tell();
      // Sent once the change's transaction has ended, so another process that reloads finds it.
      const p: Promise<void> = base
        .settled()
        .then(() => base.channel.publish(SITE_DATA))
        .finally(() => sending.delete(p));
      sending.add(p);
    },
    onSiteDataChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await Promise.all([...sending]);
      await base.channel.close();
      await base.db.destroy();
    },
  };
}

/**
 * Runs the steps not yet run. A database from before the migrator (its steps counted in SQLite's
 * user_version) first gets those steps recorded as run, by a migrator whose steps do nothing.
 */
async function migrate(db: Db, dialect: Dialect, legacyVersion: number): Promise<void> {
  if (legacyVersion === 0 && (await recordsEveryStep(db, dialect))) return;
  if (legacyVersion > 0) {
    const adopted = Object.fromEntries(
      STEPS.slice(0, Math.min(legacyVersion, LEGACY_STEPS)).map(([name]) => [name, { up: async () => {} }]),
    );
    await run(new Migrator({ db, provider: fixed(adopted) }));
  }
  await run(new Migrator({ db, provider: fixed(migrations(dialect)) }));
}

/**
 * Whether the database records every step as run, and no other: then the migrator has nothing to
 * do, and it is not asked, for it reads every table's columns to find its own (on PostgreSQL about
 * 9 ms of CPU on each start, and as much of the database server's; here one indexed read). Anything
 * else (no history yet, a step missing, a step this code does not know) goes to the migrator, which
 * runs what is missing or refuses what it does not know, under its lock. A step's record commits
 * with the step, so a record seen is a step done.
 */
async function recordsEveryStep(db: Db, dialect: Dialect, schema?: string): Promise<boolean> {
  const present =
    dialect === 'postgres'
      ? sql<{ present: boolean }>`SELECT to_regclass(quote_ident(${schema}) || '.kysely_migration') IS NOT NULL AS present`
      : sql<{ present: number }>`SELECT count(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'`;
  if (!(await present.execute(db)).rows[0]?.present) return false;
  const table = dialect === 'postgres' ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${table}`.execute(db);
  const recorded = rows.map((r) => r.name).sort();
  const steps = STEPS.map(([name]) => name).sort();
  return recorded.length === steps.length && recorded.every((name, i) => name === steps[i]);
}

const fixed = (m: Awaited<ReturnType<MigrationProvider['getMigrations']>>): MigrationProvider => ({ getMigrations: async () => m });

async function run(migrator: Migrator): Promise<void> {
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
}
