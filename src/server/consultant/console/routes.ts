import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noEvents, type EventSink } from '../../webhooks/events.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  CONSOLE_API,
  CONSOLE_PATH,
  type ConsoleCall,
  type ConsoleChat,
  type ConsoleMe,
  type ConsoleMessage,
  type ConsoleRequest,
  type LoginBody,
  type ReplyBody,
  type StatusBody,
} from '../../../console-protocol.js';
import { LIMITS } from '../../../protocol.js';
import { DEFAULT_TIME_ZONE } from '../../identity/dates.js';
import { customerById } from '../../identity/customers.js';
import { errors } from '../../http/errors.js';
import { openSse, refuseOverCaps, sseSupport } from '../../http/sse.js';
import type { Store } from '../../store/open.js';
import type { Queryable } from '../../store/queryable.js';
import { timestamp } from '../../store/time.js';
import { describeIssue } from '../../writes/schemas.js';
import type { Hub } from '../chat/hub.js';
import {
  addMessage,
  chatById,
  consoleChats,
  consoleMessagesAfter,
  endChat,
  OPERATOR,
  type ChatRow,
  type MessageRow,
} from '../chat/queries.js';
import { coalesce } from '../coalesce.js';
import { operatorAuth, type Operator } from '../../identity/auth.js';
import type { LoginGuard } from '../../identity/login-guard.js';
import { employeeSites, offlineUnlessSignedIn, operatorActive, setOperatorActive } from '../../identity/operators.js';
import { CONSOLE_CSS, consolePage } from './page.js';
import { chatVisitReader } from './chat-visit.js';
import { reportRoutes } from './reports.js';
import { FEEDS } from './requests.js';

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact = <T extends true>(_: T) => _;

const LoginSchema = z.strictObject({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024) });
exact<Exact<z.output<typeof LoginSchema>, LoginBody>>(true);
const StatusSchema = z.strictObject({ online: z.boolean() });
exact<Exact<z.output<typeof StatusSchema>, StatusBody>>(true);
const ReplySchema = z.strictObject({ text: z.string().trim().min(1).max(LIMITS.text), client_id: z.string().regex(/^[\w-]{8,64}$/) });
exact<Exact<z.output<typeof ReplySchema>, ReplyBody>>(true);
const ChatParams = z.strictObject({ id: z.coerce.number().int().positive() });
/** Body of the actions that take none (logout, close): `{}` or nothing, like every body here strict. */
const NoBody = z.strictObject({}).optional();

/** How far back the console's first view of chats and requests reaches. */
const WINDOW_MS = 24 * 3600 * 1000;

export interface ConsoleOptions {
  store: Store;
  hub: Hub;
  /** Folder of the built browser files (op-console.js). */
  bundleDir: string;
  /** Public base URL of the server, when configured: its origin is accepted on POSTs. */
  publicUrl?: string | undefined;
  /** Console session lifetime; default 3 h. */
  sessionMs?: number | undefined;
  /** The guard of every password check (shared with the REST API's login). */
  loginGuard: LoginGuard;
  /** The calls shown live (the screen pop); none when absent. */
  screenPop?: ScreenPopFactory | undefined;
  /** Where a chat an operator ends is announced (webhooks/). */
  events?: EventSink | undefined;
}

/** Makes the reader of the calls one console stream shows: the calls of `siteIds` of the last minutes at `now`. */
export type ScreenPopFactory = () => (db: Queryable, siteIds: readonly number[], now: number) => Promise<ConsoleCall[]>;

/**
 * The operator console: a page served at /op/ and its JSON API under /op/api/. An operator signs
 * in with e-mail and password, switches online or offline, receives the chats, offline requests
 * and call-back requests of their sites over one event stream, and answers chats. Every query is
 * limited to the operator's own sites; a chat of another site answers 404 as if it did not exist.
 */
export function consoleRoutes(app: FastifyInstance, opts: ConsoleOptions): void {
  const { db } = opts.store;
  const auth = operatorAuth(opts.store, opts.loginGuard, opts.sessionMs, opts.publicUrl);
  sseSupport(app);
  pageRoutes(app, opts.bundleDir);
  reportRoutes(app, { db, bundleDir: opts.bundleDir, pageHeaders: PAGE_HEADERS, requireOperator: (req) => auth.require(req) });
  sessionRoutes(app, opts, auth);
  chatRoutes(app, opts, auth);
  streamRoute(app, opts, auth);
}

type Auth = ReturnType<typeof operatorAuth>;

const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const me = async (db: Queryable, op: Operator): Promise<ConsoleMe> => ({
  id: op.id,
  full_name: op.full_name,
  email: op.email,
  online: !!op.is_consultant_operator_active,
  sites: await employeeSites(db, op.id),
  expires: op.expires_ms,
  time_zone: (await customerById(db, op.customer_id))?.time_zone ?? DEFAULT_TIME_ZONE,
});

/**
 * Cross-site request forgery: the cookie is SameSite=Strict, every POST must be JSON (which a
 * cross-origin form cannot send and a cross-origin fetch cannot send without a preflight this
 * server never grants) and, when the browser names its origin, come from this server's origin.
 */
function guard(req: FastifyRequest, publicUrl: string | undefined): void {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw errors.unsupportedType();
  const origin = req.headers.origin;
  if (origin && origin !== `${req.protocol}://${req.host}` && (!publicUrl || origin !== new URL(publicUrl).origin)) {
    throw errors.originNotAllowed();
  }
}

function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const r = schema.safeParse(v);
  if (!r.success) throw errors.invalid(describeIssue(r.error));
  return r.data;
}

/** The chat, read in `trx` (the action's transaction), if it is of one of the operator's sites. */
async function ownChat(trx: Queryable, op: Operator, id: unknown): Promise<ChatRow> {
  const chat = await chatById(trx, parse(ChatParams, { id }).id);
  if (!chat || !op.sites.includes(chat.site_id)) throw errors.notFound();
  return chat;
}

/** The console's page and its files. */
function pageRoutes(app: FastifyInstance, bundleDir: string): void {
  app.get(CONSOLE_PATH.slice(0, -1), async (_req, reply) => reply.redirect(CONSOLE_PATH));
  app.get(CONSOLE_PATH, async (_req, reply) => reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(consolePage()));
  app.get(CONSOLE_PATH + 'console.css', async (_req, reply) =>
    reply.headers(PAGE_HEADERS).type('text/css; charset=utf-8').send(CONSOLE_CSS),
  );
  app.get(CONSOLE_PATH + 'console.js', async (_req, reply) => {
    let body: Buffer;
    try {
      body = await readFile(join(bundleDir, 'op-console.js'));
    } catch {
      throw errors.notFound();
    }
    return reply.headers(PAGE_HEADERS).type('text/javascript; charset=utf-8').send(body);
  });
}

/** Sign-in, sign-out, the operator and their online switch. */
function sessionRoutes(app: FastifyInstance, opts: ConsoleOptions, auth: Auth): void {
  const { store, hub } = opts;
  const { db } = store;
  app.post(CONSOLE_API + 'login', async (req, reply) => {
    guard(req, opts.publicUrl);
    const body = parse(LoginSchema, req.body);
    const op = await auth.signIn(req, reply, body.email, body.password);
    return { success: true, data: await me(db, op) };
  });

  app.post(CONSOLE_API + 'logout', async (req, reply) => {
    guard(req, opts.publicUrl);
    parse(NoBody, req.body);
    const op = await auth.current(req);
    if (op) {
      await auth.signOut(req, op, reply);
      // Signing out takes the operator offline unless another session of theirs is still open.
      await offlineUnlessSignedIn(db, op.id, Date.now());
      await hub.operatorChanged(op.id);
    }
    return { success: true };
  });

  app.get(CONSOLE_API + 'me', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await me(db, await auth.require(req)) };
  });

  app.post(CONSOLE_API + 'status', async (req) => {
    guard(req, opts.publicUrl);
    const op = await auth.require(req);
    const { online } = parse(StatusSchema, req.body);
    await setOperatorActive(db, op.id, online);
    await hub.operatorChanged(op.id);
    return { success: true, data: { online } };
  });
}

/** An operator's reply to a chat, and the end of a chat. */
function chatRoutes(app: FastifyInstance, opts: ConsoleOptions, auth: Auth): void {
  const { store, hub } = opts;
  const { db } = store;
  app.post<{ Params: { id: string } }>(CONSOLE_API + 'chats/:id/messages', async (req) => {
    guard(req, opts.publicUrl);
    const op = await auth.require(req);
    const body = parse(ReplySchema, req.body);
    // The checks and the message in one transaction: the chat cannot end or be taken between them.
    const { chat, m } = await db.transaction().execute(async (trx) => {
      const chat = await ownChat(trx, op, req.params.id);
      if (chat.end_ms != null) throw errors.conflict('The chat is over');
      if (chat.employee_id != null && chat.employee_id !== op.id) throw errors.conflict('Another operator answers this chat');
      return { chat, m: await addMessage(trx, chat, 'operator', body.text, Date.now(), body.client_id, op) };
    });
    hub.poke(`site:${chat.site_id}`, `visitor:${chat.visitor_id}`);
    return { success: true, data: consoleMessage(m) };
  });

  app.post<{ Params: { id: string } }>(CONSOLE_API + 'chats/:id/close', async (req) => {
    guard(req, opts.publicUrl);
    const op = await auth.require(req);
    const { chat, ended } = await db.transaction().execute(async (trx) => {
      const chat = await ownChat(trx, op, req.params.id);
      parse(NoBody, req.body);
      if (chat.employee_id != null && chat.employee_id !== op.id) throw errors.conflict('Another operator answers this chat');
      const ended = await endChat(trx, chat.id, Date.now(), 'refused');
      if (ended) await (opts.events ?? noEvents).emit(trx, { type: 'chat.finished', siteId: chat.site_id, kind: 'chat', id: chat.id });
      return { chat, ended };
    });
    if (ended) hub.poke(`site:${chat.site_id}`, `visitor:${chat.visitor_id}`);
    return { success: true };
  });
}

/** The operator's event stream: what changed on their sites is sent again after each poke. */
function streamRoute(app: FastifyInstance, opts: ConsoleOptions, auth: Auth): void {
  const { store, hub } = opts;
  const { db } = store;
  app.get(CONSOLE_API + 'stream', { onRequest: refuseOverCaps(app) }, async (req, reply) => {
    const op = await auth.require(req);
    const hello = await me(db, op);
    const feed = streamFeed(db, hub, op, opts.screenPop?.());
    const refresh = coalesce(
      async () => {
        if (!(await auth.alive(op))) return sse.close();
        await feed((event, data) => sse.send(event, data));
      },
      (e) => {
        if (!sse.closed) req.log.error(e);
        sse.close();
      },
    );

    const offs = op.sites.map((s) => hub.subscribe(`site:${s}`, refresh));
    const detach = hub.attach(op.id);
    const expiry = setTimeout(() => sse.close(), Math.max(0, op.expires_ms - Date.now()));
    expiry.unref();
    const sse = openSse(app, reply, () => {
      clearTimeout(expiry);
      for (const off of offs) off();
      detach();
    });
    if (sse.closed) return;
    sse.send('hello', hello);
    refresh();
  });
}

type Send = (event: string, data: unknown) => void;

/**
 * One stream's reads: each pass sends what is new or changed since the pass before (the operator's
 * switch, chats, messages, requests, calls); the first pass reaches WINDOW_MS back.
 */
function streamFeed(db: Queryable, hub: Hub, op: Operator, calls: ReturnType<ScreenPopFactory> | undefined) {
  const since = Date.now() - WINDOW_MS;
  let online: boolean | null = null;
  let lastMessage = 0;
  const sendChats = chatFeed(db, hub, op, since);
  const sendRequests = requestFeed(db, op, since);
  const sendCalls = callFeed(db, op, calls);
  return async (send: Send): Promise<void> => {
    const active = await operatorActive(db, op.id);
    if (active !== online) send('online', { me: (online = active) });
    await sendChats(send);
    for (const m of await consoleMessagesAfter(db, op.sites, lastMessage, since, 1000)) {
      send('message', consoleMessage(m));
      lastMessage = m.id;
    }
    await sendRequests(send);
    await sendCalls(send);
  };
}

/** The chats of the operator's sites, each sent again when it changed. */
function chatFeed(db: Queryable, hub: Hub, op: Operator, since: number) {
  const sent = new Map<number, string>();
  const chatVisits = chatVisitReader();
  return async (send: Send): Promise<void> => {
    const waits = new Map<number, number>();
    const chats = await consoleChats(db, op.sites, since);
    const visitOf = await chatVisits(db, chats);
    for (const c of chats) {
      const waiting = c.status == null && c.end_ms == null;
      if (waiting && !waits.has(c.site_id)) waits.set(c.site_id, await hub.chatWait(c.site_id));
      const data: ConsoleChat = {
        id: c.id,
        site_id: c.site_id,
        visitor_id: c.visitor_id,
        status: c.status,
        closed: c.end_ms != null,
        start_time: c.start_time,
        employee_id: c.employee_id,
        operator_name: c.operator_name,
        messages_count: c.messages_count,
        page_url: c.page_url,
        lost_at: waiting ? c.start_ms + waits.get(c.site_id)! * 1000 : null,
        visit: visitOf(c),
      };
      const json = JSON.stringify(data);
      if (sent.get(c.id) !== json) {
        sent.set(c.id, json);
        send('chat', json);
      }
    }
  };
}

/** The requests of each feed, newer than the last sent; a feed starts from the newest of its first view. */
function requestFeed(db: Queryable, op: Operator, since: number) {
  const lastRequest = new Map<string, number>();
  return async (send: Send): Promise<void> => {
    for (const f of FEEDS) {
      let rows: ConsoleRequest[];
      const after = lastRequest.get(f.kind);
      if (after == null) {
        // The newest id first: a request stored between the two reads comes with the next one.
        const max = await f.maxId(db);
        rows = await f.recent(db, op.sites, timestamp(since), max, 200);
        lastRequest.set(f.kind, max);
      } else {
        rows = await f.after(db, op.sites, after, 500);
      }
      for (const r of rows) {
        send('request', r);
        lastRequest.set(f.kind, Math.max(lastRequest.get(f.kind)!, r.id));
      }
    }
  };
}

/** Calls: sent when they start ringing and on each change (answered, ended, lost). */
function callFeed(db: Queryable, op: Operator, calls: ReturnType<ScreenPopFactory> | undefined) {
  const sentCalls = new Map<number, string>();
  return async (send: Send): Promise<void> => {
    for (const c of calls ? await calls(db, op.sites, Date.now()) : []) {
      const json = JSON.stringify(c);
      if (sentCalls.get(c.id) !== json) {
        sentCalls.set(c.id, json);
        send('call', json);
      }
    }
  };
}

function consoleMessage(m: MessageRow): ConsoleMessage {
  return {
    id: m.id,
    chat_id: m.chat_id,
    from: m.sourse === OPERATOR ? 'operator' : 'visitor',
    text: m.message,
    at: m.date_time,
    user_id: m.user_id,
    client_id: m.client_id,
  };
}
