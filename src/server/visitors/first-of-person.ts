import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { onPostgres, type Queryable } from '../store/queryable.js';
import { COMMUNICATION_COLUMNS } from './communication-union.js';

/**
 * The row `u` of the communication union (communication-union.ts) is its person's first
 * communication of every kind and date (by time, then kind, then id, as reports/person-facts.ts
 * numbers them): no communication of any visitor of the same person comes before it. The test reads
 * the visitor's person by key, the person's visitors by `visitors_person` and their communications
 * by each table's visitor index, so a row costs a few index lookups whatever the tables hold. A
 * visitor without a person (or a communication without a visitor) is its own first, as in
 * person-facts.ts.
 */
export function firstOfPerson(db: Queryable): RawBuilder<SqlBool> {
  // See below: PostgreSQL only (on SQLite the inner fences made the year at 1M 60% slower).
  const fence = onPostgres(db) ? sql` LIMIT 1 OFFSET 0` : sql``;
  // The most numerous kind first: an earlier goal ends most tests soonest.
  const earlier = (['goals', 'chats', 'offline_messages', 'calls'] as const).map((table) => {
    const c = COMMUNICATION_COLUMNS[table];
    const [alias] = c.id.split('.');
    const at = sql.ref(c.at);
    return sql`EXISTS (SELECT 1 FROM ${sql.table(table)} ${sql.id(alias!)} WHERE ${sql.ref(c.visitor)} = pv.id AND (${at} < u.at OR (${at} = u.at AND (${c.type} < u.object_type OR (${c.type} = u.object_type AND ${sql.ref(c.id)} < u.id))))${fence})`;
  });
  // The visitor's person and its visitors are read once per row, then each table by visitor.
  // `LIMIT 1 OFFSET 0` keeps each test per row, by index, on PostgreSQL: an OFFSET stops the
  // planner's rewrites of EXISTS. Without it the outer test became an anti-join reading every
  // visitor and communication (report-plans.test.ts saw the full index scans), and an inner one a
  // "hashed SubPlan" that read all of a small table again for every row (the bench's PostgreSQL
  // row saw it: the year at 100k took 1 s). SQLite runs them per row either way, faster unfenced.
  return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM visitors me INNER JOIN visitors pv ON pv.person_id = me.person_id WHERE me.id = u.visitor_id AND (${sql.join(earlier, sql` OR `)})${fence})`;
}
