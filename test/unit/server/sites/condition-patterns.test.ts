import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { conditionHolds } from '../../../../src/server/tracking/campaign-match.js';
import { FACT_MAX } from '../../../../src/server/sites/condition-pattern.js';
import { dropDatabase, freshDbPath } from '../../../support/test-database.js';
import { apiWorld, expectData, expectError, type ApiWorld } from '../api-helpers.js';

/** Campaign conditions with `~`: the customer's pattern runs in linear time, with the same semantics as before. */

describe('a `~` condition', () => {
  it('matches anywhere in the fact, without regard to case; ^ and $ anchor at its ends', () => {
    expect(conditionHolds('~', 'goo.le', false, 'www.GOOGLE.com')).toBe(true);
    expect(conditionHolds('~', '^goo.le$', false, 'GOOGLE')).toBe(true);
    expect(conditionHolds('~', '^goo.le$', false, 'www.google')).toBe(false);
    expect(conditionHolds('~', '^goo.le$', false, 'google.com')).toBe(false);
    expect(conditionHolds('~', '^https://shop\\.example/(sale|promo)', false, 'https://shop.example/PROMO/1')).toBe(true);
    expect(conditionHolds('~', '[a-z]+\\d*$', false, '--')).toBe(false);
    expect(conditionHolds('~', 'google', true, 'google')).toBe(false);
  });

  it('tests the first FACT_MAX characters of a fact', () => {
    expect(conditionHolds('~', 'needle', false, 'x'.repeat(FACT_MAX) + 'needle')).toBe(false);
    expect(conditionHolds('~', 'needle', false, 'x'.repeat(FACT_MAX - 6) + 'needle')).toBe(true);
  });

  it('runs patterns a backtracking engine cannot, and a pattern RE2 cannot compile holds for nothing', () => {
    expect(conditionHolds('~', '(a+)+$', false, 'aaaa')).toBe(true);
    expect(conditionHolds('~', '(a|ab)*c', false, 'ababc')).toBe(true);
    expect(conditionHolds('~', '(?=a)a', false, 'a')).toBe(false);
    expect(conditionHolds('~', '(a)\\1', false, 'aa')).toBe(false);
  });
});

describe('`~` conditions on the server', () => {
  let w: ApiWorld;
  afterEach(async () => {
    await w?.server.close();
  });

  async function campaign(key: string, value: string) {
    const { ac_id } = expectData(await w.post('create_ac', key, { site_id: 1, name: 'Digits' })) as { ac_id: number };
    const group = expectData(await w.post('create_ac_condition_group', key, { ac_id, name: 'g' })) as { ac_condition_group_id: number };
    const args = {
      ac_condition_group_id: group.ac_condition_group_id,
      ac_parameter: 'utm_source',
      ac_operator: '~',
      value,
      is_negative: false,
    };
    return { ac_id, args, res: await w.post('create_ac_condition', key, args) };
  }

  it('a pattern that backtracks without bound in a backtracking engine takes linear time on a page view', async () => {
    w = await apiWorld();
    const key = await w.login('a');
    const { ac_id, res } = await campaign(key, '\\d*\\d*\\d*\\d*x');
    expectData(res);
    // Warm the site's caches, so the timed page view is the pattern's cost.
    expect((await w.pageView('site-1', 'https://a.test/?utm_source=12x')).ac).toBe(ac_id);
    const started = performance.now();
    const pv = await w.pageView('site-1', `https://a.test/?utm_source=${'1'.repeat(FACT_MAX)}`);
    const took = performance.now() - started;
    expect(pv).toMatchObject({ status: 200, ac: -1 });
    // A backtracking engine needs 3 s on 190 digits and, at n⁴, hours on 2,048; RE2 a few
    // milliseconds. The bound is far from both, so a loaded machine (a page view on PostgreSQL
    // took 0.6 s under a load of 15) cannot fail it and a backtracking engine cannot pass it.
    expect(took).toBeLessThan(5_000);
  });

  it('the REST check refuses what RE2 cannot run, naming it', async () => {
    w = await apiWorld();
    const key = await w.login('a');
    const { args } = await campaign(key, 'ok');
    for (const [value, named] of [
      ['(?=google)goo', '(?='],
      ['(?<!x)y', '(?<!'],
      ['(g)\\1', '\\1'],
      ['(', 'missing'],
    ] as const) {
      const res = await w.post('create_ac_condition', key, { ...args, value });
      expectError(res, 400, 100422);
      expect((res.json() as { message: string }).message).toContain(named);
    }
  });

  it('a stored pattern RE2 cannot compile is reported at start and never matches', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-patterns-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    try {
      w = await apiWorld(dbPath);
      const key = await w.login('a');
      const { ac_id, res } = await campaign(key, 'sale');
      const { ac_condition_id } = expectData(res) as { ac_condition_id: number };
      expect((await w.pageView('site-1', 'https://a.test/?utm_source=sale')).ac).toBe(ac_id);
      // As written before patterns ran on RE2, which took lookarounds.
      w.server.db.prepare('UPDATE ac_conditions SET value = ? WHERE id = ?').run('(?=sale)sale', ac_condition_id);
      await w.server.close();

      const warnings: string[] = [];
      w = await apiWorld(dbPath, undefined, { onWarning: (line) => warnings.push(line) });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`condition ${ac_condition_id}`);
      expect(warnings[0]).toContain('(?=');
      expect((await w.pageView('site-1', 'https://a.test/?utm_source=sale')).ac).toBe(-1);
    } finally {
      await w.server.close();
      w = undefined as unknown as ApiWorld;
      dropDatabase(dbPath);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
