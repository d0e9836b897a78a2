import type { FastifyInstance, FastifyReply } from 'fastify';

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
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

const registries = new WeakMap<FastifyInstance, Set<Sse>>();

/**
 * Call once while registering routes that stream: the server then ends every open stream when it
 * closes (an open stream would otherwise keep `close()` waiting forever).
 */
export function sseSupport(app: FastifyInstance): void {
  if (registries.has(app)) return;
  const open = new Set<Sse>();
  registries.set(app, open);
  app.addHook('preClose', (done) => {
    for (const s of [...open]) s.close();
    done();
  });
}

/** Turns the request into an event stream. `onClose` runs once, whoever ends it. */
export function openSse(app: FastifyInstance, reply: FastifyReply, onClose: () => void): Sse {
  const open = registries.get(app);
  if (!open) throw new Error('sseSupport(app) was not called');
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
