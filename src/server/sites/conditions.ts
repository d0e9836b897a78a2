import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** Every query of a campaign's condition groups and conditions: what the matcher tries, the import's writes, the REST API's. */

/** One condition of a live campaign of a site, in matching order (campaign, group, condition). */
export interface ConditionRow {
  ac_id: number;
  group_id: number;
  ac_parameter: string;
  ac_operator: '=' | '~' | 'sub';
  value: string;
  is_negative: number;
}

/**
 * The conditions of a site's campaigns that are not removed, by priority (highest first), then
 * campaign id, group id and condition id: the order campaigns are tried in.
 */
export async function campaignConditions(db: Queryable, siteId: number): Promise<ConditionRow[]> {
  return db
    .selectFrom('ad_campaigns as a')
    .innerJoin('ac_condition_groups as g', 'g.ac_id', 'a.id')
    .innerJoin('ac_conditions as c', 'c.ac_condition_group_id', 'g.id')
    .select(['a.id as ac_id', 'g.id as group_id', 'c.ac_parameter', 'c.ac_operator', 'c.value', 'c.is_negative'])
    .where('a.site_id', '=', siteId)
    .where('a.removed_at', 'is', null)
    .orderBy('a.priority', 'desc')
    .orderBy('a.id')
    .orderBy('g.id')
    .orderBy('c.id')
    .execute();
}

/** Every `~` condition of a campaign not removed, for the start-up check of its pattern. */
export async function patternConditions(db: Queryable): Promise<{ id: number; ac_id: number; site_id: number; value: string }[]> {
  return db
    .selectFrom('ad_campaigns as a')
    .innerJoin('ac_condition_groups as g', 'g.ac_id', 'a.id')
    .innerJoin('ac_conditions as c', 'c.ac_condition_group_id', 'g.id')
    .select(['c.id', 'a.id as ac_id', 'a.site_id', 'c.value'])
    .where('c.ac_operator', '=', '~')
    .where('a.removed_at', 'is', null)
    .orderBy('c.id')
    .execute();
}

export type ConditionGroupRow = Row<'ac_condition_groups'>;

export type ConditionFullRow = Row<'ac_conditions'>;

export async function upsertConditionGroup(db: Queryable, v: ConditionGroupRow): Promise<void> {
  await db
    .insertInto('ac_condition_groups')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ac_id: v.ac_id, name: v.name }))
    .execute();
}

/** Deletes a condition group and, by cascade, its conditions. */
export async function deleteConditionGroup(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('ac_condition_groups').where('id', '=', id).execute();
}

export async function upsertCondition(db: Queryable, v: ConditionFullRow): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('ac_conditions')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

export async function deleteCondition(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('ac_conditions').where('id', '=', id).execute();
}

export async function createConditionGroup(db: Queryable, acId: number, name: string): Promise<number> {
  return (await db.insertInto('ac_condition_groups').values({ ac_id: acId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A condition group of a live campaign, with its campaign and customer. */
export async function conditionGroupOwner(db: Queryable, groupId: number): Promise<{ ac_id: number; customer_id: number } | null> {
  return (
    (await db
      .selectFrom('ac_condition_groups as g')
      .innerJoin('ad_campaigns as a', 'a.id', 'g.ac_id')
      .innerJoin('sites as s', 's.id', 'a.site_id')
      .select(['g.ac_id', 's.customer_id'])
      .where('g.id', '=', groupId)
      .where('a.removed_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

export async function createCondition(db: Queryable, v: Omit<ConditionFullRow, 'id'>): Promise<number> {
  return (await db.insertInto('ac_conditions').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

/** A condition with its campaign and customer. */
export async function conditionOwner(db: Queryable, conditionId: number): Promise<{ ac_id: number; customer_id: number } | null> {
  return (
    (await db
      .selectFrom('ac_conditions as c')
      .innerJoin('ac_condition_groups as g', 'g.id', 'c.ac_condition_group_id')
      .innerJoin('ad_campaigns as a', 'a.id', 'g.ac_id')
      .innerJoin('sites as s', 's.id', 'a.site_id')
      .select(['g.ac_id', 's.customer_id'])
      .where('c.id', '=', conditionId)
      .executeTakeFirst()) ?? null
  );
}

/** A campaign's condition groups with their conditions (groups without conditions too), in id order. */
export async function campaignConditionRows(
  db: Queryable,
  acId: number,
): Promise<
  Array<{
    group_id: number;
    group_name: string;
    id: number | null;
    ac_parameter: string | null;
    ac_operator: string | null;
    value: string | null;
    is_negative: number | null;
  }>
> {
  return db
    .selectFrom('ac_condition_groups as g')
    .leftJoin('ac_conditions as c', 'c.ac_condition_group_id', 'g.id')
    .select(['g.id as group_id', 'g.name as group_name', 'c.id', 'c.ac_parameter', 'c.ac_operator', 'c.value', 'c.is_negative'])
    .where('g.ac_id', '=', acId)
    .orderBy('g.id')
    .orderBy('c.id')
    .execute();
}
