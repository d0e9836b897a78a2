import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiWorld, campaignWithCondition, expectData, type ApiWorld } from '../api-helpers.js';

/**
 * A campaign its owner deletes keeps its history: the journal and the report's daily calls still
 * name it, and say it was deleted (`ac_is_removed`, `is_removed`), so the app can mark it.
 */

let w: ApiWorld;
let a: string;
let autumn: number;
let spring: number;
/** Moscow's day `days` from today, YYYY-MM-DD (the test customers' zone). */
const day = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);
const range = () => ({ site_id: 1, date_from: day(-1), date_till: day(1) });

beforeAll(async () => {
  w = await apiWorld();
  a = await w.login('a');
  autumn = (await campaignWithCondition(w, a, 1, 'Autumn sale', 'autumn')).ac_id;
  spring = (await campaignWithCondition(w, a, 1, 'Spring sale', 'spring')).ac_id;
  for (const source of ['autumn', 'spring']) {
    const v = await w.visit('site-1', `http://a.test/?utm_source=${source}`);
    await v.send('sitephone', { phone: '+7 916 000-00-01' });
  }
  expectData(await w.post('delete_ac', a, { id: autumn }, { action: 'DELETE' }));
});
afterAll(async () => {
  await w.server.close();
});

describe('a deleted campaign in the reports', () => {
  it('keeps its name in the journal, marked as deleted', async () => {
    const items = expectData(await w.get('journal', { session_key: a, ...range(), limit: 100 })) as Array<Record<string, unknown>>;
    const line = (ac: number) => items.filter((i) => i.ac_id === ac).map((i) => ({ ac_name: i.ac_name, ac_is_removed: i.ac_is_removed }));
    expect(line(autumn)).toEqual([{ ac_name: 'Autumn sale', ac_is_removed: true }]);
    expect(line(spring)).toEqual([{ ac_name: 'Spring sale', ac_is_removed: false }]);
  });

  it('keeps its calls in the daily report, marked as deleted', async () => {
    const daily = expectData(await w.get('daily_report', { session_key: a, ...range() })) as {
      campaigns: Array<{ id: number; name: string; is_removed: boolean }>;
      calls: number[][];
    };
    const at = (ac: number) => daily.campaigns.findIndex((c) => c.id === ac);
    expect(daily.campaigns[at(autumn)]).toEqual({ id: autumn, name: 'Autumn sale', is_removed: true });
    expect(daily.campaigns[at(spring)]).toEqual({ id: spring, name: 'Spring sale', is_removed: false });
    expect(daily.calls[at(autumn)]!.reduce((n, x) => n + x, 0)).toBe(1);
  });
});
