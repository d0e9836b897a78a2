import type { Queryable } from '../store/queryable.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { windowCounters } from '../store/window-counters.js';
import { CarrierError, wrapAdapter, type CarrierAdapter } from './carrier.js';
import { carrierRefusal } from './carrier-calls.js';
import type { ConnectionRow } from './connections.js';

/**
 * When a carrier connection is failing (docs/notifications.md, "Alerts"): the carrier refused its
 * credentials once, or could not be reached (no answer in time, a 5xx, the network)
 * UNREACHED_TIMES times within UNREACHED_WINDOW_MS, on any of the server's calls to it (number
 * stock, call-backs, checks). The connection is then marked failing as a failed check marks it
 * (`check_ok` 0, the carrier's words) and `onFailing` is told, once: only the call that turns a
 * working (or never checked) connection into a failing one does, in one statement, so of several
 * processes one tells. A call that works again marks it working, so the next failure tells again.
 *
 * The carrier's signed webhooks are not counted: a request with a bad signature can come from
 * anyone who knows a connection's URL, so it says nothing about the connection.
 */

export const UNREACHED_TIMES = 3;
export const UNREACHED_WINDOW_MS = 15 * 60_000;

/** A connection that has just turned failing, as the alerts name it. */
export interface FailingConnection {
  id: number;
  kind: string;
  label: string;
  agentId: number | null;
  customerId: number | null;
  /** Why, in the carrier's words (as the REST API answers them). */
  words: string;
  now: number;
}

export type CarrierFailingNotice = (db: Queryable, c: FailingConnection) => Promise<void>;

export interface ConnectionHealth {
  /** The adapter of a stored connection with its failures and successes noted. */
  watch(row: ConnectionRow, adapter: CarrierAdapter): CarrierAdapter;
}

export function connectionHealth(store: Store, onFailing: CarrierFailingNotice, now: () => number = Date.now): ConnectionHealth {
  const unreached = windowCounters(store);
  const failed = async (row: ConnectionRow, e: CarrierError) => {
    if (e.kind !== 'auth' && e.kind !== 'unavailable' && e.kind !== 'timeout') return;
    const at = now();
    if (e.kind !== 'auth') {
      const c = await unreached.add(`carrier unreached ${row.id}`, 1, UNREACHED_WINDOW_MS, at);
      if (!c || c.n < UNREACHED_TIMES) return;
    }
    const words = carrierRefusal(e).message;
    const turned = await store.db
      .updateTable('carrier_connections')
      .set({ check_ok: 0, checked_at: timestamp(at), check_result: words })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('check_ok', 'is', null), eb('check_ok', '=', 1)]))
      .executeTakeFirst();
    if (Number(turned.numUpdatedRows) === 0) return;
    const c = { id: row.id, kind: row.kind, label: row.label, agentId: row.agent_id, customerId: row.customer_id };
    await onFailing(store.db, { ...c, words, now: at });
  };
  const worked = async (row: ConnectionRow) => {
    await unreached.remove(`carrier unreached ${row.id}`);
    await store.db
      .updateTable('carrier_connections')
      .set({ check_ok: 1, checked_at: timestamp(now()), check_result: 'The carrier answered again' })
      .where('id', '=', row.id)
      .where('check_ok', '=', 0)
      .execute();
  };
  return {
    watch(row, adapter) {
      // A connection being made (no row yet) has nobody to tell.
      if (row.id === 0) return adapter;
      return wrapAdapter(adapter, (method) => async (...args) => {
        try {
          const answer = await method(...args);
          await worked(row);
          return answer;
        } catch (e) {
          if (e instanceof CarrierError) await failed(row, e);
          throw e;
        }
      });
    },
  };
}
