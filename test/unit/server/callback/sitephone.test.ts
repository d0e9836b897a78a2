import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import type { CallbackPlatform, CallbackRequest } from '../../../../src/server/callback/platform.js';
import { SITEPHONE_LIMITS } from '../../../../src/server/callback/limit.js';
import { callbackRequestsAfter, lastCallId, recentCallbackRequests } from '../../../../src/server/callback/queries.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import type { CaptchaResult, HitResult, SitePhoneResult, VisitorRef, WriteResponse } from '../../../../src/protocol.js';
import { consultantConfig, liveServer, signIn, sse } from '../consultant-helpers.js';
import { hitWrite, wid } from '../helpers.js';

const site = (id: number, site_key: string, extra: Record<string, unknown>) => ({
  id,
  domain: 'localhost',
  site_key,
  widget_key: 'wk-' + site_key,
  ...extra,
});

// Through the schema, as a configuration file is: its defaults filled in.
const config = SiteConfigSchema.parse({
  customers: [
    {
      id: 1,
      name: 'Customer',
      sites: [
        site(1, 'open', { settings: { captcha: false, lang: 'ru' }, callback: { scenario: 'Call-back' } }),
        site(2, 'captcha', { settings: { captcha: true, lang: 'ru' }, callback: { scenario: 'Call-back' } }),
        site(3, 'none', { settings: { captcha: false, lang: 'en' } }),
        site(4, 'down', { settings: { captcha: false, lang: 'en' }, callback: { scenario: 'Call-back', platform: 'down' } }),
      ],
    },
  ],
});

let server: ConsultantServer;
async function start(platform?: CallbackPlatform) {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: config,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    callbackPlatform: platform,
  });
}
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

async function post(siteKey: string, body: unknown, ip = '127.0.0.1') {
  const res = await server.app.inject({
    method: 'POST',
    url: `/w/${siteKey}`,
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(body),
  });
  return res.json() as WriteResponse;
}

/** A visitor with one page view on `siteKey`: what the other writes name. */
async function visit(siteKey: string, ip?: string) {
  const h = hitWrite('http://localhost/page?utm_source=ads');
  const r = await post(siteKey, { visitor: null, writes: [h] }, ip);
  return { visitor: r.visitor as VisitorRef, hit: h.id, ids: r.results[0]!.result as HitResult };
}

type Visit = Awaited<ReturnType<typeof visit>>;

const write = (v: Visit, type: string, data: unknown, id = wid()) => ({ id, type, hit: v.hit, at: Date.now(), data });

/** Sends sitephone writes for `v` and returns their results. */
async function calls(siteKey: string, v: Visit, list: unknown[], ip?: string) {
  const r = await post(siteKey, { visitor: v.visitor, writes: list.map((d) => write(v, 'sitephone', d)) }, ip);
  return r.results.map((x) => (x.success ? (x.result as SitePhoneResult) : x.code));
}

async function captcha(siteKey: string, v: Visit) {
  const r = await post(siteKey, { visitor: v.visitor, writes: [write(v, 'captcha', {})] });
  return r.results[0]!.result as CaptchaResult;
}

const answerOf = (key: string) => (server.db.prepare('SELECT answer FROM captchas WHERE key = ?').get(key) as { answer: string }).answer;
const phone = '+7 (916) 123-45-67';

describe('captcha', () => {
  it('gives a key and the address of its PNG; the picture is served until the key is used', async () => {
    await start();
    const v = await visit('captcha');
    const c = await captcha('captcha', v);
    expect(c.url).toBe(`http://svc.test/captcha/${c.key}.png`);
    const img = await server.app.inject({ method: 'GET', url: `/captcha/${c.key}.png` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await server.app.inject({ method: 'GET', url: `/captcha/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/captcha/../svc.js` })).statusCode).toBe(404);

    expect(await calls('captcha', v, [{ phone, captcha_key: c.key, captcha_value: answerOf(c.key) }])).toEqual([
      { status: 0, code: 'sent' },
    ]);
    expect((await server.app.inject({ method: 'GET', url: `/captcha/${c.key}.png` })).statusCode).toBe(404);
  });

  it('belongs to one visitor, expires after 5 minutes, and is checked once', async () => {
    await start();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const a = await visit('captcha');
    const b = await visit('captcha');
    const c = await captcha('captcha', a);
    expect(await calls('captcha', b, [{ phone, captcha_key: c.key, captcha_value: answerOf(c.key) }])).toEqual([
      { status: 1, code: 'captcha_invalid' },
    ]);

    const d = await captcha('captcha', a);
    const digits = answerOf(d.key);
    vi.setSystemTime(new Date('2026-03-01T10:05:01Z'));
    expect((await server.app.inject({ method: 'GET', url: `/captcha/${d.key}.png` })).statusCode).toBe(404);
    expect(await calls('captcha', a, [{ phone, captcha_key: d.key, captcha_value: digits }])).toEqual([
      { status: 1, code: 'captcha_invalid' },
    ]);

    const e = await captcha('captcha', a);
    const right = answerOf(e.key);
    expect(
      await calls('captcha', a, [
        { phone, captcha_key: e.key, captcha_value: right === '0000' ? '1111' : '0000' },
        { phone, captcha_key: e.key, captcha_value: right },
        { phone },
      ]),
    ).toEqual([
      { status: 1, code: 'captcha_wrong' },
      { status: 1, code: 'captcha_invalid' },
      { status: 1, code: 'captcha_required' },
    ]);
    // Spaces or dashes between the digits are fine.
    const f = await captcha('captcha', a);
    const fd = answerOf(f.key);
    expect(await calls('captcha', a, [{ phone, captcha_key: f.key, captcha_value: `${fd.slice(0, 2)} ${fd.slice(2)}` }])).toEqual([
      { status: 0, code: 'sent' },
    ]);
  });

  it('drops expired keys when it makes a new one', async () => {
    await start();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const v = await visit('captcha');
    const old = await captcha('captcha', v);
    vi.setSystemTime(new Date('2026-03-01T10:04:00Z'));
    const live = await captcha('captcha', v);
    vi.setSystemTime(new Date('2026-03-01T10:05:00Z'));
    const fresh = await captcha('captcha', v);
    const keys = server.db.prepare('SELECT key FROM captchas ORDER BY expires_ms').all();
    expect(keys).toEqual([{ key: live.key }, { key: fresh.key }]);
    expect(keys).not.toContainEqual({ key: old.key });
  });

  it('needs a known visitor', async () => {
    await start();
    const r = await post('captcha', { visitor: null, writes: [{ id: wid(), type: 'captcha', hit: wid(), at: Date.now(), data: {} }] });
    expect(r.results[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
  });
});

describe('sitephone', () => {
  it('stores the request with the visitor context, its time and group, and hands it to the platform', async () => {
    const seen: CallbackRequest[] = [];
    await start({ dispatch: (r) => (seen.push(r), { ok: true }) });
    const v = await visit('open');
    const when = Date.now() + 3_600_000;
    expect(await calls('open', v, [{ phone: 79161234567, delayed_call_time: when, group_id: 7, extra: 'ignored' }])).toEqual([
      { status: 0, code: 'sent' },
    ]);
    // The platform gets it once the write has committed.
    await server.callbacksDispatched();
    const row = server.db.prepare('SELECT * FROM calls').get() as Record<string, unknown>;
    expect(row).toMatchObject({
      communication_type: 'sitephone',
      numa: '79161234567',
      visitor_id: v.ids.visitor_id,
      session_id: v.ids.session_id,
      hit_id: v.ids.hit_id,
      utm_source: 'ads',
      page_url: 'http://localhost/page?utm_source=ads',
      delayed_call_time: when,
      group_id: '7',
      scenario_name: 'Call-back',
      request_status: 0,
      dispatch_state: 'queued',
      visitor_type: 'new',
      visits_count: 1,
    });
    expect(seen).toEqual([{ id: row.id, siteId: 1, phone: '79161234567', delayedCallTime: when, groupId: '7', scenario: 'Call-back' }]);
  });

  it('answers 2 without a scenario; a platform that fails or throws after the commit marks the kept request failed', async () => {
    await start({
      dispatch: (r) => {
        if (r.phone.endsWith('9')) throw new Error('dialer offline');
        return { ok: true };
      },
    });
    const none = await visit('none');
    expect(await calls('none', none, [{ phone }])).toEqual([{ status: 2, code: 'no_scenario' }]);
    const open = await visit('open');
    // The request is accepted when stored; the platform hears of it after the commit.
    expect(await calls('open', open, [{ phone: '+7 916 123-45-69' }])).toEqual([{ status: 0, code: 'sent' }]);
    await server.callbacksDispatched();
    expect(server.db.prepare('SELECT request_status, dispatch_state, dispatch_error FROM calls ORDER BY id').all()).toEqual([
      { request_status: 2, dispatch_state: 'not_sent', dispatch_error: null },
      { request_status: 3, dispatch_state: 'failed', dispatch_error: 'dialer offline' },
    ]);
  });

  it('awaits a platform that answers with a Promise', async () => {
    await start({
      dispatch: async (r) => {
        await Promise.resolve();
        if (r.phone.endsWith('9')) throw new Error('queue full');
        return r.phone.endsWith('8') ? { ok: false, error: 'refused' } : { ok: true };
      },
    });
    const v = await visit('open');
    expect(await calls('open', v, [{ phone }, { phone: '+7 916 123-45-68' }, { phone: '+7 916 123-45-69' }])).toEqual([
      { status: 0, code: 'sent' },
      { status: 0, code: 'sent' },
      { status: 0, code: 'sent' },
    ]);
    await server.callbacksDispatched();
    expect(server.db.prepare('SELECT dispatch_state, dispatch_error FROM calls ORDER BY id').all()).toEqual([
      { dispatch_state: 'queued', dispatch_error: null },
      { dispatch_state: 'failed', dispatch_error: 'refused' },
      { dispatch_state: 'failed', dispatch_error: 'queue full' },
    ]);
  });

  it('holds the number to its numbering plan: a digit short is refused, 8… is dialled as 7…', async () => {
    const seen: CallbackRequest[] = [];
    await start({ dispatch: (r) => (seen.push(r), { ok: true }) });
    const v = await visit('open');
    // Ten digits have the widget's shape, but no Russian number is that short.
    expect(await calls('open', v, [{ phone: '+7 (916) 123-45-6' }])).toEqual(['invalid: phone: not a phone number']);
    expect(await calls('open', v, [{ phone: '8 (916) 123-45-67' }])).toEqual([{ status: 0, code: 'sent' }]);
    await server.callbacksDispatched();
    expect(server.db.prepare('SELECT numa FROM calls').all()).toEqual([{ numa: '79161234567' }]);
    expect(seen.map((r) => r.phone)).toEqual(['79161234567']);
  });

  it('answers 3 for a site whose platform is declared down', async () => {
    await start();
    const v = await visit('down');
    expect(await calls('down', v, [{ phone }])).toEqual([{ status: 3, code: 'platform_error' }]);
  });

  it('refuses what is not a request: bad phone, time far away, unknown page view', async () => {
    await start();
    const v = await visit('open');
    const day = 864e5;
    const r = await calls('open', v, [
      { phone: '12345' },
      { phone: 'call me maybe 9161234567' },
      { phone, delayed_call_time: Date.now() - 2 * day },
      { phone, delayed_call_time: Date.now() + 91 * day },
      { phone, delayed_call_time: 'soon' },
      { phone, group_id: { id: 1 } },
    ]);
    expect(r.map((x) => (typeof x === 'string' ? x.split(':')[0] : x))).toEqual([
      'invalid',
      'invalid',
      'invalid_time',
      'invalid_time',
      'invalid',
      'invalid',
    ]);
    expect(r[0]).toBe('invalid: phone: not a phone number');
    // A clock a little behind the server's is no reason to refuse; '' and 0 mean "now".
    expect(
      await calls('open', v, [
        { phone, delayed_call_time: Date.now() - 60_000 },
        { phone, delayed_call_time: '' },
        { phone, delayed_call_time: 0 },
      ]),
    ).toEqual([
      { status: 0, code: 'sent' },
      { status: 0, code: 'sent' },
      { status: 0, code: 'sent' },
    ]);
    expect(server.db.prepare('SELECT delayed_call_time FROM calls ORDER BY id').all().slice(1)).toEqual([
      { delayed_call_time: null },
      { delayed_call_time: null },
    ]);
    const stray = await post('open', {
      visitor: v.visitor,
      writes: [{ id: wid(), type: 'sitephone', hit: wid(), at: Date.now(), data: { phone } }],
    });
    expect(stray.results[0]).toMatchObject({ success: false, code: 'unknown_hit' });
  });

  it('answers a retried write id from storage: no second call, not counted twice', async () => {
    await start();
    const v = await visit('open');
    const w = write(v, 'sitephone', { phone });
    const first = await post('open', { visitor: v.visitor, writes: [w] });
    const again = await post('open', { visitor: v.visitor, writes: [w] });
    expect(again.results).toEqual(first.results);
    expect(server.db.prepare('SELECT count(*) n FROM calls').get()).toEqual({ n: 1 });
    expect(server.db.prepare('SELECT count(*) n FROM sitephone_attempts').get()).toEqual({ n: 1 });
  });
});

describe('the limit of call-back requests', () => {
  it('gives the eleventh call of a visitor within a rolling minute status 4', async () => {
    await start();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const v = await visit('open');
    const ten = await calls(
      'open',
      v,
      Array.from({ length: 10 }, () => ({ phone })),
    );
    expect(ten.every((r) => typeof r === 'object' && r.status === 0)).toBe(true);
    expect(await calls('open', v, [{ phone }])).toEqual([{ status: 4, code: 'limit' }]);
    // Refusals for the limit are not calls: they do not push the window further.
    vi.setSystemTime(new Date('2026-03-01T10:00:59Z'));
    expect(await calls('open', v, [{ phone }, { phone }])).toEqual([
      { status: 4, code: 'limit' },
      { status: 4, code: 'limit' },
    ]);
    vi.setSystemTime(new Date('2026-03-01T10:01:00.001Z'));
    expect(await calls('open', v, [{ phone }])).toEqual([{ status: 0, code: 'sent' }]);
    // Another visitor is not held by this one's limit.
    const w = await visit('open', '10.0.0.2');
    expect(await calls('open', w, [{ phone }], '10.0.0.2')).toEqual([{ status: 0, code: 'sent' }]);
  });

  it('counts captcha errors and refusals of the scenario too', async () => {
    await start();
    const v = await visit('none');
    const r = await calls(
      'none',
      v,
      Array.from({ length: 11 }, () => ({ phone })),
    );
    expect(r.slice(9)).toEqual([
      { status: 2, code: 'no_scenario' },
      { status: 4, code: 'limit' },
    ]);
  });

  it(`holds a script that drops its visitor id: ${SITEPHONE_LIMITS.ip} a minute per address and site`, async () => {
    await start();
    const ip = '10.0.0.9';
    const per = SITEPHONE_LIMITS.visitor;
    for (let n = 0; n < SITEPHONE_LIMITS.ip / per; n++) {
      const v = await visit('open', ip);
      const r = await calls(
        'open',
        v,
        Array.from({ length: per }, () => ({ phone })),
        ip,
      );
      expect(r.every((x) => typeof x === 'object' && x.status === 0)).toBe(true);
    }
    const fresh = await visit('open', ip);
    expect(await calls('open', fresh, [{ phone }], ip)).toEqual([{ status: 4, code: 'limit' }]);
    // The same visitor from another address, and another site from this address, go through.
    expect(await calls('open', fresh, [{ phone }], '10.0.0.10')).toEqual([{ status: 0, code: 'sent' }]);
    const other = await visit('down', ip);
    expect(await calls('down', other, [{ phone }], ip)).toEqual([{ status: 3, code: 'platform_error' }]);
  });

  it(`caps a site at ${SITEPHONE_LIMITS.site} calls a minute from everyone together`, async () => {
    await start();
    const per = SITEPHONE_LIMITS.visitor;
    for (let n = 0; n < SITEPHONE_LIMITS.site / per; n++) {
      const ip = `10.1.${n}.1`;
      const v = await visit('open', ip);
      await calls(
        'open',
        v,
        Array.from({ length: per }, () => ({ phone })),
        ip,
      );
    }
    expect(server.db.prepare(`SELECT count(*) n FROM calls WHERE request_status = 0`).get()).toEqual({ n: SITEPHONE_LIMITS.site });
    const late = await visit('open', '10.2.0.1');
    expect(await calls('open', late, [{ phone }], '10.2.0.1')).toEqual([{ status: 4, code: 'limit' }]);
  });

  // 120 writes without a captcha from 4 addresses must not use up the site's minute: a real
  // visitor with a right captcha then got status 4.
  it("refusals before the captcha do not use up the site's minute", async () => {
    await start();
    const per = SITEPHONE_LIMITS.visitor;
    for (let a = 0; a < SITEPHONE_LIMITS.site / SITEPHONE_LIMITS.ip; a++) {
      const ip = `10.3.${a}.1`;
      for (let n = 0; n < SITEPHONE_LIMITS.ip / per; n++) {
        const v = await visit('captcha', ip);
        const r = await calls(
          'captcha',
          v,
          Array.from({ length: per }, (_, i) => (i % 2 ? { phone } : { phone, captcha_key: 'x', captcha_value: '1' })),
          ip,
        );
        expect(r.every((x) => typeof x === 'object' && x.status === 1)).toBe(true);
      }
    }
    const real = await visit('captcha', '10.4.0.1');
    const { key } = await captcha('captcha', real);
    expect(await calls('captcha', real, [{ phone, captcha_key: key, captcha_value: answerOf(key) }], '10.4.0.1')).toEqual([
      { status: 0, code: 'sent' },
    ]);
  });

  it('counts an IPv6 client by its /64', async () => {
    await start();
    const per = SITEPHONE_LIMITS.visitor;
    for (let n = 0; n < SITEPHONE_LIMITS.ip / per; n++) {
      const ip = `2001:db8:5:6::${n + 1}`;
      const v = await visit('open', ip);
      await calls(
        'open',
        v,
        Array.from({ length: per }, () => ({ phone })),
        ip,
      );
    }
    const fresh = await visit('open', '2001:db8:5:6::beef');
    expect(await calls('open', fresh, [{ phone }], '2001:db8:5:6::beef')).toEqual([{ status: 4, code: 'limit' }]);
    expect(await calls('open', fresh, [{ phone }], '2001:db8:5:7::1')).toEqual([{ status: 0, code: 'sent' }]);
  });

  it("keeps a site's attempts for an hour", async () => {
    await start();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const v = await visit('open');
    const w = await visit('down');
    await calls('open', v, [{ phone }, { phone }]);
    await calls('down', w, [{ phone }]);
    vi.setSystemTime(new Date('2026-03-01T10:59:00Z'));
    await calls('open', v, [{ phone }]);
    const times = () => server.db.prepare('SELECT site_id, at_ms FROM sitephone_attempts ORDER BY id').all();
    expect(times()).toHaveLength(4);
    vi.setSystemTime(new Date('2026-03-01T11:00:00.001Z'));
    await calls('open', v, [{ phone }]);
    // The open site's two first attempts are gone; the other site's wait for its own next request.
    const at = (t: string) => new Date(t).getTime();
    expect(times()).toEqual([
      { site_id: 4, at_ms: at('2026-03-01T10:00:00Z') },
      { site_id: 1, at_ms: at('2026-03-01T10:59:00Z') },
      { site_id: 1, at_ms: at('2026-03-01T11:00:00.001Z') },
    ]);
  });
});

describe('the operator console', () => {
  it('reads the call-back requests of its sites: after an id, since a time, and the last id', async () => {
    await start();
    const db = server.store.db;
    expect(await lastCallId(db)).toBe(0);
    const a = await visit('open');
    const b = await visit('none');
    await calls('open', a, [{ phone }, { phone: '+7 916 000-00-01' }]);
    await calls('none', b, [{ phone }]);
    const all = await callbackRequestsAfter(db, [1, 3], 0, 500);
    expect(all.map((r) => [r.site_id, r.phone])).toEqual([
      [1, '79161234567'],
      [1, '79160000001'],
      [3, '79161234567'],
    ]);
    expect(all[0]).toEqual({
      kind: 'callback',
      id: all[0]!.id,
      site_id: 1,
      date_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/),
      name: null,
      phone: '79161234567',
      email: null,
      message: null,
      page_url: 'http://localhost/page?utm_source=ads',
    });
    expect(await callbackRequestsAfter(db, [1], all[0]!.id, 500)).toEqual([all[1]]);
    expect(await callbackRequestsAfter(db, [], 0, 500)).toEqual([]);
    expect(await recentCallbackRequests(db, [1, 3], '2000-01-01 00:00:00.000', Number.MAX_SAFE_INTEGER, 2)).toEqual(all.slice(1));
    expect(await recentCallbackRequests(db, [1], '2999-01-01 00:00:00.000', Number.MAX_SAFE_INTEGER, 200)).toEqual([]);
    expect(await lastCallId(db)).toBe(all[2]!.id);
  });

  it('shows a call-back request as soon as it is stored', async () => {
    const live = await liveServer(await consultantConfig());
    server = live.server;
    const cookie = await signIn(live.base, 'anna@example.com');
    const stream = await sse(live.base + 'op/api/stream', { cookie });
    try {
      await stream.next((e) => e.event === 'hello');
      const h = hitWrite('http://localhost/contacts');
      const first = (await (
        await fetch(live.base + 'w/site-a', { method: 'POST', body: JSON.stringify({ visitor: null, writes: [h] }) })
      ).json()) as WriteResponse;
      const call = { id: wid(), type: 'sitephone', hit: h.id, at: Date.now(), data: { phone } };
      await fetch(live.base + 'w/site-a', { method: 'POST', body: JSON.stringify({ visitor: first.visitor, writes: [call] }) });
      const ev = await stream.next((e) => e.event === 'request');
      expect(JSON.parse(ev.data)).toMatchObject({
        kind: 'callback',
        site_id: 1,
        phone: '79161234567',
        page_url: 'http://localhost/contacts',
      });
    } finally {
      stream.close();
      server.app.server.closeAllConnections();
    }
  });
});
