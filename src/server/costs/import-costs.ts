import { apiErrors } from '../api/errors.js';
import type { Kysely } from 'kysely';
import type { Tables } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { replaceCosts, setSiteCurrency, siteCurrency, type DayCost } from './cost-store.js';
import { campaignMatcher, type PlatformCampaign } from './match-campaigns.js';
import { parseExport, type ExportRow, type Platform } from './parse-export.js';

/**
 * One import of an ad platform's cost report, as a list of steps: read the table, settle its
 * currency, refuse a campaign's day twice, match the campaigns, add up per campaign and day, and
 * store it all in one transaction (a day stored before is replaced). Rows of campaigns not matched
 * are not stored; they come back to the owner, to be mapped and imported again.
 */

export interface ImportRequest {
  siteId: number;
  file: string;
  platform: Platform | null;
  /** The export's currency when it has no currency column (Yandex Direct's). */
  currency: string | null;
  micros: boolean;
  now: number;
}

export interface UnknownCampaign {
  platform_campaign_id: string | null;
  platform_campaign_name: string | null;
  rows: number;
  cost: number;
  suggested_ac_id: number | null;
}

export interface ImportResult {
  platform: Platform;
  currency: string;
  rows: number;
  stored_days: number;
  replaced_days: number;
  unknown_campaigns: UnknownCampaign[];
  message: string;
}

const campaignOf = (r: ExportRow): PlatformCampaign => ({
  key: r.campaignId ?? r.campaignName ?? '',
  id: r.campaignId,
  name: r.campaignName,
});
const describe = (r: ExportRow) =>
  r.campaignName && r.campaignId ? `${r.campaignName} (${r.campaignId})` : (r.campaignId ?? r.campaignName);

/** The one currency of the rows, checked against the site's (which the first import sets). */
async function settleCurrency(db: Kysely<Tables>, req: ImportRequest, rows: ExportRow[]): Promise<string> {
  const inFile = new Set(rows.flatMap((r) => (r.currency ? [r.currency] : [])));
  if (inFile.size > 1)
    throw apiErrors.invalid('file', `the rows are in several currencies (${[...inFile].join(', ')}): export one account at a time`);
  const fileCurrency = [...inFile][0] ?? req.currency;
  if (req.currency && [...inFile][0] && req.currency !== [...inFile][0])
    throw apiErrors.invalid('currency', `the file's costs are in ${[...inFile][0]}, not ${req.currency}`);
  const site = await siteCurrency(db, req.siteId);
  const currency = fileCurrency ?? site;
  if (!currency) throw apiErrors.invalid('currency', 'the file names no currency: send currency (the ad account’s, e.g. RUB)');
  if (site && currency !== site)
    throw apiErrors.invalid(
      'file',
      `the file's costs are in ${currency}, but this site's costs are kept in ${site}: convert them, or import into a site kept in ${currency}`,
    );
  return currency;
}

/**
 * A campaign's day twice in one file is a mistake in the export (two periods pasted together, a
 * report sliced by device): refused rather than added up or one of them kept.
 */
function refuseDuplicateDays(rows: ExportRow[]): void {
  const seen = new Map<string, number>();
  for (const r of rows) {
    const k = `${campaignOf(r).key}\n${r.day}`;
    const first = seen.get(k);
    if (first !== undefined)
      throw apiErrors.invalid(
        'file',
        `line ${r.line}: campaign ${describe(r)} on ${r.day} again (first on line ${first}): a file holds each campaign's day once, so that nothing is counted twice; export the report by day and campaign only (not by device or ad group)`,
      );
    seen.set(k, r.line);
  }
}

export async function importCosts(db: Kysely<Tables>, req: ImportRequest): Promise<ImportResult> {
  const { platform, rows } = parseExport(req.file, req.platform, req.micros);
  const currency = await settleCurrency(db, req, rows);
  refuseDuplicateDays(rows);
  const match = await campaignMatcher(db, req.siteId, platform);
  const perDay = new Map<string, DayCost>();
  const unknown = new Map<string, UnknownCampaign>();
  for (const r of rows) {
    const c = campaignOf(r);
    const m = match(c);
    if (m.acId === null) {
      const u = unknown.get(c.key) ?? {
        platform_campaign_id: c.id,
        platform_campaign_name: c.name,
        rows: 0,
        cost: 0,
        suggested_ac_id: m.suggested,
      };
      u.rows++;
      u.cost = Math.round(u.cost * 100 + r.cents) / 100;
      unknown.set(c.key, u);
      continue;
    }
    // Two platform campaigns may be one of ours: their day adds up.
    const k = `${m.acId}\n${r.day}`;
    const d = perDay.get(k) ?? { ac_id: m.acId, day: r.day, cents: 0 };
    d.cents += r.cents;
    perDay.set(k, d);
  }
  const costs = [...perDay.values()];
  const replaced = await db.transaction().execute(async (tx) => {
    if (costs.length) await setSiteCurrency(tx, req.siteId, currency);
    return replaceCosts(tx, req.siteId, platform, currency, costs, timestamp(req.now));
  });
  const unknownList = [...unknown.values()];
  return {
    platform,
    currency,
    rows: rows.length,
    stored_days: costs.length,
    replaced_days: replaced,
    unknown_campaigns: unknownList,
    message: summary(rows.length, costs.length, replaced, unknownList),
  };
}

/** The answer in words: "Read 12 rows: stored 9 campaign days (replaced 3 days); 1 campaign unknown, not stored". */
function summary(rows: number, stored: number, replaced: number, unknown: UnknownCampaign[]): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  const parts = [
    `Read ${n(rows, 'row')}: stored ${n(stored, 'campaign day')} (${replaced ? `replaced ${n(replaced, 'day')}` : 'all new'})`,
  ];
  if (unknown.length)
    parts.push(
      `${unknown.length} campaign${unknown.length > 1 ? 's' : ''} unknown, not stored: ${unknown.map((u) => u.platform_campaign_name ?? u.platform_campaign_id).join(', ')}`,
    );
  return parts.join('; ');
}
