import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { callSite } from './communication-facts.js';
import { qualifyCommunication } from './qualify.js';
import { rulesOfSite } from './rules.js';

/**
 * The telephony boundary's hook for a call (or call-back) that has just ended, run inside the
 * transaction that applies its `ended` event (app.ts passes it to telephony/): the site's rules,
 * one read (a site without rules costs nothing more), then the call qualified or not before its
 * `call.ended` webhook is built.
 */
export async function qualifyEndedCall(db: Queryable, callId: number, now: number): Promise<void> {
  const call = await callSite(db, callId);
  if (!call) return;
  const rules = await rulesOfSite(db, call.siteId);
  if (rules.length) await qualifyCommunication(db, call.kind, callId, rules, timestamp(now));
}
