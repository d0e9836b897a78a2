import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dropDatabase, freshDbPath } from '../../../support/test-database.js';
import { apiWorld, expectData, expectError, type ApiWorld } from '../api-helpers.js';

// Two server processes on one database (behind a load balancer): a key revoked through one is
// refused by the other on its next request, and its last use is written once a minute by either.

const worlds: ApiWorld[] = [];
const cleanups: Array<() => void> = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) await w.server.close();
  for (const c of cleanups.splice(0)) c();
});

/** One database file on SQLite, one database on PostgreSQL, and two servers on it. */
async function twoServers(): Promise<[ApiWorld, ApiWorld]> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-keys-'));
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  cleanups.push(() => {
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  });
  const a = await apiWorld(dbPath);
  worlds.push(a);
  const b = await apiWorld(dbPath);
  worlds.push(b);
  // One clock for both, as two processes on one host share theirs.
  b.clock.ms = a.clock.ms;
  return [a, b];
}

const site = (w: ApiWorld, key: string) =>
  w.server.app.inject({ method: 'GET', url: '/api/v1/site/', headers: { accept: 'application/json', authorization: `Bearer ${key}` } });

describe('API keys across server processes', () => {
  it('a key revoked through one process is refused by the other at once', async () => {
    const [a, b] = await twoServers();
    const session = await a.login('a');
    const { key, id } = expectData(await a.post('create_api_key', session, { name: 'CRM', read_only: true })) as {
      key: string;
      id: number;
    };
    expectData(await site(b, key));
    expectData(await site(a, key));
    expectData(await a.post('revoke_api_key', session, { id }));
    const started = Date.now();
    expectError(await site(b, key), 401, 102401);
    expect(Date.now() - started).toBeLessThan(1000);
    expectError(await site(a, key), 401, 102401);
  }, 60_000);

  it('records a use once a minute whichever process serves it', async () => {
    const [a, b] = await twoServers();
    const session = await a.login('a');
    const { key } = expectData(await a.post('create_api_key', session, { name: 'BI', read_only: true })) as { key: string };
    const lastUsed = () =>
      Number((a.server.db.prepare('SELECT last_used_ms FROM api_keys').all()[0] as { last_used_ms: number }).last_used_ms);
    const t0 = a.clock.ms;
    expectData(await site(a, key));
    b.clock.ms = a.clock.ms = t0 + 30_000;
    expectData(await site(b, key));
    expect(lastUsed()).toBe(t0);
    b.clock.ms = a.clock.ms = t0 + 61_000;
    expectData(await site(b, key));
    expect(lastUsed()).toBe(t0 + 61_000);
  }, 60_000);
});
