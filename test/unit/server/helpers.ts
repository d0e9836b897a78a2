import { expect } from 'vitest';
import type { WriteResponse } from '../../../src/protocol.js';
import type { ConsultantServer, ServerOptions } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import { SiteConfigSchema, type SiteConfig } from '../../../src/server/site-import/site-config.js';

/** A site configuration for server unit tests: one site on localhost, one on other.example. */
export const testConfig = {
  customers: [
    {
      id: 1,
      name: 'Customer',
      employees: [],
      sites: [
        {
          id: 1,
          domain: 'localhost',
          site_key: 'site-a',
          widget_key: 'wk-a',
          user_phone: null,
          origins: [],
          settings: { captcha: false, lang: 'ru' },
          blocks: [],
          campaigns: [],
        },
        {
          id: 2,
          domain: 'other.example',
          site_key: 'site-b',
          widget_key: 'wk-b',
          user_phone: null,
          origins: [],
          settings: { captcha: false, lang: 'en' },
          blocks: [],
          campaigns: [],
        },
      ],
    },
  ],
} satisfies SiteConfig;

/** A real server (Fastify + SQLite in memory) used through `inject`, no socket; `extra`: more options (limits). */
export function testServer(config: SiteConfig = testConfig, extra: Partial<ServerOptions> = {}): Promise<ConsultantServer> {
  return createTestServer({ dbPath: ':memory:', siteConfig: config, bundleDir: '/nonexistent', publicUrl: 'http://svc.test/', ...extra });
}

let n = 0;
/** A fresh client write id. */
export const wid = () => `w${Date.now().toString(36)}${(n++).toString(36).padStart(6, '0')}`;

/** A page-view write. */
export function hitWrite(url = 'http://localhost/page', extra: Record<string, unknown> = {}) {
  const id = wid();
  return { id, type: 'hit', hit: id, at: Date.now(), data: { url, title: 'Page', referrer: '', ...extra } };
}

/** Posts a write batch to site-a as the snippet does, and expects every write of it taken. */
export async function postWrites(server: ConsultantServer, body: unknown): Promise<WriteResponse> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  const out = res.json() as WriteResponse;
  expect(out.results.every((r) => r.success)).toBe(true);
  return out;
}

/**
 * Site-a with a default number and a campaign, Ads (id 10, utm_source = ads), whose block gives a DT
 * number of `pool`, and the reserved number 74950000000 when the pool is all leased; `others`: more
 * sites of the same customer.
 */
export function adsDtSite(pool: string[], others: Record<string, unknown>[] = []): SiteConfig {
  return SiteConfigSchema.parse({
    customers: [
      {
        id: 1,
        name: 'Customer',
        sites: [
          {
            id: 1,
            domain: 'localhost',
            site_key: 'site-a',
            widget_key: 'wk-a',
            dt: { overflow: 'reserved', reserved_number: '74950000000', lease_minutes: 15 },
            blocks: [{ id: 1, name: 'Main', selector: 'number=84951234567', numb: '74957770011' }],
            campaigns: [
              {
                id: 10,
                name: 'Ads',
                condition_groups: [
                  { id: 100, name: 'a', conditions: [{ id: 1000, ac_parameter: 'utm_source', ac_operator: '=', value: 'ads' }] },
                ],
                blocks: [{ id: 11, name: 'DT', selector: 'number=84951234567', numb: '74950000009', dt_pool: pool }],
              },
            ],
          },
          ...others,
        ],
      },
    ],
  });
}
