import type { Defaulted, Flag, Id } from './column-types.js';

/** Qualification rules and what they leave on communications (migration 130). */

/** The kinds of communication a rule may qualify. */
export type QualifiableKind = 'call' | 'sitephone' | 'chat' | 'offline_message';

/** A site's rule that marks a communication qualified (qualification/). */
export interface QualificationRulesTable {
  id: Id;
  site_id: number;
  name: string;
  /** JSON array of QualifiableKind. */
  kinds: string;
  answered: Defaulted<Flag>;
  min_talk_seconds: number | null;
  first_time: Defaulted<Flag>;
  /** The caller must not be on this numa list. */
  excluded_numa_list_id: number | null;
  /** JSON array of campaign ids (-1: none), or null for any campaign. */
  campaign_ids: string | null;
  /** JSON array of tag ids set on what the rule qualifies. */
  tag_ids: Defaulted<string>;
  updated_at: string;
}

/** When, and by which rule, a communication was qualified; set once. */
export interface QualifiedColumns {
  qualified_at: Defaulted<string | null>;
  qualification_rule_id: Defaulted<number | null>;
}

/** Why a call was credited: JSON `{code, details}` (telephony/attribution.ts). */
export interface AttributedColumns {
  attribution: Defaulted<string | null>;
}

/** A tag the customer made beside the standard ones. */
export interface CustomTagColumns {
  is_custom: Defaulted<Flag>;
}
