import { sql, type Kysely } from 'kysely';
import pg from 'pg';

/**
 * Messages between the server processes that share one database: pokes of the hub, changes of
 * site data, lost-timer watches. On PostgreSQL they travel by LISTEN/NOTIFY (no other service);
 * on SQLite there is one process and nothing to tell, so `publish` does nothing.
 *
 * A process does not hear its own messages (each carries the sender's id): what it publishes it
 * has already acted on itself. A listener hears `null` when messages may have been missed (the
 * listening connection was lost and is back): it should then act as if everything changed.
 */
export interface Channel {
  /** Sends `message` to the other processes (PostgreSQL NOTIFY; at most ~7,800 bytes: the payload carries the schema and sender too); resolves when sent or failed. */
  publish(message: string): Promise<void>;
  subscribe(fn: (message: string | null) => void): () => void;
  close(): Promise<void>;
}

export const localChannel = (): Channel => ({
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
});

/**
 * NOTIFY's channel name: one per database. Servers on other schemas of the same database hear it
 * too, so every message carries its schema, and a server drops those of other schemas (the tests
 * run many servers on one database, a schema each: another test's pokes woke this test's consoles).
 * The sender id keeps processes of one schema apart.
 */
const CHANNEL = 'svc_events';

/**
 * `db` sends (pg_notify, through the pool); a dedicated client listens, and reconnects after a
 * second when its connection drops, then tells listeners that messages may have been missed.
 */
export async function postgresChannel(db: Kysely<unknown>, url: string, onError: (e: Error) => void = () => {}): Promise<Channel> {
  const me = `${process.pid}.${Math.random().toString(36).slice(2, 10)}`;
  const schema = await sql`SELECT current_schema() AS s`
    .execute(db)
    .then((r) => encodeURIComponent((r.rows[0] as { s?: string } | undefined)?.s ?? ''));
  const listeners = new Set<(message: string | null) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const tell = (m: string | null) => {
    for (const fn of [...listeners]) {
      try {
        fn(m);
      } catch {
        // one broken listener must not stop the others
      }
    }
  };
  const connect = async (again: boolean) => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      const p = n.payload ?? '';
      const at = p.indexOf(' ');
      const cut = p.indexOf(' ', at + 1);
      if (at > 0 && cut > at && p.slice(0, at) === schema && p.slice(at + 1, cut) !== me) tell(p.slice(cut + 1));
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(true), 1000).unref();
    };
    c.on('error', (e) => {
      onError(e);
      lost();
    });
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query('LISTEN svc_events');
      if (again) tell(null);
    } catch (e) {
      onError(e as Error);
      lost();
    }
  };
  const ready = connect(false);
  // Listening before the process serves anything: a message sent meanwhile would be missed.
  await ready;
  return {
    async publish(message) {
      if (closed) return;
      await sql`SELECT pg_notify(${CHANNEL}, ${`${schema} ${me} ${message}`})`.execute(db).then(() => undefined, onError);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      const c = client;
      client = null;
      listeners.clear();
      await c?.end().catch(() => {});
    },
  };
}
