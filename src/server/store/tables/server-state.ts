import type { Id } from './column-types.js';

/** The server's own state: recorded configuration imports and the rate limits' window counters. */

/** Every configuration file imported into this database (store/config-import.ts): what, when, how. */
export interface ConfigImportsTable {
  id: Id;
  imported_at: string;
  /** SHA-256 of the file's canonical JSON: a start with another file warns once. */
  digest: string;
  mode: 'seed' | 'merge' | 'replace';
  source: string;
}

/** A guard's counter (store/window-counters.ts): its count, and when its window ends. */
export interface WindowCountersTable {
  key: string;
  n: number;
  until_ms: number;
}
