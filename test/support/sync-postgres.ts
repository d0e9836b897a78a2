import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { RowHandle } from '../../src/server/store/rows.js';

/**
 * A synchronous handle on a real PostgreSQL database, shaped like the part of better-sqlite3 the
 * tests use (`prepare(sql).get/all/run`, `exec`), so that the same assertions read and arrange rows
 * on both dialects. A worker thread holds the connection; the test's thread blocks until it
 * answers. `?` placeholders become `$1…`. Never used by the server itself.
 */
export function syncPostgres(url: string): RowHandle & { close(): void } {
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const flag = new Int32Array(signal);
  const worker = new Worker(new URL('./pg-sync-worker.mjs', import.meta.url), {
    workerData: { url, port: port2, signal },
    transferList: [port2],
  });
  worker.unref();
  // Heard, so that a worker that ends on an error fails the statements waiting on it (with "no
  // answer") rather than the whole test run with an uncaught exception.
  worker.on('error', () => {});
  const query = (sql: string, args: unknown[]): { rows: Record<string, unknown>[]; changes: number } => {
    let n = 0;
    // SQLite's rowid is insertion order in the tests' fresh tables; PostgreSQL's ctid is too.
    const text = sql.replace(/\?/g, () => `$${++n}`).replace(/\bORDER BY rowid\b/gi, 'ORDER BY ctid');
    Atomics.store(flag, 0, 0);
    port1.postMessage({ text, values: args.map((a) => (typeof a === 'boolean' ? Number(a) : a)) });
    // The worker posts the answer, raises the flag, then notifies: that notify can come after this
    // thread took the answer and began the next wait, and wake it with nothing to read. So a wake
    // without an answer waits again.
    const deadline = Date.now() + 30_000;
    let received: { message: unknown } | undefined;
    while (!(received = receiveMessageOnPort(port1))) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(flag, 0, 0, left) === 'timed-out') throw new Error(`no answer from PostgreSQL to: ${text}`);
    }
    const answer = received.message as { rows: Record<string, unknown>[]; changes: number; error?: string };
    if (answer.error) throw new Error(`${answer.error} (in: ${text})`);
    return answer;
  };
  const first = (row: Record<string, unknown> | undefined) => (row ? Object.values(row)[0] : undefined);
  return {
    prepare: (sql: string) => ({
      get: (...args: unknown[]) => query(sql, args).rows[0],
      all: (...args: unknown[]) => query(sql, args).rows,
      run: (...args: unknown[]) => ({ changes: query(sql, args).changes }),
      pluck: () => ({
        get: (...args: unknown[]) => first(query(sql, args).rows[0]),
        all: (...args: unknown[]) => query(sql, args).rows.map(first),
      }),
    }),
    exec: (sql: string) => void query(sql, []),
    close() {
      port1.close();
      void worker.terminate();
    },
  };
}
