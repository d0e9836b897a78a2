import type { ColumnType } from 'kysely';
import type { Defaulted, Flag, Id } from './column-types.js';

/** Traffic: visitors, sessions, page views, goals, and the client write ids the write endpoint dedupes by. */

/**
 * The campaign parameters of a landing URL (tracking/campaign.ts reads them), the facts a campaign
 * condition may test first (sites/condition-pattern.ts), and columns of every session and every
 * communication record.
 */
export const CAMPAIGN_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'os_ad_id',
  'os_campaign_id',
  'os_service_name',
  'os_source_id',
  'gclid',
  'yclid',
  'ef_id',
] as const;

export type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

/** The campaign-context columns every session and every communication record carries. */
export type CampaignColumns = Record<CampaignField, string | null>;

/** Where a visitor came from: the REST document's "common visitor-context fields" a record copies. */
export interface VisitContextColumns extends CampaignColumns {
  country: string | null;
  region: string | null;
  city: string | null;
  search_engine: string | null;
  search_query: string | null;
  referrer_domain: string | null;
  referrer: string | null;
  ua_client_id: string | null;
}

export interface VisitorsTable {
  id: Id;
  site_id: number;
  token: string;
  created_at: string;
  name: string | null;
  company: string | null;
  commentary: string | null;
  first_ac_id: Defaulted<number>;
  visits_count: Defaulted<number>;
  /** The person this visitor is (migration 050): the id of one of its visitors, its own at first. */
  person_id: ColumnType<number | null, number, number>;
}

export interface SessionsTable extends CampaignColumns {
  id: Id;
  site_id: number;
  visitor_id: number;
  ac_id: Defaulted<number>;
  start_time: string;
  last_hit_ms: number;
  ip: string | null;
  user_agent: string | null;
  browser_name: string | null;
  browser_version: string | null;
  os_name: string | null;
  os_version: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  referrer: string | null;
  referrer_domain: string | null;
  search_engine: string | null;
  search_query: string | null;
  entrance_page: string | null;
  ua_client_id: string | null;
  /** The Metrica ClientId (`_ym_uid`) the page had (migration 135); null: none seen. */
  ym_client_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the session kept the site's own number, or `preview` (migration 120, tracking/number-reasons.ts); null: a tracking number. */
  number_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each site's secret that signs its preview links (tracking/preview-token.ts). */
export interface PreviewKeysTable {
  site_id: number;
  secret: string;
  created_at: string;
}

export interface HitsTable {
  id: Id;
  site_id: number;
  visitor_id: number;
  session_id: number;
  client_id: string;
  hit_time: string;
  url: string;
  title: string | null;
  referrer: string | null;
  is_spa: Defaulted<Flag>;
}

export interface GoalsTable {
  id: Id;
  site_id: number;
  visitor_id: number;
  session_id: number;
  hit_id: number;
  name: string;
  category: string;
  action: string;
  label: string | null;
  value: string | null;
  start_time: string;
}

export interface ClientWritesTable {
  site_id: number;
  id: string;
  type: string;
  result: string | null;
  created_at: string;
  visitor_id: number | null;
}
