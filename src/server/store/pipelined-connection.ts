import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type DialectAdapter,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import type { Tables } from './tables.js';
import type { Queryable } from './queryable.js';
import { connectionNames } from './statement-names.js';
import { turnBatchedSocket } from './turn-batched-socket.js';

/**
 * One PostgreSQL connection in pg's pipeline mode, for the write route's group commit: a statement
 * is written to the socket as soon as it is made, behind those not yet answered, so statements
 * that do not wait for each other's results cost one round trip together. A page view's writes and
 * its COMMIT go out as one flight (ingest/group-commit.ts), where a pool connection (and Kysely's
 * transactions, which run one statement at a time) would wait for each.
 *
 * Every statement, Kysely's and the transaction's own, goes through the same path in the order it
 * was made, so a COMMIT is written after every statement made before it. A statement that fails is
 * remembered (`failure`): PostgreSQL then rolls back at the COMMIT, and the group commit fails the
 * batch even where nobody awaited the statement (`unawaited`).
 */
export interface Pipeline {
  /** Queries on this connection, sent at once; a transaction is the group commit's (`send`). */
  readonly db: Kysely<Tables>;
  /**
   * Sends `BEGIN`, `COMMIT`, savepoint statements: in order with `db`'s statements. When a
   * statement before it failed (failure()), `instead` is sent in its place: a statement that failed
   * before it reached PostgreSQL left the transaction open there, and a COMMIT would keep the rest.
   */
  send(statement: string, instead?: string): Promise<void>;
  /** The first statement that failed since `clear()`, or undefined. */
  failure(): unknown;
  clear(): void;
  /**
   * Connects (again, after a loss) and readies Kysely's driver: a statement made before that
   * waits a different number of turns than one made after it, and could overtake it.
   */
  ready(): Promise<void>;
  /** Ends the connection. */
  close(): Promise<void>;
  /** A handle of one batch of a group: its statements go out in order with all the others. */
  handle(): BatchHandle;
}

/**
 * One batch's queries on the pipeline. Its own Kysely instance, so that what is kept per handle
 * (store/batch-scope.ts, store/id-sequences.ts) is the batch's alone while other batches run at
 * once on the same connection.
 */
export interface BatchHandle {
  readonly db: Kysely<Tables>;
  /**
   * The batch is over: a statement made on `db` from now on fails unsent. A batch whose work
   * failed may still have a branch running that makes one; it must not land in the transaction
   * after it (the group run again, or the next group).
   */
  close(): void;
}

export interface PipelineOptions {
  url: string;
  types: pg.CustomTypesConfig;
  /** Sees every statement (store/open.ts's `onQuery`). */
  onQuery?: ((sql: string, parameters: readonly unknown[]) => void) | undefined;
  /** The parameters as the pool's connections send them (NUL replaced: store/postgres.ts). */
  parameters: (values: readonly unknown[]) => readonly unknown[];
  /** Called at BEGIN; the function it returns at the end of that transaction (store/postgres.ts `settled`). */
  track: () => () => void;
}

/** The Kysely instances that are pipelines: `unawaited` sends their writes without waiting. */
const pipelined = new WeakSet<Queryable>();

/**
 * Writes whose results the caller does not need. On a pipeline they are sent and not waited for:
 * a failure fails the transaction at its COMMIT (the group commit checks). Anywhere else they are
 * awaited here, as any statement.
 */
export async function unawaited(db: Queryable, writes: ReadonlyArray<Promise<unknown>>): Promise<void> {
  if (pipelined.has(db)) {
    // The failure is the pipeline's to report (failure()); this promise's own rejection is not.
    for (const w of writes) w.catch(() => {});
    return;
  }
  await Promise.all(writes);
}

/** One adapter for every pipeline: `prepared` (store/prepared.ts) keeps its compiled text per adapter. */
const adapter: DialectAdapter = new PostgresAdapter();

export function createPipeline(opts: PipelineOptions): Pipeline {
  const link: Link = { client: null, names: connectionNames(true), connecting: null, failed: undefined, insteadOf: new Map() };
  const connected = connector(opts, link);
  const driver = pipelineDriver(link, pipelineConnection(opts, link, connected));

  class PipelineDialect extends PostgresDialect {
    override createDriver(): Driver {
      return driver;
    }
    override createAdapter(): DialectAdapter {
      return adapter;
    }
  }

  const dialect = new PipelineDialect({ pool: {} as pg.Pool });
  const db = new Kysely<Tables>({ dialect });
  pipelined.add(db);
  let warmed = false;
  let endTransaction: (() => void) | null = null;

  return {
    db,
    async send(statement, instead) {
      if (instead !== undefined) link.insteadOf.set(statement, instead);
      if (statement === 'BEGIN') endTransaction = opts.track();
      try {
        await db.executeQuery(CompiledQuery.raw(statement));
      } finally {
        if (statement === 'COMMIT' || statement === 'ROLLBACK') {
          endTransaction?.();
          endTransaction = null;
        }
      }
    },
    failure: () => link.failed,
    clear() {
      link.failed = undefined;
    },
    async ready() {
      await connected();
      if (!warmed) await db.executeQuery(CompiledQuery.raw('SELECT 1'));
      warmed = true;
    },
    close: () => driver.destroy(),
    handle: () => batchHandle(db, dialect, driver),
  };
}

/** What the parts of one pipeline share. */
interface Link {
  client: pg.Client | null;
  /** The names of the client's statements: a new client (after a loss) prepares them again. */
  names: ReturnType<typeof connectionNames>;
  connecting: Promise<pg.Client> | null;
  /** The first statement that failed since clear(). */
  failed: unknown;
  /** The statement to send in place of one of send()'s once a statement has failed. */
  insteadOf: Map<string, string>;
}

/** The client, connected on first use and again after a loss. */
function connector(opts: PipelineOptions, link: Link): () => Promise<pg.Client> {
  return () => {
    if (link.client) return Promise.resolve(link.client);
    link.connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: opts.url,
        types: opts.types,
        pipeline: true,
        stream: turnBatchedSocket,
      } as pg.ClientConfig);
      // A lost connection fails the statements in flight; the next group opens a new one.
      const drop = () => {
        if (link.client === c) link.client = null;
        c.end().catch(() => {});
      };
      c.on('error', drop);
      c.on('end', drop);
      try {
        await c.connect();
      } finally {
        link.connecting = null;
      }
      link.client = c;
      link.names = connectionNames(true);
      return c;
    })();
    return link.connecting;
  };
}

/** Kysely's connection: every statement goes to the client as it is made, in order. */
function pipelineConnection(opts: PipelineOptions, link: Link, connected: () => Promise<pg.Client>): DatabaseConnection {
  return {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      try {
        const c = await connected();
        opts.onQuery?.(q.sql, q.parameters);
        const text = link.failed !== undefined ? (link.insteadOf.get(q.sql) ?? q.sql) : q.sql;
        const values = [...opts.parameters(q.parameters)];
        // Named: prepared once on this connection, then only bound and run (store/statement-names.ts).
        const name = link.names(text, values);
        const { command, rowCount, rows } = await (name === undefined ? c.query(text, values) : c.query({ name, text, values }));
        return {
          numAffectedRows:
            command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(rowCount ?? 0) : undefined,
          rows: (rows ?? []) as R[],
        };
      } catch (error) {
        link.failed ??= error;
        throw error;
      }
    },
    // eslint-disable-next-line require-yield
    async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
      throw new Error('A pipelined connection does not stream');
    },
  };
}

function pipelineDriver(link: Link, connection: DatabaseConnection): Driver {
  return {
    async init() {},
    acquireConnection: () => Promise.resolve(connection),
    async beginTransaction() {
      throw new Error('A pipeline runs its transactions through send()');
    },
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {
      await link.client?.end().catch(() => {});
      link.client = null;
    },
  };
}

function batchHandle(db: Kysely<Tables>, dialect: PostgresDialect, driver: Driver): BatchHandle {
  const executor = db.getExecutor();
  let open = true;
  // Hands the connection on as `db` does, adding no turn: a handle's statement made after one of
  // `db` (a BEGIN) is sent after it.
  const fenced = executor.withConnectionProvider({
    provideConnection: <T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> =>
      open ? executor.provideConnection(consumer) : Promise.reject(new Error('The batch is over: its statement was not sent')),
  });
  const own = new Kysely<Tables>({ config: { dialect }, dialect, driver, executor: fenced });
  pipelined.add(own);
  return {
    db: own,
    close: () => {
      open = false;
    },
  };
}
