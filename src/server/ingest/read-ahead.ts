import type { z } from 'zod';
import { objectOf } from '../http/rate-limits.js';
import type { Queryable } from '../store/queryable.js';
import type { HitRow, VisitorRow } from '../store/tables.js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';
import { campaignParams } from '../tracking/campaign.js';
import { firstVisitSequences, goalIdsAhead, hitOfVisitor, SESSION_IDLE_MS } from '../tracking/queries.js';
import { takeIdsAhead } from '../store/id-sequences.js';
import { visitOfVisitor, visitorByToken } from '../visitors/queries.js';
import type { AheadRead, PrefetchedVisit } from '../writes/context.js';
import type { WriteEnvelopeSchema } from '../writes/schemas.js';
import { seenWrite, type SeenWrite } from './queries.js';

/**
 * PostgreSQL: what the steps of a batch (pipeline.ts) read before they write, read at once at the
 * start of its transaction, so that the statements go out together on the lane's pipelined
 * connection (store/pipelined-connection.ts) and cost one round trip, not one each. Each step
 * declares its reads (`readsAhead`); this reads their union: the visitor the batch names, with its
 * page view's visit (its latest session and the sequence numbers of the page view's ids) or a first
 * visit's sequence numbers, whether each write id was stored before, the page views the other
 * writes name, and an id for each event's goal. The steps then take these reads as made; anything
 * the batch itself changes before a step reads it is read again (a write id twice in one batch, a
 * page view the batch made).
 */
export interface ReadAhead {
  /** The visitor the batch names, null for none or a wrong token. */
  visitor: VisitorRow | null;
  /** What the batch's first page view reads, for that page view only. */
  visit: PrefetchedVisit | undefined;
  /** Stored write of each write (by its index), for the first of each id. */
  seen: Map<number, SeenWrite | null>;
  /** The named visitor's page views by client id, as the writes other than page views name them. */
  hits: Map<string, HitRow | null>;
}

export type WriteEnvelope = z.output<typeof WriteEnvelopeSchema>;

/** What the steps declared for one write of the batch. */
export interface DeclaredReads {
  /** The write's index in the batch. */
  index: number;
  write: WriteEnvelope;
  reads: ReadonlySet<AheadRead>;
}

export interface AheadOfBatch {
  siteId: number;
  ref: { id: number; token: string } | undefined;
  /** The visitor is known from the step before (a heavy batch's): neither it nor a visit is read again. */
  visitorKnown: boolean;
  now: number;
  /** What the batch's own steps declared (the visitor). */
  reads: ReadonlySet<AheadRead>;
  /** What the write steps declared, write by write, in the batch's order. */
  writes: DeclaredReads[];
}

export async function readAhead(db: Queryable, batch: AheadOfBatch): Promise<ReadAhead> {
  const wanting = (read: AheadRead) => batch.writes.filter((d) => d.reads.has(read));
  const seen = Promise.all(
    firstOfEachId(wanting('write id')).map((d) => seenWrite(db, batch.siteId, d.write.id).then((s) => [d.index, s] as const)),
  );
  const { ref } = batch;
  const named = ref ? [...new Set(wanting('page view').map((d) => d.write.hit))] : [];
  const hits = Promise.all(named.map((clientId) => hitOfVisitor(db, batch.siteId, clientId, ref!.id).then((h) => [clientId, h] as const)));
  const visit = visitorAndVisit(db, batch, wanting('visit')[0]?.write);
  // Each event stores a goal: its id taken now lets the insert go out unawaited (tracking/queries.ts createGoal).
  const goals = goalIdsAhead(db, wanting('goal id').length);
  const [v, s, h, g] = await Promise.all([visit, seen, hits, goals]);
  takeIdsAhead(db, 'goals', g);
  return { visitor: v.visitor, visit: v.visit, seen: new Map(s), hits: new Map(h) };
}

/** The first write of each id: a later one with the same id reads what the first stored. */
function firstOfEachId(declared: DeclaredReads[]): DeclaredReads[] {
  const ids = new Set<string>();
  return declared.filter((d) => !ids.has(d.write.id) && !!ids.add(d.write.id));
}

/**
 * The visitor the batch names and the visit of its first page view, in one statement: with the
 * visitor, or a first visit's sequence numbers without one.
 */
async function visitorAndVisit(
  db: Queryable,
  batch: AheadOfBatch,
  pageView: WriteEnvelope | undefined,
): Promise<{ visitor: VisitorRow | null; visit?: PrefetchedVisit }> {
  const { ref, siteId } = batch;
  if (batch.visitorKnown) return { visitor: null };
  if (ref && pageView) {
    const v = await visitOfVisitor(db, siteId, ref.id, ref.token, batch.now - SESSION_IDLE_MS, mayChangeCampaign(pageView.data));
    return v ? { visitor: v.visitor, visit: { session: v.session, sequences: v.sequences } } : { visitor: null };
  }
  if (ref && batch.reads.has('visitor')) return { visitor: await visitorByToken(db, siteId, ref.id, ref.token) };
  if (pageView) return { visitor: null, visit: { sequences: await firstVisitSequences(db) } };
  return { visitor: null };
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
