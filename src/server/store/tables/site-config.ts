import type { ColumnType } from 'kysely';
import type { Defaulted, Flag, Id } from './column-types.js';

/** The site configuration: sites, campaigns, their condition groups and conditions, number blocks and DT pools. */

export interface SitesTable {
  id: Id;
  customer_id: number;
  domain: string;
  site_key: string;
  widget_key: string;
  user_phone: string | null;
  /** JSON array of extra allowed origins. */
  origins: Defaulted<string>;
  /** JSON object: the snippet's site settings (captcha, lang, chat_wait). */
  settings: Defaulted<string>;
  /** JSON object: call-back settings (scenario, platform). */
  callback: Defaulted<string>;
  dt_lease_minutes: Defaulted<number>;
  dt_overflow: Defaulted<'static' | 'reserved'>;
  dt_reserved_number: string | null;
  /** Seconds a call must last to count as a target call (REST create_site); NULL: not set. */
  target_call_min_duration: Defaulted<number | null>;
  /** Calls to the site's carrier numbers are recorded (migration 100), the notice played first (null: none). */
  call_recording: Defaulted<Flag>;
  recording_notice: Defaulted<string | null>;
  /** Set when its owner deleted the site: its keys serve nothing, its traffic keeps its id. */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The last page origin refused for a site (sites/refused-origins.ts). */
export interface SiteRefusedOriginsTable {
  site_id: number;
  origin: string;
  /** `not_listed` (not the domain, a subdomain or an extra origin) or `not_web` (not http or https). */
  reason: string;
  at_ms: number;
}

export interface AdCampaignsTable {
  id: Id;
  site_id: number;
  name: string;
  priority: Defaulted<number>;
  /** Set when the campaign was removed: it matches no new session, and old records keep its id. */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AcConditionGroupsTable {
  id: Id;
  ac_id: number;
  name: string;
}

export interface AcConditionsTable {
  id: Id;
  ac_condition_group_id: number;
  ac_parameter: string;
  ac_operator: '=' | '~' | 'sub';
  value: string;
  is_negative: Defaulted<Flag>;
}

export interface SiteBlocksTable {
  id: Id;
  site_id: number;
  /** NULL: one of the site's default blocks. */
  ac_id: number | null;
  name: string;
  selector: string;
  phone_type: string | null;
  numb: string | null;
  forward_numb: string | null;
  image: string | null;
  is_dt_enabled: Defaulted<Flag>;
  text: string | null;
}

export interface DtPoolNumbersTable {
  id: Id;
  block_id: number;
  number: string;
}
