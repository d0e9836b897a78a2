import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.js';

/** What a query function runs on: the database, or a transaction on it. */
export type Queryable = Kysely<Tables> | Transaction<Tables>;
