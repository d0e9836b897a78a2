import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { consultantConfig, PASSWORD } from '../consultant-helpers.js';
import { createTestServer } from '../test-server.js';

/**
 * The device cookie (svc_opd) a right password earns exempts the browser from others' lock for a
 * year: the app's employee sign-in sets it as the console does, `Secure` when the public URL is
 * https even though the request reached the server over http (a TLS proxy), and not over plain http.
 */

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const deviceCookie = (headers: Record<string, unknown>) =>
  ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []).find((c) => c.startsWith('svc_opd='));

/** The svc_opd cookie each door sets, without its value. */
async function deviceCookies(publicUrl: string) {
  server = await createTestServer({ dbPath: ':memory:', siteConfig: await consultantConfig(), bundleDir: '/nonexistent', publicUrl });
  const origin = new URL(publicUrl).origin;
  const answers = {
    console: await server.app.inject({
      method: 'POST',
      url: '/op/api/login',
      headers: { origin },
      payload: { email: 'anna@example.com', password: PASSWORD },
    }),
    app: await server.app.inject({ method: 'POST', url: '/app/api/session', payload: { login: 'anna@example.com', password: PASSWORD } }),
    appEmployee: await server.app.inject({
      method: 'POST',
      url: '/app/api/employee-session',
      payload: { email: 'anna@example.com', password: PASSWORD },
    }),
  };
  const out: Record<string, string | undefined> = {};
  for (const [door, res] of Object.entries(answers)) {
    expect(res.statusCode, `${door}: ${res.body}`).toBe(200);
    out[door] = deviceCookie(res.headers)?.replace(/^svc_opd=[\w-]+/, 'svc_opd=…');
  }
  return out;
}

describe('the device cookie of a sign-in', () => {
  it('is Secure on every door when the public URL is https', async () => {
    const c = await deviceCookies('https://svc.example/');
    expect(c.console).toBe('svc_opd=…; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000; Secure');
    expect(c).toEqual({ console: c.console, app: c.console, appEmployee: c.console });
  });

  it('is not Secure over plain http with an http public URL, on any door', async () => {
    const c = await deviceCookies('http://svc.test/');
    expect(c.console).toBe('svc_opd=…; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000');
    expect(c).toEqual({ console: c.console, app: c.console, appEmployee: c.console });
  });
});
