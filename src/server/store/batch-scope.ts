import type { Queryable } from './queryable.js';

/**
 * What a write batch says to the group commit it runs in (ingest/group-commit.ts). On PostgreSQL
 * the batches of a group run at once in one transaction, and a group in which a batch failed runs
 * again one batch after another. So a batch's code marks two things:
 *
 * - `alone(db)` before a lock that keeps other transactions out (a DT pool's, say): a lock taken
 *   in a transaction does not keep out the other batches of the same transaction, so from here to
 *   its end the batch runs with no other batch of its group in the same section;
 * - `once(db, name, effect)` around an effect outside the transaction (a counter of its own
 *   connection): the batch may run twice, the effect is made once and its result kept.
 *
 * `db` names the batch: the group commit gives each batch a database handle of its own. Anywhere
 * else (SQLite, a transaction of its own) both do what they wrap and nothing more.
 */
export interface BatchScope {
  alone(): Promise<void>;
  /** Effects by name, kept from one run of the batch to the next. */
  readonly effects: Map<string, Promise<unknown>>;
}

/** A run's scope, with how often this run has made each effect so far. */
const scopes = new WeakMap<Queryable, BatchScope & { made: Map<string, number> }>();

/** The group commit: `db` is a handle of one run of a batch. */
export function enterScope(db: Queryable, scope: BatchScope): void {
  scopes.set(db, { ...scope, made: new Map() });
}

export function alone(db: Queryable): Promise<void> {
  return scopes.get(db)?.alone() ?? Promise.resolve();
}

/**
 * A batch may make the same effect more than once (two properties set, say): the nth time a run
 * makes `name` is the nth time the run before made it, since a batch runs the same writes in the
 * same order each time.
 */
export function once<T>(db: Queryable, name: string, effect: () => Promise<T>): Promise<T> {
  const scope = scopes.get(db);
  if (!scope) return effect();
  const n = (scope.made.get(name) ?? 0) + 1;
  scope.made.set(name, n);
  const key = `${name} #${n}`;
  let made = scope.effects.get(key) as Promise<T> | undefined;
  if (!made) scope.effects.set(key, (made = effect()));
  return made;
}

/**
 * One group's section that a single batch at a time may be in: the first batch to ask holds it
 * until its end, the others wait in the order they asked. A batch holds nothing else of the group
 * while it waits, so no two wait for each other.
 */
export function groupSection(): () => { alone(): Promise<void>; end(): void } {
  let holder: symbol | null = null;
  const waiting: Array<{ batch: symbol; go: () => void }> = [];
  return () => {
    const batch = Symbol('batch');
    return {
      alone() {
        if (holder === null) holder = batch;
        if (holder === batch) return Promise.resolve();
        return new Promise<void>((go) => waiting.push({ batch, go }));
      },
      end() {
        const i = waiting.findIndex((w) => w.batch === batch);
        if (i >= 0) waiting.splice(i, 1);
        if (holder !== batch) return;
        const next = waiting.shift();
        holder = next?.batch ?? null;
        next?.go();
      },
    };
  };
}
