import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { checkAnswer, expectAnswered } from '../api-helpers.js';
import { hitWrite, wid } from '../helpers.js';
import { createTestServer } from '../test-server.js';
import { callEvents, postEvent, SECRET, telephonyConfig, telephonySeed } from '../telephony-helpers.js';

/**
 * Qualified calls (docs/conversions.md): a site's rules mark calls qualified as they end, set
 * their tags, and mark the earlier ones again when the rules change, never unmarking one. Site 1
 * of customer 1 (telephony-helpers.ts): campaign 10 shows a DT pool, campaign 20 (Print) the
 * static number 74951110000, the default block 74957770011.
 */

let server: ConsultantServer;
afterEach(async () => {
  await server?.close();
});
afterAll(() =>
  expectAnswered([
    'GET qualification_rules',
    'POST set_qualification_rule',
    'DELETE delete_qualification_rule',
    'GET custom_tags',
    'POST create_custom_tag',
    'DELETE delete_custom_tag',
  ]),
);

const moscow = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const day = (ms: number) => moscow(ms).slice(0, 10);

async function start() {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: telephonyConfig(),
    apiSeed: await telephonySeed(),
    bundleDir: '/nonexistent',
    leasePolicy: false,
    telephony: { secret: SECRET },
  });
  const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
  const key = (res.json() as { data: { session_key: string } }).data.session_key;
  return {
    async post(fn: string, args: Record<string, unknown>, action?: 'DELETE') {
      const r = await server.app.inject({
        method: 'POST',
        url: `/api/v1/${fn}/`,
        headers: { accept: 'application/json' },
        payload: { session_key: key, args, ...(action ? { action } : {}) },
      });
      return checkAnswer(fn, action ?? 'POST', r);
    },
    async get(fn: string, query: Record<string, string | number> = {}) {
      const r = await server.app.inject({
        method: 'GET',
        url: `/api/v1/${fn}/`,
        query: Object.fromEntries(Object.entries({ session_key: key, ...query }).map(([k, v]) => [k, String(v)])),
        headers: { accept: 'application/json' },
      });
      return checkAnswer(fn, 'GET', r);
    },
  };
}

/** A whole call (ringing, answered when it talks, ended). */
async function call(callId: string, from: string, to: string, talk: number) {
  for (const ev of callEvents({ callId, from, to, talk })) expect((await postEvent(server, ev)).statusCode).toBe(200);
}

type Marks = { platform_call_id: string; qualified_at: string | null; qualification_rule_id: number | null };
const marks = () =>
  server.db.prepare('SELECT platform_call_id, qualified_at, qualification_rule_id FROM calls ORDER BY id').all() as Marks[];
const qualified = () => marks().map((m) => [m.platform_call_id, m.qualification_rule_id != null]);

describe('qualified calls', () => {
  it('a rule marks a call that meets it as the call ends, with its tags; the call report shows it', async () => {
    const api = await start();
    const tag = (await api.post('create_custom_tag', { name: 'Hot lead' })).json().data as { id: number };
    const rule = await api.post('set_qualification_rule', {
      site_id: 1,
      name: 'Talked',
      answered: true,
      min_talk_seconds: 30,
      tag_ids: [tag.id],
    });
    expect(rule.json().data).toEqual({ id: expect.any(Number), qualified: 0 });
    await call('long', '79160000001', '74951110000', 45);
    await call('short', '79160000002', '74951110000', 10);
    await call('missed', '79160000003', '74951110000', 0);
    expect(qualified()).toEqual([
      ['long', true],
      ['short', false],
      ['missed', false],
    ]);
    const now = Date.now();
    const rows = (await api.get('call', { date_from: day(now - 864e5), date_till: day(now + 864e5) })).json().data as Array<
      Record<string, unknown>
    >;
    expect(rows[0]).toMatchObject({
      qualified: true,
      qualification_rule_id: (rule.json().data as { id: number }).id,
      tags: [tag.id],
      tag_list: [{ id: tag.id, tag: 'Hot lead' }],
    });
    expect(rows[0]!.qualified_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(rows[1]).toMatchObject({ qualified: false, qualified_at: null, tags: [], tag_list: [] });
    // The journal says which are qualified and why each was credited (74951110000: Print's static number).
    const journal = (await api.get('journal', { site_id: 1, date_from: day(now - 864e5), date_till: day(now + 864e5) })).json()
      .data as Array<{ detail: string; qualified: boolean; attribution: string | null }>;
    expect(journal.map((j) => [j.detail, j.qualified, j.attribution])).toEqual([
      ['79160000003', false, 'static_block'],
      ['79160000002', false, 'static_block'],
      ['79160000001', true, 'static_block'],
    ]);
  });

  it('first-time callers, a caller list to leave out and a set of campaigns', async () => {
    const api = await start();
    const list = (await api.post('create_numa_list', { name: 'Staff' })).json().data as { numa_list_id: number };
    await api.post('add_number_to_numa_list', { numa_list_id: list.numa_list_id, number: '+7 916 000-00-09' });
    await api.post('set_qualification_rule', {
      site_id: 1,
      name: 'New print callers',
      first_time: true,
      excluded_numa_list_id: list.numa_list_id,
      campaign_ids: [20],
    });
    await call('first', '79160000001', '74951110000', 5);
    await call('again', '79160000001', '74951110000', 5);
    await call('staff', '79160000009', '74951110000', 5);
    await call('direct', '79160000004', '74957770011', 5);
    expect(qualified()).toEqual([
      ['first', true],
      ['again', false],
      ['staff', false],
      ['direct', false],
    ]);
  });

  it('a rule set later marks the calls it meets now; a stricter rule or none unmarks nothing', async () => {
    const api = await start();
    await call('a', '79160000001', '74951110000', 40);
    await call('b', '79160000002', '74951110000', 5);
    expect(qualified()).toEqual([
      ['a', false],
      ['b', false],
    ]);
    const set = await api.post('set_qualification_rule', { site_id: 1, name: 'Any answered', answered: true });
    expect(set.json().data).toMatchObject({ qualified: 2 });
    const before = marks();
    const id = (set.json().data as { id: number }).id;
    // The same rule made stricter (and renamed): what it marked stays marked, as it was.
    const stricter = await api.post('set_qualification_rule', {
      site_id: 1,
      name: 'Any answered',
      new_name: 'Long talks',
      answered: true,
      min_talk_seconds: 60,
    });
    expect(stricter.json().data).toEqual({ id, qualified: 0 });
    const rules = (await api.get('qualification_rules', { site_id: 1 })).json().data as Array<Record<string, unknown>>;
    expect(rules).toEqual([expect.objectContaining({ id, name: 'Long talks', min_talk_seconds: 60, kinds: ['call', 'sitephone'] })]);
    expect((await api.post('delete_qualification_rule', { site_id: 1, name: 'Long talks' }, 'DELETE')).statusCode).toBe(200);
    expect(marks()).toEqual(before);
    expect((await api.get('qualification_rules', { site_id: 1 })).json().data).toEqual([]);
    // A call after the rule is gone is not marked.
    await call('c', '79160000003', '74951110000', 40);
    expect(qualified().at(-1)).toEqual(['c', false]);
  });

  it('refuses what is not the customer’s and a rule name twice', async () => {
    const api = await start();
    expect((await api.post('set_qualification_rule', { site_id: 99, name: 'X' })).statusCode).toBe(404);
    expect((await api.post('set_qualification_rule', { site_id: 1, name: 'X', tag_ids: [12345] })).statusCode).toBe(404);
    expect((await api.post('set_qualification_rule', { site_id: 1, name: 'X', campaign_ids: [777] })).statusCode).toBe(404);
    expect((await api.post('set_qualification_rule', { site_id: 1, name: 'X', kinds: [] })).statusCode).toBe(400);
    await api.post('set_qualification_rule', { site_id: 1, name: 'A' });
    await api.post('set_qualification_rule', { site_id: 1, name: 'B' });
    expect((await api.post('set_qualification_rule', { site_id: 1, name: 'A', new_name: 'B' })).statusCode).toBe(409);
    expect((await api.post('set_qualification_rule', { site_id: 1, name: 'C', new_name: 'D' })).statusCode).toBe(404);
    expect((await api.post('delete_qualification_rule', { site_id: 1, name: 'nope' }, 'DELETE')).statusCode).toBe(404);
  });
});

/** A visitor's page view of site-a, then a request (offline message) from it. */
async function request(phone: string) {
  const h = hitWrite('http://localhost/?utm_source=print');
  const post = (body: unknown) =>
    server.app.inject({ method: 'POST', url: '/w/site-a', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(body) });
  const visitor = ((await post({ visitor: null, writes: [h] })).json() as { visitor: unknown }).visitor;
  const r = await post({
    visitor,
    writes: [{ id: wid(), type: 'offline_request', hit: h.id, at: Date.now(), data: { message: 'call me', phone } }],
  });
  expect(r.statusCode).toBe(200);
}

describe('qualified requests', () => {
  it('a rule for requests marks the requests it meets when it is set, not those on the list left out', async () => {
    const api = await start();
    const list = (await api.post('create_numa_list', { name: 'Spam' })).json().data as { numa_list_id: number };
    await api.post('add_number_to_numa_list', { numa_list_id: list.numa_list_id, number: '79160000666' });
    await request('+7 916 000-00-01');
    await request('+7 916 000-06-66');
    const set = await api.post('set_qualification_rule', {
      site_id: 1,
      name: 'Print requests',
      kinds: ['offline_message'],
      campaign_ids: [20],
      excluded_numa_list_id: list.numa_list_id,
    });
    expect(set.json().data).toMatchObject({ qualified: 1 });
    const rows = server.db.prepare('SELECT phone, qualification_rule_id FROM offline_messages ORDER BY id').all() as Array<{
      phone: string;
      qualification_rule_id: number | null;
    }>;
    expect(rows.map((r) => r.qualification_rule_id != null)).toEqual([true, false]);
  });
});

describe('qualified chats and requests', () => {
  it('a request and a chat nobody answered are marked as they are stored, by the rules of their kind', async () => {
    const api = await start();
    await api.post('set_qualification_rule', { site_id: 1, name: 'Requests', kinds: ['offline_message'] });
    await api.post('set_qualification_rule', { site_id: 1, name: 'Chats', kinds: ['chat'], campaign_ids: [20] });
    await request('+7 916 000-00-01');
    const h = hitWrite('http://localhost/?utm_source=print');
    const post = (body: unknown) =>
      server.app.inject({ method: 'POST', url: '/w/site-a', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(body) });
    const visitor = ((await post({ visitor: null, writes: [h] })).json() as { visitor: unknown }).visitor;
    // No operator is online: the chat is over (lost) at once.
    await post({ visitor, writes: [{ id: wid(), type: 'chat_message', hit: h.id, at: Date.now(), data: { text: 'hello' } }] });
    const marked = (table: string) =>
      (server.db.prepare(`SELECT qualification_rule_id FROM ${table}`).all() as Array<{ qualification_rule_id: number | null }>).map(
        (r) => r.qualification_rule_id != null,
      );
    expect(marked('offline_messages')).toEqual([true]);
    expect(marked('chats')).toEqual([true]);
    // The REST records say so, as a call's do.
    const period = { date_from: day(Date.now() - 86_400_000), date_till: day(Date.now() + 86_400_000) };
    for (const fn of ['offline_message', 'chat']) {
      const [row] = (await api.get(fn, period)).json().data as Array<{
        qualified: boolean;
        qualified_at: string | null;
        qualification_rule_id: number;
      }>;
      expect(row, fn).toMatchObject({ qualified: true, qualified_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
      expect(row!.qualification_rule_id, fn).toBeGreaterThan(0);
    }
  });
});

describe('custom tags', () => {
  it('are made, listed with the others, not deleted while a rule sets them, then deleted from every communication', async () => {
    const api = await start();
    const std = (await api.post('create_standard_tags', {})).json().data as Array<{ id: number; name: string }>;
    const made = (await api.post('create_custom_tag', { name: 'Wholesale' })).json().data as { id: number; name: string };
    expect((await api.post('create_custom_tag', { name: 'Wholesale' })).statusCode).toBe(409);
    expect((await api.post('create_custom_tag', { name: 'Target' })).statusCode).toBe(409);
    // A standard name is the standard tag's even before the customer has it.
    expect((await api.post('create_custom_tag', { name: 'sale' })).statusCode).toBe(409);
    expect((await api.get('custom_tags')).json().data).toEqual([made]);
    expect(((await api.get('tag')).json().data as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'Target',
      'Not target',
      'Wholesale',
    ]);
    await api.post('set_qualification_rule', { site_id: 1, name: 'Tagger', tag_ids: [made.id] });
    await call('t', '79160000001', '74951110000', 5);
    expect((await api.post('delete_custom_tag', { id: made.id }, 'DELETE')).statusCode).toBe(409);
    await api.post('delete_qualification_rule', { site_id: 1, name: 'Tagger' }, 'DELETE');
    expect((await api.post('delete_custom_tag', { id: std[0]!.id }, 'DELETE')).statusCode).toBe(404);
    expect((await api.post('delete_custom_tag', { id: made.id }, 'DELETE')).statusCode).toBe(200);
    expect((await api.get('custom_tags')).json().data).toEqual([]);
    expect(server.db.prepare('SELECT count(*) AS n FROM tag_links').all()).toEqual([{ n: 0 }]);
  });
});
