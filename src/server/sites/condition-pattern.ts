import { RE2JS } from 're2js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';

/** The facts of a session a campaign condition may test. */
export const CONDITION_PARAMETERS = [...CAMPAIGN_FIELDS, 'town', 'country', 'search_engine', 'search_query', 'referrer', 'url'] as const;

export type ConditionParameter = (typeof CONDITION_PARAMETERS)[number];

/**
 * Campaign conditions with the `~` operator run the customer's pattern on every first visit, so
 * they run on RE2's engine (re2js): its time is linear in the fact whatever the pattern, where a
 * backtracking engine can take days on `\d*\d*\d*\d*x` against a long `utm_source`. RE2 has no
 * backreferences, lookarounds or `\u` escapes; such a pattern is refused with RE2's reason. A fact
 * is tested on its first FACT_MAX characters, case-insensitively, anywhere in it (unanchored, as
 * `RegExp.prototype.test`); `^` and `$` anchor at the fact's ends.
 */
export const FACT_MAX = 2048;

export type ConditionPattern = { test: (fact: string) => boolean; error?: undefined } | { test?: undefined; error: string };

export function compileConditionPattern(pattern: string): ConditionPattern {
  try {
    const re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    return { test: (fact) => re.test(fact.slice(0, FACT_MAX)) };
  } catch (e) {
    // RE2's message names the construct: "invalid or unsupported Perl syntax: `(?=`".
    const reason = (e as Error).message.replace(/^error parsing regexp: /, '');
    return { error: `${reason} (patterns use RE2 syntax: no lookarounds, backreferences or \\u escapes)` };
  }
}

/** Why RE2 cannot run a pattern, or null when it can. */
export function conditionPatternError(pattern: string): string | null {
  return compileConditionPattern(pattern).error ?? null;
}
