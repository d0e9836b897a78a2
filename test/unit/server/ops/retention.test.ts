import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneTraffic, RETENTION_HEADER } from '../../../../src/server/ops/retention.js';
import { apiWorld, expectData, type ApiWorld, type Visit } from '../api-helpers.js';

type Rec = Record<string, unknown>;

let w: ApiWorld;
let a: string;
let gone: Visit;
let withGoal: Visit;
let recent: Visit;
const others: Visit[] = [];
const range = { site_id: 1, date_from: '2026-01-01', date_till: '2027-01-01' };
const q = (sql: string, ...args: unknown[]) => w.server.db.prepare(sql).all(...args) as Rec[];
const DAY = 864e5;
const OLD_MS = Date.now() - 90 * DAY;
const OLD = new Date(OLD_MS).toISOString().replace('T', ' ').slice(0, 23);
const report = async (fn: string, args: Rec) => expectData(await w.get(fn, { session_key: a, ...args })) as Rec[];

/** Moves a visitor's traffic (and its goals) 90 days back, as if it had come then. */
function age(v: Visit) {
  w.server.db.prepare('UPDATE hits SET hit_time = ? WHERE visitor_id = ?').run(OLD, v.visitor);
  w.server.db.prepare('UPDATE sessions SET start_time = ?, last_hit_ms = ? WHERE visitor_id = ?').run(OLD, OLD_MS, v.visitor);
  w.server.db.prepare('UPDATE goals SET start_time = ? WHERE visitor_id = ?').run(OLD, v.visitor);
}

beforeAll(async () => {
  w = await apiWorld(':memory:', undefined, { retentionDays: 30, rateLimits: { firstVisits: 0 } });
  a = await w.login('a');
  gone = await w.visit('site-1', 'http://a.test/?utm_source=mail');
  await gone.again('http://a.test/second');
  withGoal = await w.visit('site-1', 'http://a.test/landing?utm_source=mail&utm_campaign=old');
  await withGoal.send('event', { category: 'form', action: 'open' });
  // More old visitors than one batch holds.
  for (let i = 0; i < 12; i++) others.push(await w.visit('site-1', `http://a.test/o${i}`));
  recent = await w.visit('site-1', 'http://a.test/now');
  for (const v of [gone, withGoal, ...others]) age(v);
});

afterAll(() => w.server.close());

describe('retention of traffic', () => {
  it('deletes old page views and sessions in batches, keeping what a communication happened on', async () => {
    const [before] = await report('stat', range);
    expect(before).toMatchObject({ visits_count: 15, goals_count: 1 });

    const pruned = await pruneTraffic(w.server.store.db, Date.now() - 30 * DAY, undefined, 5);
    expect(pruned).toEqual({ hits: 2 + 12, sessions: 1 + 12 });
    expect(q('SELECT id FROM hits WHERE visitor_id = ?', gone.visitor)).toEqual([]);
    expect(q('SELECT id FROM sessions WHERE visitor_id = ?', gone.visitor)).toEqual([]);
    // The goal keeps its page view and session, and its record the campaign it came through.
    expect(q('SELECT id FROM hits WHERE visitor_id = ?', withGoal.visitor)).toHaveLength(1);
    const [goal] = await report('goal', { ...range, visitor_id: withGoal.visitor });
    expect(goal).toMatchObject({
      session_id: withGoal.session,
      utm_source: 'mail',
      utm_campaign: 'old',
      enter_page: 'http://a.test/landing?utm_source=mail&utm_campaign=old',
    });
    const [after] = await report('stat', range);
    expect(after).toMatchObject({ visits_count: 2, goals_count: 1 });
    // The visitor record stays, without its visits.
    expect((await report('visitor', { visitor_id: gone.visitor }))[0]).toMatchObject({ session_ids: [] });
    expect(q('SELECT id FROM hits WHERE visitor_id = ?', recent.visitor)).toHaveLength(1);

    expect(await pruneTraffic(w.server.store.db, Date.now() - 30 * DAY, undefined, 5)).toEqual({ hits: 0, sessions: 0 });
  });

  it('REST answers say from when traffic is kept', async () => {
    const res = await w.get('stat', { session_key: a, ...range });
    const start = res.headers[RETENTION_HEADER.toLowerCase()] as string;
    // Thirty days before the answer, to the second (the clock may turn a second between answers).
    const thirtyDaysAgo = (header: unknown) => {
      expect(header).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(Math.abs(Date.parse(String(header)) - (Date.now() - 30 * DAY))).toBeLessThan(60_000);
    };
    thirtyDaysAgo(start);
    // Refusals of the API say it too; what is not the API does not.
    const unknown = await w.server.app.inject({ method: 'GET', url: '/api/v1/no_such_function/' });
    expect(unknown.json()).toMatchObject({ success: false });
    thirtyDaysAgo(unknown.headers[RETENTION_HEADER.toLowerCase()]);
    const health = await w.server.app.inject({ method: 'GET', url: '/health' });
    expect(health.headers[RETENTION_HEADER.toLowerCase()]).toBeUndefined();
    // Nothing is said where nothing is deleted.
    const plain = await apiWorld();
    try {
      const key = await plain.login('a');
      expect((await plain.get('stat', { session_key: key, ...range })).headers[RETENTION_HEADER.toLowerCase()]).toBeUndefined();
    } finally {
      await plain.server.close();
    }
  });
});
