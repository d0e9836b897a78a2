import { randomBytes } from 'node:crypto';
import { apiWorld, type ApiWorld } from '../api-helpers.js';
import { startStandInCarrier, type StandInCarrier } from '../../../support/stand-in-carrier.js';
import { STAND_IN_KIND, standInCarrier } from '../../../support/stand-in-carrier-module.js';
import type { CarrierOptions } from '../../../../src/server/carriers/service.js';
import type { ServerOptions } from '../../../../src/server/app.js';

/**
 * The REST API's world (api-helpers.ts) with a stand-in carrier (test/support/stand-in-carrier.ts)
 * that the server can connect: account `Acme` under token TOKEN, two numbers for sale, one held.
 * Every log line the server writes is kept in `logs`.
 */

export const TOKEN = 'tok-5ecret-ab12cd34ef56';

export interface CarrierWorld {
  w: ApiWorld;
  carrier: StandInCarrier;
  logs: string[];
  close(): Promise<void>;
}

export async function carrierWorld(
  carriers: Partial<CarrierOptions> = {},
  publicUrl = 'https://calls.example.test/',
  more: Partial<ServerOptions> = {},
): Promise<CarrierWorld> {
  const carrier = await startStandInCarrier();
  carrier.accounts.set(TOKEN, {
    name: 'Acme',
    balance: 20,
    numbers: [{ id: 'PN1', phone: '14155550100', country: 'US', region: 'CA', monthly: { amount: 1.15, currency: 'USD' } }],
  });
  carrier.forSale.push(
    { id: 'x', phone: '14155550111', country: 'US', region: 'CA', monthly: { amount: 1.15, currency: 'USD' } },
    { id: 'y', phone: '12125550122', country: 'US', region: 'NY', monthly: { amount: 2.5, currency: 'USD' } },
  );
  const logs: string[] = [];
  const w = await apiWorld(':memory:', undefined, {
    publicUrl,
    logger: { level: 'info', stream: { write: (l) => void logs.push(l) } },
    carriers: {
      modules: [standInCarrier],
      secretKey: randomBytes(32),
      apiBases: { [STAND_IN_KIND]: carrier.url },
      timeoutMs: 5000,
      ...carriers,
    },
    ...more,
  });
  return {
    w,
    carrier,
    logs,
    async close() {
      await w.server.close();
      await carrier.close();
    },
  };
}

/** Connects the stand-in's account as agent X (of customers A and B); the connection's id. */
export async function connect(w: ApiWorld, x: string, token = TOKEN): Promise<number> {
  const res = await w.post('connect_carrier', x, { kind: STAND_IN_KIND, label: 'Main', credentials: { account: 'AC1', token } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json() as { data: { id: number } }).data.id;
}
