import { randomBytes } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';
import type { VisitorRow } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { FirstVisitRefused, type FirstVisitLimit } from '../tracking/first-visits.js';
import { createVisitor } from '../visitors/queries.js';
import type { PublicIds } from './public-ids.js';

/**
 * Counted here, where a visitor is made: a batch that names a visitor the server does not know (a
 * made-up id) is a first visit too. The ingest route refused the plain ones before.
 */
export async function admitFirstVisit(firstVisits: Pick<FirstVisitLimit, 'admit'>, siteId: number, ip: string, now: number): Promise<void> {
  const wait = await firstVisits.admit(siteId, ip, now);
  if (wait) throw new FirstVisitRefused(wait);
}

/** A new visitor of the site, with a new random token; `sequence`: its id's, if taken ahead. */
export async function newVisitor(db: Queryable, ids: PublicIds, siteId: number, now: number, sequence?: number): Promise<VisitorRow> {
  return createVisitor(db, await ids.next(db, 'visitors', sequence), siteId, randomBytes(16).toString('hex'), timestamp(now));
}
