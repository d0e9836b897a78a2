import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { REDACTED, redactLine } from '../../../../src/server/http/log-redaction.js';
import { apiWorld, expectData, type ApiWorld } from '../api-helpers.js';
import { consultantConfig, PASSWORD } from '../consultant-helpers.js';

// With SVC_LOG on, the chat stream's URL, which carries the visitor token, must not be logged.

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('request logging', () => {
  it('writes no token, password or session key, on any line', async () => {
    const lines: string[] = [];
    server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: await consultantConfig(),
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
      logger: { write: (l) => void lines.push(l) },
    });
    const { app } = server;
    const token = 'TOKENvisitor0123456789abcdefghij';
    await app.inject({ method: 'GET', url: `/c/site-a?v=1&t=${token}` });
    await app.inject({ method: 'GET', url: `/c/site-a?t=${token}&v=1` });
    const login = await app.inject({
      method: 'POST',
      url: '/op/api/login',
      headers: { 'content-type': 'application/json', origin: 'http://svc.test' },
      payload: { email: 'anna@example.com', password: PASSWORD },
    });
    const session = /svc_op=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1];
    expect(session).toBeTruthy();
    await app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie: `svc_op=${session}` } });
    await app.inject({ method: 'GET', url: `/op/api/me?session=${session}` });

    const log = lines.join('');
    expect(log).toContain('/c/site-a?v=1&t=' + REDACTED);
    expect(log).toContain('/op/api/me');
    expect(log).not.toContain(token);
    expect(log).not.toContain(session);
    expect(log).not.toContain(PASSWORD);
    // A sign-in hashes the password on purpose slowly: past vitest's 5 s on two busy cores.
  }, 30_000);

  it('redactLine covers parameters, the console cookie and JSON fields', () => {
    expect(redactLine('GET /c/x?v=2&t=abc&y=1')).toBe(`GET /c/x?v=2&t=${REDACTED}&y=1`);
    expect(redactLine('cookie: a=1; svc_op=xyz; b=2')).toBe(`cookie: a=1; svc_op=${REDACTED}; b=2`);
    expect(redactLine('{"token":"s\\"ecret","n":1}')).toBe(`{"token":"${REDACTED}","n":1}`);
    expect(redactLine('/vc/s/?k=wk&ci=3')).toBe('/vc/s/?k=wk&ci=3');
  });

  it('redactLine matches parameter names as the server decodes them, in query strings and form bodies', () => {
    expect(redactLine('/api/login/?login=demo&pass%77ord=pw&x=1')).toBe(`/api/login/?login=demo&pass%77ord=${REDACTED}&x=1`);
    expect(redactLine('/api/v1/site/?session%5Fkey=abc')).toBe(`/api/v1/site/?session%5Fkey=${REDACTED}`);
    expect(redactLine('/x?%54oken=abc&PASSWORD=def')).toBe(`/x?%54oken=${REDACTED}&PASSWORD=${REDACTED}`);
    expect(redactLine('login=demo&pass%77ord=pw')).toBe(`login=demo&pass%77ord=${REDACTED}`);
    expect(redactLine('{"body":"pass%77ord=pw&login=demo"}')).toBe(`{"body":"pass%77ord=${REDACTED}&login=demo"}`);
    // A malformed escape is no credential's name, and is left as it is.
    expect(redactLine('/x?pass%zzword=1&%E0=2')).toBe('/x?pass%zzword=1&%E0=2');
  });
});

describe('request logging of the REST API', () => {
  let w: ApiWorld | undefined;
  afterEach(async () => {
    await w?.server.close();
    w = undefined;
  });

  it('writes no password or session key sent under a percent-encoded name', async () => {
    const lines: string[] = [];
    w = await apiWorld(':memory:', undefined, { logger: { write: (l) => void lines.push(l) } });
    const login = await w.server.app.inject({
      method: 'GET',
      url: '/api/login/?login=a&pass%77ord=pw-a',
      headers: { accept: 'application/json' },
    });
    const { session_key: key } = expectData(login) as { session_key: string };
    expectData(
      await w.server.app.inject({ method: 'GET', url: `/api/v1/site/?session%5Fkey=${key}`, headers: { accept: 'application/json' } }),
    );

    const log = lines.join('');
    expect(log).toContain(`/api/login/?login=a&pass%77ord=${REDACTED}`);
    expect(log).toContain(`/api/v1/site/?session%5Fkey=${REDACTED}`);
    expect(log).not.toContain('pw-a');
    expect(log).not.toContain(key);
  }, 30_000);
});
