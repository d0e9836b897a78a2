import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

/**
 * Which campaign a call is credited to, on the demo as `npm start` runs it (docs/calls.md, "Which campaign
 * a call is credited to"): a visit from the Yandex Direct campaign gets its DT number and a call to
 * it is that visit's campaign; a call to the site's own number (the default block's, also the DT
 * blocks' fallback) is the site's, `ac_id` -1; a call to the reserved number is recorded; another
 * customer cannot put the first customer's number on a block of its own, and the first customer's
 * calls stay theirs.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const moscowDay = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);
/** A desktop Chrome's User-Agent: the demo's lease policy gives a headless browser (a bot) the reserved number. */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function login(svcUrl: string, user: string, password: string): Promise<string> {
  const res = await fetch(svcUrl + 'api/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: user, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { session_key: string } }).data.session_key;
}

async function post(svcUrl: string, key: string, fn: string, args: Record<string, unknown>) {
  const res = await fetch(`${svcUrl}api/v1/${fn}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ session_key: key, args }),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; data?: Record<string, unknown>; message?: string } };
}

test('each call is credited by the number it rang, and a number stays its customer’s', async ({ demo, browser }) => {
  test.setTimeout(90_000);
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await visitor.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // A visit from the campaign gets its DT number.
  await page.goto(demo.siteUrl + 'phones.html?utm_source=yandex');
  await page.waitForFunction(() => !!window.Svc?.getDTPhones());
  const number = await page.evaluate(() => window.Svc.getDTPhones()![0]!.raw);
  const creds = await page.evaluate(() => window.Svc.getCredentials()!);
  expect(number).toMatch(/^7499000000\d$/);

  // A call to it, from the demo's button: the page shows the server's own answer.
  await page.locator('#simulate-call').click();
  const status = page.locator('#simulate-status');
  await expect(status).toContainText(`credited to campaign 10, visit session ${creds.session_id}`);

  // A number of no customer: the demo's server passes on the consultant server's refusal.
  const refused = await fetch(demo.siteUrl + 'simulate-call', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: '74000000000' }),
  });
  expect(refused.status).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toMatch(/^422101: Unknown number/);

  // A call to the site's own number and one to the reserved number, from `npm run call`.
  const call = (to: string, from: string) =>
    promisify(execFile)(process.execPath, [join(root, 'scripts/call.mjs'), '--to', to, '--from', from, '--fast', '--talk', '7'], {
      env: { ...process.env, SVC_URL: demo.svcUrl },
    });
  expect((await call('+7 (495) 777-00-11', '79160000101')).stdout).toMatch(/ended\s+200/);
  expect((await call('74950000000', '79160000102')).stdout).toMatch(/ended\s+200/);

  // Another customer of the agency, with a site and a campaign of its own, tries the demo's number.
  const agent = await login(demo.svcUrl, 'agent', 'agent-password');
  const site = await post(demo.svcUrl, agent, 'create_site', { customer_id: 2, domain: 'rival.test', user_phone: '74951112233' });
  expect(site.status, site.body.message).toBe(200);
  const ac = await post(demo.svcUrl, agent, 'create_ac', { customer_id: 2, site_id: site.body.data!.id, name: 'Rival' });
  expect(ac.status, ac.body.message).toBe(200);
  for (const args of [{ numb: '74957770011' }, { dt_pool_numbers: [number] }]) {
    const taken = await post(demo.svcUrl, agent, 'number_block', {
      customer_id: 2,
      ac_id: ac.body.data!.ac_id,
      name: 'Taken',
      selector: '#phone',
      ...args,
    });
    expect(taken.status).toBe(403);
    expect(taken.body.message).toMatch(/^100403: /);
  }
  // The demo customer's number still rings for the demo customer.
  expect((await call('74957770011', '79160000103')).stdout).toMatch(/ended\s+200/);

  const demoKey = await login(demo.svcUrl, 'demo', 'demo-password');
  const q = new URLSearchParams({ session_key: demoKey, date_from: moscowDay(-1), date_till: moscowDay(2), direction: 'in' });
  const res = await fetch(`${demo.svcUrl}api/v1/call/?${q}`, { headers: { accept: 'application/json' } });
  const calls = ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
  expect(calls.map((c) => [c.numb, c.site_id, c.ac_id, c.session_id])).toEqual([
    [number, 1, 10, creds.session_id],
    ['74957770011', 1, -1, null],
    ['74950000000', 1, -1, null],
    ['74957770011', 1, -1, null],
  ]);
  await visitor.close();
  expect(pageErrors).toEqual([]);
});
