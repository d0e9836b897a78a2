import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED, redactLine } from '../../../../src/server/http/log-redaction.js';
import { apiWorld, expectData, expectError, type ApiWorld } from '../api-helpers.js';

/**
 * The session key in an `Authorization: Bearer` header, the API reference's `bearerAuth`: it
 * stands for `session_key` on every verb, must name the same key when both are sent, and never
 * reaches a log line.
 */

let w: ApiWorld;
let lines: string[];
beforeEach(async () => {
  lines = [];
  w = await apiWorld(':memory:', undefined, { logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
});
afterEach(async () => {
  await w.server.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, accept: 'application/json' });

describe('the Authorization header', () => {
  it('carries the session key of a GET, a POST and a POST acting as GET, with no session_key anywhere', async () => {
    const key = await w.login('a');
    const sites = await w.server.app.inject({ method: 'GET', url: '/api/v1/site/', headers: bearer(key) });
    expect(expectData(sites)).toEqual([expect.objectContaining({ id: 1, domain: 'a.test' })]);
    const created = await w.server.app.inject({
      method: 'POST',
      url: '/api/v1/create_ac/',
      headers: bearer(key),
      payload: { args: { site_id: 1, name: 'By header' } },
    });
    expect(expectData(created)).toEqual({ ac_id: expect.any(Number) });
    const asGet = await w.server.app.inject({
      method: 'POST',
      url: '/api/v1/ac/',
      headers: bearer(key),
      payload: { action: 'GET', args: { site_id: 1 } },
    });
    expect(expectData(asGet)).toEqual([expect.objectContaining({ name: 'By header' })]);
    // The scheme name is case-insensitive (RFC 9110).
    const lower = await w.server.app.inject({
      method: 'GET',
      url: '/api/v1/tag/',
      headers: { authorization: `bearer ${key}`, accept: 'application/json' },
    });
    expect(lower.statusCode).toBe(200);
  });

  it('accepts the same key in both places and refuses two different keys', async () => {
    const a = await w.login('a');
    const b = await w.login('b');
    const same = await w.server.app.inject({ method: 'GET', url: `/api/v1/site/?session_key=${a}`, headers: bearer(a) });
    expect(same.statusCode).toBe(200);
    const get = await w.server.app.inject({ method: 'GET', url: `/api/v1/site/?session_key=${b}`, headers: bearer(a) });
    expectError(get, 400, 100422);
    expect(get.json().message).toBe('100422: Invalid parameter session_key: not the key of the Authorization header');
    const post = await w.server.app.inject({
      method: 'POST',
      url: '/api/v1/create_ac/',
      headers: bearer(a),
      payload: { session_key: b, args: { site_id: 2, name: 'Whose?' } },
    });
    expectError(post, 400, 100422);
    expect(w.server.db.prepare("SELECT count(*) AS n FROM ad_campaigns WHERE name = 'Whose?'").get()).toEqual({ n: 0 });
  });

  it('answers an unknown, ended or empty Bearer key with the contract’s 102401 envelope, in JSON or XML', async () => {
    const unknown = await w.server.app.inject({ method: 'GET', url: '/api/v1/site/', headers: bearer('f'.repeat(64)) });
    expectError(unknown, 401, 102401);
    expect(unknown.json().message).toBe('102401: Unauthorized');
    const empty = await w.server.app.inject({
      method: 'GET',
      url: '/api/v1/site/',
      headers: { authorization: 'Bearer ', accept: 'application/json' },
    });
    expectError(empty, 401, 102401);
    const key = await w.login('a');
    const out = await w.server.app.inject({ method: 'GET', url: '/api/logout/', headers: bearer(key) });
    expect(out.json()).toEqual({ success: true, data: {} });
    const ended = await w.server.app.inject({
      method: 'GET',
      url: '/api/v1/site/',
      headers: { authorization: `Bearer ${key}`, accept: 'application/xml' },
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['content-type']).toContain('application/xml');
    expect(ended.body).toContain('102401: Unauthorized');
  });

  it('leaves a header of another scheme to a proxy in front: the key in the request counts', async () => {
    const key = await w.login('a');
    const basic = { authorization: 'Basic ' + Buffer.from('proxy:secret').toString('base64'), accept: 'application/json' };
    expect((await w.server.app.inject({ method: 'GET', url: `/api/v1/site/?session_key=${key}`, headers: basic })).statusCode).toBe(200);
    expectError(await w.server.app.inject({ method: 'GET', url: '/api/v1/site/', headers: basic }), 401, 102401);
  });

  it('keeps the key out of the request log, and the log redaction hides a Bearer credential wherever a line quotes it', async () => {
    const key = await w.login('a');
    await w.server.app.inject({ method: 'GET', url: '/api/v1/site/', headers: bearer(key) });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(key);
    expect(redactLine(`authorization: Bearer ${key}`)).toBe(`authorization: Bearer ${REDACTED}`);
    expect(redactLine(`{"msg":"refused Authorization: bearer ${key}, retry"}`)).toBe(
      `{"msg":"refused Authorization: bearer ${REDACTED}, retry"}`,
    );
    expect(redactLine(`{"authorization":"Bearer ${key}"}`)).toBe(`{"authorization":"${REDACTED}"}`);
  });
});
