import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { connectionNames } from './statement-names.js';

/**
 * The pool as Kysely's PostgresDialect takes it, whose clients send the fixed texts
 * (store/prepared.ts) as named statements: prepared once per connection (store/statement-names.ts).
 * The pool's other statements (reports built from filters) stay unnamed.
 */
export function namedPool(pool: pg.Pool): PostgresPool {
  // One wrapper per client: Kysely keeps its connection per client object, and names go with the connection.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const names = connectionNames(false);
    return {
      // Kysely passes a text and its values, or a cursor (when streaming), which goes through as it is.
      query: ((text: unknown, values?: readonly unknown[]) => {
        if (typeof text !== 'string') return client.query(text as pg.QueryConfig);
        const name = names(text, values ?? []);
        return name === undefined ? client.query(text, values as unknown[]) : client.query({ name, text, values: values as unknown[] });
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrappers.get(client);
      if (!w) wrappers.set(client, (w = wrap(client)));
      return w;
    },
    end: () => pool.end(),
  };
}
