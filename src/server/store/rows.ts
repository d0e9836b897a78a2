/**
 * The part of a synchronous database handle the tests read and arrange rows with: better-sqlite3's
 * Database has this shape, and test/support/sync-postgres.ts gives it on PostgreSQL.
 */
export interface RowHandle {
  prepare(sql: string): {
    get(...args: unknown[]): unknown;
    all(...args: unknown[]): unknown[];
    run(...args: unknown[]): unknown;
    /** The same statement, answering each row's first column alone. */
    pluck(): { get(...args: unknown[]): unknown; all(...args: unknown[]): unknown[] };
  };
  exec(sql: string): unknown;
}
