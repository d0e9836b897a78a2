import { afterEach, describe, expect, it } from 'vitest';
import type { CaptchaResult, HitResult, WriteResponse } from '../../../../src/protocol.js';
import { createServer, type ConsultantServer } from '../../../../src/server/app.js';
import { consultantConfig, PASSWORD } from '../consultant-helpers.js';
import { hitWrite, wid } from '../helpers.js';
import { fullScans, statementCollector } from '../query-plans.js';

// The rest of the write path: hit-path.test.ts EXPLAINs the page-view path; this drives the
// other paths a visitor or an operator reaches (properties, visitor data from outside the page,
// call-backs and captchas, the console's sign-in, stream, status and answers) and EXPLAINs every
// statement the server really ran. Not covered: the configuration import (run by an operator's
// command, not by traffic) and the start-up queries (hub rebuild, migrations).

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the other paths read by index', () => {
  it('no statement of properties, visitor data, call-backs or the console scans a growing table', async () => {
    const statements = statementCollector();
    const config = await consultantConfig();
    config.customers[0]!.sites[0]!.settings.captcha = true;
    server = await createServer({
      dbPath: ':memory:',
      siteConfig: config,
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
      onQuery: statements.onQuery,
    });
    const base = await server.listen(0, '127.0.0.1');
    statements.start();
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    // The operator signs in, opens the console's stream and goes online.
    const login = await post('op/api/login', { email: 'anna@example.com', password: PASSWORD }, { 'content-type': 'application/json' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const ctl = new AbortController();
    const stream = await fetch(base + 'op/api/stream', { headers: { cookie }, signal: ctl.signal });
    const reader = stream.body!.getReader();
    await reader.read();
    await post('op/api/status', { online: true }, { 'content-type': 'application/json', cookie });

    // A visitor: page view, properties, visitor data, a chat, a captcha and a call-back.
    const h = hitWrite();
    const first = (await (await post('w/site-a', { visitor: null, writes: [h] })).json()) as WriteResponse;
    const ids = first.results[0]!.result as HitResult;
    const w = (type: string, data: unknown) => ({ id: wid(), type, hit: h.id, at: Date.now(), data });
    const batch = (await (
      await post('w/site-a', {
        visitor: first.visitor,
        writes: [
          w('property_set', { name: 'plan', value: 'gold' }),
          w('property_get', { name: 'plan' }),
          w('property_delete', { name: 'plan' }),
          w('visitor_info', { name: 'Anna', email: 'a@example.com', phone: '+7 900 000 00 00' }),
          w('chat_message', { text: 'hello' }),
          w('captcha', {}),
        ],
      })
    ).json()) as WriteResponse;
    expect(batch.results.map((r) => r.success)).toEqual([true, true, true, true, true, true]);
    const chatId = (batch.results[4]!.result as { chat_id: number }).chat_id;
    const captcha = batch.results[5]!.result as CaptchaResult;
    const answer = (server.db.prepare('SELECT answer FROM captchas WHERE key = ?').get(captcha.key) as { answer: string }).answer;
    await post('w/site-a', {
      visitor: first.visitor,
      writes: [w('sitephone', { phone: '+7 916 123 45 67', captcha_key: captcha.key, captcha_value: answer })],
    });
    // From outside the page: visitor data and an offline request, right and wrong.
    await fetch(`${base}vc/s/?k=wk-a&ur=svc.test&ci=${ids.visitor_id}&hi=${ids.hit_id}&vn=Anna`);
    await fetch(`${base}vc/s/?k=wk-a&ur=svc.test&ci=${ids.visitor_id}&hi=${ids.hit_id + 1}&vn=Anna`);
    const form = new URLSearchParams({
      key: 'wk-a',
      uri: 'svc.test',
      visitor_id: String(ids.visitor_id),
      hit_id: String(ids.hit_id),
      session_id: String(ids.session_id),
      text: 'hi',
    });
    await fetch(base + 'api/add_offline_message/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    // The operator answers and closes the chat.
    await post(`op/api/chats/${chatId}/messages`, { text: 'hi there' }, { 'content-type': 'application/json', cookie });
    await post(`op/api/chats/${chatId}/close`, {}, { 'content-type': 'application/json', cookie });
    await new Promise((r) => setTimeout(r, 200));
    ctl.abort();

    const list = statements.list();
    const touched = (table: string) => list.some((s) => new RegExp(`\\b(from|into|update|join) "${table}"`).test(s.sql));
    for (const table of [
      'visitor_properties',
      'visitor_emails',
      'visitor_phones',
      'chats',
      'chat_messages',
      'captchas',
      'calls',
      'sitephone_attempts',
      'offline_messages',
      'operator_sessions',
    ]) {
      expect(touched(table), table).toBe(true);
    }
    expect(fullScans(server.store.sqlite!, list)).toEqual([]);
  });
});
