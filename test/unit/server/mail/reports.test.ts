import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { startSmtpStandin, type SmtpStandin } from '../../../support/smtp-standin.js';
import { expectAnswered } from '../api-helpers.js';
import { callEvents, postEvent, signIn } from '../telephony-helpers.js';
import { mailingServer, restAs } from './mail-helpers.js';

/**
 * Scheduled reports (docs/notifications.md, "Scheduled reports"): yesterday's or last week's
 * campaign report mailed from the hour the user picks in the customer's time zone (Moscow here),
 * in the user's language, each period once whatever the processes and restarts, and an
 * unsubscribe link that works without signing in.
 */

const clock = { ms: 0 };
let smtp: SmtpStandin;
let dbPath: string;
const servers: ConsultantServer[] = [];
beforeEach(async () => {
  clock.ms = Date.UTC(2026, 10, 24, 5, 0, 0); // 08:00 of Tuesday, 24 November, in Moscow
  smtp = await startSmtpStandin();
  dbPath = freshDbPath(join(tmpdir(), `svc-reports-${randomBytes(4).toString('hex')}.db`));
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  await smtp.close();
  if (dbPath.startsWith('postgres')) dropDatabase(dbPath);
  else for (const f of [dbPath, dbPath + '-wal', dbPath + '-shm']) rmSync(f, { force: true });
});
afterAll(() => expectAnswered(['GET report_schedules', 'PUT set_report_schedule']));

async function start(): Promise<ConsultantServer> {
  const s = await mailingServer(dbPath, smtp.url, clock);
  servers.push(s);
  return s;
}

/** A REST call as `a`, signed in afresh: the test may have started another server. */
async function rest(server: ConsultantServer, verb: 'GET' | 'PUT', fn: string, args: Record<string, unknown> = {}) {
  return restAs(server, await signIn(server), verb, fn, args);
}

/** Calls to the site's own number at `at` (ms), `missed` of them unanswered and `answered` answered. */
async function calls(server: ConsultantServer, at: number, missed: number, answered = 0) {
  for (let i = 0; i < missed + answered; i++) {
    const callId = `c${at}-${i}`;
    const talk = i < answered ? 30 : 0;
    for (const ev of callEvents({
      callId,
      from: `7916${String(at % 1e7).padStart(7, '0')}`,
      to: '74957770011',
      start: at + i * 60_000,
      talk,
      employee: 11,
    }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
  }
}

describe('scheduled reports', () => {
  it('mails yesterday’s report once from the chosen hour, in the user’s language, and not again after a restart', async () => {
    let server = await start();
    const set = await rest(server, 'PUT', 'set_report_schedule', { period: 'daily', hour: 9, email: 'owner@x.test', lang: 'ru' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await rest(server, 'GET', 'report_schedules')).json().data).toEqual({
      schedules: [{ period: 'daily', hour: 9, weekday: 1, email: 'owner@x.test', lang: 'ru' }],
      time_zone: 'Europe/Moscow',
    });
    await calls(server, Date.UTC(2026, 10, 23, 9, 0), 3, 1); // Monday 12:00 in Moscow
    await calls(server, Date.UTC(2026, 10, 22, 9, 0), 1); // Sunday
    expect(await server.notifications.reports()).toBe(0); // 08:00: not yet
    clock.ms += 65 * 60_000;
    expect(await server.notifications.reports()).toBe(1);
    expect(await server.notifications.reports()).toBe(0);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['owner@x.test']);
    expect(mail!.subject).toBe('Ежедневный отчёт: 2026-11-23');
    expect(mail!.text).toContain('Звонки: 4 (до этого: 1 +300%)');
    expect(mail!.text).toContain('Пропущенные звонки: 3 (до этого: 1 +200%)');
    expect(mail!.text).toContain('1. без кампании (localhost): 4');
    expect(mail!.text).toContain('Полный отчёт: http://svc.test/app/report');
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/svc\.test\/app\/api\/unsubscribe\?u=rest\.1\.1\.report&s=[\w-]+&lang=ru>$/,
    );

    await server.close();
    servers.splice(0);
    server = await start();
    clock.ms += 60 * 60_000;
    expect(await server.notifications.reports()).toBe(0);
    expect(smtp.mails).toHaveLength(1);
  });

  it('mails last week’s report on its weekday, in English', async () => {
    const server = await start();
    await rest(server, 'PUT', 'set_report_schedule', { period: 'weekly', hour: 7, weekday: 2, email: 'owner@x.test', lang: 'en' });
    await calls(server, Date.UTC(2026, 10, 18, 9, 0), 2);
    expect(await server.notifications.reports()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Weekly report: 2026-11-16 – 2026-11-22');
    expect(mail!.text).toContain('Missed calls: 2 (before: 0)');
    expect(mail!.text).toContain('The full report: http://svc.test/app/report');
  });

  it('stops with the unsubscribe link, without signing in; a link not signed by the server is refused', async () => {
    const server = await start();
    await rest(server, 'PUT', 'set_report_schedule', { period: 'daily', hour: 0, email: 'owner@x.test' });
    expect(await server.notifications.reports()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    const link = /Stop these reports: (\S+)/.exec(mail!.text)![1]!;
    const path = link.replace('http://svc.test', '');
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // Opening the link changes nothing: mail scanners open links.
    expect((await rest(server, 'GET', 'report_schedules')).json().data.schedules).toHaveLength(1);
    const forged = path.replace('rest.1.1.report', 'rest.2.1.report');
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: forged,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        })
      ).statusCode,
    ).toBe(403);
    const done = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await rest(server, 'GET', 'report_schedules')).json().data.schedules).toEqual([]);
  });
});

describe.runIf(testPostgresUrl)('scheduled reports across processes on PostgreSQL', () => {
  it('two processes and a restart mail each period exactly once', async () => {
    const a = await start();
    const b = await start();
    await rest(a, 'PUT', 'set_report_schedule', { period: 'daily', hour: 8, email: 'owner@x.test' });
    const rounds = await Promise.all([
      a.notifications.reports(),
      b.notifications.reports(),
      a.notifications.reports(),
      b.notifications.reports(),
    ]);
    expect(rounds.reduce((x, y) => x + y, 0)).toBe(1);
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    const c = await start();
    expect(await Promise.all([b.notifications.reports(), c.notifications.reports()])).toEqual([0, 0]);
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(1);
  });
});
