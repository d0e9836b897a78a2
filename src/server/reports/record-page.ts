import type { CustomerContext } from '../api/function.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { personFacts, type PersonFacts } from './person-facts.js';
import type { Sale } from './report-common.js';
import { salesOfCommunications } from './sales.js';
import { tagsOfCommunications } from './tag-links.js';

/**
 * One page of a record report (`goal`, `call`, `chat`, `offline_message`): the filter's count as the
 * answer's total, the page's rows, and what every record of the page shows beside its own columns:
 * the facts of its person, its tags and its sale. A page costs the same few statements whatever the
 * range holds.
 */
export interface RecordPage<R> {
  rows: R[];
  facts: PersonFacts;
  tagsOf(row: R): Array<{ id: number; tag: string }>;
  saleOf(row: R): Sale | null;
}

export async function recordPage<R extends { id: number; visitor_id: number | null }>(
  ctx: CustomerContext,
  /** The record's object type (a call record's is its kind). */
  typeOf: (row: R) => CommunicationObjectType,
  count: () => Promise<number>,
  page: () => Promise<R[]>,
): Promise<RecordPage<R>> {
  const { db } = ctx.store;
  ctx.setTotal(await count());
  const rows = await page();
  const facts = await personFacts(
    db,
    rows.map((x) => x.visitor_id),
  );
  const tags = new Map<string, Array<{ id: number; tag: string }>>();
  const sales = new Map<string, Sale>();
  for (const type of new Set(rows.map(typeOf))) {
    const ids = rows.filter((x) => typeOf(x) === type).map((x) => x.id);
    for (const [id, t] of await tagsOfCommunications(db, type, ids)) tags.set(`${type}:${id}`, t);
    for (const [id, s] of await salesOfCommunications(db, type, ids)) sales.set(`${type}:${id}`, s);
  }
  return {
    rows,
    facts,
    tagsOf: (x) => tags.get(`${typeOf(x)}:${x.id}`) ?? [],
    saleOf: (x) => sales.get(`${typeOf(x)}:${x.id}`) ?? null,
  };
}
