import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { HitResult, WriteResponse } from '../../../src/protocol.js';
import type { ConsultantServer } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import type { WriteLimits } from '../../../src/server/http/rate-limits.js';
import { consultantConfig, PASSWORD } from './consultant-helpers.js';
import { hitWrite, wid } from './helpers.js';

/** The secret of the telephony boundary's signatures in the attack tests. */
export const TELEPHONY_SECRET = 'attack-telephony-secret';

/** One visitor of a site with a page view: what `Svc.getCredentials()` would give the page. */
export interface Visit {
  siteKey: string;
  widgetKey: string;
  visitor: { id: number; token: string };
  /** Client id of the page view (the `hit` of later writes). */
  hit: string;
  creds: HitResult;
}

/** Two sites with a visitor, an operator, a chat and a captcha each: the ground to attack. */
export interface World {
  server: ConsultantServer;
  a: Visit & { chatId: number; captchaKey: string; cookie: string };
  b: Visit & { chatId: number; captchaKey: string; cookie: string };
  /** Sends one write batch as the snippet does. */
  post(siteKey: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(o: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * A server (SQLite in memory, through inject) on the consultant test config: site-a (widget key
 * wk-a, operator anna) and site-b (wk-b, operator boris), with built-file stand-ins so the bundle
 * and console routes answer as in production. Rate limits off unless given.
 */
export async function world(rateLimits: WriteLimits = { ip: 0, visitor: 0 }): Promise<World> {
  const bundleDir = mkdtempSync(join(tmpdir(), 'svc-attack-'));
  for (const f of ['svc.js', 'svc.debug.js', 'svc-widgets.js', 'op-console.js']) writeFileSync(join(bundleDir, f), '/* stand-in */');
  for (const f of ['svc.js.map', 'svc.debug.js.map', 'svc-widgets.js.map']) writeFileSync(join(bundleDir, f), '{}');
  const config = await consultantConfig();
  // site-a asks for a captcha, so that its visitor can hold a key.
  config.customers[0]!.sites[0]!.settings.captcha = true;
  // Limits off means the failed-credentials limit too: the fuzz sends thousands of wrong ones.
  const credentialGuard = rateLimits.ip === 0 ? { max: 0 } : {};
  const server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: config,
    bundleDir,
    publicUrl: 'http://svc.test/',
    rateLimits,
    credentialGuard,
    telephony: { secret: TELEPHONY_SECRET },
  });
  const inject = (o: InjectOptions) => server.app.inject(o);
  const post = (siteKey: string, body: unknown, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: `/w/${siteKey}`, headers: { 'content-type': 'text/plain', ...headers }, payload: JSON.stringify(body) });

  const visit = async (siteKey: string, url: string) => {
    const h = hitWrite(url);
    const r = (await post(siteKey, { visitor: null, writes: [h] })).json() as WriteResponse;
    const creds = r.results[0]!.result as HitResult;
    const v = { siteKey, widgetKey: creds.key, visitor: r.visitor!, hit: h.id, creds };
    const write = async (type: string, data: unknown) =>
      (
        (
          await post(siteKey, { visitor: v.visitor, writes: [{ id: wid(), type, hit: h.id, at: Date.now(), data }] })
        ).json() as WriteResponse
      ).results[0]!;
    const chat = await write('chat_message', { text: `hello from ${siteKey}` });
    const captcha = await write('captcha', {});
    await write('property_set', { name: 'secret', value: `secret of ${siteKey}` });
    await write('offline_request', { name: `Visitor of ${siteKey}`, message: 'call me' });
    return { ...v, chatId: (chat.result as { chat_id: number }).chat_id, captchaKey: (captcha.result as { key: string }).key };
  };
  const signIn = async (email: string) => {
    const r = await inject({
      method: 'POST',
      url: '/op/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    if (r.statusCode !== 200) throw new Error('sign-in failed: ' + r.body);
    return String(r.headers['set-cookie']).split(';')[0]!;
  };
  const a = { ...(await visit('site-a', 'http://localhost/page')), cookie: await signIn('anna@example.com') };
  const b = { ...(await visit('site-b', 'http://other.example/page')), cookie: await signIn('boris@example.com') };
  return { server, a, b, post, inject };
}

/** A tiny deterministic PRNG (mulberry32), so that a failing random case can be replayed. */
export function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const STRINGS = [
    '',
    ' ',
    'x',
    '0',
    '-1',
    '1e999',
    'null',
    'true',
    '<script>alert(1)</script>',
    "'; DROP TABLE visitors; --",
    '%00',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    'ÿ'.repeat(40),
    'a'.repeat(5000),
    '+7 (495) 123-45-67',
    'a@b',
    'http://localhost/',
    'javascript:alert(1)',
    '__proto__',
    'constructor',
  ];
  const KEYS = [
    'id',
    'token',
    'type',
    'hit',
    'at',
    'data',
    'name',
    'value',
    'text',
    'url',
    'title',
    'referrer',
    'phone',
    'email',
    'chat_id',
    'visitor',
    'writes',
    '__proto__',
    'constructor',
    'x',
  ];
  /** Any JSON value, nested up to `depth`. */
  const json = (depth = 3): unknown => {
    switch (int(depth > 0 ? 9 : 6)) {
      case 0:
        return null;
      case 1:
        return next() < 0.5;
      case 2:
        return pick([0, -1, 1, 1.5, 2 ** 53, -(2 ** 63), 1e308, -0, 42]);
      case 3:
      case 4:
        return pick(STRINGS);
      case 5:
        return int(1e6);
      case 6:
      case 7: {
        const o: Record<string, unknown> = {};
        for (let i = int(5); i > 0; i--) o[pick(KEYS)] = json(depth - 1);
        return o;
      }
      default:
        return Array.from({ length: int(4) }, () => json(depth - 1));
    }
  };
  return { next, int, pick, json };
}

/** What a stack trace or a server file path looks like in an answer. */
export const LEAK = /\n\s+at |node_modules|\/work\/|\/src\/|\.[cm]?[jt]s:\d+/;
