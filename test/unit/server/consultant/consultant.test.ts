import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMessage } from '../../../../src/console-protocol.js';
import type { ChatMessageEvent, ChatState, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { hashPassword, verifyPassword } from '../../../../src/server/identity/password.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import { consultantConfig, liveServer, PASSWORD, postJson, signIn, sse } from '../consultant-helpers.js';
import { hitWrite, wid } from '../helpers.js';

let server: ConsultantServer | undefined;
const streams: Array<{ close(): void }> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const s of streams.splice(0)) s.close();
  // fetch (undici) may hold a fresh socket that never sent a request; the server would wait for it.
  server?.app.server.closeAllConnections();
  await server?.close();
  server = undefined;
});

async function start(chatWait?: number, extra = {}) {
  const live = await liveServer(await consultantConfig(chatWait), extra);
  server = live.server;
  return live.base;
}

async function open<T extends Awaited<ReturnType<typeof sse>>>(s: Promise<T>): Promise<T> {
  const v = await s;
  streams.push(v);
  return v;
}

/** A visitor with a page view on `siteKey`; `say(text)` sends a chat message through the write endpoint. */
async function visitor(base: string, siteKey = 'site-a') {
  const h = hitWrite('http://localhost/pricing');
  const r = await fetch(`${base}w/${siteKey}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ visitor: null, writes: [h] }),
  });
  const first = (await r.json()) as WriteResponse;
  const ref = first.visitor!;
  const write = async (type: string, data: unknown, id = wid()) => {
    const res = await fetch(`${base}w/${siteKey}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ visitor: ref, writes: [{ id, type, hit: h.id, at: Date.now(), data }] }),
    });
    return ((await res.json()) as WriteResponse).results[0]!;
  };
  return {
    ref,
    write,
    say: (text: string, id?: string) => write('chat_message', { text }, id),
    stream: (headers: Record<string, string> = {}) => open(sse(`${base}c/${siteKey}?v=${ref.id}&t=${ref.token}`, headers)),
  };
}

async function online(base: string, email = 'anna@example.com') {
  const cookie = await signIn(base, email);
  const s = await open(sse(base + 'op/api/stream', { cookie }));
  await s.next((e) => e.event === 'hello');
  expect((await postJson(base + 'op/api/status', { online: true }, { cookie })).status).toBe(200);
  return { cookie, stream: s };
}

describe('operator passwords and configuration', () => {
  it('hashes with scrypt and verifies only the right password; the script makes compatible hashes', async () => {
    const h = await hashPassword('s3cret');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('s3cret', h)).toBe(true);
    expect(await verifyPassword('S3cret', h)).toBe(false);
    expect(await verifyPassword('s3cret', 'plain-text')).toBe(false);
    const fromScript = execFileSync(process.execPath, ['scripts/hash-password.mjs', 'пароль'], { encoding: 'utf8' }).trim();
    expect(await verifyPassword('пароль', fromScript)).toBe(true);
  });

  it("refuses a plain password, and an operator of another customer's site", async () => {
    const c = structuredClone(await consultantConfig());
    c.customers[0]!.employees[0]!.password_hash = 'hunter2';
    expect(SiteConfigSchema.safeParse(c).success).toBe(false);
    const d = structuredClone(await consultantConfig());
    d.customers.push({
      ...d.customers[0]!,
      id: 2,
      name: 'Other',
      sites: [],
      employees: [{ ...d.customers[0]!.employees[0]!, id: 99, email: 'x@example.com', sites: [1] }],
    });
    const r = SiteConfigSchema.safeParse(d);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error!.issues)).toContain('not a site of customer 2');
  });
});

describe('console sign-in', () => {
  it('signs in with the right password only, with an HttpOnly expiring cookie, and signs out', async () => {
    const base = await start();
    const bad = await postJson(base + 'op/api/login', { email: 'anna@example.com', password: 'wrong' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ success: false, message: '401002: Wrong e-mail or password' });
    expect((await postJson(base + 'op/api/login', { email: 'nobody@example.com', password: PASSWORD })).status).toBe(401);

    const ok = await postJson(base + 'op/api/login', { email: 'Anna@Example.com', password: PASSWORD });
    expect(ok.status).toBe(200);
    // The session cookie, then the device cookie of the sign-in guard (login-guard.ts).
    expect(ok.cookie).toMatch(/^svc_op=[\w-]{40,}; Path=\/op\/; HttpOnly; SameSite=Strict; Max-Age=10800, svc_opd=[\w-]+; /);
    expect(ok.body.data).toMatchObject({ id: 11, full_name: 'Иванова Анна', online: false, sites: [{ id: 1, domain: 'localhost' }] });
    const cookie = ok.cookie!.split(';')[0]!;
    // Only a hash of the token is stored.
    expect(server!.db.prepare('SELECT token_hash FROM operator_sessions').get()).toEqual({
      token_hash: expect.not.stringContaining(cookie.split('=')[1]!),
    });

    expect((await fetch(base + 'op/api/me', { headers: { cookie } })).status).toBe(200);
    expect((await fetch(base + 'op/api/me')).status).toBe(401);
    expect((await postJson(base + 'op/api/logout', {}, { cookie })).status).toBe(200);
    expect((await fetch(base + 'op/api/me', { headers: { cookie } })).status).toBe(401);
  });

  it('expires sessions', async () => {
    // The server's clock stands still until the test moves it past the sign-in's end, so a busy
    // machine cannot end it before the first check; the open stream ends on its own timer.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 15, 10, 0, 0));
    const base = await start(undefined, { operatorSessionMs: 300 });
    const cookie = await signIn(base, 'anna@example.com');
    expect((await fetch(base + 'op/api/me', { headers: { cookie } })).status).toBe(200);
    const s = await open(sse(base + 'op/api/stream', { cookie }));
    await s.next((e) => e.event === 'hello');
    vi.setSystemTime(Date.now() + 300);
    expect((await fetch(base + 'op/api/me', { headers: { cookie } })).status).toBe(401);
    await expect.poll(() => s.ended).toBe(true);
  });

  it('throttles repeated wrong passwords', async () => {
    const base = await start();
    for (let i = 0; i < 10; i++) await postJson(base + 'op/api/login', { email: 'boris@example.com', password: 'x' + i });
    const r = await postJson(base + 'op/api/login', { email: 'boris@example.com', password: PASSWORD });
    expect(r.status).toBe(429);
  });

  it('accepts console POSTs only as JSON from its own origin', async () => {
    const base = await start();
    const cookie = await signIn(base, 'anna@example.com');
    const form = await fetch(base + 'op/api/status', {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: '{"online":true}',
    });
    expect(form.status).toBe(415);
    const foreign = await postJson(base + 'op/api/status', { online: true }, { cookie, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await postJson(base + 'op/api/status', { online: true }, { cookie, origin: base.slice(0, -1) })).status).toBe(200);
  });

  it('serves the console page with a strict CSP', async () => {
    const base = await start();
    const res = await fetch(base + 'op/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('id="login"');
  });
});

describe('operator status', () => {
  it('is online only while an operator is switched on and has the console open, per site', async () => {
    const base = await start(undefined, { operatorGraceMs: 100 });
    const a = await open(sse(base + 'os/site-a'));
    const b = await open(sse(base + 'os/site-b'));
    await a.next((e) => e.data === '0');
    const op = await online(base);
    await a.next((e) => e.data === '1');
    expect(b.events.map((e) => e.data)).toEqual(['0']);
    await postJson(base + 'op/api/status', { online: false }, { cookie: op.cookie });
    await expect.poll(() => a.events.map((e) => e.data)).toEqual(['0', '1', '0']);
    await postJson(base + 'op/api/status', { online: true }, { cookie: op.cookie });
    await expect.poll(() => a.events.length).toBe(4);
    // Closing the console takes the operator offline after the grace period.
    op.stream.close();
    await expect.poll(() => a.events.map((e) => e.data)).toEqual(['0', '1', '0', '1', '0']);
    expect(server!.db.prepare('SELECT is_consultant_operator_active a FROM employees WHERE id = 11').get()).toEqual({ a: 1 });
  });

  it('answers an unknown site with 404 and a foreign origin with 403', async () => {
    const base = await start();
    expect((await fetch(base + 'os/nope')).status).toBe(404);
    const r = await fetch(base + 'os/site-a', { headers: { origin: 'http://evil.example' } });
    expect(r.status).toBe(403);
    const ok = await fetch(base + 'os/site-a', { headers: { origin: 'http://localhost:8080' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(ok.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await ok.body!.cancel();
  });
});

describe('chat', () => {
  it('carries messages both ways, stores the REST records and resumes after a reconnect', async () => {
    const base = await start();
    const op = await online(base);
    const v = await visitor(base);
    const vs = await v.stream();
    expect(JSON.parse((await vs.next((e) => e.event === 'chat')).data)).toBeNull();

    const sent = await v.say('Здравствуйте! <b>not html</b>');
    expect(sent).toMatchObject({ success: true, result: { chat_id: expect.any(Number), message_id: expect.any(Number) } });
    const chatId = (sent.result as { chat_id: number }).chat_id;
    // The operator sees the chat and the message.
    const chatEv = await op.stream.next((e) => e.event === 'chat' && JSON.parse(e.data).id === chatId);
    expect(JSON.parse(chatEv.data)).toMatchObject({
      status: null,
      closed: false,
      site_id: 1,
      page_url: 'http://localhost/pricing',
      lost_at: expect.any(Number),
    });
    const msgEv = await op.stream.next((e) => e.event === 'message');
    expect(JSON.parse(msgEv.data)).toMatchObject({ chat_id: chatId, from: 'visitor', text: 'Здравствуйте! <b>not html</b>' });

    // The operator answers; the visitor's stream delivers it.
    const reply = await postJson<ConsoleMessage>(
      `${base}op/api/chats/${chatId}/messages`,
      { text: 'Добрый день', client_id: 'reply-0001' },
      { cookie: op.cookie },
    );
    expect(reply.status).toBe(200);
    const again = await postJson<ConsoleMessage>(
      `${base}op/api/chats/${chatId}/messages`,
      { text: 'Добрый день', client_id: 'reply-0001' },
      { cookie: op.cookie },
    );
    expect(again.body.data!.id).toBe(reply.body.data!.id);
    const got = await vs.next((e) => e.event === 'message' && JSON.parse(e.data).from === 'operator');
    expect(JSON.parse(got.data)).toMatchObject<Partial<ChatMessageEvent>>({ text: 'Добрый день', chat_id: chatId });
    expect(got.id).toBe(String(reply.body.data!.id));
    await vs.next((e) => e.event === 'chat' && (JSON.parse(e.data) as ChatState | null)?.status === 'succeed');
    expect(JSON.parse(vs.events.filter((e) => e.event === 'chat').at(-1)!.data)).toEqual({
      id: chatId,
      status: 'succeed',
      closed: false,
      operator: 'Анна',
    });

    // A reconnect with Last-Event-ID gets only what came after it; a fresh one gets the history.
    const firstId = (sent.result as { message_id: number }).message_id;
    await v.say('Ещё вопрос');
    const resumed = await v.stream({ 'last-event-id': String(firstId) });
    await resumed.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Ещё вопрос');
    expect(resumed.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data).text)).toEqual(['Добрый день', 'Ещё вопрос']);
    const fresh = await v.stream();
    await fresh.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Ещё вопрос');
    expect(fresh.events.filter((e) => e.event === 'message')).toHaveLength(3);

    // Visitor ends the chat.
    expect((await v.write('chat_close', { chat_id: chatId })).success).toBe(true);
    await vs.next((e) => e.event === 'chat' && JSON.parse(e.data)?.closed === true);
    const row = server!.db.prepare('SELECT * FROM chat_report WHERE id = ?').get(chatId) as Record<string, unknown>;
    expect(row).toMatchObject({
      status: 'succeed',
      initiator: 'Посетитель',
      employee_id: 11,
      operator_name: 'Иванова Анна',
      messages_count: 3,
      operator_message_count: 1,
      visitor_message_count: 2,
      page_url: 'http://localhost/pricing',
      visitor_id: v.ref.id,
      visitor_type: 'new',
      ac_id: -1,
      answer_interval: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
      duration: expect.any(Number),
    });
    const msgs = server!.db.prepare('SELECT sourse, user_id, message FROM chat_messages WHERE chat_id = ? ORDER BY id').all(chatId);
    expect(msgs).toEqual([
      { sourse: 'Посетитель', user_id: null, message: 'Здравствуйте! <b>not html</b>' },
      { sourse: 'Оператор', user_id: 11, message: 'Добрый день' },
      { sourse: 'Посетитель', user_id: null, message: 'Ещё вопрос' },
    ]);
    // A closed chat takes no more replies.
    expect(
      (await postJson(`${base}op/api/chats/${chatId}/messages`, { text: 'x', client_id: 'reply-0002' }, { cookie: op.cookie })).status,
    ).toBe(409);
  });

  it('loses a chat nobody answers in time, and at once when nobody is online', async () => {
    const base = await start(1);
    const v = await visitor(base);
    const r0 = await v.say('anyone?');
    const lostAtOnce = server!.db.prepare('SELECT status, end_ms FROM chats WHERE id = ?').get((r0.result as { chat_id: number }).chat_id);
    expect(lostAtOnce).toMatchObject({ status: 'lost', end_ms: expect.any(Number) });

    await online(base);
    const vs = await v.stream();
    const r = await v.say('hello?');
    const id = (r.result as { chat_id: number }).chat_id;
    expect(id).not.toBe((r0.result as { chat_id: number }).chat_id);
    await vs.next((e) => e.event === 'chat' && JSON.parse(e.data)?.id === id && JSON.parse(e.data).status === null);
    const lost = await vs.next((e) => e.event === 'chat' && JSON.parse(e.data)?.status === 'lost', 3000);
    expect(JSON.parse(lost.data)).toEqual({ id, status: 'lost', closed: true, operator: null });
  });

  it('gives a chat that was waiting when the server stopped its lost timer back on the next start', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'svc-consultant-')), 'svc.db');
    const config = await consultantConfig(1);
    const first = await liveServer(config, { dbPath });
    server = first.server;
    await online(first.base);
    const v = await visitor(first.base);
    const id = ((await v.say('still there?')).result as { chat_id: number }).chat_id;
    for (const s of streams.splice(0)) s.close();
    first.server.app.server.closeAllConnections();
    await first.server.close();
    server = (await liveServer(config, { dbPath })).server;
    expect(server.db.prepare('SELECT status FROM chats WHERE id = ?').get(id)).toEqual({ status: null });
    await expect
      .poll(() => server!.db.prepare('SELECT status, end_ms FROM chats WHERE id = ?').get(id), { timeout: 3000 })
      .toMatchObject({ status: 'lost', end_ms: expect.any(Number) });
  });

  it('keeps each operator to their own sites', async () => {
    const base = await start();
    const anna = await online(base);
    const boris = await online(base, 'boris@example.com');
    const v = await visitor(base, 'site-b');
    const r = await v.say('hi B');
    const id = (r.result as { chat_id: number }).chat_id;
    await boris.stream.next((e) => e.event === 'chat' && JSON.parse(e.data).id === id);
    expect(
      (await postJson(`${base}op/api/chats/${id}/messages`, { text: 'mine?', client_id: 'steal-001' }, { cookie: anna.cookie })).status,
    ).toBe(404);
    expect((await postJson(`${base}op/api/chats/${id}/close`, {}, { cookie: anna.cookie })).status).toBe(404);
    await new Promise((ok) => setTimeout(ok, 100));
    expect(anna.stream.events.some((e) => e.event === 'chat' || e.event === 'message')).toBe(false);
    // A visitor cannot read another visitor's chat, nor close it.
    const other = await visitor(base, 'site-b');
    expect((await other.write('chat_close', { chat_id: id })).code).toBe('unknown_chat');
    expect((await fetch(`${base}c/site-b?v=${v.ref.id}&t=${other.ref.token}`)).status).toBe(403);
  });

  it('refuses a chat an operator closes unanswered', async () => {
    const base = await start();
    const op = await online(base);
    const v = await visitor(base);
    const id = ((await v.say('spam')).result as { chat_id: number }).chat_id;
    expect((await postJson(`${base}op/api/chats/${id}/close`, {}, { cookie: op.cookie })).status).toBe(200);
    expect(server!.db.prepare('SELECT status FROM chats WHERE id = ?').get(id)).toEqual({ status: 'refused' });
  });
});
