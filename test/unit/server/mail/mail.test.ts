import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../../../src/server/settings.js';
import { startSmtpStandin, type SmtpStandin } from '../../../support/smtp-standin.js';
import { apiWorld, expectAnswered, type ApiWorld } from '../api-helpers.js';

/**
 * Mail through a real SMTP server (the stand-in, test/support/smtp-standin.ts), and without one:
 * the message in the server's log and the app told that mail is off (docs/notifications.md).
 */

let w: ApiWorld | null = null;
let smtp: SmtpStandin | null = null;
afterEach(async () => {
  await w?.server.close();
  await smtp?.close();
  w = null;
  smtp = null;
});
afterAll(() => expectAnswered(['GET mail_status', 'POST send_test_mail']));

const testMail = async (world: ApiWorld, login: string, args: Record<string, unknown>) => {
  const res = await world.post('send_test_mail', await world.login(login), args);
  return { status: res.statusCode, body: res.json() as { success: boolean; data?: { enabled: boolean }; message?: string } };
};

describe('mail through SMTP', () => {
  it('sends the operator’s test e-mail in either language, with the app’s link', async () => {
    smtp = await startSmtpStandin({ user: 'svc', password: 'smtp-secret' });
    w = await apiWorld(':memory:', undefined, { mail: { url: smtp.url, from: 'Calls <calls@svc.test>' } });
    const status = await w.get('mail_status', { session_key: await w.login('x') });
    expect(status.json()).toEqual({ success: true, data: { enabled: true, operator: true } });

    expect(await testMail(w, 'x', { to: 'ops@example.com', lang: 'ru' })).toEqual({
      status: 200,
      body: { success: true, data: { enabled: true } },
    });
    expect(await testMail(w, 'x', { to: 'Boss@Example.com' })).toMatchObject({ status: 200 });
    const [ru, en] = await smtp.waitFor(2);
    expect(ru!.to).toEqual(['ops@example.com']);
    expect(ru!.from).toBe('calls@svc.test');
    expect(ru!.subject).toBe('Тестовое письмо сервера коллтрекинга');
    expect(ru!.text).toContain('сервер отправляет почту');
    expect(ru!.text).toContain('http://svc.test/app/');
    expect(en!.to).toEqual(['Boss@example.com']);
    expect(en!.subject).toBe('Test e-mail from the call tracking server');
    expect(en!.text).toContain('The app: http://svc.test/app/');
  });

  it('lets only the server’s operator send one, and refuses a bad address beside its field', async () => {
    smtp = await startSmtpStandin();
    w = await apiWorld(':memory:', undefined, { mail: { url: smtp.url } });
    // Customer 1 has an agent: the agent runs the server.
    const refused = await testMail(w, 'a', { to: 'ops@example.com' });
    expect(refused.status).toBe(403);
    expect((await w.get('mail_status', { session_key: await w.login('a') })).json().data.operator).toBe(false);
    const bad = await w.post('send_test_mail', await w.login('x'), { to: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'to' });
    expect(smtp.mails).toHaveLength(0);
  });

  it('says what the SMTP server answered when it refuses the message', async () => {
    smtp = await startSmtpStandin();
    w = await apiWorld(':memory:', undefined, { mail: { url: smtp.url } });
    smtp.refuseNext();
    const r = await testMail(w, 'x', { to: 'ops@example.com' });
    expect(r.status).toBe(502);
    expect(r.body.message).toMatch(/^502401: The mail server refused: .*550/);
  });

  it('without SMTP writes the message to the log and says mail is off', async () => {
    const lines: Array<Record<string, unknown>> = [];
    w = await apiWorld(':memory:', undefined, {
      logger: { level: 'info', stream: { write: (l) => void lines.push(JSON.parse(l) as Record<string, unknown>) } },
    });
    expect((await w.get('mail_status', { session_key: await w.login('x') })).json().data).toEqual({
      enabled: false,
      operator: true,
    });
    expect(await testMail(w, 'x', { to: 'ops@example.com', lang: 'en' })).toEqual({
      status: 200,
      body: { success: true, data: { enabled: false } },
    });
    const logged = lines.find((l) => l.mail);
    expect(logged).toMatchObject({ mail: { to: 'ops@example.com', subject: 'Test e-mail from the call tracking server' } });
    expect((logged!.mail as { text: string }).text).toContain('http://svc.test/app/');
  });
});

describe('the mail settings', () => {
  const read = (env: Record<string, string>) => readSettings(env, '/srv').server.mail;
  it('reads an SMTP URL, or a host and its parts, and the sender', () => {
    expect(read({})).toBeUndefined();
    expect(read({ SVC_SMTP_URL: 'smtps://u:p@mail.example.com:465', SVC_MAIL_FROM: 'calls@example.com' })).toEqual({
      url: 'smtps://u:p@mail.example.com:465',
      from: 'calls@example.com',
    });
    expect(
      read({ SVC_SMTP_HOST: 'mail.example.com', SVC_SMTP_PORT: '2525', SVC_SMTP_TLS: 'off', SVC_SMTP_USER: 'u', SVC_SMTP_PASSWORD: 'p' }),
    ).toEqual({ host: 'mail.example.com', port: 2525, tls: false, user: 'u', password: 'p' });
  });
  it('stops the start on a bad value, naming the variable', () => {
    expect(() => read({ SVC_SMTP_URL: 'http://mail.example.com' })).toThrow(SettingsError);
    expect(() => read({ SVC_SMTP_URL: 'http://mail.example.com' })).toThrow(/SVC_SMTP_URL/);
    expect(() => read({ SVC_MAIL_FROM: 'nobody' })).toThrow(/SVC_MAIL_FROM/);
    expect(() => read({ SVC_SMTP_HOST: 'm', SVC_SMTP_PORT: 'x' })).toThrow(/SVC_SMTP_PORT/);
  });
});
