import type { QualificationRule } from './rules.js';
import type { CommunicationFacts } from './communication-facts.js';

/**
 * Whether a rule qualifies a communication, from its facts; `onList` says whether the caller is on
 * the rule's excluded numa list (asked only of a rule that names one). Every condition the rule
 * sets must hold; a condition a kind cannot meet (a request is never answered) fails.
 */
export function ruleMatches(rule: QualificationRule, f: CommunicationFacts, onList: boolean): boolean {
  if (!rule.kinds.includes(f.kind)) return false;
  if (rule.answered && !f.answered) return false;
  if (rule.min_talk_seconds != null && (f.talkSeconds ?? -1) < rule.min_talk_seconds) return false;
  if (rule.first_time && !f.firstTime) return false;
  if (rule.excluded_numa_list_id != null && onList) return false;
  if (rule.campaign_ids != null && !rule.campaign_ids.includes(f.acId)) return false;
  return true;
}
