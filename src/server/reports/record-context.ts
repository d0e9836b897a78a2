import type { Row } from '../store/tables.js';
import { CAMPAIGN_FIELDS, type CampaignField } from '../store/tables/traffic.js';

/** The session columns a record of a goal or chat shows (offline requests and calls copy them). */
export const CONTEXT = [
  's.country',
  's.region',
  's.city',
  's.search_engine',
  's.search_query',
  's.referrer_domain',
  's.referrer',
  's.ua_client_id',
  ...CAMPAIGN_FIELDS.map((f) => `s.${f}` as const),
] as const;

export type ContextRow = Pick<
  Row<'sessions'>,
  'country' | 'region' | 'city' | 'search_engine' | 'search_query' | 'referrer_domain' | 'referrer' | 'ua_client_id' | CampaignField
>;
