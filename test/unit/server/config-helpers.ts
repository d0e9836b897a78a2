import { freshDbPath } from '../../support/test-database.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HitResult, WriteResponse } from '../../../src/protocol.js';
import type { ConsultantServer } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import { SiteConfigSchema, type SiteConfig } from '../../../src/server/site-import/site-config.js';
import { hitWrite } from './helpers.js';

/** A fixed scrypt hash (cost 1024) of "pw": the import compares hashes, so it must not change per run. */
export const HASH = 'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$rJ2s0XQzLUk1Y5b4l3nqMZ8xh7yA4cK9e2Q8vT6uW1o';

/**
 * Two customers. Acme: site 1 (localhost) with a default block, campaign 10 "Yandex" (utm_source =
 * yandex, a DT block with a pool of two) and campaign 20 "Google" (utm_source = google), and the
 * operator Anna. Other: site 2 (other.example) with campaign 30.
 */
export function baseConfig(): SiteConfig {
  return SiteConfigSchema.parse({
    customers: [
      {
        id: 1,
        name: 'Acme',
        sites: [
          {
            id: 1,
            domain: 'localhost',
            site_key: 'site-a',
            widget_key: 'wk-a',
            blocks: [{ id: 1, name: 'Main', selector: 'number=74951234567', numb: '74957770011' }],
            campaigns: [
              {
                id: 10,
                name: 'Yandex',
                condition_groups: [
                  { id: 100, name: 'utm', conditions: [{ id: 1000, ac_parameter: 'utm_source', ac_operator: '=', value: 'yandex' }] },
                ],
                blocks: [
                  { id: 11, name: 'DT', selector: 'number=74951234567', numb: '74957770011', dt_pool: ['74990000001', '74990000002'] },
                ],
              },
              {
                id: 20,
                name: 'Google',
                condition_groups: [
                  { id: 200, name: 'utm', conditions: [{ id: 2000, ac_parameter: 'utm_source', ac_operator: '=', value: 'google' }] },
                ],
                blocks: [{ id: 21, name: 'Google', selector: '#phone', numb: '74951110000' }],
              },
            ],
          },
        ],
        employees: [{ id: 11, last_name: 'Иванова', first_name: 'Анна', email: 'anna@example.com', password_hash: HASH, sites: [1] }],
      },
      {
        id: 2,
        name: 'Other',
        sites: [
          {
            id: 2,
            domain: 'other.example',
            site_key: 'site-b',
            widget_key: 'wk-b',
            campaigns: [
              {
                id: 30,
                name: 'Other',
                condition_groups: [
                  { id: 300, name: 'utm', conditions: [{ id: 3000, ac_parameter: 'utm_source', ac_operator: '=', value: 'other' }] },
                ],
                blocks: [{ id: 31, name: 'Other', selector: '#phone', numb: '74952220000' }],
              },
            ],
          },
        ],
      },
    ],
  });
}

/** A temporary folder for database and configuration files, removed by `done()`. */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
  return {
    dir,
    db: freshDbPath(join(dir, 'svc.db')),
    /** Writes a configuration file; returns its path. */
    file(name: string, config: unknown): string {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify(config, null, 2));
      return path;
    },
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function start(dbPath: string, siteConfig: string | SiteConfig, onWarning: (line: string) => void = () => {}) {
  return createTestServer({ dbPath, siteConfig, bundleDir: '/nonexistent', publicUrl: 'http://svc.test/', onWarning });
}

/** A first page view of a new visitor; resolves with the campaign its session got. */
export async function newSessionCampaign(server: ConsultantServer, url: string, siteKey = 'site-a'): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/w/${siteKey}`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
  });
  const r = (res.json() as WriteResponse).results[0]!.result as HitResult;
  return (server.db.prepare('SELECT ac_id FROM sessions WHERE id = ?').get(r.session_id) as { ac_id: number }).ac_id;
}

/** Every row of the site tables and the import records: equal before and after means nothing was written. */
export function siteTables(server: ConsultantServer): Record<string, unknown[]> {
  const tables = [
    'customers',
    'sites',
    'ad_campaigns',
    'ac_condition_groups',
    'ac_conditions',
    'site_blocks',
    'dt_pool_numbers',
    'employees',
    'employee_sites',
    'config_imports',
  ];
  return Object.fromEntries(tables.map((t) => [t, server.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()]));
}
