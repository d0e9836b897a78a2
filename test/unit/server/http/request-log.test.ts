import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { testServer } from '../helpers.js';

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server logging at `level` into `lines`, with a route that fails like a bug would. */
async function logged(level: 'info' | 'error', lines: Record<string, unknown>[]) {
  server = await testServer(undefined, {
    logger: { level, stream: { write: (l) => void lines.push(JSON.parse(l) as Record<string, unknown>) } },
  });
  server.app.get('/faulty', async () => {
    throw new Error('faulty handler');
  });
  return server.app;
}

describe('server logs', () => {
  it('a 500 leaves a line with the stack on the server, none in the answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await logged('error', lines);
    const res = await app.inject({ method: 'GET', url: '/faulty' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('faulty handler');
    expect(res.body).not.toMatch(/at .*\.ts/);
    const error = lines.find((l) => l.level === 50);
    expect((error?.err as { stack?: string } | undefined)?.stack).toMatch(/Error: faulty handler\n\s+at /);
    // At `error` no request lines.
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
  });

  it('writes one line per request with method, route, status and time; none for health checks', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await logged('info', lines);
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/nowhere?x=1' });
    await app.inject({ method: 'POST', url: '/w/site-a', headers: { 'content-type': 'text/plain' }, payload: '{' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/nowhere?x=1', status: 404 });
    expect(requests[1]).toMatchObject({ method: 'POST', route: '/w/:siteKey', status: 400 });
    expect(typeof requests[1]!.ms).toBe('number');
    expect(lines.some((l) => String(l.url ?? '').startsWith('/health'))).toBe(false);
  });
});
