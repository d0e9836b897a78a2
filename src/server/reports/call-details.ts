import type { Queryable } from '../store/queryable.js';

/** The call details the journal shows beside the common context. */
export async function callDetails(db: Queryable, ids: readonly number[]) {
  if (!ids.length) return new Map<number, CallDetail>();
  const rows = await db
    .selectFrom('calls')
    .select(['id', 'numa', 'numb', 'status', 'duration', 'file_link', 'page_url', 'attribution', 'qualified_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r as CallDetail]));
}

export interface CallDetail {
  id: number;
  numa: string;
  numb: string | null;
  status: 'normal' | 'lost' | null;
  duration: number | null;
  file_link: string;
  page_url: string | null;
  /** Why it was credited, as stored (`{code, details}` JSON; explainAttribution). */
  attribution: string | null;
  qualified_at: string | null;
}

/** Why a call was credited, as `call` shows it (docs/conversions.md, "Why a call was credited"). */
export interface AttributionExplained {
  code: string;
  words: string;
  details: Record<string, unknown>;
}

const WORDS: Record<string, string> = {
  lease: 'The number was leased to the visit at the time of the call: the call is that visit’s and its campaign’s.',
  lease_skew:
    'The number was leased to the visit within the allowance for a difference between the clocks of the carrier and the server: the call is that visit’s.',
  static_block: 'Only this campaign shows the number called: the call is the campaign’s, without a visit.',
  shared_number: 'Several campaigns show the number called: the call is the site’s, not one campaign’s.',
  pool_fallback: 'The number is a dynamic block’s own number, shown when its pool was dry (and to robots): the call is the site’s.',
  reserved_number: 'The site’s reserved number, shown when a pool was dry: the call is the site’s.',
  pool_unleased: 'A pool number nobody held at the time of the call: the call is the site’s.',
  default_block: 'A number the site shows to every visitor: the call is the site’s.',
  unshown_number: 'A number of yours no site shows: the call is your first site’s.',
};

/** The stored reason (`calls.attribution`) with its words; null for a call recorded before reasons were kept. */
export function explainAttribution(stored: string | null): AttributionExplained | null {
  if (!stored) return null;
  const r = JSON.parse(stored) as { code: string; details: Record<string, unknown> };
  const known = r.details.caller_known === true ? ' The caller’s number was known: the visitor who left it is named.' : '';
  return { code: r.code, words: (WORDS[r.code] ?? r.code) + known, details: r.details };
}
