import type { Queryable } from '../store/queryable.js';
import type { VisitorRow } from '../writes/context.js';

/**
 * Every query of the visitor tables: `visitors`, and (added as the feature moves here) their
 * properties, e-mails, phones and offline messages. The page view creates visitors through these
 * functions too, so a reader finds everything that touches a visitor in this file.
 */

export async function createVisitor(db: Queryable, siteId: number, token: string, createdAt: string): Promise<VisitorRow> {
  const { id } = await db
    .insertInto('visitors')
    .values({ site_id: siteId, token, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, site_id: siteId, token, first_ac_id: -1 };
}

/** A new session of the visitor: one more visit, and the first campaign if it had none. */
export async function recordVisit(db: Queryable, visitorId: number, acId: number): Promise<void> {
  await db
    .updateTable('visitors')
    .set((eb) => ({
      visits_count: eb('visits_count', '+', 1),
      first_ac_id: eb.case().when('first_ac_id', '=', -1).then(eb.val(acId)).else(eb.ref('first_ac_id')).end(),
    }))
    .where('id', '=', visitorId)
    .execute();
}

/** The visitor a client names, if the id, site and token agree. */
export async function visitorByToken(db: Queryable, siteId: number, id: number, token: string): Promise<VisitorRow | null> {
  const row = await db
    .selectFrom('visitors')
    .select(['id', 'site_id', 'token', 'first_ac_id'])
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .where('token', '=', token)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor whose page view has this client id (a retried first visit finds its visitor). */
export async function visitorOfHit(db: Queryable, siteId: number, clientId: string): Promise<VisitorRow | null> {
  const row = await db
    .selectFrom('hits as h')
    .innerJoin('visitors as v', 'v.id', 'h.visitor_id')
    .select(['v.id', 'v.site_id', 'v.token', 'v.first_ac_id'])
    .where('h.site_id', '=', siteId)
    .where('h.client_id', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}
