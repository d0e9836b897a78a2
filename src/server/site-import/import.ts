import { enterAllSiteNumbers } from '../numbers/site-numbers.js';
import { alignIdSequences } from '../store/id-sequences.js';
import { hasNoCustomers } from '../identity/customers.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { applyPlan } from './apply.js';
import { configDigest } from './digest.js';
import { planImport, planSize, type Plan, type PlanMode } from './plan.js';
import { recordImport, type ImportMode } from './queries.js';
import type { SiteConfig } from './site-config.js';

export interface ImportOptions {
  /** `seed` (a merge into a database without customers, else nothing), `merge` or `replace` (config/plan.ts). */
  mode: ImportMode;
  /** Plan only: the result says what would change, nothing is written. */
  dryRun?: boolean;
  /** Where the configuration came from (a file path), as recorded in config_imports. */
  source: string;
}

export interface ImportResult {
  plan: Plan;
  /** Whether the plan was carried out: false for a dry run, a refused plan, or a seed of a database that has customers. */
  applied: boolean;
  digest: string;
}

/**
 * Imports a configuration into the database: plans (config/plan.ts), and unless it is a dry run
 * or the plan has problems, applies the plan and records the import, in one transaction (the plan
 * is made inside it, so nothing changes between the comparison and the writes). Every cache of
 * site data in this process is told afterwards (store.siteDataChanged).
 */
export async function importSiteConfig(store: Store, config: SiteConfig, opts: ImportOptions): Promise<ImportResult> {
  const mode: PlanMode = opts.mode === 'replace' ? 'replace' : 'merge';
  const digest = configDigest(config);
  if (opts.dryRun) return { plan: await planImport(store.db, config, mode), applied: false, digest };
  const result = await store.db.transaction().execute(async (trx): Promise<ImportResult> => {
    // A seed checks inside the transaction: of two processes starting at once, one seeds.
    if (opts.mode === 'seed' && !(await hasNoCustomers(trx))) {
      return { plan: { mode, writes: [], removals: [], employeeCustomers: [], problems: [] }, applied: false, digest };
    }
    const plan = await planImport(trx, config, mode);
    if (plan.problems.length) return { plan, applied: false, digest };
    const at = timestamp();
    await applyPlan(trx, plan, at);
    // The operator's configuration gives the numbers its sites show to their customers (a seed's
    // are given at start, once the telephony seed has set their prices).
    if (opts.mode !== 'seed') await enterAllSiteNumbers(trx, at);
    if (store.dialect === 'postgres') await alignIdSequences(trx);
    await recordImport(trx, { imported_at: at, digest, mode: opts.mode, source: opts.source });
    return { plan, applied: true, digest };
  });
  if (result.applied && planSize(result.plan)) store.siteDataChanged();
  return result;
}
