import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { baseConfig, newSessionCampaign, siteTables, start, tempDir } from '../config-helpers.js';

/** The database is the source of truth: what a restart with a configuration file does and does not do. */

let tmp: ReturnType<typeof tempDir>;
let server: ConsultantServer | undefined;
let warnings: string[];
let file: string;
beforeEach(async () => {
  tmp = tempDir();
  warnings = [];
  file = tmp.file('site-config.json', baseConfig());
  server = await start(tmp.db, file, (l) => warnings.push(l));
});
afterEach(async () => {
  await server?.close();
  tmp.done();
});

async function restart(config: string = file): Promise<ConsultantServer> {
  await server?.close();
  server = await start(tmp.db, config, (l) => warnings.push(l));
  return server;
}

describe('a restart with a configuration file', () => {
  it('keeps a campaign and condition created in the database since, and applies nothing', async () => {
    const db = server!.db;
    db.prepare(`INSERT INTO ad_campaigns (id, site_id, name, priority) VALUES (60, 1, 'Added later', 9)`).run();
    db.prepare(`INSERT INTO ac_condition_groups (id, ac_id, name) VALUES (600, 60, 'g')`).run();
    db.prepare(
      `INSERT INTO ac_conditions (id, ac_condition_group_id, ac_parameter, ac_operator, value) VALUES (6000, 600, 'utm_source', '=', 'later')`,
    ).run();
    db.prepare(`UPDATE ac_conditions SET value = 'yandex-direct' WHERE id = 1000`).run();
    const before = siteTables(server!);

    const s = await restart();
    expect(warnings).toEqual([]);
    expect(siteTables(s)).toEqual(before);
    expect(await newSessionCampaign(s, 'http://localhost/?utm_source=later')).toBe(60);
    expect(await newSessionCampaign(s, 'http://localhost/?utm_source=yandex-direct')).toBe(10);
  });

  it('warns once, naming the import command, about a file that differs, and does not apply it', async () => {
    const before = siteTables(server!);
    const changed = baseConfig();
    changed.customers[0]!.sites[0]!.domain = 'shop.example';
    changed.customers[0]!.sites[0]!.campaigns.pop();
    const other = tmp.file('changed.json', changed);

    const s = await restart(other);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`site configuration ${other} differs from what the database holds (last import: seed of ${file} at `);
    expect(warnings[0]).toContain(`npm run import-config -- ${other} --dry-run`);
    expect(siteTables(s)).toEqual(before);

    // Back to the file that was imported: nothing to say.
    warnings = [];
    await restart(file);
    expect(warnings).toEqual([]);
  });

  it('says nothing about a file that only changes its layout or spells out a default', async () => {
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    raw.customers[0].sites[0].origins = [];
    writeFileSync(file, JSON.stringify(raw));
    await restart();
    expect(warnings).toEqual([]);
  });

  it('adopts an unchanged file on a database from before imports were recorded', async () => {
    server!.db.prepare('DELETE FROM config_imports').run();
    const s = await restart();
    expect(warnings).toEqual([]);
    expect(s.db.prepare('SELECT mode FROM config_imports').all()).toEqual([{ mode: 'merge' }]);
  });

  it('seeds only a database without customers', async () => {
    // A test's fresh database is seeded every time; a second configuration does not add to a used one.
    const other = baseConfig();
    other.customers = [{ ...other.customers[1]!, id: 3, sites: [] }];
    const s = await restart(tmp.file('third.json', other));
    expect(s.db.prepare('SELECT id FROM customers ORDER BY id').all()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(warnings).toHaveLength(1);
  });
});
