import type { Queryable } from '../store/queryable.js';
import type { QualifiableKind, Row } from '../store/tables.js';

/** Every query of `qualification_rules`: a site's rules that mark communications qualified. */

export const QUALIFIABLE_KINDS = ['call', 'sitephone', 'chat', 'offline_message'] as const satisfies readonly QualifiableKind[];

/** A rule as the evaluator and the REST functions see it. */
export interface QualificationRule {
  id: number;
  site_id: number;
  name: string;
  kinds: QualifiableKind[];
  /** The call was answered (a chat: an operator answered). */
  answered: boolean;
  /** At least this much talk (a chat: its length), seconds. */
  min_talk_seconds: number | null;
  /** The caller's first call to the site (a chat, a request: the visitor's first of its kind). */
  first_time: boolean;
  /** The caller is not on this numa list. */
  excluded_numa_list_id: number | null;
  /** The communication's campaign is one of these (-1: none); null: any campaign. */
  campaign_ids: number[] | null;
  /** Tags set on what the rule qualifies. */
  tag_ids: number[];
  updated_at: string;
}

export type RuleFields = Omit<QualificationRule, 'id' | 'site_id' | 'updated_at'>;

function parse(r: Row<'qualification_rules'>): QualificationRule {
  return {
    id: r.id,
    site_id: r.site_id,
    name: r.name,
    kinds: JSON.parse(r.kinds) as QualifiableKind[],
    answered: r.answered === 1,
    min_talk_seconds: r.min_talk_seconds,
    first_time: r.first_time === 1,
    excluded_numa_list_id: r.excluded_numa_list_id,
    campaign_ids: r.campaign_ids == null ? null : (JSON.parse(r.campaign_ids) as number[]),
    tag_ids: JSON.parse(r.tag_ids) as number[],
    updated_at: r.updated_at,
  };
}

function columns(f: RuleFields) {
  return {
    name: f.name,
    kinds: JSON.stringify(f.kinds),
    answered: f.answered ? 1 : 0,
    min_talk_seconds: f.min_talk_seconds,
    first_time: f.first_time ? 1 : 0,
    excluded_numa_list_id: f.excluded_numa_list_id,
    campaign_ids: f.campaign_ids == null ? null : JSON.stringify(f.campaign_ids),
    tag_ids: JSON.stringify(f.tag_ids),
  };
}

/** The site's rules in the order they are tried (the first that matches qualifies). */
export async function rulesOfSite(db: Queryable, siteId: number): Promise<QualificationRule[]> {
  const rows = await db.selectFrom('qualification_rules').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
  return rows.map(parse);
}

/** The rules of the sites, by site. */
export async function rulesOfSites(db: Queryable, siteIds: readonly number[]): Promise<QualificationRule[]> {
  if (!siteIds.length) return [];
  const rows = await db.selectFrom('qualification_rules').selectAll().where('site_id', 'in', siteIds).orderBy('id').execute();
  return rows.map(parse);
}

export async function insertRule(db: Queryable, siteId: number, f: RuleFields, at: string): Promise<number> {
  const r = await db
    .insertInto('qualification_rules')
    .values({ site_id: siteId, ...columns(f), updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateRule(db: Queryable, id: number, f: RuleFields, at: string): Promise<void> {
  await db
    .updateTable('qualification_rules')
    .set({ ...columns(f), updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('qualification_rules').where('id', '=', id).execute();
}

/** The rules of the customer's sites that set `tagId` (a custom tag in use cannot be deleted). */
export async function rulesSettingTag(db: Queryable, siteIds: readonly number[], tagId: number): Promise<QualificationRule[]> {
  return (await rulesOfSites(db, siteIds)).filter((r) => r.tag_ids.includes(tagId));
}
