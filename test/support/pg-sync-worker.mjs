// The worker of sync-postgres.ts: runs each statement it is sent on its own connection and
// answers on the port, then wakes the waiting thread.
import { workerData } from 'node:worker_threads';
import pg from 'pg';

const { url, port, signal } = workerData;
const flag = new Int32Array(signal);
const types = { getTypeParser: (oid, format) => (oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format)) };
const client = new pg.Client({ connectionString: url, types });
// A connection that is cut (a test's proxy, a database dropped WITH (FORCE)) emits an error that,
// unheard, would end this thread with an uncaught exception; the statements after it fail instead.
let lost;
client.on('error', (e) => {
  lost = e;
});
const ready = client.connect();

port.on('message', async ({ text, values }) => {
  let answer;
  try {
    await ready;
    if (lost) throw lost;
    const r = await client.query({ text, values });
    answer = { rows: r.rows, changes: r.rowCount ?? 0 };
  } catch (e) {
    answer = { error: e.message };
  }
  port.postMessage(answer);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
