import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over better-sqlite3, with the two things the page-view path needs from it:
 *
 * - Every statement is prepared once and kept, keyed by its SQL text. Kysely's own SQLite driver
 *   prepares on every execution, which costs more than most of our statements take to run.
 * - One connection, handed to one user at a time: SQLite has one writer, and a transaction that
 *   awaits between its statements must not see another request's statements run inside it.
 *   Transactions begin IMMEDIATE, so a second process (a test's, a restart) waits for the write
 *   lock up front (busy_timeout) instead of failing half-way with SQLITE_BUSY.
 *
 * `onQuery`, when set, sees every statement run (the query-plan test collects them).
 */
export class CachedSqliteDialect implements Dialect {
  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly onQuery?: (sql: string, parameters: readonly unknown[]) => void,
  ) {}
  createDriver(): Driver {
    return new CachedSqliteDriver(this.database, this.onQuery);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class CachedSqliteDriver implements Driver {
  private readonly connection: StatementCacheConnection;
  /** Resolvers of the users waiting for the connection, first come first served. */
  private readonly waiting: (() => void)[] = [];
  private busy = false;

  constructor(
    private readonly database: BetterSqlite3.Database,
    onQuery?: (sql: string, parameters: readonly unknown[]) => void,
  ) {
    this.connection = new StatementCacheConnection(database, onQuery);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }
  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT or a statement error may already have ended the transaction.
    if (this.database.inTransaction) await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async destroy(): Promise<void> {
    this.database.close();
  }
}

class StatementCacheConnection implements DatabaseConnection {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  constructor(
    private readonly database: BetterSqlite3.Database,
    private readonly onQuery?: (sql: string, parameters: readonly unknown[]) => void,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = query;
    this.onQuery?.(sql, parameters);
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.database.prepare(sql);
      // Schema statements and one-off texts are not kept: only what runs again is worth a slot.
      if (this.statements.size < 2000 && !/^\s*(create|alter|drop|begin|commit|rollback|savepoint|release|pragma)\b/i.test(sql)) {
        this.statements.set(sql, statement);
      }
    }
    const args = parameters.map(toSqlite);
    if (statement.reader) return Promise.resolve({ rows: statement.all(args) as R[] });
    const r = statement.run(args);
    return Promise.resolve({ rows: [], numAffectedRows: BigInt(r.changes), insertId: BigInt(r.lastInsertRowid) });
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; streaming is unused
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this driver');
  }
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; booleans become 0/1. */
function toSqlite(v: unknown): unknown {
  return typeof v === 'boolean' ? (v ? 1 : 0) : v;
}
