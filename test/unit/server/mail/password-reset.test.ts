import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpStandin, type SmtpStandin } from '../../../support/smtp-standin.js';
import { apiWorld, type ApiWorld } from '../api-helpers.js';

/**
 * "Forgot password?" (docs/notifications.md, "Password reset"): a link mailed through a real SMTP
 * server, good once and for an hour, the same answer for an address nobody has, limited per
 * address and network, and every session of the account ended when the password changes.
 */

let w: ApiWorld;
let smtp: SmtpStandin;
beforeEach(async () => {
  smtp = await startSmtpStandin();
  w = await apiWorld(':memory:', undefined, { mail: { url: smtp.url } });
  // Customer 1 (login `a`) has this address; Olga is its employee.
  w.server.db.prepare('UPDATE customers SET email = ? WHERE id = 1').run('owner@a.test');
  const key = await w.login('a');
  const olga = { first_name: 'Olga', last_name: 'Smirnova', email: 'olga@a.test', password: 'olga-password', sites: [1] };
  expect((await w.post('create_employee', key, olga)).statusCode).toBe(200);
});
afterEach(async () => {
  await w.server.close();
  await smtp.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, ip = '203.0.113.5') =>
  w.server.app.inject({ method, url, remoteAddress: ip, ...(payload === undefined ? {} : { payload: payload as object }) });
const ask = (email: string, lang?: string, ip?: string) =>
  inject('POST', '/app/api/password-reset', { email, ...(lang ? { lang } : {}) }, ip);
const confirm = (token: string, password: string, ip?: string) =>
  inject('POST', '/app/api/password-reset/confirm', { token, password }, ip);
const tokenOf = (text: string, name: string) => new RegExp(`${name}: http://svc\\.test/app/reset\\?token=([\\w-]+)`).exec(text)?.[1];

describe('the password reset', () => {
  it('mails a REST login a link that sets its password once and ends its sessions', async () => {
    const before = await w.login('a');
    const res = await ask(' Owner@A.test ', 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { mail: true } });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['owner@a.test']);
    expect(mail!.subject).toBe('Сброс пароля');
    expect(mail!.text).toContain('Ссылка действует один раз в течение часа');
    const token = tokenOf(mail!.text, 'a')!;
    expect(token).toBeTruthy();
    expect((await inject('GET', `/app/api/password-reset?token=${token}`)).statusCode).toBe(200);

    expect((await confirm(token, 'a-new-password')).json()).toEqual({ success: true });
    // The session open before the reset is over; the new password signs in, the old one not.
    expect((await w.get('site', { session_key: before })).statusCode).toBe(401);
    const signIn = (password: string) => inject('POST', '/app/api/session', { login: 'a', password });
    expect((await signIn('pw-a')).statusCode).toBe(401);
    expect((await signIn('a-new-password')).statusCode).toBe(200);

    // Used once: the same link is refused after, and says so beside the token.
    const again = await confirm(token, 'another-password');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ success: false, field: 'token', message: '410001: This link no longer works: ask for a new one' });
    expect((await inject('GET', `/app/api/password-reset?token=${token}`)).statusCode).toBe(410);
  });

  it('ends an employee’s console and app sessions', async () => {
    const app = await inject('POST', '/app/api/session', { login: 'olga@a.test', password: 'olga-password' });
    const appKey = (app.json() as { data: { session_key: string } }).data.session_key;
    const console = await inject('POST', '/op/api/login', { email: 'olga@a.test', password: 'olga-password' });
    const cookie = ([] as string[])
      .concat(console.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('svc_op='))!
      .split(';')[0]!;
    const appMe = () => w.server.app.inject({ method: 'GET', url: '/app/api/employee/me', headers: { 'x-session-key': appKey } });
    const consoleMe = () => w.server.app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie } });
    expect((await appMe()).statusCode).toBe(200);
    expect((await consoleMe()).statusCode).toBe(200);

    await ask('olga@a.test', 'en');
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.text).toContain('The link works once, within an hour.');
    expect((await confirm(tokenOf(mail!.text, 'olga@a\\.test')!, 'olga-new-password')).statusCode).toBe(200);
    expect((await appMe()).statusCode).toBe(401);
    expect((await consoleMe()).statusCode).toBe(401);
    expect((await inject('POST', '/op/api/login', { email: 'olga@a.test', password: 'olga-new-password' })).statusCode).toBe(200);
  });

  it('answers an address nobody has as it answers a known one, and mails nobody', async () => {
    const unknown = await ask('nobody@a.test');
    const known = await ask('owner@a.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const mails = await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(mails.map((m) => m.to)).toEqual([['owner@a.test']]);
  });

  it('refuses a link after an hour', async () => {
    await ask('owner@a.test');
    const [mail] = await smtp.waitFor(1);
    w.clock.ms += 60 * 60_000 + 1;
    const r = await confirm(tokenOf(mail!.text, 'a')!, 'a-new-password');
    expect(r.statusCode).toBe(410);
    expect((await inject('POST', '/app/api/session', { login: 'a', password: 'pw-a' })).statusCode).toBe(200);
  });

  it('limits requests per address and per network, and guesses of tokens per network', async () => {
    for (let i = 0; i < 5; i++) expect((await ask('owner@a.test', 'en', `198.51.100.${i}`)).statusCode).toBe(200);
    const sixth = await ask('owner@a.test', 'en', '198.51.100.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeTruthy();
    // An unknown address counts as a known one does: the limit tells nothing either.
    for (let i = 0; i < 5; i++) await ask('nobody@a.test', 'en', `198.51.100.${10 + i}`);
    expect((await ask('nobody@a.test', 'en', '198.51.100.50')).statusCode).toBe(429);
    for (let i = 0; i < 20; i++) await ask(`x${i}@a.test`, 'en', '192.0.2.1');
    expect((await ask('another@a.test', 'en', '192.0.2.1')).statusCode).toBe(429);

    const mails = await smtp.waitFor(5);
    const token = tokenOf(mails[0]!.text, 'a')!;
    for (let i = 0; i < 20; i++) expect((await confirm('guess-' + i, 'long enough', '2001:db8:1::' + i)).statusCode).toBe(410);
    // The network (one /64) has had its guesses: even a good token waits.
    expect((await confirm(token, 'a-new-password', '2001:db8:1::99')).statusCode).toBe(429);
    expect((await confirm(token, 'a-new-password', '203.0.113.77')).statusCode).toBe(200);
  });

  it('lifts the sign-in lock of the login it reset, so the new password signs in at once', async () => {
    const signIn = (login: string, password: string) => inject('POST', '/app/api/session', { login, password });
    for (let i = 0; i < 10; i++) expect((await signIn('a', 'wrong-' + i)).statusCode).toBe(401);
    expect((await signIn('a', 'pw-a')).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) await signIn('olga@a.test', 'wrong-' + i);
    await ask('owner@a.test');
    const [mail] = await smtp.waitFor(1);
    expect((await confirm(tokenOf(mail!.text, 'a')!, 'a-new-password')).statusCode).toBe(200);
    expect((await signIn('a', 'a-new-password')).statusCode).toBe(200);
    // Another login locked from the same network stays locked, until its own reset.
    expect((await signIn('olga@a.test', 'olga-password')).statusCode).toBe(429);
    await ask('olga@a.test');
    const olga = (await smtp.waitFor(2))[1]!;
    expect((await confirm(tokenOf(olga.text, 'olga@a\\.test')!, 'olga-new-password')).statusCode).toBe(200);
    expect((await signIn('olga@a.test', 'olga-new-password')).statusCode).toBe(200);
  });

  it('refuses a short password beside its field and keeps the link', async () => {
    await ask('owner@a.test');
    const [mail] = await smtp.waitFor(1);
    const token = tokenOf(mail!.text, 'a')!;
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password' });
    expect((await confirm(token, 'long enough')).statusCode).toBe(200);
  });
});
