import type { HitData } from '../../protocol.js';
import type { SessionRef } from '../leases/session-phones.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { createHit } from '../tracking/queries.js';
import type { PublicIds } from './public-ids.js';

/**
 * Stores the page view in its session under a new id (`sequence`: its id's, if taken ahead), and its
 * client id for the writes made on it.
 */
export async function recordHit(
  db: Queryable,
  ids: PublicIds,
  siteId: number,
  session: SessionRef,
  clientId: string,
  data: Pick<HitData, 'url' | 'title' | 'referrer' | 'spa'>,
  now: number,
  sequence?: number,
): Promise<number> {
  const id = await ids.next(db, 'hits', sequence);
  await createHit(db, {
    id,
    site_id: siteId,
    visitor_id: session.visitor_id,
    session_id: session.id,
    client_id: clientId,
    hit_time: timestamp(now),
    url: data.url,
    title: data.title,
    referrer: data.referrer,
    is_spa: data.spa ? 1 : 0,
  });
  return id;
}
