import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../../src/server/identity/password.js';
import { apiWorld, expectData, expectError, type ApiWorld } from '../api-helpers.js';

/**
 * Date ranges are measured before any work that grows with them: a range of centuries is refused
 * at once, asking the database nothing beyond what a backwards range costs (who is asking, and in
 * which time zone), so the
 * work that would hold the event loop, and every other request with it, never starts. A date past
 * the years the server can store is a validation error, never a 500.
 */

let w: ApiWorld;
/** Every statement the database was asked, in order (store/open.ts's `onQuery`). */
const statements: string[] = [];
let a: string;
let operator: string;

beforeAll(async () => {
  // The server's own rounds (webhooks', conversions' and mail's outboxes) off: a statement of
  // theirs that came while a slow request ran would count as the request's.
  const quiet = { webhooks: { pollMs: 0 }, conversions: { pollMs: 0 }, notifications: { tickMs: 0 } };
  w = await apiWorld(':memory:', (sql) => statements.push(sql), quiet);
  a = await w.login('a');
  w.server.db.prepare('UPDATE employees SET password_hash = ? WHERE id = ?').run(await hashPassword('range-pass', 1024), 11);
  w.server.db.prepare('INSERT INTO employee_sites (employee_id, site_id) VALUES (?, ?)').run(11, 1);
  const res = await w.server.app.inject({ method: 'POST', url: '/op/api/login', payload: { email: 'e11@x.test', password: 'range-pass' } });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.headers['set-cookie'];
  operator = String(Array.isArray(set) ? set[0] : set).split(';')[0]!;
});

afterAll(async () => {
  await w.server.close();
});

/** The answer of `request`, and the statements the database was asked while it ran. */
async function withStatements(request: () => Promise<LightMyRequestResponse>): Promise<{ res: LightMyRequestResponse; asked: string[] }> {
  const before = statements.length;
  const res = await request();
  return { res, asked: statements.slice(before) };
}

const sdr = (date_from: string, date_till: string) => withStatements(() => w.get('daily_sdr', { session_key: a, date_from, date_till }));
const consoleReport = (path: string, date_from: string, date_till: string) =>
  withStatements(() =>
    w.server.app.inject({
      method: 'GET',
      url: `/op/api/reports/${path}?` + new URLSearchParams({ site_id: '1', date_from, date_till }),
      headers: { cookie: operator },
    }),
  );

describe('daily_sdr', () => {
  it('refuses a range of centuries at once', async () => {
    for (const [from, till] of [
      ['1000-01-01', '9998-12-31'],
      ['0100-01-01', '2026-11-25'],
    ] as const) {
      const backwards = await sdr('2026-11-25', '2026-11-24');
      expectError(backwards.res, 400, 100422);
      const { res, asked } = await sdr(from, till);
      expectError(res, 400, 100422);
      expect(
        asked.filter((sql) => !backwards.asked.includes(sql)),
        `${from}..${till}`,
      ).toEqual([]);
    }
  });

  it('answers a date past the storable years with a validation error, and the last storable days with their charges', async () => {
    const past = (await sdr('9999-12-30', '9999-12-31 23:59:59')).res;
    expectError(past, 400, 100422);
    expect(past.json().message).toContain('a year from 1000 to 9998');
    expectError((await sdr('2026-11-24', '10000-01-01')).res, 400, 100422);
    const last = expectData((await sdr('9998-12-30', '9998-12-31 23:59:59')).res) as unknown[];
    expect(last).toHaveLength(2);
  });
});

describe('the console reports', () => {
  for (const path of ['daily', 'communications']) {
    it(`${path} refuses a range of centuries at once, and years past the storable ones`, async () => {
      for (const [from, till] of [
        ['1000-01-01', '9998-12-31'],
        ['0100-01-01', '2026-11-25'],
        ['9999-12-30', '9999-12-31'],
      ] as const) {
        const backwards = await consoleReport(path, '2026-11-25', '2026-11-24');
        expect(backwards.res.statusCode, backwards.res.body).toBe(400);
        const { res, asked } = await consoleReport(path, from, till);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ success: false });
        expect(
          asked.filter((sql) => !backwards.asked.includes(sql)),
          `${from}..${till}`,
        ).toEqual([]);
      }
      const edge = await consoleReport(path, '9998-12-30', '9998-12-31');
      expect(edge.res.statusCode, edge.res.body).toBe(200);
    });
  }
});
