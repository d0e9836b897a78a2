import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { campaignWithCondition, expectAnswered, expectData, expectError } from '../api-helpers.js';
import { carrierWorld, connect, TOKEN, type CarrierWorld } from './carrier-world.js';

let cw: CarrierWorld | null = null;
afterEach(async () => {
  await cw?.close();
  cw = null;
});

/** A world with agent X's connection; customer A's session key and the connection's id. */
async function connected(more: Parameters<typeof carrierWorld>[0] = {}) {
  cw = await carrierWorld(more);
  const x = await cw.w.login('x');
  const id = await connect(cw.w, x);
  return { ...cw, x, a: await cw.w.login('a'), id };
}

describe('a customer’s numbers at the carrier (extension)', () => {
  it('imports a held number and routes its calls here; virtual_numbers lists it', async () => {
    const { w, a, id, carrier } = await connected();
    const held = expectData(await w.get('carrier_numbers', { session_key: a })) as Array<Record<string, unknown>>;
    expect(held).toEqual([
      {
        connection_id: id,
        phone_number: '14155550100',
        carrier_number_id: 'PN1',
        country: 'US',
        region: 'CA',
        monthly_price: { amount: 1.15, currency: 'USD' },
        imported: false,
        held_elsewhere: false,
        route_error: null,
      },
    ]);
    expect(expectData(await w.post('import_carrier_number', a, { phone_number: '+1 415 555 0100' }))).toEqual({
      phone_number: '14155550100',
      connection_id: id,
      routed: true,
      route_error: null,
    });
    expect(carrier.accounts.get(TOKEN)!.numbers[0]!.voiceUrl).toBe(`https://calls.example.test/carriers/standin/${id}/voice`);
    expect((expectData(await w.get('carrier_numbers', { session_key: a })) as Array<{ imported: boolean }>)[0]!.imported).toBe(true);
    const listed = expectData(await w.get('virtual_numbers', { session_key: a })) as Array<{ phone_number: string }>;
    expect(listed.map((n) => n.phone_number)).toContain('14155550100');
    expect(
      w.server.db
        .prepare("SELECT source, carrier_connection_id, carrier_number_id FROM customer_numbers WHERE phone_number = '14155550100'")
        .get(),
    ).toEqual({
      source: 'carrier',
      carrier_connection_id: id,
      carrier_number_id: 'PN1',
    });
    // Customer B of the same agent sees it as held by someone else, and cannot take it.
    const b = await w.login('b');
    expect((expectData(await w.get('carrier_numbers', { session_key: b })) as Array<{ held_elsewhere: boolean }>)[0]!.held_elsewhere).toBe(
      true,
    );
    expectError(await w.post('import_carrier_number', b, { phone_number: '14155550100' }), 409, 100503);
    expectError(await w.post('import_carrier_number', a, { phone_number: '14155550199' }), 404, 100410);
  });

  it('buys only at the monthly price the search showed', async () => {
    const { w, a, carrier } = await connected();
    const offers = expectData(await w.get('search_carrier_numbers', { session_key: a, country: 'us', area_code: '415' })) as unknown[];
    expect(offers).toEqual([
      {
        phone_number: '14155550111',
        country: 'US',
        region: 'CA',
        locality: null,
        monthly_price: { amount: 1.15, currency: 'USD' },
        setup_price: null,
      },
    ]);
    // Not searched: its price was never shown.
    expectError(await w.post('buy_carrier_number', a, { phone_number: '12125550122', confirm_price: 2.5 }), 409, 100409);
    expectError(await w.post('buy_carrier_number', a, { phone_number: '14155550111' }), 400, 100400);
    const wrong = await w.post('buy_carrier_number', a, { phone_number: '14155550111', confirm_price: 1 });
    expectError(wrong, 400, 100422);
    expect(wrong.json().message).toContain('1.15 USD');
    expect(carrier.requests.filter((r) => r.method === 'POST' && r.path === '/numbers')).toEqual([]);
    expect(expectData(await w.post('buy_carrier_number', a, { phone_number: '14155550111', confirm_price: 1.15 }))).toMatchObject({
      phone_number: '14155550111',
      routed: true,
    });
    expect(carrier.accounts.get(TOKEN)!.numbers.map((n) => n.phone)).toEqual(['14155550100', '14155550111']);
    expect(
      w.server.db.prepare("SELECT customer_id, source, carrier_route_error FROM customer_numbers WHERE phone_number = '14155550111'").get(),
    ).toEqual({
      customer_id: 1,
      source: 'carrier',
      carrier_route_error: null,
    });
  });

  it('answers 409 when someone just bought the number, and the carrier’s words on no balance', async () => {
    const { w, a, carrier } = await connected();
    expectData(await w.get('search_carrier_numbers', { session_key: a, country: 'US' }));
    carrier.forSale.splice(0, 1);
    const taken = await w.post('buy_carrier_number', a, { phone_number: '14155550111', confirm_price: 1.15 });
    expectError(taken, 409, 100409);
    expect(taken.json().message).toContain('just taken by someone else: Number +14155550111 is no longer available');
    carrier.accounts.get(TOKEN)!.balance = 1;
    const broke = await w.post('buy_carrier_number', a, { phone_number: '12125550122', confirm_price: 2.5 });
    expectError(broke, 402, 402201);
    expect(broke.json().message).toContain('Insufficient balance');
    expect(w.server.db.prepare("SELECT count(*) AS n FROM customer_numbers WHERE source = 'carrier'").get()).toEqual({ n: 0 });
  });

  it('keeps a bought number whose routing failed, and routes it on the next check', async () => {
    const { w, a, x, id, carrier } = await connected();
    expectData(await w.get('search_carrier_numbers', { session_key: a, country: 'US' }));
    carrier.routingDown = true;
    const bought = expectData(await w.post('buy_carrier_number', a, { phone_number: '14155550111', confirm_price: 1.15 })) as {
      routed: boolean;
      route_error: string;
    };
    expect(bought.routed).toBe(false);
    expect(bought.route_error).toContain('Routing service unavailable');
    const row = (
      expectData(await w.get('carrier_numbers', { session_key: a })) as Array<{
        phone_number: string;
        imported: boolean;
        route_error: string | null;
      }>
    ).find((n) => n.phone_number === '14155550111');
    expect(row).toMatchObject({ imported: true, route_error: bought.route_error });
    carrier.routingDown = false;
    expect(expectData(await w.post('check_carrier', x, { connection_id: id }))).toMatchObject({ ok: true, numbers_routed: 1 });
    expect(w.server.db.prepare("SELECT carrier_route_error FROM customer_numbers WHERE phone_number = '14155550111'").get()).toEqual({
      carrier_route_error: null,
    });
    carrier.accounts.get(TOKEN)!.numbers.find((n) => n.phone === '14155550111')!.voiceUrl = undefined;
    expect(expectData(await w.post('route_carrier_number', a, { phone_number: '14155550111' }))).toMatchObject({ routed: true });
    expect(carrier.accounts.get(TOKEN)!.numbers.find((n) => n.phone === '14155550111')!.voiceUrl).toContain(
      `/carriers/standin/${id}/voice`,
    );
  });

  it('answers a carrier that fails or hangs with a clear 502 or 504, within the time limit', async () => {
    const { w, a, carrier } = await connected({ timeoutMs: 300 });
    carrier.failWith = 500;
    const down = await w.get('search_carrier_numbers', { session_key: a, country: 'US' });
    expectError(down, 502, 502202);
    expect(down.json().message).toContain('Internal carrier error');
    carrier.failWith = null;
    carrier.hang = true;
    const started = Date.now();
    const slow = await w.get('carrier_numbers', { session_key: a });
    expectError(slow, 504, 504201);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow.json().message).toContain('did not answer within');
  });

  it('releases a number at the carrier, refusing while a campaign shows it', async () => {
    const { w, a, carrier } = await connected();
    expectData(await w.post('import_carrier_number', a, { phone_number: '14155550100' }));
    const c = await campaignWithCondition(w, a, 1, 'Spring sale', 'spring');
    expectData(await w.post('number_block', a, { ac_id: c.ac_id, name: 'N', selector: '.phone', numb: '14155550100' }));
    const refused = await w.post('release_number', a, { phone_number: '14155550100' });
    expectError(refused, 409, 100409);
    expect(refused.json().message).toContain('Campaign Spring sale');
    expect(carrier.accounts.get(TOKEN)!.numbers).toHaveLength(1);
    const blocks = expectData(await w.get('number_block', { session_key: a, ac_id: c.ac_id })) as Array<{ id: number }>;
    expectData(await w.post('number_block', a, { id: blocks[0]!.id }, { action: 'DELETE' }));
    expectData(await w.post('release_number', a, { phone_number: '14155550100' }));
    expect(carrier.accounts.get(TOKEN)!.numbers).toEqual([]);
    expect(w.server.db.prepare("SELECT count(*) AS n FROM customer_numbers WHERE phone_number = '14155550100'").get()).toEqual({ n: 0 });
    expectError(await w.post('release_number', a, { phone_number: '14155550100' }), 404, 100410);
  });

  it('marks a number the carrier account gave up underneath, and releases it here all the same', async () => {
    const { w, a, x, id, carrier } = await connected();
    expectData(await w.post('import_carrier_number', a, { phone_number: '14155550100' }));
    const routeError = () =>
      (
        w.server.db.prepare("SELECT carrier_route_error AS e FROM customer_numbers WHERE phone_number = '14155550100'").get() as {
          e: string | null;
        }
      ).e;
    expect(expectData(await w.post('check_carrier', x, { connection_id: id }))).toMatchObject({ ok: true, numbers_gone: 0 });
    expect(routeError()).toBeNull();
    // Released in the carrier's own console: this server is not told.
    const account = carrier.accounts.get(TOKEN)!;
    const taken = account.numbers.splice(0);
    expect(expectData(await w.post('check_carrier', x, { connection_id: id }))).toMatchObject({ ok: true, numbers_gone: 1 });
    expect(routeError()).toContain('no longer holds this number');
    const listed = expectData(await w.get('carrier_numbers', { session_key: a })) as Array<{ phone_number: string }>;
    expect(listed.map((n) => n.phone_number)).not.toContain('14155550100');
    // Back at the carrier: the next check routes it here again and clears the mark.
    account.numbers.push(...taken);
    expect(expectData(await w.post('check_carrier', x, { connection_id: id }))).toMatchObject({ ok: true, numbers_gone: 0 });
    expect(routeError()).toBeNull();
    account.numbers.splice(0);
    // The carrier answers 404 for it: the release goes on here.
    expectData(await w.post('release_number', a, { phone_number: '14155550100' }));
    expect(w.server.db.prepare("SELECT count(*) AS n FROM customer_numbers WHERE phone_number = '14155550100'").get()).toEqual({ n: 0 });
  });

  it('says what to do when no carrier is connected', async () => {
    cw = await carrierWorld();
    const a = await cw.w.login('a');
    const res = await cw.w.get('search_carrier_numbers', { session_key: a, country: 'US' });
    expectError(res, 409, 100409);
    expect(res.json().message).toContain('connect one on the Carriers page');
  });
});

afterAll(() =>
  expectAnswered([
    'GET carrier_numbers',
    'POST import_carrier_number',
    'GET search_carrier_numbers',
    'POST buy_carrier_number',
    'POST route_carrier_number',
    'POST release_number',
  ]),
);
