import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { chunks } from '../store/chunks.js';

/** Every query of `tag_links`: the tags set on communications. */

/** The tags on each of the communications (`object_type` and ids), with their names. */
export async function tagsOfCommunications(
  db: Queryable,
  type: CommunicationObjectType,
  ids: readonly number[],
): Promise<Map<number, Array<{ id: number; tag: string }>>> {
  const out = new Map<number, Array<{ id: number; tag: string }>>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('tag_links as tl')
      .innerJoin('tags as t', 't.id', 'tl.tag_id')
      .select(['tl.object_id', 't.id', 't.name'])
      .where('tl.object_type', '=', type)
      .where('tl.object_id', 'in', chunk)
      .orderBy('t.id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.object_id) ?? [];
      list.push({ id: r.id, tag: r.name });
      out.set(r.object_id, list);
    }
  }
  return out;
}

export async function addTagLink(
  db: Queryable,
  link: { object_type: CommunicationObjectType; object_id: number; tag_id: number; site_id: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('tag_links')
    .values(link)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Removes a tag from a communication; false when it did not carry it. */
export async function removeTagLink(db: Queryable, type: CommunicationObjectType, objectId: number, tagId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('tag_links')
    .where('object_type', '=', type)
    .where('object_id', '=', objectId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
