import { numaNumbers } from '../numbers/numa-lists.js';
import { numberKey } from '../numbers/keys.js';
import { addTagLink } from '../reports/tag-links.js';
import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType, QualifiableKind } from '../store/tables.js';
import { communicationFacts, markQualified } from './communication-facts.js';
import { ruleMatches } from './rule-match.js';
import type { QualificationRule } from './rules.js';

/**
 * Qualifies one communication by the first of its site's rules that matches (docs/conversions.md,
 * "Qualified calls"): marks it with the time and the rule, and sets the rule's tags. Only forward:
 * one already qualified is left as it is, whatever the rules say now. Answers the rule's id, or
 * null when nothing new was marked.
 */

const OBJECT_TYPE: Record<QualifiableKind, CommunicationObjectType> = {
  call: 'cdr_in',
  sitephone: 'sitephone',
  chat: 'chat',
  offline_message: 'offline_message',
};

/** Whether a caller is on a numa list; the lists read once per evaluation run. */
export type ListCheck = (listId: number, caller: string | null) => Promise<boolean>;

export function listCheck(db: Queryable): ListCheck {
  const lists = new Map<number, Set<string>>();
  return async (listId, caller) => {
    const key = caller ? numberKey(caller) : null;
    if (!key) return false;
    let set = lists.get(listId);
    if (!set) {
      set = new Set((await numaNumbers(db, listId)).map((n) => numberKey(n) ?? n));
      lists.set(listId, set);
    }
    return set.has(key);
  };
}

export async function qualifyCommunication(
  db: Queryable,
  kind: QualifiableKind,
  id: number,
  rules: readonly QualificationRule[],
  at: string,
  onList: ListCheck = listCheck(db),
): Promise<number | null> {
  if (!rules.some((r) => r.kinds.includes(kind))) return null;
  const facts = await communicationFacts(db, kind, id);
  if (!facts || facts.qualified) return null;
  for (const rule of rules) {
    if (rule.site_id !== facts.siteId) continue;
    const listed = rule.excluded_numa_list_id != null && (await onList(rule.excluded_numa_list_id, facts.caller));
    if (!ruleMatches(rule, facts, listed)) continue;
    if (!(await markQualified(db, kind, id, rule.id, at))) return null;
    for (const tagId of rule.tag_ids)
      await addTagLink(db, { object_type: OBJECT_TYPE[kind], object_id: id, tag_id: tagId, site_id: facts.siteId, created_at: at });
    return rule.id;
  }
  return null;
}
