import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDbPath } from '../../../support/test-database.js';
import { expectAnswered, apiWorld, expectData, expectError, type ApiWorld, type Visit } from '../api-helpers.js';
import { serverEntry } from '../../../support/server-entry.js';

type Rec = Record<string, unknown>;

let w: ApiWorld;
let a: string;
let b: string;
let v1: Visit;
let v2: Visit;
let v3: Visit;
let v1Sessions: number[];
const range = { site_id: 1, date_from: '2026-01-01', date_till: '2027-01-01' };
const q = (sql: string, ...args: unknown[]) => w.server.db.prepare(sql).all(...args) as Rec[];
const tick = () => new Promise((r) => setTimeout(r, 5));
const erase = (session: string, args: Rec) => w.post('erase_visitor', session, args, { action: 'DELETE' });
const report = async (fn: string, args: Rec) => expectData(await w.get(fn, { session_key: a, ...args })) as Rec[];

/** Everything the customer's REST reports show of site 1 over the range, as one text. */
async function everythingReadable(): Promise<string> {
  const parts: unknown[] = [];
  for (const fn of ['communication', 'goal', 'chat', 'offline_message', 'call', 'stat']) parts.push(await report(fn, range));
  for (const c of (await report('chat', range)) as { id: number }[]) parts.push(await report('chat_messages', { chat_id: c.id }));
  return JSON.stringify(parts);
}

beforeAll(async () => {
  w = await apiWorld();
  a = await w.login('a');
  b = await w.login('b');
  // Visitor 1: two visits, a goal, a chat, a request and a call-back, with a phone and a property.
  v1 = await w.visit('site-1', 'http://a.test/landing?utm_source=mail', 'https://yandex.ru/search/?text=buy+tickets');
  await tick();
  await v1.send('property_set', { name: 'loyalty', value: 'gold-card-4411' });
  await v1.send('event', { category: 'form', action: 'open' });
  await v1.send('chat_message', { text: 'hello, I am Anna Erasova' });
  await v1.send('offline_request', { message: 'call me about the order', phone: '+7 916 123-45-67', name: 'Anna Erasova' });
  await v1.send('sitephone', { phone: '+7 916 123-45-67' });
  await tick();
  await v1.again('http://a.test/?utm_source=ads');
  // Visitor 2 leaves the same phone: one person with visitor 1.
  v2 = await w.visit('site-1', 'http://a.test/');
  await v2.send('visitor_info', { phone: '8 (916) 123-45-67' });
  // Visitor 3: someone else.
  v3 = await w.visit('site-1', 'http://a.test/plain');
  await v3.send('event', { category: 'cart', action: 'add' });
  v1Sessions = q('SELECT id FROM sessions WHERE visitor_id = ?', v1.visitor).map((r) => Number(r.id));
});

afterAll(async () => {
  await w.server.close();
  expectAnswered(['DELETE erase_visitor']);
});

describe('erasing a visitor on request', () => {
  it('refuses bad arguments and other customers', async () => {
    expectError(await erase(a, {}), 400, 100422);
    expectError(await erase(a, { visitor_id: v1.visitor, person_id: v1.visitor }), 400, 100422);
    expectError(await erase(a, { visitor_id: 'x' }), 400, 100422);
    expectError(await erase(a, { visitor_id: 987654321 }), 404, 100410);
    // Customer B has no such visitor; nothing of it goes.
    expectError(await erase(b, { visitor_id: v1.visitor }), 404, 100410);
    expect(await report('visitor', { visitor_id: v1.visitor })).toHaveLength(1);
  });

  it('leaves nothing of the visitor readable; its call stays without the number; the others stay', async () => {
    const before = await everythingReadable();
    expect(before).toContain('Anna Erasova');
    expect(before).toContain('9161234567');
    const [erased] = expectData(await erase(a, { visitor_id: v1.visitor })) as Rec[];
    expect(erased).toEqual({ visitors: 1, sessions: 2, hits: 2, goals: 1, chats: 1, requests: 1, calls_anonymised: 1 });

    expectError(await w.get('visitor', { session_key: a, visitor_id: v1.visitor }), 404, 100410);
    for (const s of v1Sessions) expectError(await w.get('session_info', { session_key: a, session_id: s }), 404, 100410);
    const after = await everythingReadable();
    for (const gone of ['Anna Erasova', 'hello', 'call me', '9161234567', 'gold-card', 'buy tickets', 'yandex'])
      expect(after).not.toContain(gone);
    const comms = await report('communication', range);
    expect(comms.map((c) => c.communication_type).sort()).toEqual(['calls', 'goals']);
    const [call] = await report('call', range);
    expect(call).toMatchObject({ communication_type: 'sitephone', visitor_id: null });
    const [stat] = await report('stat', range);
    expect(stat).toMatchObject({ visits_count: 2, goals_count: 1, offline_messages_count: 0, sitephone_calls_count: 1 });
    // The rows themselves, not only the reports.
    for (const t of ['visitor_properties', 'visitor_phones', 'hits', 'goals', 'chats', 'offline_messages', 'client_writes', 'sessions'])
      expect(q(`SELECT * FROM ${t} WHERE visitor_id = ?`, v1.visitor), t).toEqual([]);
    expect(q('SELECT * FROM visitors WHERE id = ?', v1.visitor)).toEqual([]);

    // Visitor 2 was visitor 1's person: it is its own person now and keeps its phone.
    const [p2] = await report('person_by_visitor', { id: v2.visitor });
    expect(p2).toEqual({ result: v2.visitor });
    expect(await report('visitors_by_person', { id: v2.visitor })).toEqual([{ result: JSON.stringify([v2.visitor]) }]);
    expect((await report('visitor', { visitor_id: v2.visitor }))[0]).toMatchObject({ phone: ['8 (916) 123-45-67'] });
    expect(await report('visitor', { visitor_id: v3.visitor })).toHaveLength(1);
  });

  it('a person: every visitor joined into it', async () => {
    const v4 = await w.visit('site-1', 'http://a.test/');
    await v4.send('visitor_info', { email: 'Someone@Example.test' });
    const v5 = await w.visit('site-1', 'http://a.test/');
    await v5.send('visitor_info', { email: 'someone@example.test' });
    const [p] = await report('person_by_visitor', { id: v5.visitor });
    expect(p).toEqual({ result: v4.visitor });
    const [erased] = expectData(await erase(a, { person_id: v4.visitor })) as Rec[];
    expect(erased).toMatchObject({ visitors: 2, sessions: 2 });
    expectError(await w.get('visitor', { session_key: a, visitor_id: v5.visitor }), 404, 100410);
    expect(await everythingReadable()).not.toContain('example.test');
    expect(q('SELECT * FROM person_contacts WHERE person_id IN (?, ?)', v4.visitor, v5.visitor)).toEqual([]);
  });
});

describe('npm run erase', () => {
  let dir = '';
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('erases a visitor of a site named by its key', { timeout: 60_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-erase-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const world = await apiWorld(dbPath);
    let closed = false;
    try {
      const v = await world.visit('site-1', 'http://a.test/');
      await v.send('property_set', { name: 'k', value: 'v' });
      await world.server.close();
      closed = true;
      const run = (...args: string[]) =>
        new Promise<{ code: number; out: string; err: string }>((ok) =>
          execFile(process.execPath, [...serverEntry('src/server/visitors/erase-cli.ts'), ...args], (e, out, err) =>
            ok({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
          ),
        );
      expect((await run('--site', 'site-1', '--db', dbPath)).code).toBe(2);
      expect((await run('--site', 'nope', '--visitor', String(v.visitor), '--db', dbPath)).err).toContain('no site');
      const done = await run('--site', 'site-1', '--visitor', String(v.visitor), '--db', dbPath);
      expect(done, done.err).toMatchObject({ code: 0 });
      expect(done.out).toContain('"visitors":1');
      expect((await run('--site', 'site-1', '--visitor', String(v.visitor), '--db', dbPath)).code).toBe(1);
    } finally {
      if (!closed) await world.server.close();
      dropDatabase(dbPath);
    }
  });
});
