import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';
import type { Queryable } from './queryable.js';
import type { Tables } from './tables.js';
import { fixedStatement } from './statement-names.js';

/**
 * A query of a hot path, built and compiled once and then run with new values: Kysely builds and
 * compiles a query on every execution, which on the page view cost more than SQLite took to run
 * the statements. The query is written with the builder as any other, its values taken from
 * `p` (`where('id', '=', p.id)`); each run binds the values given.
 *
 * The compiled text depends on the dialect only, so it is kept with the adapter it was compiled
 * for and compiled again when another dialect's database is given (one slot: no map of databases).
 * Its text never varies, so PostgreSQL keeps it prepared on each connection (store/statement-names.ts).
 */
export function prepared<P extends object, R>(
  build: (db: Kysely<Tables>, p: Readonly<P>) => Compilable<R>,
): (db: Queryable, values: P) => Promise<R[]> {
  const slots = new Proxy({} as Readonly<P>, { get: (_, name) => new Slot(String(name)) });
  let compiledFor: DialectAdapter | null = null;
  let compiled: CompiledQuery<R> | null = null;
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    if (compiled === null || adapter !== compiledFor) {
      compiled = build(db, slots).compile();
      compiledFor = adapter;
      fixedStatement(compiled.sql);
    }
    const parameters = compiled.parameters.map((v) => (v instanceof Slot ? (values as Record<string, unknown>)[v.name] : v));
    const { rows } = await db.executeQuery<R>({ ...compiled, parameters });
    return rows;
  };
}

/** A value to bind at run time, standing in the built query for the parameter it names. */
class Slot {
  constructor(readonly name: string) {}
}
