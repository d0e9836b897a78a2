import { objectOf } from '../http/rate-limits.js';
import type { Queryable } from '../store/queryable.js';
import type { HitRow, VisitorRow } from '../store/tables.js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';
import { campaignParams } from '../tracking/campaign.js';
import { firstVisitSequences, goalIdsAhead, hitOfVisitor, SESSION_IDLE_MS } from '../tracking/queries.js';
import { takeIdsAhead } from '../store/id-sequences.js';
import { visitOfVisitor, visitorByToken } from '../visitors/queries.js';
import type { PrefetchedVisit } from '../writes/context.js';
import type { WriteEnvelopeSchema } from '../writes/schemas.js';
import { seenWrite, type SeenWrite } from './queries.js';

/**
 * PostgreSQL: what a batch's writes read before they write, read at once at the start of its
 * transaction, so that the statements go out together on the lane's pipelined connection
 * (store/pipelined-connection.ts) and cost one round trip, not one each: the visitor the batch
 * names, with its latest session and the sequence numbers of its page view's ids (or a first
 * visit's sequence numbers), whether each write id was stored before, the page views the other
 * writes name, and an id for each event's goal. The writes then take these reads as made; anything the batch itself changes
 * before a write reads it is read again (a write id twice in one batch, a page view the batch made).
 */
export interface ReadAhead {
  /** The visitor the batch names, null for none or a wrong token; only read when `visitorNeeded`. */
  visitor: VisitorRow | null;
  visit: PrefetchedVisit | undefined;
  /** Stored write of each write (by its index), for the first of each id. */
  seen: Map<number, SeenWrite | null>;
  /** The named visitor's page views by client id, as the writes other than page views name them. */
  hits: Map<string, HitRow | null>;
}

type Envelope = ReturnType<(typeof WriteEnvelopeSchema)['safeParse']>;

export async function readAhead(
  db: Queryable,
  siteId: number,
  ref: { id: number; token: string } | undefined,
  state: { visitor: VisitorRow | null | undefined },
  envelopes: Envelope[],
  now: number,
): Promise<ReadAhead> {
  const valid = envelopes.flatMap((e, i) => (e.success ? [{ i, w: e.data }] : []));
  const ids = new Set<string>();
  const seen = Promise.all(
    valid.flatMap(({ i, w }) => {
      if (ids.has(w.id)) return [];
      ids.add(w.id);
      return [seenWrite(db, siteId, w.id).then((s) => [i, s] as const)];
    }),
  );
  const named = ref ? [...new Set(valid.filter(({ w }) => w.type !== 'hit').map(({ w }) => w.hit))] : [];
  const hits = Promise.all(named.map((clientId) => hitOfVisitor(db, siteId, clientId, ref!.id).then((h) => [clientId, h] as const)));
  const pageView = valid.find(({ w }) => w.type === 'hit')?.w;
  let visit: Promise<{ visitor: VisitorRow | null; visit?: PrefetchedVisit }>;
  if (state.visitor !== undefined) {
    visit = Promise.resolve({ visitor: null });
  } else if (ref && pageView) {
    visit = visitOfVisitor(db, siteId, ref.id, ref.token, now - SESSION_IDLE_MS, mayChangeCampaign(pageView.data)).then((v) =>
      v ? { visitor: v.visitor, visit: { session: v.session, sequences: v.sequences } } : { visitor: null },
    );
  } else if (ref) {
    visit = visitorByToken(db, siteId, ref.id, ref.token).then((visitor) => ({ visitor }));
  } else if (pageView) {
    visit = firstVisitSequences(db).then((sequences) => ({ visitor: null, visit: { sequences } }));
  } else {
    visit = Promise.resolve({ visitor: null });
  }
  // Each event stores a goal: its id taken now lets the insert go out unawaited (tracking/queries.ts createGoal).
  const goals = goalIdsAhead(db, valid.filter(({ w }) => w.type === 'event').length);
  const [v, s, h, g] = await Promise.all([visit, seen, hits, goals]);
  takeIdsAhead(db, 'goals', g);
  return { visitor: v.visitor, visit: v.visit, seen: new Map(s), hits: new Map(h) };
}

/**
 * Whether a page view's data may start a new session for its campaign: a landing URL naming one
 * (an SPA page view never does). Unreadable data may: the page view then reads what it needs.
 */
function mayChangeCampaign(data: unknown): boolean {
  const d = objectOf(data);
  if (!d || typeof d.url !== 'string') return true;
  if (d.spa === true) return false;
  const params = campaignParams(d.url);
  return CAMPAIGN_FIELDS.some((f) => params[f] != null);
}
