import Database from 'better-sqlite3';
import { Kysely, Migrator, type MigrationProvider } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Dialect } from './migrations/columns.js';
import { LEGACY_STEPS, migrations, STEPS } from './migrations/index.js';
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
   * in tests and the bench's bulk loaders. Feature code never uses it.
   */
  sqlite: Database.Database;
  /** Tells every cache of site data (site lookups, campaign conditions) to forget what it holds. */
  siteDataChanged(): void;
  /** Subscribes a cache to siteDataChanged; returns the unsubscribe function. */
  onSiteDataChange(listener: SiteDataListener): () => void;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** SQLite file path, or `:memory:`. */
  path: string;
  /** Sees every statement the query layer runs (the query-plan test collects them). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

/** Opens (creating if needed) the database and brings its schema up to date. */
export async function openStore(opts: StoreOptions): Promise<Store> {
  if (opts.path !== ':memory:') mkdirSync(dirname(opts.path), { recursive: true });
  const sqlite = new Database(opts.path);
  // WAL: readers never block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a crash of this process (what "confirmed" promises); only a power loss
  // can take the last ones.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new CachedSqliteDialect(sqlite, opts.onQuery) });
  await migrate(db, 'sqlite', sqlite.pragma('user_version', { simple: true }) as number);
  // The legacy counter is done with: the migrator's own table holds the history from now on.
  sqlite.pragma('user_version = 0');
  const listeners = new Set<SiteDataListener>();
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    siteDataChanged() {
      for (const l of listeners) l();
    },
    onSiteDataChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await db.destroy();
    },
  };
}

/**
 * Runs the steps not yet run. A database from before the migrator (its steps counted in SQLite's
 * user_version) first gets those steps recorded as run, by a migrator whose steps do nothing.
 */
async function migrate(db: Db, dialect: Dialect, legacyVersion: number): Promise<void> {
  if (legacyVersion > 0) {
    const adopted = Object.fromEntries(
      STEPS.slice(0, Math.min(legacyVersion, LEGACY_STEPS)).map(([name]) => [name, { up: async () => {} }]),
    );
    await run(new Migrator({ db, provider: fixed(adopted) }));
  }
  await run(new Migrator({ db, provider: fixed(migrations(dialect)) }));
}

const fixed = (m: Awaited<ReturnType<MigrationProvider['getMigrations']>>): MigrationProvider => ({ getMigrations: async () => m });

async function run(migrator: Migrator): Promise<void> {
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${(error as Error).message ?? String(error)}`);
  }
}
