import type { HitData, HitPhone, HitResult } from '../../protocol.js';
import type { LeasePolicy } from '../leases/lease-policy.js';
import { createSessionPhones, type PoolDryNotice, type SessionPhones, type SessionRef } from '../leases/session-phones.js';
import { once } from '../store/batch-scope.js';
import type { Store } from '../store/open.js';
import { analyticsIds } from '../tracking/analytics-ids.js';
import { campaignParams, referrerInfo, type CampaignParams } from '../tracking/campaign.js';
import { createCampaignMatcher, type CampaignMatcher } from '../tracking/campaign-match.js';
import type { FirstVisitLimit } from '../tracking/first-visits.js';
import { numberNote, type PreviewRefusal } from '../tracking/number-reasons.js';
import { createPreviewKeys, type PreviewKeys } from '../tracking/preview-keys.js';
import { setNumberReason, type LatestSession } from '../tracking/queries.js';
import type { PrefetchedVisit, WriteContext, WriteHandler } from '../writes/context.js';
import { admitFirstVisit, newVisitor } from './first-visit.js';
import { recordHit } from './hit.js';
import { previewOfPage, withoutPreview } from './preview.js';
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
  /** The sites' secrets of preview links (tracking/preview-keys.ts). */
  previews: PreviewKeys;
}

/**
 * The page view's caches of site data, emptied when site data changes (createServer makes them
 * once), the lease policy of DT pools (leases/lease-policy.ts), and who hears a pool found dry.
 */
export function pageViewDeps(
  store: Pick<Store, 'onSiteDataChange' | 'dialect'>,
  leasePolicy: LeasePolicy,
  firstVisits: FirstVisitLimit,
  onPoolDry?: PoolDryNotice,
): PageViewDeps {
  return {
    campaigns: createCampaignMatcher(store),
    phones: createSessionPhones(store, leasePolicy, onPoolDry),
    ids: createPublicIds(store.dialect),
    firstVisits,
    previews: createPreviewKeys(),
  };
}

/**
 * A page view's steps, in the order they run, each given only what it uses; each declares what it
 * reads ahead on PostgreSQL, which the batch reads with the visitor in its first round trip
 * (ingest/read-ahead.ts) and hands to the batch's first page view:
 *
 * 1. `firstVisit`: a first visit is admitted (tracking/first-visits.ts) and makes its visitor;
 * 2. `session`: the visitor's session goes on, unless 30 idle minutes have passed or a landing URL
 *    brings another campaign (never for SPA page views); else a new one starts, matched to its ad
 *    campaign; a valid preview link of the owner (page-view/preview.ts) starts a preview of its
 *    campaign, and is taken out of the URL;
 * 3. `hit`: the hit is recorded;
 * 4. `numbers`: the session's numbers are chosen, DT numbers leased (leases/session-phones.ts), and
 *    why the session keeps the site's number noted on it when that changes (tracking/number-reasons.ts:
 *    a statement not waited for, no round trip of its own);
 * 5. `answer`: the ids, the site's settings and the numbers.
 *
 * Around it, the ingest route refuses a plain first visit over its address's limit before the
 * batch, and after the batch confirms the visitor's short DT leases if the visitor did anything
 * but view a page (ingest/pipeline.ts, leases/lease-policy.ts).
 */
export function pageViewSteps(deps: PageViewDeps): readonly PageViewStep[] {
  return [
    firstVisit(deps.firstVisits, deps.ids),
    session(deps.campaigns, deps.ids, deps.previews),
    hit(deps.ids),
    numbers(deps.phones),
    answer,
  ];
}

/** What a page view's steps read ahead: the sequence numbers of its new ids, the visitor's latest session. */
export type PageViewRead = 'visitor id' | 'latest session' | 'session id' | 'hit id';

/** One step: it reads and fills in the page view. */
export interface PageViewStep {
  (view: PageView): Promise<void> | void;
  readsAhead: readonly PageViewRead[];
}

/** A page view on its way through the steps: each fills in what the next ones read. */
export interface PageView {
  ctx: WriteContext;
  data: HitData;
  /** The page view's client id. */
  clientId: string;
  /** What the steps declared, read ahead; a step takes its part. */
  ahead: PrefetchedVisit | undefined;
  /** The visitor's latest session: undefined until read (null: none). */
  latest: LatestSession | null | undefined;
  params: CampaignParams;
  session?: SessionRef;
  /** Why this page's preview link was ignored. */
  badPreview?: PreviewRefusal;
  hitId?: number;
  numbers?: { phones: HitPhone[]; ttl: number };
  result?: HitResult;
}

/**
 * The page view as a write handler: its steps in order. It reads ahead (`visit`) what its steps
 * declare.
 */
export const pageViewHandler = (deps: PageViewDeps): WriteHandler<'hit'> => {
  const steps = pageViewSteps(deps);
  const handle: WriteHandler<'hit'> = async (ctx, data, write, ahead) => {
    const view: PageView = {
      ctx,
      data,
      clientId: write.id,
      ahead,
      latest: ahead?.session as LatestSession | null | undefined,
      params: campaignParams(data.url),
    };
    for (const step of steps) await step(view);
    return { success: true, result: view.result };
  };
  handle.readsAhead = steps.some((s) => s.readsAhead.length) ? ['visit'] : [];
  return handle;
};

const step = (readsAhead: readonly PageViewRead[], run: (view: PageView) => Promise<void> | void): PageViewStep =>
  Object.assign(run, { readsAhead });

/** A first visit is admitted and makes its visitor, who has no session yet. */
function firstVisit(firstVisits: FirstVisitLimit, ids: PublicIds): PageViewStep {
  return step(['visitor id'], async function firstVisit(view) {
    const { db, site, client, now } = view.ctx;
    if (view.ctx.visitor) return;
    // Counted on a connection of its own: once, though the batch may run again (store/batch-scope.ts).
    await once(db, 'first visit', () => admitFirstVisit(firstVisits, site.id, client.ip, now));
    view.ctx.visitor = await newVisitor(db, ids, site.id, now, view.ahead?.sequences.visitors);
    view.latest = null;
  });
}

/** The visitor's session goes on, or a new one starts, matched to its ad campaign (or the preview's). */
function session(campaigns: CampaignMatcher, ids: PublicIds, previews: PreviewKeys): PageViewStep {
  return step(['latest session', 'session id'], async function session(view) {
    const { db, site, client, now } = view.ctx;
    const preview = await previewOfPage(previews, db, site.id, view.data.url, now);
    if (preview) view.data = withoutPreview(view.data);
    if (preview && 'refused' in preview) view.badPreview = preview.refused;
    const previewAc = preview && 'acId' in preview ? preview.acId : undefined;
    const { data, params } = view;
    const visitor = view.ctx.visitor!;
    const current = await continuedSession(db, visitor.id, data, params, now, view.latest, previewAc);
    const seenIds = analyticsIds(data.ids);
    if (current) {
      view.session = await continueSession(db, current, visitor.id, now, seenIds);
      return;
    }
    const ref = referrerInfo(data.referrer);
    const acId = previewAc ?? (await matchCampaign(campaigns, db, site.id, client, data.url, params, ref));
    const isPreview = previewAc !== undefined;
    // The note of a session that leases nothing, stored with it: most sessions keep it, and cost no
    // statement more (a session of no campaign, say).
    const note = numberNote({ ac_id: acId, preview: isPreview }, null, { leased: false }, view.badPreview);
    const landing = { url: data.url, params, ref, acId, preview: isPreview, note, ids: seenIds };
    view.session = await startSession(db, ids, site.id, visitor, client, landing, now, view.ahead?.sequences.sessions);
  });
}

/** The hit is recorded in its session. */
function hit(ids: PublicIds): PageViewStep {
  return step(['hit id'], async function hit(view) {
    const { db, site, now } = view.ctx;
    view.hitId = await recordHit(db, ids, site.id, view.session!, view.clientId, view.data, now, view.ahead?.sequences.hits);
  });
}

/** The session's numbers, DT numbers leased; why it keeps the site's number, when that changed. */
function numbers(phones: SessionPhones): PageViewStep {
  return step([], async function numbers(view) {
    const { db, site, client, now } = view.ctx;
    const s = view.session!;
    const chosen = await phones.of(db, site.id, s, client, now, SESSION_IDLE_MS);
    view.numbers = chosen;
    const note = numberNote(s, s.number_reason, chosen, view.badPreview);
    if (note !== s.number_reason) await setNumberReason(db, s.id, note);
  });
}

/** The ids, the site's settings and the numbers. */
const answer = step([], function answer(view) {
  const { site, publicUrl } = view.ctx;
  view.result = {
    visitor_id: view.ctx.visitor!.id,
    session_id: view.session!.id,
    hit_id: view.hitId!,
    key: site.widget_key,
    uri: new URL(publicUrl).host,
    consultant_server_url: publicUrl,
    settings: site.settings,
    phones: view.numbers!.phones,
    phones_ttl: view.numbers!.ttl,
  };
});
