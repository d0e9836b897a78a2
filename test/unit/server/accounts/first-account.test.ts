import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountCommand, type AccountIo } from '../../../../src/server/accounts/create-account.js';
import { FIRST_ACCOUNT_HINT } from '../../../../src/server/accounts/no-logins.js';
import { dropDatabase, freshDbPath } from '../../../support/test-database.js';
import { serverEntry } from '../../../support/server-entry.js';

/**
 * A production server (main.ts, as `node dist/node/server/main.js` runs it) on an empty database
 * and without the demo's files: no known password signs in, the log says how to make the first
 * account, and `npm run create-account` makes logins that sign in to the running server (the REST
 * API, and the console for an operator). The server and the command run as child processes.
 */

const root = join(import.meta.dirname, '../../../..');
const tmp = mkdtempSync(join(tmpdir(), 'svc-first-account-'));
const dbPath = freshDbPath(join(tmp, 'svc.db'));
let server: ChildProcess;
let base: string;
let log = '';

/** The environment of a production start: none of the demo's settings, whatever the test run has. */
function productionEnv(more: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('SVC_')) delete env[k];
  return { ...env, SVC_DB: dbPath, ...more };
}

/** Runs `npm run create-account -- …`; its status and output. */
function createAccount(args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ status: number | null; out: string; err: string }>((done) => {
    const child = spawn(process.execPath, [...serverEntry('src/server/accounts/cli.ts'), ...args], {
      cwd: root,
      env: productionEnv(opts.env),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b));
    child.stderr.on('data', (b: Buffer) => (err += b));
    child.on('close', (status) => done({ status, out, err }));
    child.stdin.end(opts.stdin ?? '');
  });
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const restLogin = (login: string, password: string) => post('api/login/', { login, password });
const consoleLogin = (email: string, password: string) => post('op/api/login', { email, password });

beforeAll(async () => {
  server = spawn(process.execPath, serverEntry('src/server/main.ts'), {
    cwd: root,
    env: productionEnv({ SVC_PORT: '0', SVC_HOST: '127.0.0.1', SVC_BUNDLE_DIR: join(tmp, 'no-bundles') }),
  });
  base = await new Promise<string>((ok, fail) => {
    server.stdout!.on('data', (b: Buffer) => {
      log += b;
      const m = /consultant server: (\S+)/.exec(log);
      if (m && log.includes('REST API:')) setTimeout(() => ok(m[1]!), 0);
    });
    server.stderr!.on('data', (b: Buffer) => (log += b));
    server.on('exit', (code) => fail(new Error(`the server stopped (${code}): ${log}`)));
  });
}, 60_000);

/** Waits until the server's log holds `text` (false after 10 s). */
async function logged(text: string): Promise<boolean> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20)))
    if (log.includes(text)) return true;
  return false;
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  dropDatabase(dbPath);
  rmSync(tmp, { recursive: true, force: true });
});

describe('a production server on an empty database', () => {
  it('lets no demo login in, and says how to make the first account', async () => {
    for (const [login, password] of [
      ['demo', 'demo-password'],
      ['agent', 'agent-password'],
    ]) {
      const res = await restLogin(login!, password!);
      expect(res.status, login).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^102402: /) });
    }
    const op = await consoleLogin('operator@demo.test', 'demo-operator');
    expect(op.status).toBe(401);
    expect(await op.json()).toMatchObject({ success: false });
    expect(await logged(FIRST_ACCOUNT_HINT), log).toBe(true);
    expect(log).toContain(`site owner's app:  ${base}app/`);
  }, 30_000);

  it('prints a one-time setup link: only its secret makes the first account, once, and that account signs in', async () => {
    expect(await logged('setup link:'), log).toBe(true);
    const link = /setup link: +(\S+)/.exec(log)![1]!;
    expect(link).toMatch(new RegExp(`^${base}app/setup\\?token=[\\w-]{20,}$`));
    const token = new URL(link).searchParams.get('token')!;
    // The link opens the app's page, which asks whether it still works.
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(`${base}app/api/setup?token=${token}`)).status).toBe(200);
    const form = { login: 'first@owner.test', password: 'first-password', name: 'First shop' };
    for (const wrong of ['', 'x', token.slice(1)]) {
      expect((await fetch(`${base}app/api/setup?token=${wrong}`)).status).toBe(403);
      const res = await post('app/api/setup', { ...form, token: wrong });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^403005: /) });
    }
    expect((await post('app/api/setup', { ...form, password: 'short', token })).status).toBe(400);
    expect((await restLogin(form.login, form.password)).status).toBe(401);

    const made = await post('app/api/setup', { ...form, token });
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ success: true, data: { customer_id: expect.any(Number), login: form.login } });
    const signIn = await post('app/api/session', { login: form.login, password: form.password });
    expect(signIn.status).toBe(200);
    const key = ((await signIn.json()) as { data: { session_key: string } }).data.session_key;
    const me = await fetch(`${base}api/v1/me/`, { headers: { accept: 'application/json', authorization: `Bearer ${key}` } });
    expect(await me.json()).toMatchObject({ data: { role: 'customer', customer: { name: 'First shop' } } });
    // The link is dead now: the same secret makes nothing more.
    expect((await fetch(`${base}app/api/setup?token=${token}`)).status).toBe(409);
    expect((await post('app/api/setup', { ...form, login: 'second@owner.test', token })).status).toBe(409);
    expect((await restLogin('second@owner.test', form.password)).status).toBe(401);
  }, 30_000);

  it('create-account makes a customer login (password from stdin) that signs in to the REST API', async () => {
    const r = await createAccount(['customer', 'owner@shop.test', '--name', 'Shop'], { stdin: 'correct horse battery\n' });
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/REST API login owner@shop\.test for new customer \d+ "Shop"/);
    // Where to go next: the app, at the server's address (no placeholder, not the REST login).
    expect(r.out).toContain('Sign in to the app at http://127.0.0.1:3100/app/ and add your site first.');
    expect(r.out).not.toContain('{server}');
    const res = await restLogin('owner@shop.test', 'correct horse battery');
    expect(res.status).toBe(200);
    const key = ((await res.json()) as { data: { session_key: string } }).data.session_key;
    const sites = await fetch(`${base}api/v1/site/?session_key=${key}`, { headers: { accept: 'application/json' } });
    expect(await sites.json()).toEqual({ success: true, data: [] });
    expect((await restLogin('owner@shop.test', 'wrong password')).status).toBe(401);
    // A taken login is refused, and keeps its password.
    expect((await createAccount(['customer', 'owner@shop.test'], { stdin: 'another password\n' })).status).toBe(1);
    expect((await restLogin('owner@shop.test', 'correct horse battery')).status).toBe(200);
  }, 60_000);

  it('create-account makes an operator (password from SVC_ACCOUNT_PASSWORD) who signs in to the console', async () => {
    const customer = await createAccount(['customer', 'boss@desk.test', '--name', 'Desk'], {
      env: { SVC_ACCOUNT_PASSWORD: 'desk-password', SVC_PUBLIC_URL: 'https://calls.desk.test/' },
    });
    expect(customer.status, customer.err).toBe(0);
    expect(customer.out).toContain('Sign in to the app at https://calls.desk.test/app/');
    const id = /new customer (\d+)/.exec(customer.out)![1]!;
    const r = await createAccount(['operator', 'Olga@Desk.test', '--customer-id', id, '--first-name', 'Olga'], {
      env: { SVC_ACCOUNT_PASSWORD: 'operator-password' },
    });
    expect(r.status, r.err).toBe(0);
    expect(r.out).toContain(`operator olga@desk.test`);
    const res = await consoleLogin('olga@desk.test', 'operator-password');
    expect(res.status).toBe(200);
    const cookie = String(res.headers.get('set-cookie')).split(';')[0]!;
    const me = await fetch(base + 'op/api/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: unknown }).data).toMatchObject({ sites: [] });
    expect((await consoleLogin('olga@desk.test', 'desk-password')).status).toBe(401);
  }, 60_000);

  it('create-account makes an agent login', async () => {
    const r = await createAccount(['agent', 'agency'], { env: { SVC_ACCOUNT_PASSWORD: 'agency-password' } });
    expect(r.status, r.err).toBe(0);
    const res = await restLogin('agency', 'agency-password');
    expect(res.status).toBe(200);
    const key = ((await res.json()) as { data: { session_key: string } }).data.session_key;
    const list = await fetch(`${base}api/v1/customer_list/?session_key=${key}`, { headers: { accept: 'application/json' } });
    expect(await list.json()).toEqual({ success: true, data: [] });
    // A server without a seed has no tariff plan: the first agent gets a free one to give its customers; the next none.
    const plans = async () =>
      (await (await fetch(`${base}api/v1/agent_tp/?session_key=${key}`, { headers: { accept: 'application/json' } })).json()) as unknown;
    expect(await plans()).toEqual({ success: true, data: [{ id: expect.any(Number), name: 'Basic' }] });
    expect((await createAccount(['agent', 'agency-two'], { env: { SVC_ACCOUNT_PASSWORD: 'agency-password' } })).status).toBe(0);
    expect(await plans()).toEqual({ success: true, data: [{ id: expect.any(Number), name: 'Basic' }] });
  }, 60_000);
});

describe('create-account refuses', () => {
  const run = async (argv: string[], password = 'long enough') => {
    const io: AccountIo & { lines: string[] } = {
      lines: [],
      out: (l) => io.lines.push(l),
      err: (l) => io.lines.push(l),
      env: { SVC_DB: dbPath },
      defaultDb: dbPath,
      readPassword: async () => password,
    };
    return { status: await createAccountCommand(argv, io), lines: io.lines };
  };

  it('bad usage and a short password, before it opens the database', async () => {
    for (const argv of [[], ['root', 'x'], ['customer'], ['operator', 'ops@x.test'], ['operator', 'not-mail', '--customer-id', '1']]) {
      const r = await run(argv);
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.lines.at(-1)).toContain('SVC_ACCOUNT_PASSWORD');
    }
    expect((await run(['customer', 'a', '--agent-id', '1'])).lines[0]).toBe('create-account: --agent-id does not apply to a customer');
    expect((await run(['customer', 'a', '--customer-id', 'x'])).lines[0]).toBe(
      'create-account: --customer-id must be a positive whole number',
    );
    expect((await run(['customer', 'a', '--password', 'x'])).status).toBe(2);
    const short = await run(['customer', 'short@x.test'], 'short');
    expect(short).toEqual({ status: 2, lines: [expect.stringMatching(/at least 8 characters/)] });
  });

  it('an account of a customer or agent that does not exist, writing nothing', async () => {
    expect(await run(['customer', 'nobody@x.test', '--customer-id', '999'])).toEqual({
      status: 1,
      lines: ['create-account: no customer 999; nothing was written'],
    });
    expect((await run(['agent', 'nobody', '--agent-id', '999'])).status).toBe(1);
    expect((await run(['operator', 'nobody@x.test', '--customer-id', '999'])).status).toBe(1);
    expect((await restLogin('nobody@x.test', 'long enough')).status).toBe(401);
  });
});
