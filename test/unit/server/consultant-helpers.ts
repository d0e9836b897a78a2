import type { ConsultantServer } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import { hashPassword } from '../../../src/server/identity/password.js';
import type { SiteConfig } from '../../../src/server/site-import/site-config.js';
import { testConfig } from './helpers.js';

export const PASSWORD = 'correct horse battery';

/** testConfig plus two operators: Anna serves site-a (id 1), Boris serves site-b (id 2). */
export async function consultantConfig(chatWait?: number): Promise<SiteConfig> {
  // A cheap scrypt cost keeps the tests fast; verification reads the cost from the hash.
  const hash = await hashPassword(PASSWORD, 1024);
  const c = structuredClone(testConfig) as SiteConfig;
  if (chatWait) c.customers[0]!.sites[0]!.settings.chat_wait = chatWait;
  c.customers[0]!.employees = [
    {
      id: 11,
      last_name: 'Иванова',
      first_name: 'Анна',
      patronymic: null,
      email: 'anna@example.com',
      password_hash: hash,
      extension: null,
      phones: [],
      sites: [1],
    },
    {
      id: 12,
      last_name: 'Петров',
      first_name: 'Борис',
      patronymic: null,
      email: 'boris@example.com',
      password_hash: hash,
      extension: null,
      phones: [],
      sites: [2],
    },
  ];
  return c;
}

/** A real server on a free port (event streams need a socket; inject waits for the end). */
export async function liveServer(
  config: SiteConfig,
  extra: { operatorSessionMs?: number; operatorGraceMs?: number; dbPath?: string } = {},
) {
  const server: ConsultantServer = await createTestServer({ dbPath: ':memory:', siteConfig: config, bundleDir: '/nonexistent', ...extra });
  const base = await server.listen(0, '127.0.0.1');
  return { server, base };
}

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Reads a server-sent event stream with fetch; `next(pred)` waits for a matching event. */
export async function sse(url: string, headers: Record<string, string> = {}) {
  const ctl = new AbortController();
  const res = await fetch(url, { headers, signal: ctl.signal });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let done = false;
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          buf += value;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const e: SseEvent = { event: 'message', data: '' };
            let has = false;
            for (const line of block.split('\n')) {
              const [k, ...rest] = line.split(': ');
              const v = rest.join(': ');
              if (k === 'event') e.event = v;
              else if (k === 'data') {
                e.data = v;
                has = true;
              } else if (k === 'id') e.id = v;
            }
            if (has) events.push(e);
            for (const w of waiters.splice(0)) w();
          }
        }
      } catch {
        // aborted
      }
      done = true;
      for (const w of waiters.splice(0)) w();
    })();
  }
  return {
    res,
    events,
    get ended() {
      return done;
    },
    /** Resolves with the first event (from the start) matching `pred`; rejects after `ms`. */
    async next(pred: (e: SseEvent) => boolean, ms = 3000): Promise<SseEvent> {
      const until = Date.now() + ms;
      for (;;) {
        const hit = events.find(pred);
        if (hit) return hit;
        if (done) throw new Error('stream ended; got ' + JSON.stringify(events));
        const left = until - Date.now();
        if (left <= 0) throw new Error('timed out; got ' + JSON.stringify(events));
        await new Promise<void>((ok) => {
          const t = setTimeout(ok, left);
          waiters.push(() => {
            clearTimeout(t);
            ok();
          });
        });
      }
    },
    close: () => ctl.abort(),
  };
}

/** JSON POST as the console sends it; `T` is what the caller expects as the answer's `data`. */
export async function postJson<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; data?: T; message?: string },
    cookie: res.headers.get('set-cookie'),
  };
}

/** Signs in and returns the `Cookie` header value. */
export async function signIn(base: string, email: string, password = PASSWORD): Promise<string> {
  const r = await postJson(base + 'op/api/login', { email, password });
  if (r.status !== 200) throw new Error('sign-in failed: ' + JSON.stringify(r.body));
  return r.cookie!.split(';')[0]!;
}
