import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiWorld, type ApiWorld } from '../api-helpers.js';

/** The app's script and styles: the build's compressed copies, an ETag, a 304 when unchanged. */

let w: ApiWorld;
let dir: string;
const SCRIPT = 'console.log("the app");'.repeat(50);
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-app-files-'));
  writeFileSync(join(dir, 'app.js'), SCRIPT);
  writeFileSync(join(dir, 'app.js.br'), brotliCompressSync(SCRIPT));
  w = await apiWorld(':memory:', undefined, { bundleDir: dir });
});
afterAll(async () => {
  await w.server.close();
  rmSync(dir, { recursive: true, force: true });
});

it('sends the brotli copy to a browser that takes it, and a 304 for the ETag it holds', async () => {
  const res = await w.server.app.inject({ method: 'GET', url: '/app/app.js', headers: { 'accept-encoding': 'gzip, br' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  const again = await w.server.app.inject({
    method: 'GET',
    url: '/app/app.js',
    headers: { 'accept-encoding': 'br', 'if-none-match': res.headers.etag as string },
  });
  expect(again.statusCode).toBe(304);
});

it('sends the file itself where no copy fits, and a 404 envelope for a file the build did not write', async () => {
  const plain = await w.server.app.inject({ method: 'GET', url: '/app/app.js', headers: { 'accept-encoding': 'gzip' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(SCRIPT);
  const missing = await w.server.app.inject({ method: 'GET', url: '/app/app.css' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ success: false, message: '404000: Not found' });
});
