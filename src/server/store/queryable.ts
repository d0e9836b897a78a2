import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Tables } from './tables.js';

/** What a query function runs on: the database, or a transaction on it. */
export type Queryable = Kysely<Tables> | Transaction<Tables>;

/**
 * Whether `db` runs on PostgreSQL: for the few statements only one dialect has (a lock that SQLite
 * needs not take, since its one writer already holds every transaction apart).
 */
export const onPostgres = (db: Queryable): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
