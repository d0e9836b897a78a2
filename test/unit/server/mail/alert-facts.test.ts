import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../../src/server/site-import/site-config.js';
import { startSmtpStandin, type SmtpStandin } from '../../../support/smtp-standin.js';
import { apiConfig, apiWorld, type ApiWorld } from '../api-helpers.js';
import { carrierWorld, connect, TOKEN, type CarrierWorld } from '../carriers/carrier-world.js';
import { adsDtSite, hitWrite } from '../helpers.js';
import { addEndpoint, webhookServer } from '../webhooks/world.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { callEvents, postEvent } from '../telephony-helpers.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { timestamp } from '../../../../src/server/store/time.js';

/**
 * The alerts of facts that are no webhook event (docs/notifications.md, "Alerts"): a pool ran dry,
 * a webhook endpoint was switched off, a carrier connection is failing; each mailed through a real
 * SMTP server with its line and its link into the app, in the user's language.
 */

let smtp: SmtpStandin;
const open: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
  smtp = await startSmtpStandin();
});
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
  await smtp.close();
});

const mailOpts = () => ({ mail: { url: smtp.url }, notifications: { tickMs: 0 } });

async function choose(w: ApiWorld, login: string, lang: 'en' | 'ru', subscriptions: Array<{ site_id: number; kind: string }>) {
  // An agent's login chooses for its customer A.
  const args = { email: `${login}@x.test`, lang, subscriptions, ...(login === 'x' ? { customer_id: 1 } : {}) };
  const res = await w.post('set_alert_settings', await w.login(login), args, { action: 'PUT' });
  expect(res.statusCode, res.body).toBe(200);
}

/** Customer A's site (1, a.test, `site-1`) with campaign Ads (10) whose block 11 leases the one number of its pool. */
async function poolWorld(dbPath = ':memory:'): Promise<ApiWorld> {
  const dtSite = { ...adsDtSite(['74990000001']).customers[0]!.sites[0]!, domain: 'a.test', site_key: 'site-1', widget_key: 'wk-1' };
  const config = { customers: apiConfig.customers.map((c) => (c.id === 1 ? { ...c, sites: [dtSite] } : c)) } as SiteConfig;
  const w = await apiWorld(dbPath, undefined, { siteConfig: config, rateLimits: { firstVisits: 0 }, leasePolicy: false, ...mailOpts() });
  open.push({ close: () => w.server.close() });
  return w;
}

/** `n` new visitors of campaign Ads; the first takes the pool's number when it is free. */
async function visits(w: ApiWorld, n: number, from = 0) {
  for (let i = from; i < from + n; i++) {
    const res = await w.server.app.inject({
      method: 'POST',
      url: '/w/site-1',
      remoteAddress: `198.51.${100 + (i >> 8)}.${i & 255}`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ visitor: null, writes: [hitWrite('https://a.test/?utm_source=ads')] }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const queued = (w: ApiWorld) => (w.server.db.prepare('SELECT count(*) AS n FROM alert_queue').get() as { n: number }).n;

describe('the pool ran dry', () => {
  it('mails the pool’s line and its page, in English and in Russian', async () => {
    const w = await poolWorld();
    await choose(w, 'a', 'en', [{ site_id: 1, kind: 'pool_dry' }]);
    await choose(w, 'x', 'ru', [{ site_id: 0, kind: 'pool_dry' }]);
    await visits(w, 2);
    expect(await w.server.notifications.alerts()).toBe(2);
    const mails = await smtp.waitFor(2);
    const en = mails.find((m) => m.to[0] === 'a@x.test')!;
    expect(en.subject).toBe('A number pool ran dry');
    expect(en.text).toContain('- «Ads» number=84951234567 (a.test): 1 visit found no free number and kept the site’s own');
    expect(en.text).toContain('Open the pool: http://svc.test/app/pools/11');
    expect(en.text).toContain('Change your notifications: http://svc.test/app/notifications');
    const ru = mails.find((m) => m.to[0] === 'x@x.test')!;
    expect(ru.subject).toBe('В пуле кончились номера');
    expect(ru.text).toContain('- «Ads» number=84951234567 (a.test): свободного номера не нашлось, визитов с номером сайта: 1');
    expect(ru.text).toContain('Открыть пул: http://svc.test/app/pools/11');
  });

  it('a burst of 100 dry visits queues one alert and mails one line that counts them', async () => {
    const w = await poolWorld();
    await choose(w, 'a', 'en', [{ site_id: 1, kind: 'pool_dry' }]);
    await visits(w, 101);
    expect(queued(w)).toBe(1);
    expect(await w.server.notifications.alerts()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('A number pool ran dry');
    expect(mail!.text).toContain(': 100 visits found no free number');
    expect(mail!.text).not.toContain('more');
    // The same ten minutes: nothing more is queued; the next ten minutes' first dry visit is.
    await visits(w, 5, 101);
    expect(queued(w)).toBe(0);
    w.server.db.prepare('UPDATE dt_overflows SET created_at = ?').run(timestamp(Date.now() - 20 * 60_000));
    await visits(w, 1, 106);
    expect(queued(w)).toBe(1);
  });

  it('queues nothing for a site nobody chose it on', async () => {
    const w = await poolWorld();
    await choose(w, 'a', 'en', [{ site_id: 1, kind: 'missed_call' }]);
    await visits(w, 3);
    expect(queued(w)).toBe(0);
  });
});

describe.runIf(testPostgresUrl)('the pool ran dry, across processes on PostgreSQL', () => {
  it('two processes queue one alert for a burst between them', async () => {
    const dbPath = freshDbPath();
    try {
      const a = await poolWorld(dbPath);
      const b = await poolWorld(dbPath);
      await choose(a, 'a', 'en', [{ site_id: 1, kind: 'pool_dry' }]);
      await visits(a, 1);
      await Promise.all([visits(a, 20, 1), visits(b, 20, 21)]);
      expect(queued(a)).toBe(1);
      expect((await Promise.all([a.server.notifications.alerts(), b.server.notifications.alerts()])).reduce((x, y) => x + y)).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.text).toContain(': 40 visits found no free number');
    } finally {
      for (const x of open.splice(0).reverse()) await x.close();
      dropDatabase(dbPath);
    }
  });
});

describe('a webhook endpoint switched off', () => {
  async function switchedOff(lang: 'en' | 'ru') {
    const clock = { t: Date.now() };
    const s = await webhookServer(clock, ':memory:', { retryForMs: 1 }, { ...mailOpts(), apiClock: () => clock.t });
    open.push(s);
    const r: Receiver = await startReceiver(() => 503);
    open.push(r);
    const login = await s.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
    const key = (login.json() as { data: { session_key: string } }).data.session_key;
    const set = await s.app.inject({
      method: 'POST',
      url: '/api/v1/set_alert_settings/',
      payload: {
        session_key: key,
        action: 'PUT',
        args: { email: 'owner@x.test', lang, subscriptions: [{ site_id: 1, kind: 'webhook_off' }] },
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    await addEndpoint(s, r.url, ['call.ended']);
    for (const ev of callEvents({ callId: 'c-1', from: '79161234567', to: '74957770011', talk: 20 })) await postEvent(s, ev);
    await s.webhooks.worker.drain();
    expect(s.db.prepare('SELECT enabled FROM webhook_endpoints').get()).toEqual({ enabled: 0 });
    expect(await s.notifications.alerts()).toBe(1);
    return { mail: (await smtp.waitFor(1))[0]!, url: r.url };
  }

  it('mails the endpoint and the webhooks page in English', async () => {
    const { mail, url } = await switchedOff('en');
    expect(mail.subject).toBe('A webhook endpoint was switched off');
    expect(mail.text).toContain(`- ${url}: switched off after its deliveries kept failing; switch it on again once it answers`);
    expect(mail.text).toContain('Open the webhooks: http://svc.test/app/webhooks');
  });

  it('and in Russian', async () => {
    const { mail, url } = await switchedOff('ru');
    expect(mail.subject).toBe('Вебхук отключён');
    expect(mail.text).toContain(`- ${url}: отключён после череды неудачных доставок`);
    expect(mail.text).toContain('Открыть вебхуки: http://svc.test/app/webhooks');
  });
});

describe('a carrier connection failing', () => {
  async function world(): Promise<CarrierWorld & { search: () => Promise<number> }> {
    const cw = await carrierWorld({}, 'https://calls.example.test/', mailOpts());
    open.push(cw);
    const a = await cw.w.login('a');
    await connect(cw.w, await cw.w.login('x'));
    const search = async () => (await cw.w.get('search_carrier_numbers', { session_key: a, country: 'US' })).statusCode;
    return { ...cw, search };
  }

  it('mails once when the carrier refuses the credentials, and again after it worked', async () => {
    const { w, carrier, search } = await world();
    await choose(w, 'a', 'en', [{ site_id: 0, kind: 'carrier_failing' }]);
    await choose(w, 'b', 'ru', [{ site_id: 2, kind: 'carrier_failing' }]);
    await choose(w, 'c', 'en', [{ site_id: 0, kind: 'carrier_failing' }]);
    carrier.accounts.get(TOKEN)!.revoked = true;
    expect(await search()).toBe(502);
    expect(await search()).toBe(502);
    // Customers A and B use agent X's connection; C (agent Y) does not.
    expect(queued(w)).toBe(2);
    expect(await w.server.notifications.alerts()).toBe(2);
    const mails = await smtp.waitFor(2);
    const en = mails.find((m) => m.to[0] === 'a@x.test')!;
    expect(en.subject).toBe('A carrier connection is failing');
    expect(en.text).toContain('- Main (standin): The carrier refused the credentials: Authentication failed: invalid token');
    expect(en.text).toContain('Open the carriers: https://calls.example.test/app/carriers');
    const ru = mails.find((m) => m.to[0] === 'b@x.test')!;
    expect(ru.subject).toBe('Сбой подключения оператора связи');
    expect(ru.text).toContain('Открыть операторов связи: https://calls.example.test/app/carriers');
    // Working again, then failing again: a new alert.
    carrier.accounts.get(TOKEN)!.revoked = false;
    expect(await search()).toBe(200);
    carrier.accounts.get(TOKEN)!.revoked = true;
    expect(await search()).toBe(502);
    expect(queued(w)).toBe(2);
  });

  it('counts a carrier that cannot answer only when it fails three times', async () => {
    const { w, carrier, search } = await world();
    await choose(w, 'a', 'en', [{ site_id: 0, kind: 'carrier_failing' }]);
    carrier.failWith = 500;
    expect(await search()).toBe(502);
    expect(await search()).toBe(502);
    expect(queued(w)).toBe(0);
    expect(await search()).toBe(502);
    expect(queued(w)).toBe(1);
    expect(await w.server.notifications.alerts()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain('- Main (standin): The carrier is unavailable');
  });
});
