import { randomInt } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';
import { maxVisitorId } from '../visitors/queries.js';
import { maxHitId, maxSessionId, nextIdSequence } from '../tracking/queries.js';
import type { Dialect } from '../store/migrations/columns.js';

/**
 * The ids of visitors, sessions and page views: the credentials the visitor-side endpoints accept
 * (`vc/s/`, `api/add_offline_message/`), so they must not be a sequence that a script can walk
 * (35 probes of consecutive ids would find every visitor of the demo). They stay integers
 * below 2^53, as page-api requires and JavaScript reads exactly: a sequence number times 2^21 plus
 * 21 random bits. The sequence keeps ids growing, so "the latest" is still the largest id, and
 * guessing a valid id takes a million tries on average, against a limit of a few dozen failures
 * per address (visitors/credential-guard.ts).
 *
 * On SQLite (one process) the sequence lives in this process, started after the largest id stored.
 * On PostgreSQL several processes hand out ids at once, so the sequence number is the table's own
 * id sequence (`nextval`, one round trip), which no two processes share a value of.
 */
export const RANDOM_BITS = 21;
const SPAN = 2 ** RANDOM_BITS;
/** The largest sequence number that keeps an id below 2^53. */
const MAX_SEQUENCE = 2 ** (53 - RANDOM_BITS) - 1;

export type IdTable = 'visitors' | 'sessions' | 'hits';

export interface PublicIds {
  /**
   * A new id for a row of `table`, larger than every id stored or handed out. On PostgreSQL
   * `sequence` is a number already taken from the table's sequence (read ahead with the batch's
   * first statement: tracking/queries.ts `visitOfVisitor`), which saves the round trip.
   */
  next(db: Queryable, table: IdTable, sequence?: number): Promise<number>;
}

const MAX_OF: Record<IdTable, (db: Queryable) => Promise<number>> = {
  visitors: maxVisitorId,
  sessions: maxSessionId,
  hits: maxHitId,
};

export function createPublicIds(dialect: Dialect): PublicIds {
  if (dialect === 'postgres') {
    return {
      async next(db, table, sequence) {
        const s = sequence ?? (await nextIdSequence(db, table));
        if (s > MAX_SEQUENCE) throw new Error(`${table}: no ids left below 2^53`);
        return s * SPAN + randomInt(SPAN);
      },
    };
  }
  const sequence: Partial<Record<IdTable, number>> = {};
  return {
    async next(db, table) {
      let s = sequence[table];
      if (s === undefined) {
        const stored = Math.floor((await MAX_OF[table](db)) / SPAN) + 1;
        // Another caller may have started the sequence meanwhile.
        s = Math.max(stored, sequence[table] ?? 0);
      }
      if (s > MAX_SEQUENCE) throw new Error(`${table}: no ids left below 2^53`);
      sequence[table] = s + 1;
      return s * SPAN + randomInt(SPAN);
    },
  };
}
