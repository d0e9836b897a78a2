import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import { redactedLogger, type LogStream } from './log-redaction.js';
import { routeLabel } from './route-label.js';

/** The levels SVC_LOG_LEVEL accepts, most talkative first. */
export const LOG_LEVELS = ['info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The logger option of createServer: off, on at `info` (stdout, or a stream), or a level. */
export type LoggerOption = boolean | LogStream | { level: LogLevel; stream?: LogStream };

/** Probes and scrapes: asked every few seconds, they would drown the lines worth reading. */
const QUIET_PATHS = /^\/(health|ready|readiness|metrics)(\/|\?|$)/;

/**
 * Fastify's logger options: every line passes the redaction of log-redaction.ts; on a terminal,
 * and when pino-pretty (a development dependency) is installed, lines are printed readably.
 */
export function serverLogger(opt: LoggerOption | undefined): FastifyServerOptions['logger'] {
  if (!opt) return false;
  if (opt === true || !('level' in opt)) return redactedLogger(opt);
  const out = opt.stream ?? prettyStdout() ?? true;
  const base = redactedLogger(out);
  return base && typeof base === 'object' ? { ...base, level: opt.level } : base;
}

/** A stream that prints pino's JSON lines readably, or null (not a terminal, or no pino-pretty). */
function prettyStdout(): LogStream | null {
  if (!process.stdout.isTTY) return null;
  let factory: ((o: object) => (obj: object) => string) | undefined;
  try {
    // Loaded only if present: production installs leave development dependencies out.
    factory = (createRequire(import.meta.url)('pino-pretty') as { prettyFactory: typeof factory }).prettyFactory;
  } catch {
    return null;
  }
  if (!factory) return null;
  const pretty = factory({ colorize: true, ignore: 'pid,hostname' });
  return {
    write: (line) => {
      try {
        process.stdout.write(pretty(JSON.parse(line) as object));
      } catch {
        process.stdout.write(line);
      }
    },
  };
}

/** Fastify's own two lines per request are left out: logRequests writes one. */
export function quietRequestLogs(): LogController {
  return new LogController({ disableRequestLogging: true });
}

/**
 * One line per answered request (method, route, status, milliseconds) in place of Fastify's two,
 * none for probes. The URL is logged too; the logger's stream redacts its credentials.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (QUIET_PATHS.test(req.url)) return;
    // On the socket's close rather than onResponse: event streams hijack the reply and end later.
    reply.raw.once('close', () => {
      req.log.info(
        {
          method: req.method,
          route: routeLabel(req) ?? null,
          url: req.url,
          status: reply.raw.headersSent ? reply.raw.statusCode : null,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    });
  });
}
