import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectAnswered, expectData, expectError } from '../api-helpers.js';
import { carrierWorld, connect, TOKEN, type CarrierWorld } from './carrier-world.js';
import { STAND_IN_KIND } from '../../../support/stand-in-carrier-module.js';
import { setCustomerAgent } from '../../../../src/server/identity/customers.js';
import { readSettings, SettingsError } from '../../../../src/server/settings.js';

let cw: CarrierWorld | null = null;
afterEach(async () => {
  await cw?.close();
  cw = null;
});

describe('carrier connections (extension)', () => {
  it('stores the credentials encrypted, never answers or logs them, and lists field names only', async () => {
    cw = await carrierWorld();
    const { w, logs, carrier } = cw;
    const x = await w.login('x');
    const id = await connect(w, x);
    // The carrier was asked with the token before anything was stored.
    expect(carrier.requests[0]).toMatchObject({ method: 'GET', path: '/account', auth: `Bearer ${TOKEN}` });
    const raw = w.server.db.prepare('SELECT * FROM carrier_connections WHERE id = ?').get(id) as Record<string, unknown>;
    expect(JSON.stringify(raw)).not.toContain(TOKEN);
    expect(JSON.stringify(raw)).not.toContain('AC1');
    expect(raw).toMatchObject({ kind: STAND_IN_KIND, agent_id: 1, customer_id: null, check_ok: 1, check_result: 'Acme' });
    const list = expectData(await w.get('carrier_connections', { session_key: x })) as Array<Record<string, unknown>>;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        kind: STAND_IN_KIND,
        label: 'Main',
        owner: 'agent',
        credentials: [
          { name: 'account', set: true },
          { name: 'token', set: true },
        ],
        check_ok: true,
        check_result: 'Acme',
        numbers: 0,
      }),
    ]);
    // A customer of the agent sees the agent's connection (it buys numbers through it).
    const a = await w.login('a');
    expect((expectData(await w.get('carrier_connections', { session_key: a })) as unknown[]).length).toBe(1);
    expect(expectData(await w.post('check_carrier', x, { connection_id: id }))).toEqual({
      ok: true,
      account: 'Acme',
      balance: { amount: 20, currency: 'USD' },
      message: null,
      numbers_routed: 0,
      numbers_gone: 0,
    });
    expect(logs.length).toBeGreaterThan(3);
    expect(logs.join('\n')).not.toContain(TOKEN);
  });

  it('refuses credentials the carrier refuses with its words, storing nothing', async () => {
    cw = await carrierWorld();
    const { w } = cw;
    const x = await w.login('x');
    const res = await w.post('connect_carrier', x, { kind: STAND_IN_KIND, label: 'Bad', credentials: { account: 'AC1', token: 'wrong' } });
    expectError(res, 502, 502201);
    expect(res.json().message).toContain('Authentication failed: invalid token');
    expect(w.server.db.prepare('SELECT count(*) AS n FROM carrier_connections').get()).toEqual({ n: 0 });
    expectError(await w.post('connect_carrier', x, { kind: STAND_IN_KIND, label: 'L', credentials: { account: 'AC1' } }), 400, 100400);
    expectError(
      await w.post('connect_carrier', x, { kind: STAND_IN_KIND, label: 'L', credentials: { account: 'A', token: 't', pin: '1' } }),
      400,
      100422,
    );
    expectError(await w.post('connect_carrier', x, { kind: 'nope', label: 'L', credentials: {} }), 400, 100422);
  });

  it('says when credentials stop working, and buying then answers the carrier’s words', async () => {
    cw = await carrierWorld();
    const { w, carrier } = cw;
    const x = await w.login('x');
    const id = await connect(w, x);
    carrier.accounts.get(TOKEN)!.revoked = true;
    const check = expectData(await w.post('check_carrier', x, { connection_id: id })) as { ok: boolean; message: string };
    expect(check).toMatchObject({ ok: false, account: null });
    expect(check.message).toMatch(/credentials: Authentication failed: invalid token/);
    const row = (
      expectData(await w.get('carrier_connections', { session_key: x })) as Array<{ check_ok: boolean; check_result: string }>
    )[0]!;
    expect(row).toMatchObject({ check_ok: false, check_result: check.message });
    const a = await w.login('a');
    const res = await w.get('search_carrier_numbers', { session_key: a, country: 'US' });
    expectError(res, 502, 502201);
    expect(res.json().message).toContain('Authentication failed');
  });

  it('lets the agent, or a customer without one, connect; a customer of an agent may not', async () => {
    cw = await carrierWorld();
    const { w } = cw;
    const a = await w.login('a');
    expectError(
      await w.post('connect_carrier', a, { kind: STAND_IN_KIND, label: 'Mine', credentials: { account: 'AC1', token: TOKEN } }),
      403,
      102403,
    );
    expect(expectData(await w.get('carrier_setup', { session_key: a }))).toMatchObject({ ready: true, can_connect: false });
    await setCustomerAgent(w.server.store.db, 1, null, null);
    const id = await connect(w, a);
    expect(w.server.db.prepare('SELECT agent_id, customer_id FROM carrier_connections WHERE id = ?').get(id)).toEqual({
      agent_id: null,
      customer_id: 1,
    });
    // Another agent cannot see, check or disconnect it.
    const y = await w.login('y');
    expect(expectData(await w.get('carrier_connections', { session_key: y }))).toEqual([]);
    expectError(await w.post('check_carrier', y, { connection_id: id }), 404, 100410);
    expectError(await w.post('disconnect_carrier', y, { connection_id: id }), 404, 100410);
  });

  it('refuses to disconnect while numbers are held through it, naming how many', async () => {
    cw = await carrierWorld();
    const { w } = cw;
    const x = await w.login('x');
    const id = await connect(w, x);
    const a = await w.login('a');
    expectData(await w.post('import_carrier_number', a, { phone_number: '14155550100' }));
    const res = await w.post('disconnect_carrier', x, { connection_id: id });
    expectError(res, 409, 100409);
    expect(res.json().message).toContain('still holds 1 number');
    expectData(await w.post('release_number', a, { phone_number: '14155550100' }));
    expectData(await w.post('disconnect_carrier', x, { connection_id: id }));
    expect(expectData(await w.get('carrier_connections', { session_key: x }))).toEqual([]);
  });
});

describe('carrier settings', () => {
  it('refuses connecting without SVC_SECRET_KEY or a public URL a carrier can reach, naming the setting', async () => {
    cw = await carrierWorld({ secretKey: undefined }, 'http://127.0.0.1:3100/');
    const { w } = cw;
    const x = await w.login('x');
    const setup = expectData(await w.get('carrier_setup', { session_key: x })) as { ready: boolean; missing: Array<{ setting: string }> };
    expect(setup.ready).toBe(false);
    expect(setup.missing.map((m) => m.setting)).toEqual(['SVC_SECRET_KEY', 'SVC_PUBLIC_URL']);
    const res = await w.post('connect_carrier', x, { kind: STAND_IN_KIND, label: 'Main', credentials: { account: 'AC1', token: TOKEN } });
    expectError(res, 503, 503201);
    expect(res.json().message).toMatch(/SVC_SECRET_KEY.*SVC_PUBLIC_URL 127|SVC_SECRET_KEY.*SVC_PUBLIC_URL http:\/\/127/);
    expect(cw.carrier.requests).toEqual([]);
  });

  it('accepts a loopback public URL only when told to (a stand-in carrier on this machine)', async () => {
    cw = await carrierWorld({ allowPrivateUrl: true }, 'http://127.0.0.1:3100/');
    const x = await cw.w.login('x');
    expect(await connect(cw.w, x)).toBeGreaterThan(0);
  });

  it('reads SVC_SECRET_KEY as 32 bytes of base64 or hex, and names it when malformed', () => {
    const key = Buffer.alloc(32, 7);
    expect(readSettings({ SVC_SECRET_KEY: key.toString('base64') }, '/r').server.carriers?.secretKey).toEqual(key);
    expect(readSettings({ SVC_SECRET_KEY: key.toString('hex') }, '/r').server.carriers?.secretKey).toEqual(key);
    expect(readSettings({}, '/r').server.carriers?.secretKey).toBeUndefined();
    expect(() => readSettings({ SVC_SECRET_KEY: 'short' }, '/r')).toThrow(SettingsError);
    expect(() => readSettings({ SVC_SECRET_KEY: Buffer.alloc(16).toString('base64') }, '/r')).toThrow(/SVC_SECRET_KEY must be 32 bytes/);
  });
});

afterAll(() =>
  expectAnswered(['GET carrier_setup', 'GET carrier_connections', 'POST connect_carrier', 'POST check_carrier', 'POST disconnect_carrier']),
);
