import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { importConfigCommand } from '../../../../src/server/site-import/command.js';
import { configDigest } from '../../../../src/server/site-import/digest.js';
import { importSiteConfig } from '../../../../src/server/site-import/import.js';
import type { SiteConfig } from '../../../../src/server/site-import/site-config.js';
import { campaignConditions } from '../../../../src/server/sites/conditions.js';
import { baseConfig, newSessionCampaign, siteTables, start, tempDir } from '../config-helpers.js';
import { hitWrite } from '../helpers.js';
import { serverEntry } from '../../../support/server-entry.js';

let tmp: ReturnType<typeof tempDir>;
let server: ConsultantServer;
beforeEach(async () => {
  tmp = tempDir();
  server = await start(tmp.db, baseConfig());
});
afterEach(async () => {
  await server?.close();
  tmp.done();
});

/** The import command, in this process; resolves with its exit status and what it printed. */
async function command(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await importConfigCommand(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: {},
    defaultDb: join(tmp.dir, 'nowhere.db'),
  });
  return { status, out, err };
}

/** baseConfig with changes: site 1 moves to shop.example, campaign 10's condition and pool change, campaign 20 goes, campaign 40 comes. */
function changedConfig(): SiteConfig {
  const c = baseConfig();
  const site = c.customers[0]!.sites[0]!;
  site.domain = 'shop.example';
  site.campaigns[0]!.condition_groups[0]!.conditions[0]!.value = 'yandex-direct';
  site.campaigns[0]!.blocks[0]!.dt_pool = ['74990000001', '74990000003'];
  site.campaigns.splice(1, 1, {
    id: 40,
    name: 'Bing',
    priority: 0,
    condition_groups: [
      {
        id: 400,
        name: 'utm',
        conditions: [{ id: 4000, ac_parameter: 'utm_source', ac_operator: '=', value: 'bing', is_negative: false }],
      },
    ],
    blocks: [],
  });
  return c;
}

const campaign = (id: number) => server.db.prepare('SELECT id, site_id, name, removed_at FROM ad_campaigns WHERE id = ?').get(id);
const count = (sql: string) => (server.db.prepare(sql).get() as { n: number }).n;

describe('seeding', () => {
  it('fills an empty database from the file and records the import as a seed', () => {
    expect(count('SELECT count(*) n FROM customers')).toBe(2);
    expect(count('SELECT count(*) n FROM ad_campaigns')).toBe(3);
    expect(count('SELECT count(*) n FROM dt_pool_numbers')).toBe(2);
    expect(server.db.prepare('SELECT mode, digest FROM config_imports').all()).toEqual([
      { mode: 'seed', digest: configDigest(baseConfig()) },
    ]);
  });
});

describe('the import command', () => {
  it('prints what a dry run would change, one line per row, and writes nothing', async () => {
    const before = siteTables(server);
    const file = tmp.file('changed.json', changedConfig());
    const r = await command(file, '--db', tmp.db, '--mode', 'replace', '--dry-run');
    expect(r.err).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.out.slice(1)).toEqual([
      'sites:',
      '  update  1 shop.example (domain)',
      'ad_campaigns:',
      '  create  40 "Bing"',
      '  remove  20 "Google"',
      'ac_condition_groups:',
      '  create  400 "utm"',
      '  remove  200 "utm"',
      'ac_conditions:',
      '  update  1000 utm_source = "yandex-direct" (value)',
      '  create  4000 utm_source = "bing"',
      '  remove  2000 utm_source = "google"',
      'site_blocks:',
      '  remove  21 "Google"',
      'dt_pool_numbers:',
      '  create  74990000003 (block 11)',
      '  remove  2 74990000002 (block 11)',
      '11 rows would change; nothing was written (dry run).',
    ]);
    expect(siteTables(server)).toEqual(before);
  });

  it('merges: creates and updates what the file lists and keeps everything else', async () => {
    const r = await command(tmp.file('changed.json', changedConfig()), '--db', tmp.db);
    expect(r.status).toBe(0);
    expect(r.out.at(-2)).toBe('6 rows changed.');
    expect(server.db.prepare('SELECT domain FROM sites WHERE id = 1').get()).toEqual({ domain: 'shop.example' });
    expect(campaign(40)).toMatchObject({ name: 'Bing', removed_at: null });
    // Not listed, kept: campaign 20 with its condition and block, the old pool number.
    expect(campaign(20)).toMatchObject({ removed_at: null });
    expect(count('SELECT count(*) n FROM ac_conditions WHERE id = 2000')).toBe(1);
    expect(count('SELECT count(*) n FROM site_blocks WHERE id = 21')).toBe(1);
    expect(server.db.prepare('SELECT number FROM dt_pool_numbers WHERE block_id = 11 ORDER BY number').all()).toEqual([
      { number: '74990000001' },
      { number: '74990000002' },
      { number: '74990000003' },
    ]);
    expect(server.db.prepare('SELECT mode FROM config_imports ORDER BY id').all()).toEqual([{ mode: 'seed' }, { mode: 'merge' }]);
    // The same file again: nothing to do.
    const again = await command(tmp.file('changed.json', changedConfig()), '--db', tmp.db, '--dry-run');
    expect(again.out.at(-1)).toBe('Nothing would change.');
  });

  it('replaces: removes a campaign softly; old sessions keep it, new ones no longer match it; relisting restores it', async () => {
    // This server's own import: its caches are emptied at once.
    const first = await newSessionCampaign(server, 'http://localhost/?utm_source=google');
    expect(first).toBe(20);
    const r = await importSiteConfig(server.store, changedConfig(), { mode: 'replace', source: 'changed.json' });
    expect(r.applied).toBe(true);
    expect(campaign(20)).toMatchObject({ name: 'Google', removed_at: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });
    expect(count('SELECT count(*) n FROM ac_condition_groups WHERE ac_id = 20')).toBe(0);
    expect(count('SELECT count(*) n FROM site_blocks WHERE ac_id = 20')).toBe(0);
    expect(server.db.prepare('SELECT number FROM dt_pool_numbers WHERE block_id = 11 ORDER BY number').all()).toEqual([
      { number: '74990000001' },
      { number: '74990000003' },
    ]);
    expect(count('SELECT count(*) n FROM sessions WHERE ac_id = 20')).toBe(1);
    expect((await campaignConditions(server.store.db, 1)).map((c) => c.ac_id)).toEqual([10, 40]);
    expect(await newSessionCampaign(server, 'http://shop.example/?utm_source=google')).toBe(-1);
    expect(await newSessionCampaign(server, 'http://shop.example/?utm_source=bing')).toBe(40);
    // The other customer is untouched.
    expect(campaign(30)).toMatchObject({ site_id: 2, removed_at: null });
    expect(count('SELECT count(*) n FROM ac_conditions WHERE id = 3000')).toBe(1);

    const back = await importSiteConfig(server.store, baseConfig(), { mode: 'replace', source: 'base.json' });
    expect(describeWrites(back.plan.writes).filter((w) => w.startsWith('ad_campaigns'))).toEqual(['ad_campaigns restore 20']);
    expect(campaign(20)).toMatchObject({ removed_at: null });
    expect(campaign(40)).toMatchObject({ removed_at: expect.any(String) });
    expect(await newSessionCampaign(server, 'http://localhost/?utm_source=google')).toBe(20);
  });

  it('replace removes the employees of a listed customer that the file does not list', async () => {
    const c = baseConfig();
    c.customers[0]!.employees = [];
    const r = await command(tmp.file('c.json', c), '--db', tmp.db, '--mode', 'replace');
    expect(r.out).toContain('  remove  11 anna@example.com');
    expect(count('SELECT count(*) n FROM employees')).toBe(0);
  });

  it('refuses ids and keys held by another customer, naming each collision, and writes nothing', async () => {
    const before = siteTables(server);
    const c = baseConfig();
    const site = c.customers[0]!.sites[0]!;
    site.widget_key = 'wk-b'; // site 2's, customer 2
    site.campaigns[1]!.id = 30; // customer 2's campaign
    site.campaigns[1]!.name = 'Moved';
    site.campaigns[1]!.condition_groups[0]!.conditions[0]!.id = 3000;
    c.customers[0]!.employees[0]!.id = 99;
    // Customer 2 lists no site (so the file itself names each id once) and an employee with Anna's e-mail.
    c.customers[1]!.sites = [];
    c.customers[1]!.employees = [{ ...c.customers[0]!.employees[0]!, id: 98, sites: [] }];
    c.customers[0]!.employees = [];
    const r = await command(tmp.file('c.json', c), '--db', tmp.db, '--mode', 'replace');
    expect(r.status).toBe(1);
    expect(r.err).toEqual([
      'import-config: refused, nothing was written: the file collides with rows of the database',
      '  sites.widget_key "wk-b": the file gives it to site 1 of customer 1, the database has it on site 2 of customer 2',
      '  ad_campaigns 30: the file lists it under customer 1, the database has it under customer 2',
      '  ac_conditions 3000: the file lists it under customer 1, the database has it under customer 2',
      '  employees.email "anna@example.com": the file gives it to employee 98 of customer 2, the database has it on employee 11 of customer 1',
    ]);
    expect(siteTables(server)).toEqual(before);
    // The dry run says the same.
    const dry = await command(tmp.file('c.json', c), '--db', tmp.db, '--dry-run');
    expect(dry.status).toBe(1);
    expect(dry.err.length).toBe(5);
  });

  it('refuses a campaign name that another campaign of the site holds (removed ones too)', async () => {
    const c = baseConfig();
    c.customers[0]!.sites[0]!.campaigns[1]!.id = 25; // "Google", which campaign 20 holds
    const r = await importSiteConfig(server.store, c, { mode: 'replace', source: 'c.json' });
    expect(r.applied).toBe(false);
    expect(r.plan.problems).toEqual(['ad_campaigns 25: site 1 already has a campaign named "Google" (20); rename one of them']);
  });

  it('runs as a child process (npm run import-config)', async () => {
    const file = tmp.file('changed.json', changedConfig());
    const root = join(import.meta.dirname, '../../../..');
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [...serverEntry('src/server/site-import/cli.ts'), ...args], {
        cwd: root,
      });
    const dry = await run(file, '--db', tmp.db, '--dry-run');
    expect(dry.stdout).toContain('  update  1 shop.example (domain)');
    expect(dry.stdout).toContain('nothing was written (dry run)');
    expect(server.db.prepare('SELECT domain FROM sites WHERE id = 1').get()).toEqual({ domain: 'localhost' });
    const real = await run(file, '--db', tmp.db, '--mode', 'merge');
    expect(real.stdout).toContain('6 rows changed.');
    expect(server.db.prepare('SELECT domain FROM sites WHERE id = 1').get()).toEqual({ domain: 'shop.example' });
  }, 60_000);

  it('says what is wrong with its arguments', async () => {
    expect(await command('a.json', '--mode', 'everything')).toMatchObject({
      status: 2,
      err: [expect.stringContaining('--mode must be merge or replace'), expect.stringMatching(/^usage: /)],
    });
    expect(await command()).toMatchObject({ status: 2, err: ['import-config: which configuration file?', expect.any(String)] });
  });

  it('refuses a database that does not exist instead of creating one', async () => {
    const r = await command(tmp.file('c.json', baseConfig()), '--dry-run');
    expect(r.status).toBe(2);
    expect(r.err[0]).toMatch(/^import-config: no database at .*nowhere\.db/);
  });
});

describe('caches of site data', () => {
  it('the site lookup sees a changed domain on the next request after an import', async () => {
    const post = () =>
      server.app.inject({
        method: 'POST',
        url: '/w/site-a',
        headers: { 'content-type': 'text/plain', origin: 'http://shop.example' },
        payload: JSON.stringify({ visitor: null, writes: [hitWrite('http://shop.example/')] }),
      });
    expect((await post()).statusCode).toBe(403);
    await importSiteConfig(server.store, changedConfig(), { mode: 'merge', source: 'changed.json' });
    expect((await post()).statusCode).toBe(200);
  });
});

function describeWrites(writes: { table: string; action: string; id: number | string }[]): string[] {
  return writes.map((w) => `${w.table} ${w.action} ${w.id}`);
}
