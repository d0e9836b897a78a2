import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectAnswered } from '../api-helpers.js';
import { createTestServer } from '../test-server.js';
import { SECRET, telephonyConfig, telephonySeed } from '../telephony-helpers.js';
import { callFromAd, connectAll, conversionServer, qualifyTalks, restCaller, startStandins, type Standins } from './world.js';

/** Connecting destinations: what is checked, what is answered, and that no credential is ever shown or logged. */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});
afterAll(() =>
  expectAnswered([
    'GET conversion_destinations',
    'POST connect_conversion_destination',
    'POST change_conversion_destination',
    'DELETE disconnect_conversion_destination',
    'GET conversion_log',
    'GET conversion_csv',
  ]),
);

async function world(log?: (line: string) => void) {
  const s: Standins = await startStandins();
  open.push(s);
  const clock = { t: Date.now() };
  const server = await conversionServer(clock, s, undefined, log ? { log } : {});
  open.push(server);
  return { s, clock, server, rest: await restCaller(server) };
}

describe('conversion destinations', () => {
  it('never answers, stores or logs a credential in clear', async () => {
    const lines: string[] = [];
    const { s, clock, server, rest } = await world((l) => lines.push(l));
    await qualifyTalks(server);
    const ids = await connectAll(rest, s);
    s.metrica.failNext.push(401);
    await callFromAd(server, clock, { callId: 'c-1', from: '79161234567', talk: 20 });
    await server.conversions.worker.drain();
    const secrets = [
      s.google.credentials.client_secret,
      s.google.credentials.refresh_token,
      s.google.credentials.developer_token,
      s.metrica.token,
      s.ga4.apiSecret,
    ];

    const listed = await rest('conversion_destinations', { site_id: 1 });
    expect(listed.status).toBe(200);
    const rows = await server.store.db.selectFrom('conversion_destinations').selectAll().execute();
    const log = [
      ...(await rest('conversion_log', { site_id: 1, destination_id: ids.google })).body.data,
      ...(await rest('conversion_log', { site_id: 1, destination_id: ids.metrica })).body.data,
      ...(await rest('conversion_log', { site_id: 1, destination_id: ids.ga4 })).body.data,
    ];
    const attempts = await server.store.db.selectFrom('conversion_attempts').selectAll().execute();
    const csv = await rest('conversion_csv', {
      site_id: 1,
      destination_id: ids.google,
      date_from: '2026-01-01',
      date_till: '2028-01-01',
      template: 'google_ads_calls',
    });
    expect(csv.status).toBe(200);
    const seen = JSON.stringify([listed.body, rows, log, attempts, csv.body]) + lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(seen).not.toContain(secret);
    expect((listed.body.data as Array<{ credentials: unknown }>)[0]!.credentials).toEqual([
      { name: 'developer_token', set: true },
      { name: 'client_id', set: true },
      { name: 'client_secret', set: true },
      { name: 'refresh_token', set: true },
    ]);
  });

  it('keeps the credentials not given when others change, and refuses what is not the platform’s', async () => {
    const { s, server, rest } = await world();
    const ids = await connectAll(rest, s);
    const changed = await rest(
      'change_conversion_destination',
      { site_id: 1, destination_id: ids.metrica, credentials: { oauth_token: 'new-token' }, label: 'M2' },
      'POST',
    );
    expect(changed.status).toBe(200);
    const google = await rest('change_conversion_destination', { site_id: 1, destination_id: ids.google, sends: 'all' }, 'POST');
    expect(google.body.data).toMatchObject({ sends: 'all', credentials: expect.arrayContaining([{ name: 'refresh_token', set: true }]) });
    const unknown = await rest(
      'change_conversion_destination',
      { site_id: 1, destination_id: ids.google, credentials: { password: 'x' } },
      'POST',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error ?? unknown.body).toMatchObject({ field: 'credentials' });
    const badId = await rest(
      'connect_conversion_destination',
      {
        site_id: 1,
        platform: 'google_ads',
        label: 'x',
        settings: { customer_id: 'abc', conversion_action_id: '1', conversion_name: 'n' },
        credentials: s.google.credentials,
      },
      'POST',
    );
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toContain('settings.customer_id');
    expect((await rest('disconnect_conversion_destination', { site_id: 1, destination_id: ids.ga4 }, 'DELETE')).status).toBe(200);
    expect((await rest('conversion_log', { site_id: 1, destination_id: ids.ga4 })).status).toBe(404);
    expect(await server.store.db.selectFrom('conversion_destinations').select('id').execute()).toHaveLength(2);
  });

  it('checks GA4 settings against its validation server', async () => {
    const { s, rest } = await world();
    const r = await rest(
      'connect_conversion_destination',
      {
        site_id: 1,
        platform: 'ga4',
        label: 'GA4',
        settings: { measurement_id: s.ga4.measurementId, call_event: 'session_start' },
        credentials: { api_secret: s.ga4.apiSecret },
      },
      'POST',
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(
      'GA4 refused the events: events: Event at index: [0] has name [session_start] which is reserved.',
    );
    expect(s.ga4.arrived.map((a) => a.path)).toEqual(['/debug/mp/collect']);
  });

  it('refuses to connect, saying which setting is missing, without SVC_SECRET_KEY', async () => {
    const server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: telephonyConfig(),
      apiSeed: await telephonySeed(),
      bundleDir: '/nonexistent',
      leasePolicy: false,
      telephony: { secret: SECRET },
      conversions: { pollMs: 0 },
    });
    open.push(server);
    const rest = await restCaller(server);
    const r = await rest(
      'connect_conversion_destination',
      { site_id: 1, platform: 'metrica', label: 'M', settings: { counter_id: '1', goal: 'g' }, credentials: { oauth_token: 't' } },
      'POST',
    );
    expect(r.status).toBe(503);
    expect(JSON.stringify(r.body)).toContain('SVC_SECRET_KEY');
  });
});
