import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import {
  communicationsOfPersons,
  personsOfVisitors,
  sessionsOfPersons,
  type PersonCommunication,
  type PersonSession,
} from '../visitors/person-communications.js';

/**
 * What a report record says about the person behind it, as it was at the time of the communication
 * (rest-api.md, "Common visitor-context fields"): its number among the person's communications of
 * every kind, whether it was the person's first, how many visits the visitor had made, the first
 * campaign it came through, the last search query it came with, and whether the person had come
 * through other campaigns. All are computed from the person's sessions and communications, which
 * are few per person, so a page of records costs three statements whatever its size.
 */
export interface PersonFacts {
  personOf(visitorId: number | null): number | null;
  /** 1 for the person's first communication; a communication without a visitor is its own first. */
  communicationNumber(type: CommunicationObjectType, id: number): number;
  /** The visitor's visits up to and including this session. */
  visitsCount(visitorId: number | null, sessionId: number | null): number | null;
  /** The visitor's visits started by `at` (UTC): for a communication no session brought (a known caller's call). */
  visitsBy(visitorId: number | null, at: string): number | null;
  /** The first campaign the visitor came through by this session; -1 none. */
  visitorFirstAc(visitorId: number | null, sessionId: number | null): number;
  /** The latest search query the visitor came with, up to this session. */
  lastQuery(visitorId: number | null, sessionId: number | null): string | null;
  /** The person had come through another campaign than `acId` by `at` (UTC). */
  otherAdvContacts(visitorId: number | null, acId: number, at: string): boolean;
}

const key = (type: CommunicationObjectType, id: number) => `${type}:${id}`;

/** Orders communications as the reports list them: by time, then kind, then id. */
export function byTime(a: { at: string; object_type: string; id: number }, b: { at: string; object_type: string; id: number }): number {
  return a.at < b.at ? -1 : a.at > b.at ? 1 : a.object_type < b.object_type ? -1 : a.object_type > b.object_type ? 1 : a.id - b.id;
}

export async function personFacts(db: Queryable, visitorIds: Iterable<number | null>): Promise<PersonFacts> {
  const visitors = [...new Set([...visitorIds].filter((v): v is number => v != null))];
  const persons = await personsOfVisitors(db, visitors);
  const personIds = [...new Set(persons.values())];
  const comms = await communicationsOfPersons(db, personIds);
  const sessions = await sessionsOfPersons(db, personIds);

  const numbers = new Map<string, number>();
  const perPerson = new Map<number, PersonCommunication[]>();
  for (const c of comms) perPerson.set(c.person_id, [...(perPerson.get(c.person_id) ?? []), c]);
  for (const list of perPerson.values()) list.sort(byTime).forEach((c, i) => numbers.set(key(c.object_type, c.id), i + 1));

  const ofVisitor = new Map<number, PersonSession[]>();
  const ofPerson = new Map<number, PersonSession[]>();
  for (const s of sessions) {
    ofVisitor.set(s.visitor_id, [...(ofVisitor.get(s.visitor_id) ?? []), s]);
    ofPerson.set(s.person_id, [...(ofPerson.get(s.person_id) ?? []), s]);
  }
  for (const list of ofVisitor.values()) list.sort((a, b) => a.id - b.id);
  /** The visitor's sessions up to this one. */
  const upTo = (visitorId: number | null, sessionId: number | null) =>
    visitorId == null || sessionId == null ? [] : (ofVisitor.get(visitorId) ?? []).filter((s) => s.id <= sessionId);

  return {
    personOf: (v) => (v == null ? null : (persons.get(v) ?? null)),
    communicationNumber: (type, id) => numbers.get(key(type, id)) ?? 1,
    visitsCount: (v, s) => (v == null || s == null ? null : upTo(v, s).length),
    visitsBy: (v, at) => (v == null ? null : (ofVisitor.get(v) ?? []).filter((x) => x.start_time <= at).length),
    visitorFirstAc: (v, s) => upTo(v, s).find((x) => x.ac_id !== -1)?.ac_id ?? -1,
    lastQuery: (v, s) =>
      upTo(v, s)
        .reverse()
        .find((x) => x.search_query != null)?.search_query ?? null,
    otherAdvContacts: (v, acId, at) => {
      const p = v == null ? undefined : persons.get(v);
      if (p === undefined) return false;
      return (ofPerson.get(p) ?? []).some((s) => s.ac_id !== -1 && s.ac_id !== acId && s.start_time <= at);
    },
  };
}
