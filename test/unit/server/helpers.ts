import type { ConsultantServer, ServerOptions } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import type { SiteConfig } from '../../../src/server/config/site-config.js';

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
