import type { Id } from './column-types.js';

/** Ad costs per campaign and day, the confirmed campaign mappings, the site's cost currency (migration 150). */

/** Where a cost came from. */
export type AdCostSource = 'yandex_direct' | 'google_ads' | 'manual';

/** A campaign's cost on one day from one source (costs/). */
export interface AdCostsTable {
  id: Id;
  site_id: number;
  ac_id: number;
  /** YYYY-MM-DD, the platform's day (the account's time zone). */
  day: string;
  /** Hundredths of `currency`; bigint, so PostgreSQL may answer it as text. */
  amount_cents: number | string;
  currency: string;
  source: AdCostSource;
  updated_at: string;
}

/** An ad platform's campaign (its id, else its name) the owner confirmed as one of the site's campaigns. */
export interface AdCostMappingsTable {
  site_id: number;
  source: AdCostSource;
  platform_campaign: string;
  ac_id: number;
}

/** The currency a site's costs are kept in. */
export interface AdCostCurrenciesTable {
  site_id: number;
  currency: string;
}
