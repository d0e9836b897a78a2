import type { HitResult } from '../../protocol.js';
import type { LeasePolicy } from '../leases/lease-policy.js';
import { createSessionPhones, type SessionPhones } from '../leases/session-phones.js';
import { once } from '../store/batch-scope.js';
import type { Store } from '../store/open.js';
import { campaignParams, referrerInfo } from '../tracking/campaign.js';
import { createCampaignMatcher, type CampaignMatcher } from '../tracking/campaign-match.js';
import type { FirstVisitLimit } from '../tracking/first-visits.js';
import type { LatestSession } from '../tracking/queries.js';
import type { WriteHandler } from '../writes/context.js';
import { admitFirstVisit, newVisitor } from './first-visit.js';
import { recordHit } from './hit.js';
import { createPublicIds, type PublicIds } from './public-ids.js';
import { continuedSession, continueSession, matchCampaign, SESSION_IDLE_MS, startSession } from './session.js';

/** What the page view needs besides the database: site data it reads on every view, cached. */
export interface PageViewDeps {
  campaigns: CampaignMatcher;
  phones: SessionPhones;
  /** Ids of new visitors, sessions and hits: not a sequence (public-ids.ts). */
  ids: PublicIds;
  /** First visits per site and address (tracking/first-visits.ts): the ingest route reads it, the page view counts. */
  firstVisits: FirstVisitLimit;
}

/**
 * The page view's caches of site data, emptied when site data changes (createServer makes them
 * once), and the lease policy of DT pools (leases/lease-policy.ts).
 */
export function pageViewDeps(
  store: Pick<Store, 'onSiteDataChange' | 'dialect'>,
  leasePolicy: LeasePolicy,
  firstVisits: FirstVisitLimit,
): PageViewDeps {
  return {
    campaigns: createCampaignMatcher(store),
    phones: createSessionPhones(store, leasePolicy),
    ids: createPublicIds(store.dialect),
    firstVisits,
  };
}

/**
 * A page view, in the order its steps run, each step given only what it uses:
 *
 * 1. a first visit is admitted (tracking/first-visits.ts) and makes its visitor;
 * 2. the visitor's session goes on, unless 30 idle minutes have passed or a landing URL brings
 *    another campaign (never for SPA page views);
 * 3. else a new session starts, matched to its ad campaign;
 * 4. the hit is recorded;
 * 5. the session's numbers are chosen, DT numbers leased (leases/session-phones.ts);
 * 6. the answer: the ids, the site's settings and the numbers.
 *
 * Around it, the ingest route refuses a plain first visit over its address's limit before the
 * batch, and after the batch confirms the visitor's short DT leases if the visitor did anything
 * but view a page (ingest/route.ts, leases/lease-policy.ts).
 */
export const pageViewHandler = (deps: PageViewDeps): WriteHandler<'hit'> => {
  const handle: WriteHandler<'hit'> = async (ctx, data, write, ahead) => {
    const { db, site, client, now } = ctx;
    const seq = ahead?.sequences ?? {};
    let latest: LatestSession | null | undefined = ahead?.session as LatestSession | null | undefined;
    if (!ctx.visitor) {
      // Counted on a connection of its own: once, though the batch may run again (store/batch-scope.ts).
      await once(db, 'first visit', () => admitFirstVisit(deps.firstVisits, site.id, client.ip, now));
      ctx.visitor = await newVisitor(db, deps.ids, site.id, now, seq.visitors);
      // A visitor made now has no session yet.
      latest = null;
    }
    const visitor = ctx.visitor;
    const params = campaignParams(data.url);
    const current = await continuedSession(db, visitor.id, data, params, now, latest);
    let session;
    if (current) {
      session = await continueSession(db, current, visitor.id, now);
    } else {
      const ref = referrerInfo(data.referrer);
      const acId = await matchCampaign(deps.campaigns, db, site.id, client, data.url, params, ref);
      session = await startSession(db, deps.ids, site.id, visitor, client, { url: data.url, params, ref, acId }, now, seq.sessions);
    }
    const hitId = await recordHit(db, deps.ids, site.id, session, write.id, data, now, seq.hits);
    const { phones, ttl } = await deps.phones.of(db, site.id, session, client, now, SESSION_IDLE_MS);
    const result: HitResult = {
      visitor_id: visitor.id,
      session_id: session.id,
      hit_id: hitId,
      key: site.widget_key,
      uri: new URL(ctx.publicUrl).host,
      consultant_server_url: ctx.publicUrl,
      settings: site.settings,
      phones,
      phones_ttl: ttl,
    };
    return { success: true, result };
  };
  // Its visitor's latest session and the sequence numbers of its ids, read with the visitor (ingest/read-ahead.ts).
  handle.readsAhead = ['visit'];
  return handle;
};
