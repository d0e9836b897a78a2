import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { VisitorRef } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { backupSqlite } from '../../../../src/server/ops/backup.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { hitWrite, postWrites, wid } from '../helpers.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { addEndpoint, webhookServer } from '../webhooks/world.js';

let server: ConsultantServer | undefined;
let receiver: Receiver | undefined;
let dir = '';
afterEach(async () => {
  await server?.close();
  server = undefined;
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One word per thing the visitor gave, found nowhere else in the database. */
const MARKS = {
  name: 'kq7zrwname',
  email: 'kq7zrwmail',
  phone: '9167358142',
  message: 'kq7zrwmessage',
  page: 'kq7zrwpage',
  utm: 'kq7zrwutm',
  property: 'kq7zrwprop',
  chat: 'kq7zrwchat',
};

function occurrences(bytes: Buffer, word: string): number {
  let n = 0;
  for (let at = bytes.indexOf(word); at !== -1; at = bytes.indexOf(word, at + 1)) n++;
  return n;
}

/** How many times each mark occurs in each file (absent files hold none). */
function scan(files: Record<string, string>): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [label, file] of Object.entries(files)) {
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    for (const [what, word] of Object.entries(MARKS)) {
      const n = occurrences(bytes, word);
      if (n) found[`${label}: ${what}`] = n;
    }
  }
  return found;
}

it.skipIf(!!testPostgresUrl)(
  'an erased visitor leaves no bytes in the database file, its WAL or a backup made after',
  { timeout: 60_000 },
  async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-erasure-bytes-'));
    const dbPath = join(dir, 'svc.db');
    server = await webhookServer({ t: Date.now() }, dbPath);
    receiver = await startReceiver();
    await addEndpoint(server, receiver.url, ['request.created', 'chat.finished']);

    const hit = hitWrite(`http://localhost/${MARKS.page}?utm_source=${MARKS.utm}&utm_campaign=${MARKS.utm}`);
    const first = await postWrites(server, { visitor: null, writes: [hit] });
    const visitor = first.visitor as VisitorRef;
    const id = (first.results[0]!.result as { visitor_id: number }).visitor_id;
    const write = (type: string, data: unknown) =>
      postWrites(server!, { visitor, writes: [{ id: wid(), type, hit: hit.id, at: Date.now(), data }] });
    await write('visitor_info', { name: `Ann ${MARKS.name}`, email: `${MARKS.email}@example.test`, phone: '+7 916 735-81-42' });
    await write('property_set', { name: 'card', value: MARKS.property });
    await write('chat_message', { text: `hello from ${MARKS.chat}` });
    await write('offline_request', {
      name: `Ann ${MARKS.name}`,
      email: `${MARKS.email}@example.test`,
      phone: '+7 916 735-81-42',
      message: `call me about ${MARKS.message}`,
    });
    await server.webhooks.worker.drain();
    expect(receiver.received.some((r) => r.body.includes(MARKS.message))).toBe(true);

    const live = { db: dbPath, wal: `${dbPath}-wal` };
    // The scan finds what is there: every mark is in the database before the erasure.
    const before = scan(live);
    for (const what of Object.keys(MARKS))
      expect(
        Object.keys(before).some((k) => k.endsWith(`: ${what}`)),
        what,
      ).toBe(true);

    const login = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
    const key = (login.json() as { data: { session_key: string } }).data.session_key;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/erase_visitor/',
      headers: { accept: 'application/json' },
      payload: { session_key: key, action: 'DELETE', args: { visitor_id: id } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: [{ visitors: 1 }] });

    // The server stays up, as it would: the backup is taken beside it.
    const backup = join(dir, 'backup.db');
    await backupSqlite(dbPath, backup);
    expect(scan({ ...live, backup })).toEqual({});
  },
);
