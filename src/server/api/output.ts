import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../http/errors.js';
import { negotiate, type AnswerType } from './accept.js';
import { toXml } from './xml.js';

/**
 * How an answer is written: JSON or XML, and the media type it is sent as (`text/xml` when that is
 * what the request admits). Chosen by `Accept` (docs/spec/rest-api.md, section 1).
 */
export interface Format {
  kind: 'json' | 'xml';
  type: AnswerType;
}

export const JSON_FORMAT: Format = { kind: 'json', type: 'application/json' };

/**
 * The format a request asks for: the `accept` query parameter the vendor later accepted for tools
 * that cannot set headers (a browser's address bar sends `Accept: *\/*`, so the parameter goes
 * first), else the type its `Accept` admits best (accept.ts); null when neither admits JSON or XML.
 */
export function requestedFormat(req: FastifyRequest): Format | null {
  const q = (req.query as Record<string, unknown> | undefined)?.accept;
  if (q === 'application/json' || q === 'json') return JSON_FORMAT;
  if (q === 'application/xml' || q === 'xml') return { kind: 'xml', type: 'application/xml' };
  const header = req.headers.accept;
  const t = negotiate(Array.isArray(header) ? header.join(',') : header);
  if (t) return { kind: t === 'application/json' ? 'json' : 'xml', type: t };
  return null;
}

export function send(reply: FastifyReply, format: Format, status: number, envelope: Record<string, unknown>): FastifyReply {
  const body = format.kind === 'xml' ? toXml(envelope) : JSON.stringify(envelope);
  return reply.status(status).type(`${format.type}; charset=utf-8`).send(body);
}

export function sendError(reply: FastifyReply, format: Format, e: ApiError): FastifyReply {
  return send(reply, format, e.status, { ...e.envelope() });
}
