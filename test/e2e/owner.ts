import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { TwilioStandin } from '../support/twilio-standin.js';

/**
 * What the owner's stories share: the production server started as an operator starts it (and the
 * setup link it prints), the owner's own web server on another origin, the setup form, signing in,
 * and connecting a carrier on the Carriers page. Steps go through the app as a person does: by
 * role, label and text.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A desktop Chrome's User-Agent: headless Chromium's own is a bot's to the lease policy. */
export const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** How the app writes an E.164 number of the US offers: +1 (415) 555-0111. */
export const shownAs = (e164: string) => `+1 (${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

export interface Login {
  login: string;
  password: string;
  /** The company name the setup form asks for. */
  name?: string;
}

/** The demo customer's login (demo-site/api-seed.json). */
export const DEMO_OWNER: Login = { login: 'demo', password: 'demo-password' };

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

/**
 * The owner's browser on the app at `svcUrl`: in English, in Moscow's time zone unless `options` say
 * otherwise, let read the clipboard the app copies the snippet to. `errors` gathers the page's
 * uncaught exceptions: a story expects none at its end.
 */
export async function openApp(
  browser: Browser,
  svcUrl: string,
  options: BrowserContextOptions = {},
): Promise<{ ctx: BrowserContext; app: Page; errors: string[] }> {
  const ctx = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Moscow', ...options });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: svcUrl.replace(/\/$/, '') });
  const app = await ctx.newPage();
  const errors: string[] = [];
  app.on('pageerror', (e) => errors.push(e.message));
  return { ctx, app, errors };
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

export interface CarrierServer {
  server: ProductionServer;
  /** Twilio's stand-in, which the server's carrier API base points at. */
  twilio: TwilioStandin;
  /** The server's settings, to start it again on the same database. */
  settings: Record<string, string>;
}

/**
 * The server as an operator runs it with a carrier, on an empty database (`dbPath`): its secret key,
 * its public URL (127.0.0.1 and a free port), Twilio's stand-in selling `numbers` (E.164) and the
 * other platforms' stand-ins (`bases`, `name=url`) as the API bases, on a private address.
 */
export async function carrierServer(dbPath: string, numbers: string[], bases: string[] = []): Promise<CarrierServer> {
  const twilio = new TwilioStandin();
  await twilio.start();
  twilio.offer(...numbers.map((phone_number) => ({ phone_number })));
  const port = await freePort();
  const settings = {
    SVC_DB: dbPath,
    SVC_PORT: String(port),
    SVC_HOST: '127.0.0.1',
    SVC_PUBLIC_URL: `http://127.0.0.1:${port}/`,
    SVC_SECRET_KEY: randomBytes(32).toString('base64'),
    SVC_CARRIER_API_BASES: [`twilio=${twilio.url}`, ...bases].join(','),
    SVC_CARRIER_ALLOW_PRIVATE_URL: 'on',
  };
  return { server: await productionServer(settings), twilio, settings };
}

/** Twilio's side of a call to one of the owner's numbers: the voice request, the Dial's end, the call's end. */
export async function ring(twilio: TwilioStandin, from: string, to: string, talk: number): Promise<void> {
  const call = await twilio.incomingCall(from, to);
  expect(call.status, call.twiml).toBe(200);
  const base = twilio.callParams(call.callSid, from, to, 'in-progress');
  const statusUrl = twilio.heldByPhone(to)!.status_callback!;
  expect((await twilio.callStatus(statusUrl, base, 'in-progress')).status).toBeLessThan(300);
  if (call.dial) expect((await twilio.dialEnded(call.dial, base, { status: 'completed', duration: talk })).status).toBe(200);
  expect((await twilio.callStatus(statusUrl, base, 'completed', { duration: talk + 3 })).status).toBeLessThan(300);
}

/** A site added on the Sites page with its domain and own phone; the app opens the site's page. */
export async function addSite(app: Page, domain: string, phone: string): Promise<void> {
  await app.getByLabel('Domain').fill(domain);
  await app.getByLabel("The site's own phone number").fill(phone);
  await app.getByRole('button', { name: 'Add' }).click();
  await expect(app).toHaveURL(/\/app\/sites\/\d+$/);
}

/** The snippet, copied on the site's page, goes in the head of the owner's page that shows `phone`. */
export async function putSnippet(app: Page, site: { put(html: string): void }, phone: string): Promise<void> {
  await app.getByRole('button', { name: 'Copy', exact: true }).click();
  const snippet = await app.evaluate(() => navigator.clipboard.readText());
  site.put(`<!doctype html><html lang="en"><head>${snippet}<title>Flowers</title></head>
    <body><p>Order by phone: <a href="tel:+${phone.replace(/\D/g, '')}">${phone}</a></p></body></html>`);
}

/**
 * A campaign `name` for utm_source = `source`, made on the Campaigns page, whose block "Phone" shows
 * one of `numbers` (as the app writes them) in place of the site's `phone`.
 */
export async function poolCampaign(app: Page, c: { name: string; source: string; phone: string; numbers: string[] }): Promise<void> {
  await app.getByLabel('Name').fill(c.name);
  await app.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByRole('heading', { name: c.name, level: 1 })).toBeVisible();
  await app.getByLabel('Group name').fill('UTM');
  await app.getByRole('button', { name: 'Add a group' }).click();
  await app.getByLabel('Parameter').selectOption('utm_source');
  await app.getByLabel('Operator').selectOption('=');
  await app.getByLabel('Value', { exact: true }).fill(c.source);
  await app.getByRole('button', { name: 'Add the condition' }).click();
  await expect(app.getByRole('listitem').filter({ hasText: 'utm_source' }).first()).toBeVisible();
  await app.getByLabel('Block name').fill('Phone');
  await app.getByLabel('Number on the page').fill(c.phone);
  for (const n of c.numbers) await app.getByLabel(n).check();
  await app.getByRole('button', { name: 'Add the block' }).click();
  await expect(app.getByText(`Instead of ${c.phone} the page shows one of ${c.numbers.length} numbers`)).toBeVisible();
}
