#!/usr/bin/env node
/**
 * `npm run erase -- --site KEY --visitor ID` or `--person ID` [--db PATH]: erases a visitor, or a
 * person with every visitor joined into it, on request (visitors/erasure.ts says what goes and what is
 * kept). Runs from dist/node; the database is --db, else SVC_DB, else data/svc.db. A running
 * server may stay up: the erasure is one transaction.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openStore } from '../store/open.js';
import { eraseOnSite } from './erasure.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const USAGE = 'usage: npm run erase -- --site KEY (--visitor ID | --person ID) [--db PATH]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { site: { type: 'string' }, visitor: { type: 'string' }, person: { type: 'string' }, db: { type: 'string' } },
      allowPositionals: false,
    }));
  } catch (e) {
    console.error(`erase: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const which = values.visitor ?? values.person;
  const n = Number(which);
  if (!values.site || (values.visitor === undefined) === (values.person === undefined) || !Number.isSafeInteger(n) || n <= 0) {
    console.error(`erase: a site key and one positive visitor or person id, please\n${USAGE}`);
    return 2;
  }
  const store = await openStore({ path: values.db ?? process.env.SVC_DB ?? join(root, 'data/svc.db') });
  try {
    const site = await store.db.selectFrom('sites').select('id').where('site_key', '=', values.site).executeTakeFirst();
    if (!site) {
      console.error(`erase: no site with the key ${values.site}`);
      return 1;
    }
    const done = await eraseOnSite(store, site.id, values.visitor !== undefined ? { visitor: n } : { person: n });
    if (!done) {
      console.error(`erase: the site has no ${values.visitor !== undefined ? 'visitor' : 'person'} ${n}`);
      return 1;
    }
    console.log(`erase: ${JSON.stringify(done.erased)}`);
    if (done.walBusy)
      console.error(
        'erase: another connection was reading, so the WAL file still holds pages from before the erasure: ' +
          'they go at the next erasure, or when the last process that has the database open closes it',
      );
    return 0;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
