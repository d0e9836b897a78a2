import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import type { QualifiableKind } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { unqualifiedSince } from './communication-facts.js';
import { listCheck, qualifyCommunication } from './qualify.js';
import { QUALIFIABLE_KINDS, rulesOfSite } from './rules.js';

/**
 * After a site's rules were edited: its communications of the last REQUALIFY_DAYS not qualified
 * yet are tried again, a page per transaction. Only forward: what is qualified stays so.
 * Answers how many were marked.
 */

export const REQUALIFY_DAYS = 90;
const PAGE = 500;

/** Called in the transaction that marks a communication (conversions/ stores it for sending). */
export type OnQualified = (db: Queryable, siteId: number, kind: QualifiableKind, id: number) => Promise<void>;

export async function requalifySite(store: Store, siteId: number, now: number, onQualified?: OnQualified): Promise<number> {
  const rules = await rulesOfSite(store.db, siteId);
  const since = timestamp(now - REQUALIFY_DAYS * 864e5);
  const at = timestamp(now);
  let marked = 0;
  for (const kind of QUALIFIABLE_KINDS) {
    if (!rules.some((r) => r.kinds.includes(kind))) continue;
    for (let after = 0; ;) {
      const ids = await unqualifiedSince(store.db, kind, siteId, since, after, PAGE);
      if (!ids.length) break;
      marked += await store.db.transaction().execute(async (tx) => {
        const onList = listCheck(tx);
        let n = 0;
        for (const id of ids) {
          if ((await qualifyCommunication(tx, kind, id, rules, at, onList)) == null) continue;
          n++;
          await onQualified?.(tx, siteId, kind, id);
        }
        return n;
      });
      after = ids[ids.length - 1]!;
    }
  }
  return marked;
}
