import type { FastifyInstance } from 'fastify';
import {
  CarrierError,
  type CarrierAdapter,
  type CarrierConnection,
  type CarrierKind,
  type CarrierModule,
  type HeldNumber,
  type OfferedNumber,
} from '../../src/server/carriers/carrier.js';

/**
 * A carrier module for the stand-in carrier (stand-in-carrier.ts), written as a real one is: an
 * adapter over the carrier's HTTP API for one connection, and the route the carrier calls when
 * one of its numbers rings. Its kind is not one of the product's carriers, on purpose.
 */

export const STAND_IN_KIND = 'standin' as CarrierKind;

interface Wire {
  id: string;
  phone: string;
  country: string;
  region: string;
  monthly: { amount: number; currency: string } | null;
}

const KINDS: Record<number, CarrierError['kind']> = { 401: 'auth', 402: 'balance', 404: 'not_found', 409: 'taken', 400: 'invalid_number' };

function adapter(c: CarrierConnection): CarrierAdapter {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(path, c.apiBase), {
      method,
      headers: { authorization: `Bearer ${c.credentials.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as T & { error?: string }) : ({} as T & { error?: string });
    if (!res.ok)
      throw new CarrierError(
        KINDS[res.status] ?? (res.status >= 500 ? 'unavailable' : 'refused'),
        json.error ?? res.statusText,
        res.status,
      );
    return json;
  };
  const held = (n: Wire): HeldNumber => ({
    phone: n.phone,
    carrierId: n.id,
    country: n.country,
    region: n.region,
    monthlyPrice: n.monthly ?? undefined,
  });
  return {
    check: async () => {
      const a = await call<{ name: string; balance: { amount: number; currency: string } }>('GET', 'account');
      return { account: a.name, balance: a.balance };
    },
    heldNumbers: async () => (await call<{ numbers: Wire[] }>('GET', 'numbers')).numbers.map(held),
    searchNumbers: async (s) => {
      const q = new URLSearchParams({ country: s.country, limit: String(s.limit ?? 20) });
      if (s.region) q.set('region', s.region);
      if (s.areaCode) q.set('area_code', s.areaCode);
      if (s.contains) q.set('contains', s.contains);
      const { offers } = await call<{ offers: Wire[] }>('GET', `available?${q}`);
      return offers.map((o): OfferedNumber => ({ phone: o.phone, country: o.country, region: o.region, monthlyPrice: o.monthly }));
    },
    buyNumber: async (phone) => held(await call<Wire>('POST', 'numbers', { phone })),
    routeNumber: async (n) => {
      await call('POST', `numbers/${n.carrierId}/route`, { voice_url: `${c.publicUrl}carriers/standin/${c.id}/voice` });
    },
    releaseNumber: async (n) => {
      await call('DELETE', `numbers/${n.carrierId}`);
    },
    dialCallback: async (d) => ({
      callId: (
        await call<{ call_id: string }>('POST', 'calls', {
          first: d.operatorPhone,
          second: d.visitorPhone,
          caller_id: d.callerId,
          reference: d.requestId,
        })
      ).call_id,
    }),
  };
}

export const standInCarrier: CarrierModule = {
  kind: STAND_IN_KIND,
  fields: [
    { name: 'account', secret: false },
    { name: 'token', secret: true },
  ],
  adapter,
  routes(app: FastifyInstance, deps) {
    // The carrier's "signature": the account's token in a header, checked against the connection's.
    app.post<{ Params: { connectionId: string }; Body: { call_id: string; from: string; to: string } }>(
      '/carriers/standin/:connectionId/voice',
      async (req, reply) => {
        const connection = await deps.connection(Number(req.params.connectionId));
        if (!connection || req.headers['x-stand-in-token'] !== connection.credentials.token)
          return reply.status(403).send({ error: 'bad signature' });
        const { call_id, from, to } = req.body;
        const handling = await deps.handling({ numb: to, numa: from });
        const accepted = await deps.accept(
          { call_id, event: 'ringing', direction: 'in', numa: from, numb: to, time: new Date().toISOString() },
          req.log,
        );
        return { handling, call: accepted.id };
      },
    );
  },
};
