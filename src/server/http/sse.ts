import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { addressGroup } from './address-group.js';
import { ApiError } from './errors.js';

/**
 * Server-sent event streams (text/event-stream). Chosen over WebSocket for the consultant's push
 * channels: plain HTTP through any proxy, allowed by a page's `connect-src` like any request, and
 * the browser's EventSource reconnects by itself and sends `Last-Event-ID` to resume.
 */

export interface Sse {
  /** Sends one event; `id` becomes the stream's Last-Event-ID in the browser. */
  send(event: string | null, data: unknown, id?: number): void;
  /** Ends the stream (the browser reconnects unless told otherwise by a non-200 answer). */
  close(): void;
  readonly closed: boolean;
}

/** How soon the browser reconnects after a drop (EventSource's `retry`). */
const RETRY_MS = 1000;
/** How soon the browser reconnects to a server that is shutting down (a restart takes seconds). */
const SHUTDOWN_RETRY_MS = 3000;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

/**
 * Caps on open streams. Each holds a socket, a file descriptor and a subscription for as long as
 * the client likes: 1,100 streams from one client once used up the process's descriptors, and
 * `/health` and `svc.js` stopped answering. Past a cap the request is answered at once, with the
 * envelope: 429 (this address has enough) or 503 (the server has enough), with `Retry-After`. The
 * widgets and the console then retry with a growing delay.
 */
export interface StreamLimits {
  /** Open streams per client address (IPv6: per /64), all kinds together. Default 32. */
  perAddress?: number;
  /** Open streams of the process. Default 800: under the usual 1,024 descriptors, with room for requests. */
  total?: number;
}

export const STREAM_LIMIT_DEFAULTS: Required<StreamLimits> = { perAddress: 32, total: 800 };
/** What a refused client is told to wait, seconds. */
const REFUSED_RETRY_S = 30;

interface Registry {
  open: Set<Sse>;
  limits: Required<StreamLimits>;
  byAddress: Map<string, number>;
  /** Set when the server begins to close: streams end with a retry hint. */
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The open streams and their caps: decorated once on the root, so every plugin shares them. */
    svcStreams?: Registry;
  }
}

/**
 * Call once while registering routes that stream: the server then ends every open stream when it
 * closes (an open stream would otherwise keep `close()` waiting forever). The first call's
 * `limits` hold (createServer makes it, before the features).
 */
export function sseSupport(app: FastifyInstance, limits: StreamLimits = {}): void {
  if (app.svcStreams) return;
  const open = new Set<Sse>();
  const registry: Registry = { open, limits: { ...STREAM_LIMIT_DEFAULTS, ...limits }, byAddress: new Map(), closing: false };
  app.decorate('svcStreams', registry);
  app.addHook('preClose', (done) => {
    endStreams(app);
    done();
  });
}

/** Ends every open stream with a hint to reconnect a little later: the server is going away. */
export function endStreams(app: FastifyInstance): void {
  const registry = app.svcStreams;
  if (!registry) return;
  registry.closing = true;
  for (const s of [...registry.open]) s.close();
}

/** The answer to a stream past a cap, or null when it may open. */
function capRefusal({ open, limits, byAddress }: Registry, address: string): ApiError | null {
  if ((byAddress.get(address) ?? 0) >= limits.perAddress) return new ApiError(429, 429003, 'Too many open streams from this address');
  if (open.size >= limits.total) return new ApiError(503, 503002, 'Too many open streams; try again later');
  return null;
}

/**
 * The onRequest hook of a streaming route: past a cap the request is answered before the route
 * does any work (the site lookup, a visitor read, subscriptions) and without the error handler's
 * round, since a client held at its cap asks again and again (1,900 times a second in the `abuse`
 * bench). openSse checks again: streams may open in between.
 */
export function refuseOverCaps(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (req, reply) => {
    const refused = app.svcStreams && capRefusal(app.svcStreams, addressGroup(req.ip));
    if (refused) return reply.code(refused.status).header('Retry-After', String(REFUSED_RETRY_S)).send(refused.envelope());
  };
}

/** The stream of a client that had gone before it opened: sends nothing, already closed. */
const ENDED: Sse = { send() {}, close() {}, closed: true };

/**
 * Turns the request into an event stream. `onClose` runs once, whoever ends it; also when the
 * stream is refused for a cap, in which case this throws the `ApiError` to answer with, and at
 * once when the client has already gone (the stream returned is closed).
 */
export function openSse(app: FastifyInstance, reply: FastifyReply, onClose: () => void): Sse {
  const registry = app.svcStreams;
  if (!registry) throw new Error('sseSupport(app) was not called');
  // A client that left while the route awaited its reads (a session, a site, a visitor) has had its
  // 'close' already, and a listener added now never hears it: the stream would count against its
  // address and the process for good, and `onClose` (an operator's presence, the subscriptions)
  // would never run, so a closed console would keep its operator online. It ends here, unopened.
  if (reply.raw.destroyed) {
    reply.hijack();
    onClose();
    return ENDED;
  }
  const { open, byAddress } = registry;
  const address = addressGroup(reply.request.ip);
  const refused = capRefusal(registry, address);
  if (refused) {
    onClose();
    reply.header('Retry-After', String(REFUSED_RETRY_S));
    throw refused;
  }
  byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
  reply.hijack();
  const res = reply.raw;
  // Headers set by hooks (CORS) live on the reply; a hijacked reply must send them itself.
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  let closed = false;
  const beat = setInterval(() => res.write(':\n\n'), HEARTBEAT_MS);
  beat.unref();
  const sse: Sse = {
    send(event, data, id) {
      if (closed) return;
      // JSON has no raw newlines, so one `data:` line always suffices.
      res.write(
        (event ? `event: ${event}\n` : '') +
          (id != null ? `id: ${id}\n` : '') +
          `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
      );
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      open.delete(sse);
      const n = (byAddress.get(address) ?? 1) - 1;
      if (n > 0) byAddress.set(address, n);
      else byAddress.delete(address);
      // The browser waits a little before it asks a restarting server again.
      if (registry.closing && res.writable) res.write(`retry: ${SHUTDOWN_RETRY_MS}\n\n`);
      // The connection of a stream is never reused: ending it lets the server close at once.
      res.end(() => res.socket?.destroySoon());
      onClose();
    },
    get closed() {
      return closed;
    },
  };
  open.add(sse);
  res.on('close', () => sse.close());
  res.on('error', () => sse.close());
  return sse;
}
