import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { deleteWritesBefore } from './queries.js';

/**
 * Retention of write ids (`client_writes`). A write id is kept so that a retry of the same write is
 * answered from storage and stored nothing twice; the snippet drops a write it could not send in 7
 * days (src/snippet/outbox.ts, MAX_AGE_MS), so an id older than that is never asked for again. The
 * table grew by one row per write forever; the job deletes ids older than KEEP_MS, once shortly
 * after start and then every EVERY_MS.
 */
export const WRITE_IDS_KEEP_MS = 8 * 864e5;
const EVERY_MS = 3_600_000;
const FIRST_AFTER_MS = 60_000;

export interface WriteRetention {
  /** Runs one pass now; resolves with the ids deleted. */
  prune(now?: number): Promise<number>;
  stop(): void;
}

export function startWriteRetention(store: Pick<Store, 'db'>, onError: (e: unknown) => void): WriteRetention {
  const prune = (now = Date.now()) => deleteWritesBefore(store.db, timestamp(now - WRITE_IDS_KEEP_MS));
  const run = () => void prune().catch(onError);
  const first = setTimeout(run, FIRST_AFTER_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return {
    prune,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
