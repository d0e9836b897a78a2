import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { WriteResult, WriteType } from '../../protocol.js';
import type { LeasePolicy } from '../leases/lease-policy.js';
import type { Site } from '../sites/lookup.js';
import { onPostgres } from '../store/queryable.js';
import type { Tables, VisitorRow } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { hitOfVisitor, latestHitOfVisitor } from '../tracking/queries.js';
import { visitorByToken, visitorOfHit } from '../visitors/queries.js';
import type { AheadRead, PrefetchedVisit, WriteContext, WriteHandler, WriteHandlers } from '../writes/context.js';
import { describeIssue, WriteDataSchemas, WriteEnvelopeSchema, type VisitorRefSchema, type WriteRequestSchema } from '../writes/schemas.js';
import { formFields } from './form-fields.js';
import { recordWrite, seenWrite } from './queries.js';
import { readAhead, type ReadAhead, type WriteEnvelope } from './read-ahead.js';

/**
 * The steps of a write batch, in the order they run in its transaction (a batch, or a step of a
 * heavy one: heavy-batches.ts). Each step is a function given only what it uses; those that read
 * before they write declare it (`readsAhead`), and on PostgreSQL the union of the declarations is
 * read at once, in one round trip, before the first write (read-ahead.ts):
 *
 * 1. `envelope`: every write's id, type, page view and time, before anything is read;
 * 2. `visitor`: the visitor the batch names (reads ahead: the visitor);
 * 3. each write in turn through `writes`, where a step answers the write or passes it on:
 *    `dedupe` (a write id stored before answers with its stored result; reads ahead: the write id),
 *    `writeType`, `form` (the page's arguments made into data), `schema` (the wire contract),
 *    `knownVisitor`, `handler` (the write's handler, write-handlers.ts; reads ahead: the page view
 *    the write names and the handler's own), `record` (the write id kept with its result);
 * 4. `confirm`: the visitor's short DT leases, after the batch's last writes.
 *
 * Around it, the route (route.ts) reads the request, refuses what its limits refuse, runs the
 * pipeline through the group commit (group-commit.ts) and answers.
 */
export function batchPipeline(deps: { handlers: WriteHandlers; leasePolicy: Pick<LeasePolicy, 'confirm'> }): BatchPipeline {
  return {
    envelope,
    visitor,
    writes: [dedupe, writeType, form, schema, knownVisitor, handler(deps.handlers), record],
    confirm: confirm(deps.leasePolicy),
  };
}

export interface BatchPipeline {
  envelope: (entry: BatchEntry, index: number) => Write | WriteResult;
  visitor: VisitorStep;
  writes: readonly WriteStep[];
  confirm: (run: BatchRun, last: boolean) => Promise<void>;
}

/** The batch as validated: each entry's envelope is checked on its own, so one bad write fails alone. */
export type BatchEntry = z.output<typeof WriteRequestSchema>['writes'][number];
export type VisitorRef = z.output<typeof VisitorRefSchema>;

/** One write on its way through the steps. */
export interface Write {
  /** Its index in the batch: what was read ahead for it is found by it. */
  index: number;
  envelope: WriteEnvelope;
  /** The write's data as the steps before made it: as sent, then the form's, then the schema's. */
  data: unknown;
  /** The handler's result, which `record` keeps. */
  result?: unknown;
}

/** One transaction's run of the batch: what the steps share. */
export interface BatchRun {
  ctx: WriteContext;
  ahead: ReadAhead | null;
  /** What the batch's first page view reads, read ahead: that page view takes it. */
  visit: PrefetchedVisit | undefined;
  /** A write other than a page view was stored: it shows a person (leases/lease-policy.ts). */
  confirms: boolean;
}

/** Answers the write (its result) or passes it on (undefined). */
export interface WriteStep {
  (write: Write, run: BatchRun): Promise<WriteResult | undefined> | WriteResult | undefined;
  /** What the step reads ahead on PostgreSQL for a write, before any write runs. */
  readsAhead?: (write: WriteEnvelope) => readonly AheadRead[];
}

export interface VisitorStep {
  (db: Transaction<Tables>, siteId: number, ref: VisitorRef | undefined, ahead: ReadAhead | null): Promise<VisitorRow | null>;
  readsAhead: readonly AheadRead[];
}

/** What one transaction's share of a batch is given: `known` is the batch's visitor once a step before has read it. */
export interface BatchShare {
  site: Site;
  ref: VisitorRef | undefined;
  known: { visitor: VisitorRow | null | undefined; confirms: boolean };
  writes: BatchEntry[];
  base: Pick<WriteContext, 'client' | 'publicUrl' | 'now'>;
  /** The batch's last share: it confirms the leases. */
  last: boolean;
}

/** Runs a share of a batch through the steps, in its transaction. */
export async function runPipeline(
  p: BatchPipeline,
  trx: Transaction<Tables>,
  share: BatchShare,
): Promise<{ visitor: VisitorRow | null; results: WriteResult[]; confirms: boolean }> {
  const { site, ref, known, base } = share;
  const writes = share.writes.map(p.envelope);
  // Read in the batch's transaction: outside it, the read would wait for the connection until the
  // group before had committed.
  const ahead = onPostgres(trx) ? await readAhead(trx, declaredReads(p, share, writes)) : null;
  const visitor = known.visitor !== undefined ? known.visitor : await p.visitor(trx, site.id, ref, ahead);
  const run: BatchRun = { ctx: writeContext(trx, site, base, visitor, ref, ahead), ahead, visit: ahead?.visit, confirms: known.confirms };
  const results: WriteResult[] = [];
  for (const w of writes) results.push('success' in w ? w : await throughSteps(p.writes, w, run));
  await p.confirm(run, share.last);
  return { visitor: run.ctx.visitor, results, confirms: run.confirms };
}

/** The union of what the steps read ahead, write by write. */
function declaredReads(p: BatchPipeline, share: BatchShare, writes: Array<Write | WriteResult>) {
  return {
    siteId: share.site.id,
    ref: share.ref,
    visitorKnown: share.known.visitor !== undefined,
    now: share.base.now,
    reads: new Set(p.visitor.readsAhead),
    writes: writes.flatMap((w) =>
      'success' in w
        ? []
        : [{ index: w.index, write: w.envelope, reads: new Set(p.writes.flatMap((step) => step.readsAhead?.(w.envelope) ?? [])) }],
    ),
  };
}

async function throughSteps(steps: readonly WriteStep[], w: Write, run: BatchRun): Promise<WriteResult> {
  for (const step of steps) {
    const answer = await step(w, run);
    if (answer) return answer;
  }
  throw new Error(`write ${w.envelope.id}: no step answered it`);
}

/**
 * What every handler is given. A page view read ahead is taken as read; one not found may be made
 * by this batch.
 */
function writeContext(
  trx: Transaction<Tables>,
  site: Site,
  base: BatchShare['base'],
  visitor: VisitorRow | null,
  ref: VisitorRef | undefined,
  ahead: ReadAhead | null,
): WriteContext {
  const ctx: WriteContext = {
    ...base,
    db: trx,
    site,
    visitor,
    hit: async (clientId) =>
      ctx.visitor
        ? ((ctx.visitor.id === ref?.id ? ahead?.hits.get(clientId) : null) ?? hitOfVisitor(trx, site.id, clientId, ctx.visitor.id))
        : null,
    hitOrLatest: async (clientId) => (await ctx.hit(clientId)) ?? (ctx.visitor ? latestHitOfVisitor(trx, ctx.visitor.id) : null),
  };
  return ctx;
}

const fail = (w: Write, code: string): WriteResult => ({ id: w.envelope.id, success: false, code });

/** The write's envelope: id, type, page view and time; its data is checked later, by its type. */
function envelope(entry: BatchEntry, index: number): Write | WriteResult {
  const parsed = WriteEnvelopeSchema.safeParse(entry);
  if (!parsed.success) return { id: entry.id, success: false, code: 'invalid: ' + describeIssue(parsed.error) };
  return { index, envelope: parsed.data, data: parsed.data.data };
}

/** The visitor the batch names: null for none, or a wrong token. */
async function visitor(
  db: Transaction<Tables>,
  siteId: number,
  ref: VisitorRef | undefined,
  ahead: ReadAhead | null,
): Promise<VisitorRow | null> {
  if (ahead) return ahead.visitor;
  return ref ? visitorByToken(db, siteId, ref.id, ref.token) : null;
}
visitor.readsAhead = ['visitor'] as const;

/**
 * A write id stored before answers with its stored result, and stores nothing again; but only to a
 * retry of the same write: the same type, from the visitor that made it. Another visitor's write id
 * (or one sent without a visitor) is no retry of it, and its result (a property, a page view's ids)
 * is that visitor's. The one retry without a visitor is a first visit's page view whose answer was
 * lost: the client has no visitor yet, its page view made one, and its 128-bit random id is the proof.
 */
async function dedupe(w: Write, run: BatchRun): Promise<WriteResult | undefined> {
  const { ctx, ahead } = run;
  const { id, type } = w.envelope;
  const seen = ahead?.seen.has(w.index) ? ahead.seen.get(w.index)! : await seenWrite(ctx.db, ctx.site.id, id);
  if (!seen) return undefined;
  const firstVisitRetry = !ctx.visitor && type === 'hit' && seen.type === 'hit';
  if (!firstVisitRetry && (seen.type !== type || (seen.visitor_id ?? null) !== (ctx.visitor?.id ?? null)))
    return fail(w, ctx.visitor ? 'duplicate_id' : 'unknown_visitor');
  // Without the visitor the writes after the retried page view would fail as unknown_visitor.
  if (firstVisitRetry) ctx.visitor = await visitorOfHit(ctx.db, ctx.site.id, id);
  return { id, success: true, result: seen.result == null ? undefined : JSON.parse(seen.result) };
}
dedupe.readsAhead = (): readonly AheadRead[] => ['write id'];

/** A type of the wire contract; own keys only: a type named `constructor` or `__proto__` must not reach Object.prototype. */
function writeType(w: Write): WriteResult | undefined {
  return Object.hasOwn(WriteDataSchemas, w.envelope.type) ? undefined : fail(w, 'unknown_type');
}

/** The page's arguments made into the write's data (form-fields.ts). */
function form(w: Write): WriteResult | undefined {
  const fields = formFields(w.envelope.type as WriteType, w.data);
  if ('code' in fields) return fail(w, fields.code);
  w.data = fields.data;
  return undefined;
}

/** The data checked against the wire contract (src/protocol.ts, writes/schemas.ts). */
function schema(w: Write): WriteResult | undefined {
  const parsed = WriteDataSchemas[w.envelope.type as WriteType].safeParse(w.data);
  if (!parsed.success) return fail(w, 'invalid: ' + describeIssue(parsed.error));
  w.data = parsed.data;
  return undefined;
}

/** A write other than a page view needs the visitor: only a page view makes one. */
function knownVisitor(w: Write, run: BatchRun): WriteResult | undefined {
  return !run.ctx.visitor && w.envelope.type !== 'hit' ? fail(w, 'unknown_visitor') : undefined;
}

/**
 * The write's handler stores it (write-handlers.ts). Every write but a page view names one, which
 * the handler may read (`ctx.hit`); the first page view is given its visit read ahead.
 */
function handler(handlers: WriteHandlers): WriteStep {
  async function handle(w: Write, run: BatchRun): Promise<WriteResult | undefined> {
    const type = w.envelope.type as WriteType;
    const store = handlers[type] as WriteHandler<WriteType>;
    const r = await store(run.ctx, w.data as never, w.envelope, type === 'hit' ? takeVisit(run) : undefined);
    if (!r.success) return fail(w, r.code);
    w.result = r.result;
    return undefined;
  }
  handle.readsAhead = (e: WriteEnvelope): readonly AheadRead[] => [
    ...(e.type === 'hit' ? [] : (['page view'] as const)),
    ...((Object.hasOwn(handlers, e.type) && handlers[e.type as WriteType].readsAhead) || []),
  ];
  return handle;
}

function takeVisit(run: BatchRun): PrefetchedVisit | undefined {
  const visit = run.visit;
  run.visit = undefined;
  return visit;
}

/** The write id kept with its result: a retry answers from it (queries.ts). */
async function record(w: Write, run: BatchRun): Promise<WriteResult> {
  const { ctx } = run;
  const { id, type } = w.envelope;
  await recordWrite(ctx.db, {
    siteId: ctx.site.id,
    id,
    type,
    result: w.result === undefined ? null : JSON.stringify(w.result),
    createdAt: timestamp(ctx.now),
    visitorId: ctx.visitor?.id ?? null,
  });
  if (type !== 'hit') run.confirms = true;
  return { id, success: true, result: w.result };
}

/** A write other than a page view shows a person: the visitor's short DT leases become full (leases/lease-policy.ts). */
function confirm(leasePolicy: Pick<LeasePolicy, 'confirm'>) {
  return async function confirmLeases(run: BatchRun, last: boolean): Promise<void> {
    if (last && run.confirms && run.ctx.visitor) await leasePolicy.confirm(run.ctx.db, run.ctx.visitor.id, run.ctx.now);
  };
}
