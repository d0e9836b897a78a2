import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors.js';
import { CarrierError, type CarrierConnection, type CarrierRouteDeps } from '../carrier.js';
import { onAnswer, onEnd, onOutEnd, onOutStart, onStart } from './call-events.js';
import { IGNORED_EVENTS, isNotify, parseNotify } from './notifications.js';
import { recordingTokenValid, recordingUrl } from './recordings.js';
import { notificationSignatureValid } from './signature.js';

/**
 * What Zadarma calls on this server, per connection (`/carriers/zadarma/<connection id>/…`):
 *
 * - `GET events?zd_echo=…`: Zadarma's check of a notification URL, answered with the echo;
 * - `POST events`: the PBX's call notifications, form-encoded, each signed in its `Signature`
 *   header with the account's secret (signature.ts); a request whose signature fails stores
 *   nothing (403). NOTIFY_START is answered with the call's routing;
 * - `GET records/<recording>?t=…`: a call's recording, redirected to Zadarma's fresh link (recordings.ts).
 *
 * No CORS: Zadarma posts from its servers; the recording link is opened from the reports.
 */

const unknownConnection = () => new ApiError(404, 404301, 'Unknown Zadarma connection');
const forged = () => new ApiError(403, 403301, 'Bad or missing Signature');
const bad = (text: string) => new ApiError(400, 400102, `Invalid Zadarma notification: ${text}`);

type Params = { connectionId: string };

async function connectionOf(deps: CarrierRouteDeps, raw: string): Promise<CarrierConnection> {
  if (!/^\d{1,12}$/.test(raw)) throw unknownConnection();
  const c = await deps.connection(Number(raw));
  if (!c || c.kind !== 'zadarma') throw unknownConnection();
  return c;
}

/** The form's fields as text; a field sent twice, or a body that is no form, is malformed. */
function formOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('a form-encoded body is required');
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v !== 'string') throw bad(`${k} sent more than once`);
    form[k] = v;
  }
  return form;
}

export async function zadarmaRoutes(app: FastifyInstance, deps: CarrierRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    // Form bodies only in this scope; a notification is a few hundred bytes.
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    scope.get<{ Params: Params; Querystring: { zd_echo?: string } }>('/carriers/zadarma/:connectionId/events', async (req, reply) => {
      await connectionOf(deps, req.params.connectionId);
      const echo = req.query.zd_echo;
      if (typeof echo !== 'string' || !echo || echo.length > 256) throw bad('zd_echo is required');
      return reply.type('text/plain; charset=utf-8').send(echo);
    });
    scope.post<{ Params: Params }>('/carriers/zadarma/:connectionId/events', (req, reply) => notification(deps, req, reply));
    scope.get<{ Params: Params & { recording: string }; Querystring: { t?: string } }>(
      '/carriers/zadarma/:connectionId/records/:recording',
      async (req, reply) => {
        const c = await connectionOf(deps, req.params.connectionId);
        if (!recordingTokenValid(c, req.params.recording, req.query.t)) throw forged();
        try {
          return reply.redirect(await recordingUrl(c, req.params.recording), 302);
        } catch (e) {
          if (!(e instanceof CarrierError)) throw e;
          if (e.kind === 'not_found') throw new ApiError(404, 404302, 'The recording is not saved yet, or no longer');
          throw new ApiError(502, 502301, e.message);
        }
      },
    );
  });
}

async function notification(deps: CarrierRouteDeps, req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  const c = await connectionOf(deps, req.params.connectionId);
  const form = formOf(req.body);
  const event = form.event;
  if (!event) throw bad('event is required');
  if (!notificationSignatureValid(form, req.headers.signature, c.credentials.secret ?? '')) throw forged();
  const now = Date.now();
  if (IGNORED_EVENTS.has(event)) return reply.send({});
  if (!isNotify(event)) throw bad(`unknown event ${event.slice(0, 40)}`);
  const log = req.log;
  switch (event) {
    case 'NOTIFY_START':
      // Zadarma reads the routing from the answer's top level.
      return reply.send((await onStart(c, deps, parseNotify(event, form), now, log)).routing);
    case 'NOTIFY_ANSWER':
      return reply.send({ success: true, data: await onAnswer(deps, parseNotify(event, form), now, log) });
    case 'NOTIFY_END':
      return reply.send({ success: true, data: await onEnd(c, deps, parseNotify(event, form), now, log) });
    case 'NOTIFY_OUT_START':
      return reply.send({ success: true, data: await onOutStart(c, deps, parseNotify(event, form), now, log) });
    case 'NOTIFY_OUT_END':
      return reply.send({ success: true, data: await onOutEnd(c, deps, parseNotify(event, form), now, log) });
    case 'NOTIFY_RECORD':
      // The call's link was given with its end (recordings.ts): it fetches the saved file when opened.
      parseNotify(event, form);
      return reply.send({ success: true, data: [] });
  }
}
