/**
 * The claim loop of an outbox's worker (webhooks, conversions): claims due items into free slots
 * and sends each, at most `concurrency` at once, a freed slot claiming again. What is claimed and
 * how it is sent are the outbox's own; the lease, the wake-ups and the stop are its worker's.
 */

export interface OutboxPoolOptions {
  /** Claims up to `free` due items (their lease taken); their ids. */
  claim: (free: number) => Promise<number[]>;
  /** Sends one claimed item and settles it. */
  send: (id: number) => Promise<void>;
  /** Items in flight at once in this process. */
  concurrency: number;
  /** Hears a claim or a send that failed. */
  onError: (e: unknown) => void;
}

export interface OutboxPool {
  /** Claims what free slots can take and starts it; the number started. */
  fill(): Promise<number>;
  /** Sends everything due now, and what that frees, until nothing is left. */
  drain(): Promise<void>;
  /** Claims nothing more. */
  close(): void;
  /** Resolves when the running claim (and those asked for meanwhile) has ended. */
  claimEnded(): Promise<void>;
  /** Resolves when every send in flight now has ended. */
  sendsEnded(): Promise<void>;
}

export function outboxPool({ claim, send, concurrency, onError }: OutboxPoolOptions): OutboxPool {
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<number> | null = null;
  let claimAgain = false;
  let closed = false;

  const claimOnce = async (): Promise<number> => {
    const free = concurrency - inFlight.size;
    if (closed || free <= 0) return 0;
    const ids = await claim(free);
    for (const id of ids) {
      const p: Promise<void> = send(id)
        .catch(onError)
        .finally(() => {
          inFlight.delete(p);
          void fill().catch(onError);
        });
      inFlight.add(p);
    }
    return ids.length;
  };
  /**
   * One claim at a time. Asked again while one runs (a wake after a commit, a freed slot), it claims
   * once more after it: the running claim may have read the outbox before the asker's rows were
   * committed, and they would otherwise wait for the next poll. The promise covers those claims too,
   * so whoever awaits it (drain, close) knows no claim is left running.
   */
  const fill = (): Promise<number> => {
    if (claiming) {
      claimAgain = true;
      return claiming;
    }
    claiming = (async () => {
      let started = 0;
      do {
        claimAgain = false;
        started += await claimOnce();
      } while (claimAgain);
      return started;
    })().finally(() => {
      claiming = null;
    });
    return claiming;
  };
  return {
    fill,
    async drain(): Promise<void> {
      for (;;) {
        const started = await fill();
        // What it started may be over already (a claim after it ran on): claim again, never race nothing.
        if (inFlight.size === 0) {
          if (started === 0) return;
          continue;
        }
        await Promise.race(inFlight);
      }
    },
    close() {
      closed = true;
    },
    async claimEnded(): Promise<void> {
      await claiming?.catch(() => 0);
    },
    async sendsEnded(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}
