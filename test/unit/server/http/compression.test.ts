import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { BUNDLE_CACHE_CONTROL } from '../../../../src/server/http/bundles.js';
import { apiWorld, expectData } from '../api-helpers.js';
import { testServer } from '../helpers.js';

// The built bundle, as users get it (`npm run build` first; `npm test` does).
const dist = join(import.meta.dirname, '../../../../dist');

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('svc.js by Accept-Encoding', () => {
  it('sends the brotli copy to a brotli client, gzip to a gzip-only one, the file otherwise; 304 on its ETag', async () => {
    server = await testServer(undefined, { bundleDir: dist });
    const file = readFileSync(join(dist, 'svc.js'));
    // The sizes the build printed (scripts/sizes.mjs: gzip level 9, brotli quality 11).
    const size = (JSON.parse(readFileSync(join(dist, 'sizes.json'), 'utf8')) as Record<string, { gzip: number; brotli: number }>)[
      'dist/svc.js'
    ]!;
    const get = (headers: Record<string, string>) => server!.app.inject({ method: 'GET', url: '/svc.js', headers });

    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBe(size.brotli);
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(BUNDLE_CACHE_CONTROL);
    expect(br.headers['cache-control']).toMatch(/max-age=\d+/);

    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBe(size.gzip);
    expect(gunzipSync(gz.rawPayload).equals(file)).toBe(true);

    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // One ETag per encoding: a shared cache never hands brotli bytes to a client that asked for gzip.
    const etags = new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]);
    expect(etags.size).toBe(3);
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200);
  });
});

describe('answer compression', () => {
  it('compresses a large JSON report for a client that accepts it', async () => {
    const w = await apiWorld(':memory:', undefined, { rateLimits: { firstVisits: 0 } });
    server = w.server;
    const key = await w.login('a');
    for (let i = 0; i < 30; i++) {
      const v = await w.visit('site-1', `http://a.test/landing-${i}?utm_source=mail`);
      await v.send('event', { category: 'form', action: `open-${i}` });
    }
    const url = `/api/v1/goal/?session_key=${key}&site_id=1&date_from=2026-01-01&date_till=2027-01-01`;
    const plain = await server.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const rows = expectData(plain) as unknown[];
    expect(rows.length).toBe(30);
    expect(plain.rawPayload.length).toBeGreaterThan(4096);
    const br = await server.app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('never compresses or holds back an event stream', async () => {
    server = await testServer();
    const base = await server.listen(0);
    const first = await new Promise<{ headers: Record<string, unknown>; chunk: string }>((resolve, reject) => {
      const req = request(new URL('os/site-a', base), { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ headers: res.headers, chunk: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    // The first bytes arrive as written, readable text: nothing sits in a compressor's buffer.
    expect(first.chunk).toMatch(/^retry: \d+\n\n/);
  });
});
