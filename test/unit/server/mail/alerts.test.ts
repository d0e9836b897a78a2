import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { startSmtpStandin, type SmtpStandin } from '../../../support/smtp-standin.js';
import { expectAnswered } from '../api-helpers.js';
import { callEvents, postEvent, signIn } from '../telephony-helpers.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { mailingServer, restAs } from './mail-helpers.js';

/**
 * Mail alerts (docs/notifications.md, "Alerts"): chosen per user and site, queued as the events
 * happen, mailed grouped: at most one mail per user and kind a minute, the rest counted in it.
 */

let server: ConsultantServer;
let smtp: SmtpStandin;
const clock = { ms: Date.UTC(2026, 10, 24, 9, 0, 0) };
const start = (dbPath: string) => mailingServer(dbPath, smtp.url, clock);
beforeEach(async () => {
  smtp = await startSmtpStandin();
  server = await start(':memory:');
});
afterEach(async () => {
  await server.close();
  await smtp.close();
});
afterAll(() => expectAnswered(['GET alert_settings', 'PUT set_alert_settings']));

const rest = (key: string, verb: 'GET' | 'PUT', fn: string, args: Record<string, unknown> = {}) => restAs(server, key, verb, fn, args);

/** `n` calls from different numbers to the site's own number, none answered. */
async function missedCalls(n: number, from = 0) {
  for (let i = from; i < from + n; i++)
    for (const ev of callEvents({ callId: `m${i}`, from: `7916000${String(i).padStart(4, '0')}`, to: '74957770011' }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
}

describe('mail alerts', () => {
  it('are chosen per site and kind, every kind sent', async () => {
    const key = await signIn(server);
    const before = (await rest(key, 'GET', 'alert_settings')).json().data;
    expect(before).toMatchObject({ email: '', lang: 'en', subscriptions: [] });
    expect(before.kinds).toContainEqual({ kind: 'missed_call', wired: true });
    expect(before.kinds).toContainEqual({ kind: 'pool_dry', wired: true });
    expect(before.kinds.every((k: { wired: boolean }) => k.wired)).toBe(true);
    const set = await rest(key, 'PUT', 'set_alert_settings', {
      email: 'owner@x.test',
      lang: 'ru',
      subscriptions: [
        { site_id: 1, kind: 'missed_call' },
        { site_id: 0, kind: 'request' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await rest(key, 'GET', 'alert_settings')).json().data).toMatchObject({
      email: 'owner@x.test',
      lang: 'ru',
      subscriptions: [
        { site_id: 0, kind: 'request' },
        { site_id: 1, kind: 'missed_call' },
      ],
    });
    const foreign = await rest(key, 'PUT', 'set_alert_settings', {
      email: 'owner@x.test',
      subscriptions: [{ site_id: 99, kind: 'request' }],
    });
    expect(foreign.statusCode).toBe(404);
    const badKind = await rest(key, 'PUT', 'set_alert_settings', { email: 'owner@x.test', subscriptions: [{ site_id: 1, kind: 'nope' }] });
    expect(badKind.statusCode).toBe(400);
  });

  it('a burst of 100 missed calls gives one mail a minute per user and kind, the rest counted', async () => {
    const key = await signIn(server);
    const subscriptions = [{ site_id: 1, kind: 'missed_call' }];
    expect((await rest(key, 'PUT', 'set_alert_settings', { email: 'owner@x.test', lang: 'en', subscriptions })).statusCode).toBe(200);
    await missedCalls(100);
    // Two rounds at once (two processes) share the minute: one mail.
    const rounds = await Promise.all([server.notifications.alerts(), server.notifications.alerts()]);
    expect(rounds[0] + rounds[1]).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['owner@x.test']);
    expect(mail!.subject).toBe('100 missed calls');
    expect(mail!.text).toContain('- +79160000000');
    expect(mail!.text).toContain('…and 95 more');
    expect(mail!.text).toContain('Open the journal: http://svc.test/app/journal');
    expect(mail!.text).toContain('http://svc.test/app/notifications');

    // Within the minute: queued, not mailed; after it, one mail with what came meanwhile.
    await missedCalls(3, 100);
    clock.ms += 30_000;
    expect(await server.notifications.alerts()).toBe(0);
    clock.ms += 30_000;
    expect(await server.notifications.alerts()).toBe(1);
    const second = (await smtp.waitFor(2))[1]!;
    expect(second.subject).toBe('3 missed calls');
    expect(second.text).not.toContain('more');
    expect(await server.notifications.alerts()).toBe(0);
    expect(smtp.mails).toHaveLength(2);
  });

  it('speaks the user’s language, mails nothing for answered calls, and stops with its own link', async () => {
    const key = await signIn(server);
    const subscriptions = [{ site_id: 1, kind: 'missed_call' }];
    await rest(key, 'PUT', 'set_alert_settings', { email: 'owner@x.test', lang: 'ru', subscriptions });
    for (const ev of callEvents({ callId: 'ok', from: '79161112233', to: '74957770011', talk: 30, employee: 11 }))
      await postEvent(server, ev);
    expect(await server.notifications.alerts()).toBe(0);
    await missedCalls(1);
    expect(await server.notifications.alerts()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Пропущенный звонок');
    expect(mail!.text).toContain('Открыть журнал: http://svc.test/app/journal');
    // The mail's own link stops this kind without signing in; nothing more is queued.
    const link = /Отписаться от таких оповещений: http:\/\/svc\.test(\S+)/.exec(mail!.text)![1]!;
    expect(mail!.headers['list-unsubscribe']).toBe(`<http://svc.test${link}>`);
    const post = (url: string) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await post(link.replace('missed_call', 'request'))).statusCode).toBe(403);
    expect((await post(link)).statusCode).toBe(200);
    expect((await rest(key, 'GET', 'alert_settings')).json().data.subscriptions).toEqual([]);
    clock.ms += 120_000;
    await missedCalls(1, 1);
    expect(await server.notifications.alerts()).toBe(0);
  });
});

describe.runIf(testPostgresUrl)('mail alerts across processes on PostgreSQL', () => {
  it('two processes mail a burst once a minute between them', async () => {
    const dbPath = freshDbPath();
    const a = await start(dbPath);
    const b = await start(dbPath);
    try {
      const key = await signIn(a);
      const set = await a.app.inject({
        method: 'POST',
        url: '/api/v1/set_alert_settings/',
        payload: { session_key: key, action: 'PUT', args: { email: 'owner@x.test', subscriptions: [{ site_id: 0, kind: 'missed_call' }] } },
      });
      expect(set.statusCode, set.body).toBe(200);
      for (let i = 0; i < 10; i++)
        for (const ev of callEvents({ callId: `p${i}`, from: `7916100${String(i).padStart(4, '0')}`, to: '74957770011' }))
          expect((await postEvent(i % 2 ? a : b, ev)).statusCode).toBe(200);
      const rounds = await Promise.all([
        a.notifications.alerts(),
        b.notifications.alerts(),
        a.notifications.alerts(),
        b.notifications.alerts(),
      ]);
      expect(rounds.reduce((x, y) => x + y, 0)).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('10 missed calls');
    } finally {
      await a.close();
      await b.close();
      dropDatabase(dbPath);
    }
  });
});
