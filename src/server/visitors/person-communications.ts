import { sql, type SqlBool } from 'kysely';
import { chunks } from '../store/chunks.js';
import { communicationUnion } from './communication-union.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import type { Queryable } from '../store/queryable.js';

/** What communication_number, first communications and the visitor context need of persons. */

/** The person of each visitor. */
export async function personsOfVisitors(db: Queryable, visitorIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const chunk of chunks(visitorIds)) {
    const rows = await db.selectFrom('visitors').select(['id', 'person_id']).where('id', 'in', chunk).execute();
    for (const r of rows) out.set(r.id, r.person_id ?? r.id);
  }
  return out;
}

/** A communication of a person (any site of the person's: a person is of one site), as the reports list one. */
export interface PersonCommunication {
  object_type: CommunicationObjectType;
  id: number;
  site_id: number;
  visitor_id: number | null;
  session_id: number | null;
  /** UTC. */
  at: string;
  ac_id: number;
  person_id: number;
}

/** Every communication of the persons, whatever its date. */
export async function communicationsOfPersons(db: Queryable, personIds: readonly number[]): Promise<PersonCommunication[]> {
  const out: PersonCommunication[] = [];
  for (const chunk of chunks(personIds)) {
    const rows = await communicationUnion(db, () => sql<SqlBool>`v.person_id IN (${sql.join(chunk)})`, true).execute();
    for (const { person_id, ...r } of rows) out.push({ ...r, person_id: person_id ?? (r.visitor_id as number) });
  }
  return out;
}

/** A session as the visitor context of a record needs it. */
export interface PersonSession {
  id: number;
  visitor_id: number;
  person_id: number;
  ac_id: number;
  start_time: string;
  search_query: string | null;
}

/** Every session of the persons' visitors. */
export async function sessionsOfPersons(db: Queryable, personIds: readonly number[]): Promise<PersonSession[]> {
  const out: PersonSession[] = [];
  for (const chunk of chunks(personIds)) {
    const rows = await db
      .selectFrom('visitors as v')
      .innerJoin('sessions as s', 's.visitor_id', 'v.id')
      .select(['s.id', 's.visitor_id', 'v.person_id', 's.ac_id', 's.start_time', 's.search_query'])
      .where('v.person_id', 'in', chunk)
      .execute();
    for (const r of rows) out.push({ ...r, person_id: r.person_id ?? r.visitor_id });
  }
  return out;
}
