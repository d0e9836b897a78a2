import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { consultantConfig, PASSWORD } from '../consultant-helpers.js';

// Behind a TLS proxy the server sees http and would set the console cookie
// without `Secure`; and with two cookies of the name, the first one sent decided.

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(publicUrl: string) {
  server = await createTestServer({ dbPath: ':memory:', siteConfig: await consultantConfig(), bundleDir: '/nonexistent', publicUrl });
  return server.app;
}

const login = (app: ConsultantServer['app'], origin: string) =>
  app.inject({
    method: 'POST',
    url: '/op/api/login',
    headers: { 'content-type': 'application/json', origin },
    payload: { email: 'anna@example.com', password: PASSWORD },
  });

describe('the console cookie', () => {
  it('is Secure when the public URL is https, though the request came over http (a TLS proxy)', async () => {
    const app = await start('https://svc.example/');
    const r = await login(app, 'https://svc.example');
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['set-cookie'])).toMatch(/; Secure/);
    const cookie = String(r.headers['set-cookie']).split(';')[0]!;
    const out = await app.inject({
      method: 'POST',
      url: '/op/api/logout',
      headers: { 'content-type': 'application/json', cookie },
      payload: {},
    });
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0.*; Secure/);
  });

  it('is not Secure over plain http with an http public URL (local use keeps working)', async () => {
    const app = await start('http://svc.test/');
    const r = await login(app, 'http://svc.test');
    expect(String(r.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('a valid cookie wins over a stale one of the same name, in either order', async () => {
    const app = await start('https://svc.example/');
    const cookie = String((await login(app, 'https://svc.example')).headers['set-cookie']).split(';')[0]!;
    for (const header of [`svc_op=stale-token; ${cookie}`, `${cookie}; svc_op=stale-token`]) {
      const me = await app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie: header } });
      expect(me.statusCode, header).toBe(200);
    }
    const none = await app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie: 'svc_op=stale-token' } });
    expect(none.statusCode).toBe(401);
  });
});
