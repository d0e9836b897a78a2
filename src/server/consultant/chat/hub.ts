import type { SiteSettings } from '../../../protocol.js';
import type { Pokes, Topic } from '../../http/live-topics.js';
import type { Store } from '../../store/open.js';
import type { Queryable } from '../../store/queryable.js';
import { siteById } from '../../sites/sites.js';
import { activeOperatorsOfSite, employeeSiteIds } from '../../identity/operators.js';
import { consoleUntil, siteHasConsoleOpen } from './presence.js';
import { loseIfWaiting, waitingChats } from './queries.js';
import { noEvents, type EventSink } from '../../webhooks/events.js';

/**
 * The consultant server's live state: who listens to what (server-sent event streams), which
 * operators are online, and the timers that make unanswered chats `lost`.
 *
 * Topics carry no data: a change to a site's chats, requests or operators "pokes" its topic and
 * each listening stream reads what is new from the database itself. A poke is delivered once every
 * transaction this process had open when it was made has ended (store.settled), so a stream that
 * reads finds the change committed; a listener that missed a poke (a reconnect) catches up from
 * the database the same way.
 *
 * Several server processes on one database (PostgreSQL) act as one hub:
 * - pokes go to the other processes too, on the store's channel (LISTEN/NOTIFY);
 * - an open console is a row of `operator_consoles` (presence.ts) that this process keeps alive
 *   with a heartbeat, so a visitor on any process sees the operator online; a process that stops
 *   without closing lets its rows run out after at most LIVE_MS;
 * - a lost timer is armed in every process (the watch travels on the channel, and each process
 *   arms the waiting chats at start); making a chat lost is a conditional UPDATE, so it happens
 *   once, and only the process whose UPDATE changed the row pokes.
 * On SQLite there is one process and the channel is silent; the code path is the same.
 */

export type { Topic };

export interface HubOptions {
  /** How long an operator whose last console stream dropped still counts as online (a reload). */
  graceMs?: number | undefined;
  /** Seconds to answer a chat when the site does not set `chat_wait`. */
  defaultChatWait?: number | undefined;
  /** Where a chat lost for want of an answer is announced (webhooks/). */
  events?: EventSink | undefined;
}

export interface Hub extends Pokes {
  subscribe(topic: Topic, fn: () => void): () => void;
  /**
   * True while at least one operator of the site is active and has a console open. `db`: the
   * caller's transaction, when it is in one (the SQLite store has one connection, so a query on
   * the store from inside a transaction would wait for that transaction, which waits for it).
   */
  siteOnline(siteId: number, db?: Queryable): Promise<boolean>;
  /** An operator's console stream opened (returns its close function). */
  attach(employeeId: number): () => void;
  /** The operator's online switch changed (already stored): tell their sites. */
  operatorChanged(employeeId: number): Promise<void>;
  /**
   * Makes the chat `lost` when nobody has answered it `chat_wait` seconds after it started. Safe
   * to call inside a write transaction: the site's setting is read after it, not awaited.
   */
  watchChat(chatId: number, siteId: number, startMs: number): void;
  /** Seconds the site's operators have to answer a chat. */
  chatWait(siteId: number): Promise<number>;
  /** Stops the timers and waits for the work they started (call before closing the store). */
  close(): Promise<void>;
}

const isTopic = (t: string): t is Topic => /^(site|visitor|status):\d+$/.test(t);

/** How long an open console counts as online without a heartbeat (a process that died), ms. */
const LIVE_MS = 60_000;
const HEARTBEAT_MS = 20_000;

export async function createHub(store: Store, opts: HubOptions = {}): Promise<Hub> {
  /** This process among those on the database: the owner of its rows of operator_consoles. */
  const processId = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const defaultWait = opts.defaultChatWait ?? 120;
  const life = lifetime();
  const topics = topicStreams(store, life);
  const presence = operatorPresence(store, life, processId, opts.graceMs ?? 10_000, (employeeId) => hub.operatorChanged(employeeId));
  const lost = lostTimers(store, life, {
    events: opts.events ?? noEvents,
    chatWait: (siteId) => hub.chatWait(siteId),
    defaultWait,
    poke: (...t) => hub.poke(...t),
  });

  const hub: Hub = {
    subscribe: topics.subscribe,
    poke: topics.poke,
    siteOnline: presence.siteOnline,
    attach: presence.attach,
    async operatorChanged(employeeId) {
      const sites = await employeeSiteIds(store.db, employeeId);
      hub.poke(...sites.flatMap((s) => [`status:${s}`, `site:${s}`] as Topic[]));
    },
    watchChat(chatId, siteId, startMs) {
      void store.channel.publish(`watch ${chatId} ${siteId} ${startMs}`);
      lost.watch(chatId, siteId, startMs);
    },
    async chatWait(siteId) {
      const site = await siteById(store.db, siteId);
      return (site && (JSON.parse(site.settings) as SiteSettings).chat_wait) || defaultWait;
    },
    async close() {
      life.closed = true;
      topics.close();
      presence.close();
      lost.close();
      unsubscribe();
      while (life.working.size) await Promise.all([...life.working]);
    },
  };

  // What the other processes send (PostgreSQL): their pokes, delivered here without sending them
  // back, and their lost-timer watches. null: messages may have been missed (the channel
  // reconnected), so every stream here reads again.
  const unsubscribe = store.channel.subscribe((message) => {
    if (life.closed) return;
    if (message === null) return topics.deliver([...topics.listeners.keys()]);
    const [kind, ...args] = message.split(' ');
    if (kind === 'poke') topics.deliver(args.filter(isTopic));
    else if (kind === 'watch' && args.length === 3) {
      const [chatId, siteId, startMs] = args.map(Number) as [number, number, number];
      if ([chatId, siteId, startMs].every(Number.isSafeInteger)) lost.watch(chatId, siteId, startMs);
    }
  });
  // The chats that were waiting when the server stopped get their lost timers back.
  for (const c of await waitingChats(store.db)) lost.watch(c.id, c.site_id, c.start_ms);
  return hub;
}

/** Whether the hub has closed, and the database work it started itself (lost timers, chat_wait reads, operator changes): close() waits for it. */
interface Lifetime {
  closed: boolean;
  working: Set<Promise<unknown>>;
  /** Runs `job` in the background; a failure is dropped (the next poke or reconnect reads again). */
  background(job: Promise<unknown>): void;
}

function lifetime(): Lifetime {
  const working = new Set<Promise<unknown>>();
  return {
    closed: false,
    working,
    background(job) {
      const p = job.catch(() => undefined).finally(() => working.delete(p));
      working.add(p);
    },
  };
}

/** Who listens to which topic, and the pokes delivered once this process's open transactions have ended. */
function topicStreams(store: Store, life: Lifetime) {
  const listeners = new Map<Topic, Set<() => void>>();
  const pending = new Set<Topic>();
  let flushing: NodeJS.Immediate | null = null;
  const deliver = (topics: readonly Topic[]) => {
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
  /** Delivers the pending pokes here and, unless they came from there, to the other processes. */
  const flush = (publish: boolean) => {
    flushing = null;
    const topics = [...pending];
    pending.clear();
    if (publish && topics.length) void store.channel.publish(`poke ${topics.join(' ')}`);
    deliver(topics);
  };
  return {
    listeners,
    deliver,
    subscribe(topic: Topic, fn: () => void): () => void {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (!set.size) listeners.delete(topic);
      };
    },
    poke(...topics: Topic[]): void {
      for (const t of topics) pending.add(t);
      if (!flushing && !life.closed) flushing = setImmediate(() => void store.settled().then(() => !life.closed && flush(true)));
    },
    close() {
      if (flushing) clearImmediate(flushing);
      listeners.clear();
    },
  };
}

/**
 * Which operators have a console open here, kept online for the other processes by rows of
 * operator_consoles (a heartbeat), with a grace after the last console closes (a reload).
 */
function operatorPresence(
  store: Store,
  life: Lifetime,
  processId: string,
  graceMs: number,
  operatorChanged: (employeeId: number) => Promise<void>,
) {
  const consoles = new Map<number, number>();
  const graces = new Map<number, NodeJS.Timeout>();
  const writeOnlineUntil = presenceWriter(store, processId);
  // Keeps this process's open consoles online for the other processes.
  const heartbeat = setInterval(() => {
    for (const [employeeId, n] of consoles) if (n > 0) life.background(writeOnlineUntil(employeeId, Date.now() + LIVE_MS));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  /** The operator's last console here closed: online for the grace, then changed. */
  const detach = (employeeId: number) => {
    const n = (consoles.get(employeeId) ?? 1) - 1;
    if (n > 0) return void consoles.set(employeeId, n);
    consoles.delete(employeeId);
    if (life.closed) return;
    life.background(writeOnlineUntil(employeeId, Date.now() + graceMs));
    const t = setTimeout(() => {
      graces.delete(employeeId);
      life.background(operatorChanged(employeeId));
    }, graceMs);
    t.unref();
    graces.set(employeeId, t);
  };
  return {
    async siteOnline(siteId: number, db: Queryable = store.db): Promise<boolean> {
      const active = await activeOperatorsOfSite(db, siteId);
      // This process's own consoles answer at once; the others' are rows of operator_consoles.
      if (active.some((id) => (consoles.get(id) ?? 0) > 0 || graces.has(id))) return true;
      return active.length > 0 && siteHasConsoleOpen(db, siteId, Date.now());
    },
    attach(employeeId: number): () => void {
      clearTimeout(graces.get(employeeId));
      const inGrace = graces.delete(employeeId);
      const attached = (consoles.get(employeeId) ?? 0) > 0;
      consoles.set(employeeId, (consoles.get(employeeId) ?? 0) + 1);
      // This process's first console of the operator: online for a minute, for the other processes
      // too. Also after a grace (a console reloaded): the row then says only the grace's seconds, and
      // the next heartbeat may come after they end. The status changed only if there was no grace.
      if (!attached) {
        const written = writeOnlineUntil(employeeId, Date.now() + LIVE_MS);
        life.background(inGrace ? written : written.then(() => operatorChanged(employeeId)));
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        detach(employeeId);
      };
    },
    close() {
      for (const t of graces.values()) clearTimeout(t);
      clearInterval(heartbeat);
    },
  };
}

/**
 * Writes an operator's row of operator_consoles. A console closed and opened again at once writes
 * the grace and then the minute; on PostgreSQL two pool connections could commit them the other
 * way round and leave the grace. Each write waits for the one before it.
 */
function presenceWriter(store: Store, processId: string) {
  const presenceWrites = new Map<number, Promise<void>>();
  return (employeeId: number, untilMs: number): Promise<void> => {
    const write = (presenceWrites.get(employeeId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => consoleUntil(store.db, employeeId, processId, untilMs));
    presenceWrites.set(employeeId, write);
    void write.then(
      () => presenceWrites.get(employeeId) === write && presenceWrites.delete(employeeId),
      () => presenceWrites.get(employeeId) === write && presenceWrites.delete(employeeId),
    );
    return write;
  };
}

interface LostTimerDeps {
  events: EventSink;
  chatWait: (siteId: number) => Promise<number>;
  /** Seconds when the site's setting cannot be read. */
  defaultWait: number;
  poke: Pokes['poke'];
}

/** The timers that make a chat nobody answered `lost`, one per waiting chat. */
function lostTimers(store: Store, life: Lifetime, deps: LostTimerDeps) {
  /** The lost timer of each waiting chat; a newer watch of the same chat replaces the entry. */
  const timers = new Map<number, { timeout?: NodeJS.Timeout }>();

  /** Sets the chat's timer, unless a newer watch or close() came first. */
  const arm = (chatId: number, siteId: number, entry: { timeout?: NodeJS.Timeout }, dueMs: number) => {
    if (life.closed || timers.get(chatId) !== entry) return;
    const fire = () => {
      if (timers.get(chatId) !== entry) return;
      timers.delete(chatId);
      life.background(
        loseChat(store, deps.events, chatId, siteId).then(
          (visitorId) => {
            if (visitorId != null) deps.poke(`site:${siteId}`, `visitor:${visitorId}`);
          },
          () => {
            // The database refused (busy, say): the chat still waits, so it is tried again.
            if (!life.closed && !timers.has(chatId)) {
              timers.set(chatId, entry);
              arm(chatId, siteId, entry, Date.now() + 1000);
            }
          },
        ),
      );
    };
    entry.timeout = setTimeout(fire, Math.max(0, dueMs - Date.now()));
    entry.timeout.unref();
  };

  return {
    /** Arms the chat's lost timer in this process; a newer watch of the same chat replaces it. */
    watch(chatId: number, siteId: number, startMs: number): void {
      clearTimeout(timers.get(chatId)?.timeout);
      const entry = {};
      timers.set(chatId, entry);
      life.background(
        deps.chatWait(siteId).then(
          (wait) => arm(chatId, siteId, entry, startMs + wait * 1000),
          // Without the site's setting the default holds: the chat must not wait forever.
          () => arm(chatId, siteId, entry, startMs + deps.defaultWait * 1000),
        ),
      );
    },
    close() {
      for (const e of timers.values()) clearTimeout(e.timeout);
      timers.clear();
    },
  };
}

/** Makes the chat lost if it still waits, announcing it; its visitor then, else null. */
function loseChat(store: Store, events: EventSink, chatId: number, siteId: number): Promise<number | null> {
  return store.db.transaction().execute(async (trx) => {
    const lostVisitor = await loseIfWaiting(trx, chatId, Date.now());
    if (lostVisitor != null) await events.emit(trx, { type: 'chat.finished', siteId, kind: 'chat', id: chatId });
    return lostVisitor;
  });
}
