import type { FastifyInstance } from 'fastify';

/**
 * Holds every 429 for a while before it is sent (a tarpit). What was left of the abuse bench's
 * attacks, once every other guard held, was the refusals themselves: one address sending 1,000 to 2,300
 * requests a second over 16 keep-alive connections, each refused in 0.1-0.3 ms of the event loop,
 * which moved other visitors' page-view p99 2.0-2.6x. A client that is refused waits `ms` for the
 * answer, so its connections send one request per `ms` each instead of one per round trip; the
 * snippet's outbox, the only client a limit ever refuses in normal use, waits for `Retry-After`
 * anyway, so for it nothing changes but a later answer.
 *
 * At most `max` answers are held at once (a timer and an open socket each): past that a refusal is
 * answered at once, so many connections cannot turn the hold into a way of holding sockets open.
 */
export interface RefusalHold {
  /** How long a 429 is held, ms; 0 turns the hold off. */
  ms?: number;
  /** Most 429s held at once. */
  max?: number;
}

export const REFUSAL_HOLD_DEFAULTS: Required<RefusalHold> = { ms: 1000, max: 256 };

/** Adds the hold to every route of `app` (call before the routes are registered). */
export function holdRefusals(app: FastifyInstance, opts: RefusalHold | undefined): void {
  const { ms, max } = { ...REFUSAL_HOLD_DEFAULTS, ...opts };
  if (!(ms > 0)) return;
  let held = 0;
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode !== 429 || held >= max) return payload;
    held++;
    try {
      await new Promise((ok) => setTimeout(ok, ms));
    } finally {
      held--;
    }
    return payload;
  });
}
