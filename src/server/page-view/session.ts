import type { HitData } from '../../protocol.js';
import { userAgentInfo } from '../http/user-agent.js';
import type { SessionRef } from '../leases/session-phones.js';
import type { Queryable } from '../store/queryable.js';
import type { VisitorRow } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';
import type { CampaignParams, ReferrerInfo } from '../tracking/campaign.js';
import type { CampaignMatcher } from '../tracking/campaign-match.js';
import { idsToKeep, type AnalyticsIds } from '../tracking/analytics-ids.js';
import { createSession, latestSessionOfVisitor, SESSION_IDLE_MS, touchSession, type LatestSession } from '../tracking/queries.js';
import { recordVisit } from '../visitors/queries.js';
import type { ClientInfo } from '../writes/context.js';
import type { PublicIds } from './public-ids.js';

export { SESSION_IDLE_MS };

/**
 * The visitor's session this page view continues: its latest, unless 30 idle minutes have passed
 * or a landing URL brings another campaign (never for SPA page views), or a valid preview link
 * (`previewAc`) opens a preview the session is not. Null: a new one starts. `latest`: the latest
 * session when already read (null: the visitor has none).
 */
export async function continuedSession(
  db: Queryable,
  visitorId: number,
  data: Pick<HitData, 'spa'>,
  params: CampaignParams,
  now: number,
  latest?: LatestSession | null,
  previewAc?: number,
): Promise<LatestSession | null> {
  const session = latest !== undefined ? latest : await latestSessionOfVisitor(db, visitorId);
  if (!session || now - session.last_hit_ms > SESSION_IDLE_MS || (!data.spa && campaignChanged(session, params))) return null;
  if (previewAc !== undefined && !(session.number_reason === 'preview' && session.ac_id === previewAc)) return null;
  return session;
}

/** True when the landing URL names a campaign and it differs from the session's. */
function campaignChanged(session: LatestSession, params: CampaignParams): boolean {
  return CAMPAIGN_FIELDS.some((f) => params[f] != null && session[f] !== params[f]);
}

/** The session goes on: its last hit moves to now; it keeps the analytics ids it did not hold yet. */
export async function continueSession(
  db: Queryable,
  session: LatestSession,
  visitorId: number,
  now: number,
  ids: AnalyticsIds,
): Promise<SessionRef> {
  await touchSession(db, session.id, now, idsToKeep(session, ids));
  const note = session.number_reason;
  return { id: session.id, visitor_id: visitorId, ac_id: session.ac_id, preview: note === 'preview', number_reason: note };
}

/** The ad campaign of a new session: the first whose conditions its landing facts meet. */
export async function matchCampaign(
  campaigns: CampaignMatcher,
  db: Queryable,
  siteId: number,
  client: Pick<ClientInfo, 'city' | 'country'>,
  url: string,
  params: CampaignParams,
  ref: ReferrerInfo,
): Promise<number> {
  return campaigns.match(db, siteId, {
    ...params,
    town: client.city,
    country: client.country,
    search_engine: ref.search_engine,
    search_query: ref.search_query,
    referrer: ref.referrer,
    url,
  });
}

/**
 * A new session of the visitor, with its campaign, landing facts and browser; counts the visit,
 * unless it is the owner's preview (`landing.preview`). `landing.note`: its `number_reason` as far
 * as known before its numbers are chosen (the numbers step writes it again only when it changes).
 * `sequence`: its id's, if taken ahead.
 */
export async function startSession(
  db: Queryable,
  ids: PublicIds,
  siteId: number,
  visitor: VisitorRow,
  client: ClientInfo,
  landing: {
    url: string;
    params: CampaignParams;
    ref: ReferrerInfo;
    acId: number;
    preview: boolean;
    note: string | null;
    ids: AnalyticsIds;
  },
  now: number,
  sequence?: number,
): Promise<SessionRef> {
  const id = await ids.next(db, 'sessions', sequence);
  await createSession(db, {
    id,
    site_id: siteId,
    visitor_id: visitor.id,
    ac_id: landing.acId,
    start_time: timestamp(now),
    last_hit_ms: now,
    ip: client.ip,
    user_agent: client.userAgent,
    ...userAgentInfo(client.userAgent),
    country: client.country,
    region: client.region,
    city: client.city,
    ...landing.ref,
    entrance_page: landing.url,
    number_reason: landing.note,
    ...landing.ids,
    ...landing.params,
  });
  if (!landing.preview) await recordVisit(db, visitor.id, landing.acId);
  return { id, visitor_id: visitor.id, ac_id: landing.acId, preview: landing.preview, number_reason: landing.note };
}
