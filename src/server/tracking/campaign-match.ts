import { siteDataCache } from '../sites/site-data-cache.js';
import { campaignConditions, patternConditions, type ConditionRow } from '../sites/conditions.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import { compileConditionPattern, type ConditionParameter } from '../sites/condition-pattern.js';

/**
 * Which ad campaign a new session belongs to, by the condition model of the REST document
 * (docs/spec/rest-api.md, "Ad-campaign condition parameters"): a campaign matches when any of
 * its condition groups matches, a group when all of its conditions hold. Campaigns are tried by
 * priority (highest first), then by id; the first that matches wins, none gives -1.
 */

/** What a session says about where it came from, by condition parameter; null when unknown. */
export type SessionFacts = Record<ConditionParameter, string | null>;

/** One condition, ready to test: its regular expression compiled once. */
interface Condition {
  acId: number;
  groupId: number;
  parameter: ConditionParameter;
  holds: (fact: string | null) => boolean;
}

/**
 * One condition as a test of a fact. `=` and `sub` compare without regard to case; `~` is a
 * case-insensitive pattern run by RE2 (sites/condition-pattern.ts; one RE2 cannot compile holds for
 * nothing, and is reported at start by {@link reportUnusablePatterns}). An unknown fact (no utm_source on the URL, no city from the
 * proxy) satisfies no operator, so a negative condition on it holds: "utm_source is not google"
 * is true without one.
 */
function compile(operator: string, value: string, negative: boolean): (fact: string | null) => boolean {
  const v = value.toLowerCase();
  let test: (fact: string) => boolean;
  if (operator === '=') test = (f) => f.toLowerCase() === v;
  else if (operator === 'sub') test = (f) => f.toLowerCase().includes(v);
  else if (operator === '~') {
    test = compileConditionPattern(value).test ?? (() => false);
  } else test = () => false;
  return (fact) => (fact != null && test(fact)) !== negative;
}

export function conditionHolds(operator: string, value: string, negative: boolean, fact: string | null): boolean {
  return compile(operator, value, negative)(fact);
}

export interface CampaignMatcher {
  /** The id of the first campaign of the site whose conditions the facts meet, or -1. */
  match(db: Queryable, siteId: number, facts: SessionFacts): Promise<number>;
}

/**
 * Campaign matching with each site's conditions read once and compiled: every first visit and
 * every new session matches. The conditions are forgotten when site data changes.
 */
export function createCampaignMatcher(store: Pick<Store, 'onSiteDataChange'>): CampaignMatcher {
  const conditions = siteDataCache<number, Condition[]>(store);
  const load = async (db: Queryable, siteId: number) => (await campaignConditions(db, siteId)).map(toCondition);
  return {
    async match(db, siteId, facts) {
      const list = await conditions.get(siteId, () => load(db, siteId));
      // In matching order, grouped by campaign, then group: a group holds while every condition of it holds.
      let i = 0;
      while (i < list.length) {
        const g = list[i]!;
        let holds = true;
        for (; i < list.length && list[i]!.groupId === g.groupId; i++) {
          const c = list[i]!;
          if (holds) holds = c.holds(facts[c.parameter] ?? null);
        }
        if (holds) return g.acId;
      }
      return -1;
    },
  };
}

function toCondition(r: ConditionRow): Condition {
  return {
    acId: r.ac_id,
    groupId: r.group_id,
    parameter: r.ac_parameter as ConditionParameter,
    holds: compile(r.ac_operator, r.value, !!r.is_negative),
  };
}

/**
 * Names every stored `~` condition RE2 cannot compile: conditions written before patterns ran on
 * RE2 may use what it lacks (lookarounds, backreferences). They stay stored and never match.
 */
export async function reportUnusablePatterns(db: Queryable, warn: (line: string) => void): Promise<void> {
  for (const c of await patternConditions(db)) {
    const { error } = compileConditionPattern(c.value);
    if (error)
      warn(`campaign ${c.ac_id} (site ${c.site_id}), condition ${c.id}: pattern ${JSON.stringify(c.value)} never matches: ${error}`);
  }
}
