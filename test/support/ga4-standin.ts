import { randomBytes } from 'node:crypto';
import { startPlatform, type Arrived, type PlatformStandin } from './platform-standin.js';

/**
 * A local stand-in for GA4's Measurement Protocol, for the tests only: `/mp/collect` answers 204
 * to anything, as GA4 does, and keeps the events of requests whose measurement id and api_secret
 * are right (GA4 drops the others silently); `/debug/mp/collect` answers `{validationMessages}`
 * as the validation server does, for a missing client_id, a reserved or too long event name.
 * 429 and 500 on demand, answered as Google's front end does.
 */

export interface Ga4Standin extends PlatformStandin {
  measurementId: string;
  apiSecret: string;
  /** Events kept: the client id, the timestamp and the event. */
  accepted: Array<{ client_id: string; timestamp_micros: number | undefined; name: string; params: Record<string, unknown> }>;
}

type Body = { client_id?: string; timestamp_micros?: number; events?: Array<{ name?: string; params?: Record<string, unknown> }> };

function validation(body: Body) {
  const msgs: Array<{ fieldPath: string; description: string; validationCode: string }> = [];
  if (!body.client_id)
    msgs.push({ fieldPath: 'client_id', description: 'Measurement requires a client_id.', validationCode: 'VALUE_REQUIRED' });
  for (const e of body.events ?? []) {
    const name = e.name ?? '';
    if (/^(google_|ga_|firebase_)/.test(name) || ['ad_click', 'error', 'session_start', 'first_visit'].includes(name))
      msgs.push({
        fieldPath: 'events',
        description: `Event at index: [0] has name [${name}] which is reserved.`,
        validationCode: 'NAME_RESERVED',
      });
    if (name.length > 40)
      msgs.push({ fieldPath: 'events', description: `Event name [${name}] is too long.`, validationCode: 'VALUE_INVALID' });
  }
  return msgs;
}

export async function startGa4Standin(): Promise<Ga4Standin> {
  const measurementId = 'G-TEST1234';
  const apiSecret = `mp-${randomBytes(8).toString('hex')}`;
  const accepted: Ga4Standin['accepted'] = [];
  const collect = (r: Arrived, debug: boolean) => {
    let body: Body;
    try {
      body = JSON.parse(r.body) as Body;
    } catch {
      return debug
        ? {
            status: 200,
            body: {
              validationMessages: [{ description: 'Unable to parse Measurement Protocol JSON payload.', validationCode: 'VALUE_INVALID' }],
            },
          }
        : { status: 204 };
    }
    if (debug) return { status: 200, body: { validationMessages: validation(body) } };
    const known = r.query.get('measurement_id') === measurementId && r.query.get('api_secret') === apiSecret;
    if (known && body.client_id && !validation(body).length)
      for (const e of body.events ?? [])
        accepted.push({ client_id: body.client_id, timestamp_micros: body.timestamp_micros, name: e.name!, params: e.params ?? {} });
    return { status: 204 };
  };
  const s = await startPlatform(
    (r) => {
      if (r.method === 'POST' && r.path === '/mp/collect') return collect(r, false);
      if (r.method === 'POST' && r.path === '/debug/mp/collect') return collect(r, true);
      return { status: 404, body: '', type: 'text/html' };
    },
    (f) => ({ status: f, body: '<html><title>Error</title></html>', type: 'text/html' }),
  );
  return { ...s, measurementId, apiSecret, accepted };
}
