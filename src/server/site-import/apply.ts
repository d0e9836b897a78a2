import { applyEmployees } from '../identity/operators.js';
import { addPoolNumber, deletePoolNumber } from '../sites/pool-numbers.js';
import { deleteBlock, upsertBlock } from '../sites/blocks.js';
import { deleteCondition, deleteConditionGroup, upsertCondition, upsertConditionGroup } from '../sites/conditions.js';
import { removeCampaign, upsertCampaign } from '../sites/campaigns.js';
import { upsertCustomer } from '../identity/customers.js';
import { upsertSite } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import type { Plan, Removal, Write } from './plan.js';

/** Carries out a plan (config/plan.ts) on a transaction: its writes, then its removals, then the employees. */
export async function applyPlan(db: Queryable, plan: Plan, at: string): Promise<void> {
  for (const w of plan.writes) await write(db, w);
  for (const r of plan.removals) await remove(db, r, at);
  for (const c of plan.employeeCustomers) await applyEmployees(db, c.id, c.employees, { keepOthers: plan.mode === 'merge' });
}

async function write(db: Queryable, w: Write): Promise<void> {
  switch (w.table) {
    case 'customers':
      return upsertCustomer(db, w.values);
    case 'sites':
      return upsertSite(db, w.values);
    case 'ad_campaigns':
      return upsertCampaign(db, w.values);
    case 'ac_condition_groups':
      return upsertConditionGroup(db, w.values);
    case 'ac_conditions':
      return upsertCondition(db, w.values);
    case 'site_blocks':
      return upsertBlock(db, w.values);
    case 'dt_pool_numbers':
      return addPoolNumber(db, w.values.block_id, w.values.number);
    case 'employees':
      // Written by applyEmployees, once per customer.
      return;
  }
}

async function remove(db: Queryable, r: Removal, at: string): Promise<void> {
  switch (r.table) {
    case 'ad_campaigns':
      return removeCampaign(db, r.id, at);
    case 'ac_condition_groups':
      return deleteConditionGroup(db, r.id);
    case 'ac_conditions':
      return deleteCondition(db, r.id);
    case 'site_blocks':
      return deleteBlock(db, r.id);
    case 'dt_pool_numbers':
      return deletePoolNumber(db, r.id);
    case 'employees':
      // Deleted by applyEmployees (replace), with their console sessions.
      return;
  }
}
