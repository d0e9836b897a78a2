import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import type { CommunicationColumns } from '../visitors/communication-union.js';

/**
 * The one filter of every report list (rest-api.md, "Reports") and the SQL it becomes on each
 * communication table. Date-times compared are stored UTC text (store/time.ts); the caller turns
 * the customer's range into UTC first. Ranges are half-open: `from <= t < till`.
 */

/** What every report list is narrowed by. `siteId` absent: all the customer's sites. */
export interface ReportFilter {
  customerId: number;
  siteId?: number | undefined;
  /** UTC, inclusive. */
  from?: string | undefined;
  /** UTC, exclusive. */
  till: string;
  /** The session's campaign; -1: without one. */
  acId?: number | undefined;
  tagId?: number | undefined;
  visitorId?: number | undefined;
  /** Communications carrying any of these tags are left out (communication's show_not_goal=false). */
  withoutTagIds?: readonly number[] | undefined;
  /** Only communications of these kinds (the app's journal filter). */
  types?: readonly CommunicationObjectType[] | undefined;
  /** Only communications with a sale set on them (`sales`). */
  sold?: boolean | undefined;
}

/**
 * The conditions of a filter on one communication table, as one expression. Written with the `sql`
 * tag (every value bound) because one condition serves tables of different shapes, which the
 * builder's types cannot share; it is plain SQL both dialects read alike.
 */
export function filtered(f: ReportFilter, c: CommunicationColumns): RawBuilder<SqlBool> {
  const parts: Array<RawBuilder<unknown>> = [
    f.siteId !== undefined
      ? sql`${sql.ref(c.site)} = ${f.siteId}`
      : // Every site of the customer: a sub-select, not an IN-list of varying length.
        sql`${sql.ref(c.site)} IN (SELECT st.id FROM sites st WHERE st.customer_id = ${f.customerId})`,
    sql`${sql.ref(c.at)} < ${f.till}`,
  ];
  if (f.from !== undefined) parts.push(sql`${sql.ref(c.at)} >= ${f.from}`);
  if (f.acId !== undefined) parts.push(sql`${typeof c.ac === 'string' ? sql.ref(c.ac) : c.ac} = ${f.acId}`);
  if (f.visitorId !== undefined) parts.push(sql`${sql.ref(c.visitor)} = ${f.visitorId}`);
  const tagged = (ids: readonly number[]) =>
    sql`EXISTS (SELECT 1 FROM tag_links tl WHERE tl.object_type = ${c.type} AND tl.object_id = ${sql.ref(c.id)} AND tl.tag_id IN (${sql.join(ids)}))`;
  if (f.tagId !== undefined) parts.push(tagged([f.tagId]));
  if (f.withoutTagIds?.length) parts.push(sql`NOT ${tagged(f.withoutTagIds)}`);
  // Inside each table's part, so the few sold rows are found before anything else is joined.
  if (f.sold) parts.push(sql`EXISTS (SELECT 1 FROM sales sa WHERE sa.object_type = ${c.type} AND sa.object_id = ${sql.ref(c.id)})`);
  // On a table of one kind the type is a literal: the test is constant and both planners skip
  // the whole part when it is false (SQLite before its loop, PostgreSQL as a one-time filter).
  if (f.types) parts.push(f.types.length ? sql`${c.type} IN (${sql.join(f.types)})` : sql`1 = 0`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}
