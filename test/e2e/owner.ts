import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { TwilioStandin } from '../support/twilio-standin.js';

/**
 * What the owner's stories share: the production server started as an operator starts it (and the
 * setup link it prints), the owner's own web server on another origin, the setup form, signing in,
 * and connecting a carrier on the Carriers page. Steps go through the app as a person does: by
 * role, label and text.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Login {
  login: string;
  password: string;
  /** The company name the setup form asks for. */
  name?: string;
}

/** A port free now: a public URL can name it before the server listens (a carrier calls it). */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** The owner's own web server: serves whatever page the test last put on it, at http://localhost:PORT/. */
export async function ownSite(): Promise<{ url: string; put(html: string): void; close(): Promise<void> }> {
  let body = '<!doctype html><title>empty</title>';
  const server: Server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    put: (html) => (body = html),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export interface ProductionServer {
  /** Its base URL (the public URL), ending with a slash. */
  url: string;
  /** The setup link it printed at start. */
  setupLink: string;
  /** Everything it printed so far. */
  output(): string;
  close(): Promise<void>;
}

/**
 * `node dist/node/server/main.js` as an operator runs it, with `env` as its settings (SVC_*), in a
 * folder of its own (no `.env` of the checkout is read). Resolves once it has printed its setup
 * link, which it does only while its database has no account.
 */
export async function productionServer(env: Record<string, string>): Promise<ProductionServer> {
  const main = await startMain(env, /^setup link: +(\S+)$/m, 'no setup link');
  return { ...main.server, setupLink: main.found };
}

/**
 * The same server started again on a database that has its account already (a restart): it
 * prints no setup link, so it is ready once it has printed its address.
 */
export async function productionServerAgain(env: Record<string, string>): Promise<Omit<ProductionServer, 'setupLink'>> {
  return (await startMain(env, /^consultant server: +(\S+)$/m, 'no address')).server;
}

/** Spawns main.js and waits until its output matches `ready` (its first group is `found`). */
async function startMain(
  env: Record<string, string>,
  ready: RegExp,
  missing: string,
): Promise<{ server: Omit<ProductionServer, 'setupLink'>; found: string }> {
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist/node/server/main.js')], {
    cwd: env.SVC_CWD ?? root,
    env: { PATH: process.env.PATH ?? '', SVC_BUNDLE_DIR: join(root, 'dist'), SVC_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const found = await new Promise<string>((resolve, reject) => {
    const started = Date.now();
    const look = setInterval(() => {
      const m = ready.exec(out);
      if (m) {
        clearInterval(look);
        resolve(m[1]!);
      } else if (child.exitCode !== null || Date.now() - started > 60_000) {
        clearInterval(look);
        reject(new Error(`the server printed ${missing}:\n${out}`));
      }
    }, 50);
  });
  return {
    found,
    server: {
      url: /^consultant server: +(\S+)$/m.exec(out)![1]!.replace(/\/?$/, '/'),
      output: () => out,
      close: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
      },
    },
  };
}

/** The setup link's form makes the first account, which lands on Sites with its welcome. */
export async function setUpFirstAccount(app: Page, link: string, who: Login): Promise<void> {
  await app.goto(link);
  await expect(app.getByRole('heading', { name: 'Set up this server' })).toBeVisible();
  if (who.name) await app.getByLabel('Company name').fill(who.name);
  await app.getByLabel('Login').fill(who.login);
  await app.getByLabel('Password', { exact: true }).fill(who.password);
  await app.getByLabel('Password again').fill(who.password);
  await app.getByRole('button', { name: 'Create the account' }).click();
  await expect(app).toHaveURL(/\/app\/sites\?welcome=1$/);
  await expect(app.getByText('Your account is ready. Next: add your site')).toBeVisible();
}

/** Signs in on the app's sign-in page and waits for the page it lands on. */
export async function signIn(app: Page, svcUrl: string, who: Login, lands: RegExp): Promise<void> {
  await app.goto(svcUrl + 'app/');
  await app.getByLabel('Login').fill(who.login);
  await app.getByLabel('Password').fill(who.password);
  await app.getByRole('button', { name: 'Sign in' }).click();
  await expect(app).toHaveURL(lands);
}

/**
 * Connects Twilio (the stand-in) on the Carriers page, a wrong token first (refused, nothing kept
 * but the form), then the right one; Check shows the account's name. Returns the connection's row.
 */
export async function connectTwilio(app: Page, twilio: TwilioStandin): Promise<ReturnType<Page['locator']>> {
  await menu(app, 'Carriers');
  await expect(app.getByRole('heading', { name: 'Connect a carrier' })).toBeVisible();
  await expect(app.getByText('No carrier connected yet.')).toBeVisible();
  await app.getByLabel('Carrier', { exact: true }).selectOption('twilio');
  await app.getByLabel('Connection', { exact: true }).fill('Twilio main');
  await app.getByLabel('account_sid').fill(twilio.accountSid);
  await app.getByLabel('auth_token').fill('not-the-token');
  await app.getByRole('button', { name: 'Connect' }).click();
  await expect(app.getByRole('alert')).toBeVisible();
  await expect(app.getByRole('row', { name: /Twilio main/ })).toHaveCount(0);
  await app.getByLabel('auth_token').fill(twilio.authToken);
  await app.getByRole('button', { name: 'Connect' }).click();
  const row = app.getByRole('row', { name: /Twilio main/ });
  await expect(row).toContainText('twilio');
  await expect(row).toContainText('account_sid, auth_token');
  await row.getByRole('button', { name: 'Check' }).click();
  await expect(row.getByRole('status')).toContainText(`Works: ${twilio.accountName}`);
  return row;
}

/** Opens a page of the app's main menu. */
export async function menu(app: Page, name: string): Promise<void> {
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}
