import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../http/errors.js';
import { toXml } from './xml.js';

/** The two output formats of the REST API, chosen by `Accept` (../shared/spec/rest-api.md, section 1). */
export type Format = 'json' | 'xml';

/**
 * The format a request asks for: `Accept` naming application/json or application/xml (the first
 * of the two it lists), else the `accept` query parameter the vendor later accepted for tools that
 * cannot set headers; null when neither says.
 */
export function requestedFormat(req: FastifyRequest): Format | null {
  const header = String(req.headers.accept ?? '').toLowerCase();
  const m = /application\/(json|xml)/.exec(header);
  if (m) return m[1] as Format;
  const q = (req.query as Record<string, unknown> | undefined)?.accept;
  if (q === 'application/json' || q === 'json') return 'json';
  if (q === 'application/xml' || q === 'xml') return 'xml';
  return null;
}

export function send(reply: FastifyReply, format: Format, status: number, envelope: Record<string, unknown>): FastifyReply {
  if (format === 'xml') return reply.status(status).type('application/xml; charset=utf-8').send(toXml(envelope));
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

export function sendError(reply: FastifyReply, format: Format, e: ApiError): FastifyReply {
  return send(reply, format, e.status, { success: false, message: `${e.code}: ${e.message}` });
}
