import { hasNoCustomers } from '../identity/customers.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { configDigest } from './digest.js';
import { importSiteConfig } from './import.js';
import { planImport, planSize } from './plan.js';
import { latestImport, recordImport } from './queries.js';
import type { SiteConfig } from './site-config.js';

/**
 * What a server start did with its configuration file:
 * - `seeded`: the database had no customers; the file filled it (config_imports mode `seed`).
 * - `unchanged`: the file is the one last imported; nothing to do.
 * - `adopted`: a database from before imports were recorded already held exactly what the file
 *   says; the file is recorded as imported, so later starts stay quiet.
 * - `differs`: the file is not what was last imported; it was not applied, and `warn` was told.
 */
export type StartOutcome = 'seeded' | 'unchanged' | 'adopted' | 'differs';

/**
 * The database is the source of truth: a configuration file given on start seeds an empty
 * database and nothing more. A file that differs from the last import is reported once per start
 * (one line to `warn`) and not applied: applying it would revert or delete what was changed since
 * (through the import command, or later the REST API). The import command applies it.
 */
export async function siteConfigOnStart(
  store: Store,
  config: SiteConfig,
  source: string,
  warn: (line: string) => void,
): Promise<StartOutcome> {
  if (await hasNoCustomers(store.db)) {
    const r = await importSiteConfig(store, config, { mode: 'seed', source });
    if (r.applied) return 'seeded';
    if (r.plan.problems.length) throw new Error(`site configuration ${source}: ${r.plan.problems.join('; ')}`);
    // Another process seeded it meanwhile: compare with what it imported, below.
  }
  const digest = configDigest(config);
  const last = await latestImport(store.db);
  if (last?.digest === digest) return 'unchanged';
  if (!last) {
    const plan = await planImport(store.db, config, 'merge');
    if (!planSize(plan) && !plan.problems.length) {
      await recordImport(store.db, { imported_at: timestamp(), digest, mode: 'merge', source });
      return 'adopted';
    }
  }
  const since = last ? ` (last import: ${last.mode} of ${last.source} at ${last.imported_at} UTC)` : '';
  warn(
    `site configuration ${source} differs from what the database holds${since} and was not applied; ` +
      `to apply it: npm run import-config -- ${source} --dry-run, then without --dry-run`,
  );
  return 'differs';
}
