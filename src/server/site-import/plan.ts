import { employeesWithSites, type EmployeeWithSites } from '../identity/operators.js';
import { fullName } from '../identity/employees.js';
import { internationalDigits } from '../leases/session-phones.js';
import { siteData, type SiteData } from '../sites/site-data.js';
import type { BlockFullRow } from '../sites/blocks.js';
import type { CampaignRow, CampaignValues } from '../sites/campaigns.js';
import type { ConditionFullRow, ConditionGroupRow } from '../sites/conditions.js';
import type { CustomerValues } from '../identity/customers.js';
import type { SiteRow } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import { canonicalJson } from './digest.js';
import type { SiteConfig, SiteConfigBlock, SiteConfigCustomer, SiteConfigSite } from './site-config.js';

type SiteConfigCampaign = SiteConfigSite['campaigns'][number];

/**
 * What importing a configuration file would change, computed by comparing the file with the
 * database; rows that would not change are not in it. The dry run prints a plan, the import
 * applies one (config/apply.ts), so what the dry run says is what the import does.
 *
 * - merge: every row the file lists is created or updated (a removed campaign it lists is
 *   restored); nothing else is touched.
 * - replace: as merge, and on the file's sites whatever the file does not list goes: campaigns
 *   softly (removed_at: their ids stay valid in old sessions), condition groups, conditions, number
 *   blocks and pool numbers by delete; so do the employees of the file's customers that it does not
 *   list. Sites are never removed (traffic refers to them), and customers the file does not list,
 *   and their rows, are never touched.
 *
 * An id or key of the file held in the database by another customer's row would move that row (and
 * what hangs on it) to the file's customer: such a plan has `problems` and is refused whole.
 */

export type PlanMode = 'merge' | 'replace';

/** The tables a plan writes, in the order it writes them (parents before children). */
export const PLAN_TABLES = [
  'customers',
  'sites',
  'ad_campaigns',
  'ac_condition_groups',
  'ac_conditions',
  'site_blocks',
  'dt_pool_numbers',
  'employees',
] as const;
export type PlanTable = (typeof PLAN_TABLES)[number];

interface Upsert<T extends PlanTable, V> {
  table: T;
  action: 'create' | 'update' | 'restore';
  /** The row's id (a pool number: the number). */
  id: number | string;
  /** What a reader recognises the row by: a name, a domain, an e-mail. */
  label: string;
  /** The columns an update or restore changes. */
  fields: string[];
  values: V;
}

/** A row created, updated or restored. Employees carry no values: applyEmployees writes them from the file. */
export type Write =
  | Upsert<'customers', CustomerValues>
  | Upsert<'sites', SiteRow>
  | Upsert<'ad_campaigns', CampaignValues>
  | Upsert<'ac_condition_groups', ConditionGroupRow>
  | Upsert<'ac_conditions', ConditionFullRow>
  | Upsert<'site_blocks', BlockFullRow>
  | Upsert<'dt_pool_numbers', { block_id: number; number: string }>
  | Upsert<'employees', { customer_id: number }>;

/** A row removed (replace only): a campaign softly, the others by delete. */
export interface Removal {
  table: Exclude<PlanTable, 'customers' | 'sites'>;
  action: 'remove';
  id: number;
  label: string;
}

export interface Plan {
  mode: PlanMode;
  /** In an order that keeps every foreign key satisfied: parents first, then the file's order. */
  writes: Write[];
  /** Children first, so none is removed by a cascade before its own line. */
  removals: Removal[];
  /** The customers whose employees change: applyEmployees brings each in line with the file. */
  employeeCustomers: SiteConfigCustomer[];
  /** Why the import is refused (collisions with other customers' rows, keys held by other rows); empty when it may go ahead. */
  problems: string[];
}

/** How many rows a plan changes. */
export const planSize = (p: Plan): number => p.writes.length + p.removals.length;

/** The columns of `want` whose value differs from `have` (JSON text compared by meaning); null when there is no `have`. */
function changed<V extends object>(want: V, have: object | undefined, json: readonly string[] = []): string[] | null {
  if (!have) return null;
  const h = have as Record<string, unknown>;
  return Object.entries(want)
    .filter(([k, v]) => k !== 'id' && (json.includes(k) ? sameJson(v, h[k]) === false : v !== h[k]))
    .map(([k]) => k);
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(JSON.parse(String(a))) === canonicalJson(JSON.parse(String(b)));
  } catch {
    return a === b;
  }
}

const by = <T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T> => new Map(rows.map((r) => [key(r), r]));

/** Compares the configuration with the database; writes nothing. */
export async function planImport(db: Queryable, config: SiteConfig, mode: PlanMode): Promise<Plan> {
  const data = await siteData(db);
  const p = planning(mode, indexRows(data, await employeesWithSites(db)));
  for (const c of config.customers) {
    upsert<Upsert<'customers', CustomerValues>>(
      p,
      { table: 'customers', id: c.id, label: JSON.stringify(c.name), values: { id: c.id, name: c.name } },
      p.rows.customers.get(c.id),
    );
    for (const s of c.sites) planSite(p, c.id, s);
    planEmployees(p, c);
  }
  const removals = mode === 'replace' ? plannedRemovals(p) : [];
  return { mode, writes: p.writes, removals, employeeCustomers: p.employeeCustomers, problems: p.problems };
}

/** The database's rows by what the file finds them by. */
function indexRows(data: SiteData, employees: EmployeeWithSites[]) {
  const pools = new Map<number, SiteData['pool']>();
  for (const p of data.pool) pools.set(p.block_id, [...(pools.get(p.block_id) ?? []), p]);
  return {
    data,
    employees,
    customers: by(data.customers, (r) => r.id),
    sites: by(data.sites, (r) => r.id),
    siteKeys: { site_key: by(data.sites, (r) => r.site_key), widget_key: by(data.sites, (r) => r.widget_key) },
    campaigns: by(data.campaigns, (r) => r.id),
    campaignNames: by(data.campaigns, (r) => `${r.site_id}\n${r.name}`),
    groups: by(data.groups, (r) => r.id),
    conditions: by(data.conditions, (r) => r.id),
    blocks: by(data.blocks, (r) => r.id),
    staff: by(employees, (r) => r.id),
    emails: by(employees, (r) => r.email.toLowerCase()),
    pools,
  };
}
type Rows = ReturnType<typeof indexRows>;

/** A plan being made: the database's rows, and what the plan has found so far. */
interface Planning {
  mode: PlanMode;
  rows: Rows;
  writes: Write[];
  problems: string[];
  /** The ids the file lists, by table: on the file's sites, replace removes the others. */
  listed: Record<'sites' | 'campaigns' | 'groups' | 'conditions' | 'blocks', Set<number>>;
  poolRemovals: Removal[];
  employeeRemovals: Removal[];
  employeeCustomers: SiteConfigCustomer[];
}

function planning(mode: PlanMode, rows: Rows): Planning {
  const listed = {
    sites: new Set<number>(),
    campaigns: new Set<number>(),
    groups: new Set<number>(),
    conditions: new Set<number>(),
    blocks: new Set<number>(),
  };
  return { mode, rows, writes: [], problems: [], listed, poolRemovals: [], employeeRemovals: [], employeeCustomers: [] };
}

// The customer a row of the database belongs to, through its site.
const siteOwner = (r: Rows, id: number | undefined) => (id === undefined ? undefined : r.sites.get(id)?.customer_id);
const campaignSite = (r: Rows, id: number | undefined) => (id === undefined ? undefined : r.campaigns.get(id)?.site_id);
const campaignOwner = (r: Rows, id: number | undefined) => siteOwner(r, campaignSite(r, id));
const groupOwner = (r: Rows, id: number | undefined) => campaignOwner(r, id === undefined ? undefined : r.groups.get(id)?.ac_id);

function collide(p: Planning, table: PlanTable, id: number, file: number, owner: number | undefined): void {
  if (owner !== undefined && owner !== file) {
    p.problems.push(`${table} ${id}: the file lists it under customer ${file}, the database has it under customer ${owner}`);
  }
}

/** A create, update or restore of a row, or nothing when the row would not change. */
function upsert<W extends Write>(
  p: Planning,
  w: Omit<W, 'action' | 'fields'>,
  have: object | undefined,
  json: readonly string[] = [],
  removed = false,
): void {
  const fields = changed(w.values, have, json);
  const action = fields === null ? 'create' : removed ? 'restore' : fields.length ? 'update' : null;
  if (action) p.writes.push({ ...w, action, fields: fields ?? [] } as W);
}

/** A site of customer `c`, its blocks and its campaigns. */
function planSite(p: Planning, c: number, s: SiteConfigSite): void {
  const { rows } = p;
  p.listed.sites.add(s.id);
  collide(p, 'sites', s.id, c, siteOwner(rows, s.id));
  for (const column of ['site_key', 'widget_key'] as const) {
    const holder = rows.siteKeys[column].get(s[column]);
    if (holder && holder.id !== s.id) {
      p.problems.push(
        holder.customer_id !== c
          ? `sites.${column} "${s[column]}": the file gives it to site ${s.id} of customer ${c}, the database has it on site ${holder.id} of customer ${holder.customer_id}`
          : `sites.${column} "${s[column]}": the file gives it to site ${s.id}, the database has it on site ${holder.id}; give site ${holder.id} another ${column} first`,
      );
    }
  }
  const values: SiteRow = {
    id: s.id,
    customer_id: c,
    domain: s.domain,
    site_key: s.site_key,
    widget_key: s.widget_key,
    user_phone: s.user_phone,
    origins: JSON.stringify(s.origins),
    settings: JSON.stringify(s.settings),
    callback: JSON.stringify(s.callback ?? { scenario: null, platform: 'up' }),
    dt_lease_minutes: s.dt?.lease_minutes ?? 15,
    dt_overflow: s.dt?.overflow ?? 'static',
    dt_reserved_number: s.dt?.reserved_number ?? null,
    // Not in the file: set through the REST API (create_site), kept as the database has it.
    target_call_min_duration: rows.sites.get(s.id)?.target_call_min_duration ?? null,
    // Not in the file either: the app's call recording settings (carriers/recording-functions.ts).
    call_recording: rows.sites.get(s.id)?.call_recording ?? 0,
    recording_notice: rows.sites.get(s.id)?.recording_notice ?? null,
    // A site the file lists is live: importing it restores one its owner deleted.
    removed_at: null,
  };
  upsert<Upsert<'sites', SiteRow>>(p, { table: 'sites', id: s.id, label: s.domain, values }, rows.sites.get(s.id), [
    'origins',
    'settings',
    'callback',
  ]);
  planBlocks(p, c, s.id, null, s.blocks);
  for (const a of s.campaigns) planCampaign(p, c, s.id, a);
}

/** A campaign of site `siteId`, its condition groups and its blocks. */
function planCampaign(p: Planning, c: number, siteId: number, a: SiteConfigCampaign): void {
  const { rows } = p;
  p.listed.campaigns.add(a.id);
  const have: CampaignRow | undefined = rows.campaigns.get(a.id);
  collide(p, 'ad_campaigns', a.id, c, campaignOwner(rows, a.id));
  // ad_campaigns holds (site_id, name) unique, removed campaigns included.
  const namesake = rows.campaignNames.get(`${siteId}\n${a.name}`);
  if (namesake && namesake.id !== a.id && siteOwner(rows, siteId) === c) {
    p.problems.push(
      `ad_campaigns ${a.id}: site ${siteId} already has a campaign named "${a.name}" (${namesake.id}${namesake.removed_at ? ', removed' : ''}); rename one of them`,
    );
  }
  upsert<Upsert<'ad_campaigns', CampaignValues>>(
    p,
    {
      table: 'ad_campaigns',
      id: a.id,
      label: JSON.stringify(a.name),
      values: { id: a.id, site_id: siteId, name: a.name, priority: a.priority },
    },
    have,
    [],
    have?.removed_at != null,
  );
  for (const g of a.condition_groups) planConditionGroup(p, c, a.id, g);
  planBlocks(p, c, siteId, a.id, a.blocks);
}

/** A condition group of campaign `acId` and its conditions. */
function planConditionGroup(p: Planning, c: number, acId: number, g: SiteConfigCampaign['condition_groups'][number]): void {
  const { rows } = p;
  p.listed.groups.add(g.id);
  collide(p, 'ac_condition_groups', g.id, c, groupOwner(rows, g.id));
  upsert<Upsert<'ac_condition_groups', ConditionGroupRow>>(
    p,
    { table: 'ac_condition_groups', id: g.id, label: JSON.stringify(g.name), values: { id: g.id, ac_id: acId, name: g.name } },
    rows.groups.get(g.id),
  );
  for (const k of g.conditions) {
    p.listed.conditions.add(k.id);
    collide(p, 'ac_conditions', k.id, c, groupOwner(rows, rows.conditions.get(k.id)?.ac_condition_group_id));
    const values: ConditionFullRow = {
      id: k.id,
      ac_condition_group_id: g.id,
      ac_parameter: k.ac_parameter,
      ac_operator: k.ac_operator,
      value: k.value,
      is_negative: k.is_negative ? 1 : 0,
    };
    upsert<Upsert<'ac_conditions', ConditionFullRow>>(
      p,
      { table: 'ac_conditions', id: k.id, label: conditionLabel(values), values },
      rows.conditions.get(k.id),
    );
  }
}

/** The number blocks of a site (`acId` null) or of a campaign, and their pools. */
function planBlocks(p: Planning, customer: number, siteId: number, acId: number | null, list: SiteConfigBlock[]): void {
  for (const b of list) {
    p.listed.blocks.add(b.id);
    const have = p.rows.blocks.get(b.id);
    collide(p, 'site_blocks', b.id, customer, siteOwner(p.rows, have?.site_id));
    const values: BlockFullRow = {
      id: b.id,
      site_id: siteId,
      ac_id: acId,
      name: b.name,
      selector: b.selector,
      phone_type: b.phone_type,
      numb: b.numb,
      forward_numb: b.forward_numb,
      image: b.image,
      is_dt_enabled: b.dt_pool.length ? 1 : 0,
      text: b.text,
    };
    upsert<Upsert<'site_blocks', BlockFullRow>>(p, { table: 'site_blocks', id: b.id, label: JSON.stringify(b.name), values }, have);
    planPool(p, b);
  }
}

/** A block's pool numbers in international digits: a lease is by number, however the file wrote it. */
function planPool(p: Planning, b: SiteConfigBlock): void {
  const want = new Set(b.dt_pool.map(internationalDigits));
  const pool = p.rows.pools.get(b.id) ?? [];
  const held = new Set(pool.map((n) => n.number));
  for (const n of want) {
    if (!held.has(n))
      p.writes.push({
        table: 'dt_pool_numbers',
        action: 'create',
        id: n,
        label: `(block ${b.id})`,
        fields: [],
        values: { block_id: b.id, number: n },
      });
  }
  if (p.mode === 'replace') {
    for (const n of pool)
      if (!want.has(n.number))
        p.poolRemovals.push({ table: 'dt_pool_numbers', action: 'remove', id: n.id, label: `${n.number} (block ${b.id})` });
  }
}

/** The employees of customer `c`: compared here, written by applyEmployees from the file. */
function planEmployees(p: Planning, c: SiteConfigCustomer): void {
  let staffChanges = 0;
  const listedStaff = new Set(c.employees.map((e) => e.id));
  for (const e of c.employees) {
    const email = e.email.toLowerCase();
    const have = p.rows.staff.get(e.id);
    collide(p, 'employees', e.id, c.id, have?.customer_id);
    emailProblem(p, c.id, e.id, email, listedStaff);
    const fields = changed(employeeColumns(e), have && employeeColumns(have));
    if (fields === null || fields.length) {
      const action = fields === null ? 'create' : 'update';
      p.writes.push({ table: 'employees', action, id: e.id, label: email, fields: fields ?? [], values: { customer_id: c.id } });
      staffChanges++;
    }
  }
  if (p.mode === 'replace') {
    for (const r of p.rows.employees) {
      if (r.customer_id === c.id && !listedStaff.has(r.id)) {
        p.employeeRemovals.push({ table: 'employees', action: 'remove', id: r.id, label: r.email });
        staffChanges++;
      }
    }
  }
  if (staffChanges) p.employeeCustomers.push(c);
}

/** An e-mail the file gives employee `id` that another employee holds. */
function emailProblem(p: Planning, c: number, id: number, email: string, listedStaff: Set<number>): void {
  const holder = p.rows.emails.get(email);
  if (!holder || holder.id === id) return;
  if (holder.customer_id !== c) {
    p.problems.push(
      `employees.email "${email}": the file gives it to employee ${id} of customer ${c}, the database has it on employee ${holder.id} of customer ${holder.customer_id}`,
    );
  } else if (p.mode === 'merge' || listedStaff.has(holder.id)) {
    // replace deletes an unlisted holder first; anything else would break the unique e-mail.
    p.problems.push(`employees.email "${email}": the file gives it to employee ${id}, the database has it on employee ${holder.id}`);
  }
}

/** replace: what the file does not list on its sites, children first. */
function plannedRemovals(p: Planning): Removal[] {
  const { rows, listed } = p;
  const { data } = rows;
  const removals: Removal[] = [];
  const onFileSite = (siteId: number | undefined) => siteId !== undefined && listed.sites.has(siteId);
  for (const k of data.conditions) {
    const g = rows.groups.get(k.ac_condition_group_id);
    if (!listed.conditions.has(k.id) && onFileSite(campaignSite(rows, g?.ac_id))) {
      removals.push({ table: 'ac_conditions', action: 'remove', id: k.id, label: conditionLabel(k) });
    }
  }
  for (const g of data.groups) {
    if (!listed.groups.has(g.id) && onFileSite(campaignSite(rows, g.ac_id))) {
      removals.push({ table: 'ac_condition_groups', action: 'remove', id: g.id, label: JSON.stringify(g.name) });
    }
  }
  removals.push(...p.poolRemovals);
  for (const b of data.blocks) {
    if (!listed.blocks.has(b.id) && onFileSite(b.site_id)) {
      const pool = rows.pools.get(b.id)?.length ? ' with its pool' : '';
      removals.push({ table: 'site_blocks', action: 'remove', id: b.id, label: JSON.stringify(b.name) + pool });
    }
  }
  for (const a of data.campaigns) {
    if (!listed.campaigns.has(a.id) && a.removed_at == null && onFileSite(a.site_id)) {
      removals.push({ table: 'ad_campaigns', action: 'remove', id: a.id, label: JSON.stringify(a.name) });
    }
  }
  removals.push(...p.employeeRemovals);
  return removals;
}

/** An employee's columns as the import compares them (its password hash by value, never printed). */
function employeeColumns(
  e: Omit<EmployeeWithSites, 'customer_id' | 'full_name' | 'is_consultant_operator_active'> | SiteConfigCustomer['employees'][number],
) {
  return {
    last_name: e.last_name,
    first_name: e.first_name,
    patronymic: e.patronymic,
    full_name: fullName(e),
    email: e.email.toLowerCase(),
    password_hash: e.password_hash,
    extension: e.extension,
    phones: typeof e.phones === 'string' ? e.phones : JSON.stringify(e.phones),
    sites: [...e.sites].sort((a, b) => a - b).join(','),
  };
}

function conditionLabel(k: Pick<ConditionFullRow, 'ac_parameter' | 'ac_operator' | 'value' | 'is_negative'>): string {
  return `${k.is_negative ? 'not ' : ''}${k.ac_parameter} ${k.ac_operator} ${JSON.stringify(k.value)}`;
}

/** The plan as lines of text, grouped by table: `  update 1 localhost (domain, settings)`. */
export function describePlan(plan: Plan): string[] {
  const lines: string[] = [];
  for (const table of PLAN_TABLES) {
    const rows = [...plan.writes, ...plan.removals].filter((c) => c.table === table);
    if (!rows.length) continue;
    lines.push(`${table}:`);
    for (const r of rows) {
      const fields = 'fields' in r && r.fields.length ? ` (${r.fields.join(', ')})` : '';
      lines.push(`  ${r.action.padEnd(7)} ${r.id} ${r.label}${fields}`);
    }
  }
  return lines;
}
