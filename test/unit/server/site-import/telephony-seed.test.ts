import { afterEach, describe, expect, it } from 'vitest';
import { seedTelephony } from '../../../../src/server/site-import/telephony-seed.js';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';

// Two server processes started together on one new database both seeded the telephony catalogue,
// and the second failed on a duplicate media file (CI, multi-process.spec.ts on PostgreSQL).

let store: Store;
let path: string;
afterEach(async () => {
  if (!store) return;
  await store.close();
  dropDatabase(path);
});

// PostgreSQL only: SQLite is one process, and its write transaction holds the one write lock.
describe.runIf(testPostgresUrl)('the telephony seed on PostgreSQL', () => {
  it('is applied once when two seed at the same moment', async () => {
    path = freshDbPath();
    store = await openStore({ path });
    const seed = {
      number_tariffs: [{ category: 'local', monthly_charge_kopecks: 90000, activation_charge_kopecks: 50000 }],
      system_media_files: [{ name: 'Greeting', duration_s: 5, size: 1000 }],
    };
    const other = await openStore({ path });
    try {
      const outcomes = await Promise.all([seedTelephony(store, seed, Date.now()), seedTelephony(other, seed, Date.now())]);
      expect(outcomes.sort()).toEqual([false, true]);
    } finally {
      await other.close();
    }
    const files = await store.db.selectFrom('media_files').select('name').execute();
    expect(files.map((f) => f.name)).toEqual(['Greeting']);
  });
});
