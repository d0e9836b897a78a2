import {
  OperationNodeTransformer,
  type CompiledQuery,
  PostgresDialect,
  type DataTypeNode,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type TransactionSettings,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { namedPool } from './named-pool.js';
import { createPipeline, type Pipeline } from './pipelined-connection.js';

/**
 * PostgreSQL for the store (`SVC_DB=postgres://…`): Kysely's PostgresDialect over a `pg` Pool,
 * with what one code path for both dialects needs from it.
 *
 * - int8 (`bigint` ids, ms times, `count(*)`) and numeric (`sum`) come back as JS numbers, as
 *   SQLite gives them: ids and times stay below 2^53 (the brief's rule), so nothing is lost.
 * - The pool's transactions are tracked, so the hub can wait until every transaction open when a
 *   change was made has ended before it tells anyone (`settled`): a stream that reads at once
 *   must find the change committed. SQLite needs no such wait: its one connection makes a reader
 *   wait for the transaction anyway.
 */

/** Pool size of one server process. A few connections keep the page view's group commit and the streams' reads apart. */
const POOL_SIZE = 10;

const int8 = 20;
const numeric = 1700;

/** The pool's own type parsers: pg's global table stays untouched. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === int8 || oid === numeric) return (v: string) => Number(v);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

export interface PostgresParts {
  dialect: PostgresDialect;
  pool: pg.Pool;
  /** A connection of its own in pipeline mode (store/pipelined-connection.ts), ended with the pool. */
  pipeline(): Pipeline;
  /** Resolves when every transaction that was open at the call has ended. */
  settled(): Promise<void>;
}

/**
 * The URL with `jit=off` added to its connection options (after any it has, such as a search_path).
 * PostgreSQL compiles a statement whose estimated cost passes `jit_above_cost` (100 000) to machine
 * code first; a report over a year of a busy site passes it (its per-row person test multiplies the
 * estimate), and on the bench's 1M page views the compilation took 3-4 s of a 0.8 s statement
 * (docs/performance.md, "Reports at scale"). The page-view path's statements never reach that cost.
 */
export function withoutJit(url: string): string {
  const u = new URL(url);
  const options = u.searchParams.get('options');
  u.searchParams.set('options', `${options ? options + ' ' : ''}-c jit=off`);
  return u.toString();
}

export function postgresParts(url: string, onQuery?: OnQuery): PostgresParts {
  const pool = new pg.Pool({ connectionString: withoutJit(url), max: POOL_SIZE, types });
  // An idle client that loses its server (a restart of PostgreSQL) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on('error', () => {});
  // pg-pool listens for errors of idle clients only: a client checked out (a transaction between two
  // statements) whose connection is lost would throw an unhandled 'error' and end the process. With
  // this listener its next statement fails instead, and the pool drops it when it comes back (a
  // client that is no longer queryable is not kept).
  pool.on('connect', (client) => client.on('error', () => {}));
  const transactions = openTransactions();
  const pipeline = pipelinesWithPool(pool, url, onQuery, transactions.track);
  pipelinesOf.set(pool, pipeline);
  class TrackedDialect extends PostgresDialect {
    override createDriver(): Driver {
      return trackedDriver(super.createDriver(), transactions, onQuery);
    }
  }
  return {
    dialect: new TrackedDialect({ pool: namedPool(pool) }),
    pool,
    pipeline,
    settled: async () => {
      await Promise.all([...transactions.open]);
    },
  };
}

type OnQuery = (sql: string, parameters: readonly unknown[]) => void;

/** The transactions open now, the pool's and the pipelines'. */
function openTransactions() {
  const open = new Set<Promise<void>>();
  return {
    open,
    /** A transaction begins: the function it returns ends it. */
    track(): () => void {
      let end!: () => void;
      const p = new Promise<void>((r) => (end = r));
      open.add(p);
      return () => {
        open.delete(p);
        end();
      };
    },
  };
}

/** Makes pipelined connections to the pool's database; they end with the pool (the store closes the pool alone). */
function pipelinesWithPool(pool: pg.Pool, url: string, onQuery: OnQuery | undefined, track: () => () => void): () => Pipeline {
  const pipelines: Pipeline[] = [];
  const endPool = pool.end.bind(pool);
  pool.end = (async () => {
    await Promise.all(pipelines.map((p) => p.close()));
    return endPool();
  }) as typeof pool.end;
  return () => {
    const p = createPipeline({
      url: withoutJit(url),
      types,
      onQuery,
      parameters: (values) => (values.some(hasNul) ? values.map(withoutNul) : values),
      track,
    });
    pipelines.push(p);
    return p;
  };
}

/** The pool's driver, with its transactions tracked and every statement seen and cleaned of NUL. */
function trackedDriver(inner: Driver, transactions: ReturnType<typeof openTransactions>, onQuery: OnQuery | undefined): Driver {
  const ends = new WeakMap<DatabaseConnection, () => void>();
  return new Proxy(inner, {
    get(target, name, receiver) {
      const v = Reflect.get(target, name, receiver) as unknown;
      if (name === 'beginTransaction') {
        return async (c: DatabaseConnection, s: TransactionSettings) => {
          ends.set(c, transactions.track());
          await target.beginTransaction(c, s);
        };
      }
      if (name === 'commitTransaction' || name === 'rollbackTransaction') {
        return async (c: DatabaseConnection) => {
          try {
            await (target[name] as (c: DatabaseConnection) => Promise<void>).call(target, c);
          } finally {
            ends.get(c)?.();
            ends.delete(c);
          }
        };
      }
      if (name === 'acquireConnection') return async () => seenConnection(await target.acquireConnection(), onQuery);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function seenConnection(c: DatabaseConnection, onQuery: OnQuery | undefined): DatabaseConnection {
  return new Proxy(c, {
    get(ct, n, r) {
      if (n !== 'executeQuery') {
        // Bound to the connection itself: its methods read private fields a proxy lacks.
        const m = Reflect.get(ct, n, r) as unknown;
        return typeof m === 'function' ? (m as (...a: unknown[]) => unknown).bind(ct) : m;
      }
      return async (q: CompiledQuery) => {
        onQuery?.(q.sql, q.parameters);
        const parameters = q.parameters.some(hasNul) ? q.parameters.map(withoutNul) : q.parameters;
        return (await ct.executeQuery({ ...q, parameters })) as QueryResult<UnknownRow>;
      };
    },
  });
}

const pipelinesOf = new WeakMap<object, () => Pipeline>();

/** A new pipelined connection to the database of `pool` (a store's), ended with it. */
export function pipelineOf(pool: object): Pipeline {
  const make = pipelinesOf.get(pool);
  if (!make) throw new Error('not a pool of postgresParts');
  return make();
}

/**
 * PostgreSQL's text cannot hold U+0000 (SQLite's can): a value with one would fail the statement,
 * a 500 for a site key or a message with a NUL in it. It is stored, and looked up, with U+FFFD in
 * its place; everything else the visitor sent is kept.
 */
const hasNul = (v: unknown): boolean => typeof v === 'string' && v.includes('\u0000');
const withoutNul = (v: unknown): unknown => (hasNul(v) ? (v as string).replaceAll('\u0000', '\uFFFD') : v);

/**
 * The migrations' `integer` is SQLite's INTEGER, a 64-bit number (ids, ms times); on PostgreSQL
 * `integer` is 32 bits, which a time in ms overflows. The shipped steps say `integer`, so on
 * PostgreSQL every integer column of a migration is made `bigint` here, in one place.
 */
export const integerIsBigint: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return new IntegerToBigint().transformNode(args.node);
  },
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  },
};

class IntegerToBigint extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return node.dataType === 'integer' ? { ...node, dataType: 'bigint' } : node;
  }
}
