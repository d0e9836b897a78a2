import { describe, expect, it } from 'vitest';
import { campaignParams } from '../../../src/server/tracking/campaign.js';
import { openStore } from '../../../src/server/store/open.js';
import { timestamp } from '../../../src/server/store/time.js';

/** The query plan's steps of `sql` (bound with placeholders), as SQLite explains them. */
async function plan(sql: string): Promise<string> {
  const store = await openStore({ path: ':memory:' });
  const db = store.sqlite;
  const n = (sql.match(/\?/g) ?? []).length;
  const steps = db.prepare('EXPLAIN QUERY PLAN ' + sql).all(...Array.from({ length: n }, (_, i) => i + 1)) as { detail: string }[];
  await store.close();
  return steps.map((s) => s.detail).join(' | ');
}

// Every page view reads its site's blocks, a DT block its pool, a new session its site's campaign
// conditions: none of these may scan the rows of all sites.
describe('the page-view path reads by index', () => {
  it.each([
    ['site blocks', `SELECT id FROM site_blocks WHERE site_id = ? AND (ac_id IS NULL OR ac_id = ?)`, 'site_blocks_site'],
    ['a DT pool', `SELECT number FROM dt_pool_numbers WHERE block_id = ?`, 'dt_pool_numbers_block'],
    ['condition groups', `SELECT id FROM ac_condition_groups WHERE ac_id = ?`, 'ac_condition_groups_campaign'],
    ['conditions', `SELECT value FROM ac_conditions WHERE ac_condition_group_id = ?`, 'ac_conditions_group'],
  ])('%s', async (_what, sql, index) => {
    const p = await plan(sql);
    expect(p).toContain(index);
    expect(p).not.toMatch(/\bSCAN\b/);
  });
});

describe('page-view helpers', () => {
  it('campaignParams: a URL without a query names no campaign, and every answer is a fresh object', () => {
    const a = campaignParams('https://shop.example/catalog#?utm_source=x');
    expect(Object.values(a).every((v) => v === null)).toBe(true);
    a.utm_source = 'changed';
    expect(campaignParams('https://shop.example/').utm_source).toBeNull();
    expect(campaignParams('https://shop.example/?utm_source=ya').utm_source).toBe('ya');
  });

  it('timestamp writes the REST date-time form, UTC', () => {
    expect(timestamp(Date.UTC(2026, 10, 22, 9, 5, 7, 42))).toBe('2026-11-22 09:05:07.042');
  });
});
