import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { operatorConsole } from './operator.js';

/**
 * A call's story on the demo as `npm start` runs it: a visitor lands on the campaign landing and
 * gets a DT number; the landing's button has the demo site's server simulate a call to it; the
 * operator console shows the call ringing with the visit; the REST reports show it attributed to the
 * visitor's session and campaign. A second call to the number after the lease has ended, from
 * `npm run call`, is attributed to no campaign.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A Moscow calendar day (the demo customer's zone), `days` from today. */
const moscowDay = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);

/** A desktop Chrome's User-Agent: the demo's lease policy gives no DT number to a headless browser (a bot). */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('a call to the number a visit showed is attributed to that visit, live in the console and in the reports', async ({
  demo,
  browser,
}) => {
  test.setTimeout(90_000);
  const op = await operatorConsole(browser, demo.svcUrl, 'operator@demo.test', 'demo-operator');
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await visitor.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await page.goto(demo.siteUrl + 'phones.html?utm_source=yandex&utm_campaign=winter');
  await page.waitForFunction(() => !!window.Svc?.getDTPhones());
  const number = await page.evaluate(() => window.Svc.getDTPhones()![0]!.raw);
  const creds = await page.evaluate(() => window.Svc.getCredentials()!);
  expect(number).toMatch(/^7499000000\d$/);

  await page.locator('#simulate-call').click();
  await expect(page.locator('#simulate-status')).toContainText('it rings now');
  const caller = /from (\d+)/.exec((await page.locator('#simulate-status').textContent())!)![1]!;

  // The screen pop: the ringing call with the caller's visit.
  const ringing = op.page.locator('#calls li.ringing');
  await expect(ringing).toContainText(caller, { timeout: 6000 });
  await expect(ringing).toContainText(number);
  await expect(ringing).toContainText('Yandex Direct');
  await expect(ringing).toContainText('yandex / winter');
  await expect(ringing).toContainText('/phones.html?utm_source=yandex&utm_campaign=winter');
  // Then it is answered and ends.
  await expect(op.page.locator('#calls li.ended')).toContainText(caller, { timeout: 20_000 });

  const login = await fetch(demo.svcUrl + 'api/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'demo', password: 'demo-password' }),
  });
  const key = ((await login.json()) as { data: { session_key: string } }).data.session_key;
  const rest = async (fn: string, args: Record<string, string | number>) => {
    const q = new URLSearchParams(Object.entries({ session_key: key, ...args }).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${demo.svcUrl}api/v1/${fn}/?${q}`, { headers: { accept: 'application/json' } });
    expect(res.status, fn).toBe(200);
    return ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
  };
  const range = { date_from: moscowDay(-1), date_till: moscowDay(2) };

  const [call, ...none] = await rest('call', range);
  expect(none).toEqual([]);
  expect(call).toMatchObject({
    communication_type: 'call',
    direction: 'in',
    site_id: 1,
    ac_id: 10,
    visitor_id: creds.visitor_id,
    session_id: creds.session_id,
    numa: caller,
    numb: number,
    status: 'normal',
    duration: 5,
    wait_time: 6,
    utm_source: 'yandex',
    utm_campaign: 'winter',
    page_url: expect.stringContaining('/phones.html?utm_source=yandex'),
    is_visitor_by_numa: false,
  });
  const legs = await rest('get_cdr_in', { ...range, call_session_id: call!.id as number });
  expect(legs).toEqual([expect.objectContaining({ cdr_id: null, numa: caller, numb: number, duration: 5, is_lost: false })]);
  const comms = await rest('communication', { site_id: 1, ...range });
  expect(comms).toContainEqual(expect.objectContaining({ communication_type: 'calls', id: call!.id }));
  expect((await rest('stat', { site_id: 1, ...range, ac_id: 10 }))[0]).toMatchObject({ calls_count: 1, visits_count: 1 });

  // An hour later the visit (30 idle minutes) and the lease's 15 after-session minutes are over:
  // a call to the same number, replayed by `npm run call` at that time, belongs to nobody.
  const later = new Date(Date.now() + 60 * 60_000).toISOString();
  // Asynchronously: the demo's server runs in this process and must go on answering.
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    [join(root, 'scripts/call.mjs'), '--to', number, '--from', '+7 916 000-00-77', '--talk', '12', '--at', later],
    { env: { ...process.env, SVC_URL: demo.svcUrl } },
  );
  expect(out).toMatch(/ended\s+200/);
  const calls = await rest('call', { ...range, numb: number });
  expect(calls).toHaveLength(2);
  expect(calls[1]).toMatchObject({ numa: '79160000077', ac_id: -1, session_id: null, visitor_id: null, status: 'normal', duration: 12 });
  expect((await rest('stat', { site_id: 1, ...range, ac_id: 10 }))[0]).toMatchObject({ calls_count: 1 });
  await op.close();
  await visitor.close();
  expect(pageErrors).toEqual([]);
});
