import { stmt, type DB } from '../store/db.js';
import type { ConditionParameter } from '../config/site-config.js';

/**
 * Which ad campaign a new session belongs to, by the condition model of the REST document
 * (../shared/spec/rest-api.md, "Ad-campaign condition parameters"): a campaign matches when any of
 * its condition groups matches, a group when all of its conditions hold. Campaigns are tried by
 * priority (highest first), then by id; the first that matches wins, none gives -1.
 */

/** What a session says about where it came from, by condition parameter; null when unknown. */
export type SessionFacts = Record<ConditionParameter, string | null>;

interface ConditionRow {
  ac_id: number;
  group_id: number;
  ac_parameter: ConditionParameter;
  ac_operator: '=' | '~' | 'sub';
  value: string;
  is_negative: number;
}

const regexps = new Map<string, RegExp | null>();

/** A configured regular expression, compiled once (case-insensitive); null when it does not compile. */
function regexp(source: string): RegExp | null {
  let re = regexps.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'i');
    } catch {
      re = null;
    }
    if (regexps.size > 1000) regexps.clear();
    regexps.set(source, re);
  }
  return re;
}

/**
 * One condition. `=` and `sub` compare without regard to case; `~` is a case-insensitive regular
 * expression. An unknown fact (no utm_source on the URL, no city from the proxy) satisfies no
 * operator, so a negative condition on it holds: "utm_source is not google" is true without one.
 */
export function conditionHolds(operator: string, value: string, negative: boolean, fact: string | null): boolean {
  let ok = false;
  if (fact != null) {
    const f = fact.toLowerCase();
    const v = value.toLowerCase();
    if (operator === '=') ok = f === v;
    else if (operator === 'sub') ok = f.includes(v);
    else if (operator === '~') ok = !!regexp(value)?.test(fact);
  }
  return negative ? !ok : ok;
}

/** The id of the first campaign of the site whose conditions the facts meet, or -1. */
export function matchCampaign(db: DB, siteId: number, facts: SessionFacts): number {
  const rows = stmt<ConditionRow>(
    db,
    `SELECT a.id AS ac_id, g.id AS group_id, c.ac_parameter, c.ac_operator, c.value, c.is_negative
     FROM ad_campaigns a
     JOIN ac_condition_groups g ON g.ac_id = a.id
     JOIN ac_conditions c ON c.ac_condition_group_id = g.id
     WHERE a.site_id = ?
     ORDER BY a.priority DESC, a.id, g.id, c.id`,
  ).all(siteId);
  // Rows come grouped by campaign, then group: a group holds while every row of it holds.
  let i = 0;
  while (i < rows.length) {
    const g = rows[i]!;
    let holds = true;
    for (; i < rows.length && rows[i]!.group_id === g.group_id; i++) {
      const c = rows[i]!;
      if (holds) holds = conditionHolds(c.ac_operator, c.value, !!c.is_negative, facts[c.ac_parameter] ?? null);
    }
    if (holds) return g.ac_id;
  }
  return -1;
}
