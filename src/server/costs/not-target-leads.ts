import { tagsOfCommunications } from '../reports/tag-links.js';
import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import type { LeadFact } from './lead-facts.js';

/**
 * A lead the owner tagged not target (`Not target`, `Нецелевой`: reports/report-common.ts) is no
 * qualified lead, whatever rule marked it: the cost per qualified lead counts the leads the owner
 * kept. It stays a call, as `communication` with `show_not_goal=true` still lists it.
 */

/** The tag links' object types of each kind of lead: a call's id is a call's or a call-back's. */
const OBJECT_TYPES: Record<LeadFact['kind'], CommunicationObjectType[]> = {
  call: ['cdr_in', 'sitephone'],
  chat: ['chat'],
  offline_message: ['offline_message'],
};

export async function withoutNotTarget(db: Queryable, notTargetTagIds: readonly number[], leads: LeadFact[]): Promise<LeadFact[]> {
  if (!notTargetTagIds.length) return leads;
  const turnedDown = new Set<string>();
  for (const [kind, types] of Object.entries(OBJECT_TYPES) as Array<[LeadFact['kind'], CommunicationObjectType[]]>) {
    const ids = leads.filter((l) => l.qualified && l.kind === kind).map((l) => l.id);
    if (!ids.length) continue;
    for (const type of types)
      for (const [id, tags] of await tagsOfCommunications(db, type, ids))
        if (tags.some((t) => notTargetTagIds.includes(t.id))) turnedDown.add(`${kind}:${id}`);
  }
  return leads.map((l) => (l.qualified && turnedDown.has(`${l.kind}:${l.id}`) ? { ...l, qualified: false } : l));
}
