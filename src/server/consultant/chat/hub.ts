import { stmt, type DB } from '../../store/db.js';
import { loseIfWaiting, waitingChats } from './store.js';

/**
 * The consultant server's live state, in this process: who listens to what (server-sent event
 * streams), which operators are online, and the timers that make unanswered chats `lost`.
 *
 * Topics carry no data: a change to a site's chats, requests or operators "pokes" its topic and
 * each listening stream reads what is new from the database itself. A poke that comes from inside
 * a write transaction is delivered after the current task, when the transaction has committed;
 * a listener that missed a poke (a reconnect) catches up from the database the same way.
 *
 * One process only: two server processes on one database would not see each other's pokes.
 */

export type Topic = `site:${number}` | `visitor:${number}` | `status:${number}`;

export interface HubOptions {
  /** How long an operator whose last console stream dropped still counts as online (a reload). */
  graceMs?: number;
  /** Seconds to answer a chat when the site does not set `chat_wait`. */
  defaultChatWait?: number;
}

export interface Hub {
  subscribe(topic: Topic, fn: () => void): () => void;
  poke(...topics: Topic[]): void;
  /** Pokes every site topic someone listens to (a change whose site is not known cheaply). */
  pokeSites(): void;
  /** True while at least one operator of the site is active and has a console open. */
  siteOnline(siteId: number): boolean;
  /** An operator's console stream opened (returns its close function). */
  attach(employeeId: number): () => void;
  /** The operator's online switch changed (already stored): tell their sites. */
  operatorChanged(employeeId: number): void;
  /** Makes the chat `lost` when nobody has answered it `chat_wait` seconds after it started. */
  watchChat(chatId: number, siteId: number, startMs: number): void;
  /** Seconds the site's operators have to answer a chat. */
  chatWait(siteId: number): number;
  close(): void;
}

const hubs = new WeakMap<DB, Hub>();

/** The hub of a database (write handlers reach it through their context's `db`). */
export function hubOf(db: DB): Hub {
  let h = hubs.get(db);
  if (!h) hubs.set(db, (h = createHub(db)));
  return h;
}

export function createHub(db: DB, opts: HubOptions = {}): Hub {
  const graceMs = opts.graceMs ?? 10_000;
  const defaultWait = opts.defaultChatWait ?? 120;
  const listeners = new Map<Topic, Set<() => void>>();
  const pending = new Set<Topic>();
  let flushing: NodeJS.Immediate | null = null;
  const consoles = new Map<number, number>();
  const graces = new Map<number, NodeJS.Timeout>();
  const timers = new Map<number, NodeJS.Timeout>();
  let closed = false;

  const flush = () => {
    flushing = null;
    const topics = [...pending];
    pending.clear();
    for (const t of topics) {
      for (const fn of [...(listeners.get(t) ?? [])]) {
        try {
          fn();
        } catch {
          // one broken stream must not stop the others
        }
      }
    }
  };

  const sitesOf = (employeeId: number) =>
    stmt<{ site_id: number }>(db, `SELECT site_id FROM employee_sites WHERE employee_id = ?`)
      .all(employeeId)
      .map((r) => r.site_id);

  const hub: Hub = {
    subscribe(topic, fn) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(fn);
      return () => {
        set!.delete(fn);
        if (!set!.size) listeners.delete(topic);
      };
    },
    poke(...topics) {
      for (const t of topics) pending.add(t);
      if (!flushing && !closed) flushing = setImmediate(flush);
    },
    pokeSites() {
      hub.poke(...[...listeners.keys()].filter((t) => t.startsWith('site:')));
    },
    siteOnline(siteId) {
      const active = stmt<{ id: number }>(
        db,
        `SELECT e.id FROM employees e JOIN employee_sites s ON s.employee_id = e.id
         WHERE s.site_id = ? AND e.is_consultant_operator_active = 1`,
      ).all(siteId);
      return active.some((e) => (consoles.get(e.id) ?? 0) > 0 || graces.has(e.id));
    },
    attach(employeeId) {
      clearTimeout(graces.get(employeeId));
      const was = graces.delete(employeeId) || (consoles.get(employeeId) ?? 0) > 0;
      consoles.set(employeeId, (consoles.get(employeeId) ?? 0) + 1);
      if (!was) hub.operatorChanged(employeeId);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const n = (consoles.get(employeeId) ?? 1) - 1;
        if (n > 0) return void consoles.set(employeeId, n);
        consoles.delete(employeeId);
        if (closed) return;
        const t = setTimeout(() => {
          graces.delete(employeeId);
          hub.operatorChanged(employeeId);
        }, graceMs);
        t.unref();
        graces.set(employeeId, t);
      };
    },
    operatorChanged(employeeId) {
      hub.poke(...sitesOf(employeeId).flatMap((s) => [`status:${s}`, `site:${s}`] as Topic[]));
    },
    watchChat(chatId, siteId, startMs) {
      clearTimeout(timers.get(chatId));
      const fire = () => {
        timers.delete(chatId);
        const lost = db.transaction(() => {
          const ok = loseIfWaiting(db, chatId, Date.now());
          const v = ok ? stmt<{ visitor_id: number }>(db, `SELECT visitor_id FROM chats WHERE id = ?`).get(chatId) : undefined;
          return v?.visitor_id;
        })();
        if (lost != null) hub.poke(`site:${siteId}`, `visitor:${lost}`);
      };
      const t = setTimeout(fire, Math.max(0, startMs + hub.chatWait(siteId) * 1000 - Date.now()));
      t.unref();
      timers.set(chatId, t);
    },
    chatWait(siteId) {
      const r = stmt<{ w: number | null }>(db, `SELECT json_extract(settings, '$.chat_wait') AS w FROM sites WHERE id = ?`).get(siteId);
      return r?.w ?? defaultWait;
    },
    close() {
      closed = true;
      if (flushing) clearImmediate(flushing);
      for (const t of [...graces.values(), ...timers.values()]) clearTimeout(t);
      listeners.clear();
      hubs.delete(db);
    },
  };
  hubs.set(db, hub);
  // Chats that were waiting when the server stopped get their timers back (or are lost at once).
  for (const c of waitingChats(db)) hub.watchChat(c.id, c.site_id, c.start_ms);
  return hub;
}
