import { randomBytes } from 'node:crypto';
import type { HitResult } from '../../protocol.js';
import type { LeasePolicy } from '../phones/lease-policy.js';
import { createSessionPhones, type SessionPhones } from '../phones/session-phones.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { createVisitor, recordVisit } from '../visitors/queries.js';
import type { WriteHandler } from '../writes/context.js';
import { CAMPAIGN_FIELDS, campaignParams, referrerInfo, type CampaignParams } from '../tracking/campaign.js';
import { createCampaignMatcher, type CampaignMatcher } from '../tracking/campaign-match.js';
import { FirstVisitRefused, type FirstVisitLimit } from '../tracking/first-visits.js';
import { createHit, createSession, latestSessionOfVisitor, touchSession, type LatestSession } from '../tracking/queries.js';
import { createPublicIds, type PublicIds } from './public-ids.js';
import { userAgentInfo } from '../http/user-agent.js';

/** A session ends after 30 minutes without a hit. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

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
 * once), and the lease policy of DT pools (phones/lease-policy.ts).
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

/** True when the landing URL names a campaign and it differs from the session's. */
function campaignChanged(session: LatestSession, params: CampaignParams): boolean {
  return CAMPAIGN_FIELDS.some((f) => params[f] != null && session[f] !== params[f]);
}

/**
 * A page view: creates the visitor on a first visit (as many as tracking/first-visits.ts lets through), starts a session after 30 idle minutes or
 * when a landing URL brings another campaign (never for SPA page views), and records the hit. A
 * new session is matched to an ad campaign; every page view answers with the session's numbers.
 */
export const pageViewHandler =
  (deps: PageViewDeps): WriteHandler<'hit'> =>
  async (ctx, data, write) => {
    const { db, site, client } = ctx;
    const created = timestamp(ctx.now);
    if (!ctx.visitor) {
      // Counted here, where a visitor is made: a batch that names a visitor the server does not
      // know (a made-up id) is a first visit too. The route refused the plain ones before.
      const wait = await deps.firstVisits.admit(site.id, client.ip, ctx.now);
      if (wait) throw new FirstVisitRefused(wait);
      ctx.visitor = await createVisitor(db, await deps.ids.next(db, 'visitors'), site.id, randomBytes(16).toString('hex'), created);
    }
    const visitor = ctx.visitor;
    const params = campaignParams(data.url);
    const session = await latestSessionOfVisitor(db, visitor.id);
    let sessionId: number;
    let acId: number;
    if (!session || ctx.now - session.last_hit_ms > SESSION_IDLE_MS || (!data.spa && campaignChanged(session, params))) {
      const ref = referrerInfo(data.referrer);
      acId = await deps.campaigns.match(db, site.id, {
        ...params,
        town: client.city,
        country: client.country,
        search_engine: ref.search_engine,
        search_query: ref.search_query,
        referrer: ref.referrer,
        url: data.url,
      });
      sessionId = await deps.ids.next(db, 'sessions');
      await createSession(db, {
        id: sessionId,
        site_id: site.id,
        visitor_id: visitor.id,
        ac_id: acId,
        start_time: created,
        last_hit_ms: ctx.now,
        ip: client.ip,
        user_agent: client.userAgent,
        ...userAgentInfo(client.userAgent),
        country: client.country,
        region: client.region,
        city: client.city,
        ...ref,
        entrance_page: data.url,
        ...params,
      });
      await recordVisit(db, visitor.id, acId);
    } else {
      sessionId = session.id;
      acId = session.ac_id;
      await touchSession(db, sessionId, ctx.now);
    }
    const hitId = await deps.ids.next(db, 'hits');
    await createHit(db, {
      id: hitId,
      site_id: site.id,
      visitor_id: visitor.id,
      session_id: sessionId,
      client_id: write.id,
      hit_time: created,
      url: data.url,
      title: data.title,
      referrer: data.referrer,
      is_spa: data.spa ? 1 : 0,
    });
    const { phones, ttl } = await deps.phones.of(
      db,
      site.id,
      { id: sessionId, visitor_id: visitor.id, ac_id: acId },
      client,
      ctx.now,
      SESSION_IDLE_MS,
    );
    const result: HitResult = {
      visitor_id: visitor.id,
      session_id: sessionId,
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
