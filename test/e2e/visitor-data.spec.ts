import type { Page } from '@playwright/test';
import { credentials, expect, unsent, test } from './fixtures.js';
import type { RowHandle as SqliteDatabase } from '../../src/server/store/rows.js';

/**
 * Visitor properties, visitor data and custom requests: every page-API method and both
 * HTTP endpoints against the real server, and the outbox's promise that nothing is lost and
 * nothing is stored twice, with the network cut by aborting requests.
 */

/** Calls `Svc[method](...args, callback)` in the page; resolves with what the callback got. */
function call(page: Page, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([m, a]) => new Promise((ok) => (Svc as unknown as Record<string, (...x: unknown[]) => void>)[m as string]!(...(a as unknown[]), ok)),
    [method, args] as const,
  );
}

async function submitRequest(page: Page, fields: Record<string, string>) {
  for (const [k, v] of Object.entries(fields)) await page.fill(`[name=${k}]`, v);
  await page.click('button[type=submit]');
}

const answers = (page: Page) => page.evaluate(() => (window as unknown as { answers: unknown[] }).answers);

test.describe('visitor properties', () => {
  test('set, has, get and delete answer in the documented shapes, in the order they were made', async ({ page, open, capture }) => {
    await open('basic.html');
    await credentials(page);
    const got = await page.evaluate(() => {
      const out: Array<Promise<unknown>> = [];
      const ask = (m: 'hasProperty' | 'getProperty', n: string) => out.push(new Promise((ok) => Svc[m](n, ok)));
      ask('getProperty', 'plan');
      Svc.setProperty('plan', 'gold');
      Svc.setProperty('vip'); // a property without a value
      Svc.setProperty('visits', 3); // numbers become text
      ask('getProperty', 'plan');
      ask('hasProperty', 'plan');
      ask('getProperty', 'vip');
      ask('hasProperty', 'vip');
      ask('getProperty', 'visits');
      Svc.deleteProperty('plan');
      ask('getProperty', 'plan');
      ask('hasProperty', 'plan');
      return Promise.all(out);
    });
    expect(got).toStrictEqual([
      { success: true, result: false },
      { success: true, result: 'gold' },
      { success: true, result: true },
      { success: true, result: null },
      { success: true, result: true },
      { success: true, result: '3' },
      { success: true, result: false },
      { success: true, result: false },
    ]);
    // Reads are never stored in the browser; writes leave storage once confirmed.
    expect(capture.writes('property_get')).toHaveLength(8);
    await expect.poll(() => unsent(page)).toEqual([]);
  });

  test('a property set on one page is seen on the next page and in another tab', async ({ page, open, stack, context }) => {
    await open('basic.html');
    const c = await credentials(page);
    await page.evaluate(() => Svc.setProperty('client', 'yes'));
    await open('request.html');
    expect(await call(page, 'getProperty', 'client')).toStrictEqual({ success: true, result: 'yes' });
    const tab = await context.newPage();
    await tab.goto(stack.siteUrl + 'basic.html');
    expect((await credentials(tab)).visitor_id).toBe(c.visitor_id);
    expect(await call(tab, 'hasProperty', 'client')).toStrictEqual({ success: true, result: true });
    await tab.evaluate(() => Svc.deleteProperty('client'));
    // Another tab reads what the server has: once the deletion is confirmed (it has left the tab's
    // outbox). Asked at once, the page's read may reach the server before the tab's write.
    await expect.poll(() => unsent(tab)).toEqual([]);
    expect(await call(page, 'hasProperty', 'client')).toStrictEqual({ success: true, result: false });
    expect(stack.db.prepare('SELECT count(*) n FROM visitor_properties WHERE visitor_id = ?').get(c.visitor_id)).toEqual({ n: 0 });
  });

  test("a read waits behind the visitor's own writes that the network held back", async ({ page, open, stack }) => {
    await open('basic.html');
    const c = await credentials(page);
    let cut = 0;
    await page.route(stack.svcUrl + 'w/**', (r) => (cut++, r.abort('internetdisconnected')));
    const read = call(page, 'getProperty', 'colour');
    await page.evaluate(() => Svc.setProperty('colour', 'green'));
    const later = call(page, 'getProperty', 'colour');
    // The first read was sent and lost: the outbox now holds all three, waiting for its retry.
    await expect.poll(() => cut).toBeGreaterThanOrEqual(1);
    await page.unroute(stack.svcUrl + 'w/**');
    await page.evaluate(() => dispatchEvent(new Event('online')));
    expect(await read).toStrictEqual({ success: true, result: false });
    expect(await later).toStrictEqual({ success: true, result: 'green' });
    expect(stack.db.prepare('SELECT value FROM visitor_properties WHERE visitor_id = ? AND name = ?').get(c.visitor_id, 'colour')).toEqual({
      value: 'green',
    });
  });

  test('bad arguments fail in the callback, never throw; svc.js leaves the server refusals to the callbacks', async ({
    page,
    open,
    capture,
    stack,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await open('basic.html');
    const c = await credentials(page);
    expect(await call(page, 'hasProperty', '')).toStrictEqual({ success: false, result: false, code: 'empty' });
    expect(await call(page, 'getProperty', { not: 'text' })).toStrictEqual({ success: false, result: false, code: 'invalid_name' });
    expect(await call(page, 'getProperty', 'x'.repeat(300))).toMatchObject({
      success: false,
      result: false,
      code: expect.stringMatching(/^invalid: name/),
    });
    await page.evaluate(() => {
      const S = Svc as unknown as Record<string, (...a: unknown[]) => void>;
      S.setProperty!();
      S.setProperty!('n', { value: 1 });
      S.deleteProperty!(null);
      S.hasProperty!('x', 'not a function');
      S.getProperty!('x');
    });
    // The server checks the arguments and stores nothing. A read answers after the visitor's earlier
    // writes: once it has, the refusals above are answered too.
    expect(await call(page, 'getProperty', 'n')).toStrictEqual({ success: true, result: false });
    expect(capture.writes('property_set')).toHaveLength(2);
    // svc.js says nothing of the server's refusals (the callbacks get their codes); svc.debug.js does.
    expect(warnings.filter((w) => w.includes('refused:'))).toEqual([]);
    expect(stack.db.prepare("SELECT count(*) FROM visitor_properties WHERE visitor_id = ? AND name = 'n'").pluck().get(c.visitor_id)).toBe(
      0,
    );
  });
});

test.describe('addVisitorInfo', () => {
  test('overwrites the name and adds e-mails and phones once each', async ({ page, open, stack }) => {
    await open('basic.html');
    const c = await credentials(page);
    expect(
      await call(page, 'addVisitorInfo', { name: 'Ann', email: 'ann@example.com', phone: '+7 (495) 123-45-67', age: 40 }),
    ).toStrictEqual({
      success: true,
    });
    expect(await call(page, 'addVisitorInfo', { name: 'Anna', email: 'ANN@example.com', phone: '8 495 123 45 67' })).toStrictEqual({
      success: true,
    });
    expect(await call(page, 'addVisitorInfo', { phone: '+7 900 000-00-01' })).toStrictEqual({ success: true });
    expect(stack.db.prepare('SELECT name FROM visitors WHERE id = ?').get(c.visitor_id)).toEqual({ name: 'Anna' });
    expect(stack.db.prepare('SELECT email FROM visitor_emails WHERE visitor_id = ?').all(c.visitor_id)).toEqual([
      { email: 'ann@example.com' },
    ]);
    // "8 495…" has other digits than "+7 (495)…": a different number as far as digits go.
    expect(stack.db.prepare('SELECT phone FROM visitor_phones WHERE visitor_id = ? ORDER BY rowid').all(c.visitor_id)).toEqual([
      { phone: '+7 (495) 123-45-67' },
      { phone: '8 495 123 45 67' },
      { phone: '+7 900 000-00-01' },
    ]);
  });

  test('refuses empty or bad data with a reason and stores none of it', async ({ page, open, capture, stack }) => {
    await open('basic.html');
    const c = await credentials(page);
    expect(await call(page, 'addVisitorInfo', {})).toStrictEqual({ success: false, code: 'empty' });
    expect(await call(page, 'addVisitorInfo', { age: 5, comment: 'x' })).toStrictEqual({ success: false, code: 'empty' });
    expect(await call(page, 'addVisitorInfo', null)).toStrictEqual({ success: false, code: 'invalid_request' });
    expect(await call(page, 'addVisitorInfo', { name: ['A'] })).toStrictEqual({ success: false, code: 'invalid_name' });
    // Checked by the server, which stored nothing of them; fields it does not know are ignored.
    expect(capture.writes('visitor_info')).toHaveLength(4);
    expect(stack.db.prepare('SELECT count(*) FROM visitor_emails WHERE visitor_id = ?').pluck().get(c.visitor_id)).toBe(0);
    expect(await call(page, 'addVisitorInfo', { email: 'not an address' })).toStrictEqual({
      success: false,
      code: 'invalid: email: must be an e-mail address',
    });
    await page.evaluate(() => (Svc.addVisitorInfo as unknown as (...a: unknown[]) => void)({ name: 'X' }, 42));
  });
});

test.describe('addOfflineRequest', () => {
  test('stores the request with its visitor, session, page view, page URL and campaign', async ({ page, open, stack }) => {
    await open('request.html?utm_source=mail&utm_campaign=may&yclid=y1');
    const c = await credentials(page);
    const r = await call(page, 'addOfflineRequest', {
      name: 'Bob',
      email: 'bob@example.com',
      phone: '+7 999 000-11-22',
      message: 'Call me after six',
      is_sale: true,
      sale_cost: '2500.50',
      group_id: 2,
      form_name: 'order form',
    });
    expect(r).toStrictEqual({ success: true, result: null });
    const row = stack.db.prepare('SELECT * FROM offline_messages WHERE visitor_id = ?').get(c.visitor_id);
    expect(row).toMatchObject({
      visitor_id: c.visitor_id,
      session_id: c.session_id,
      hit_id: c.hit_id,
      source: 'page',
      name: 'Bob',
      email: 'bob@example.com',
      phone: '+7 999 000-11-22',
      message: 'Call me after six',
      is_sale: 1,
      sale_cost: 2500.5,
      group_id: 2,
      form_name: 'order form',
      page_url: stack.siteUrl + 'request.html?utm_source=mail&utm_campaign=may&yclid=y1',
      utm_source: 'mail',
      utm_campaign: 'may',
      yclid: 'y1',
      status: 'unprocessed',
      visitor_type: 'new',
    });
    // is_sale defaults to false.
    expect(await call(page, 'addOfflineRequest', { phone: '+7 999 000-11-22' })).toStrictEqual({ success: true, result: null });
    expect(stack.db.prepare('SELECT is_sale, sale_cost FROM offline_messages WHERE visitor_id = ? ORDER BY id').all(c.visitor_id)).toEqual([
      { is_sale: 1, sale_cost: 2500.5 },
      { is_sale: 0, sale_cost: null },
    ]);
  });

  test('bad arguments fail in the callback with a code, never throw', async ({ page, open, stack }) => {
    await open('request.html');
    const c = await credentials(page);
    const codes = async (req: unknown) =>
      (await call(page, 'addOfflineRequest', req)) as { success: boolean; result: { code: string } | null };
    const cases: Array<[unknown, string | RegExp]> = [
      [null, 'invalid_request'],
      ['text', 'invalid_request'],
      [{}, 'empty'],
      [{ form_name: 'only a form' }, /^invalid: name, email, phone or message is required/],
      [{ name: { first: 'A' } }, 'invalid_name'],
      [{ message: 'x'.repeat(5000) }, 'invalid_message'],
      // Longer than one request: refused before it is stored or sent.
      [{ message: 'x'.repeat(70 * 1024) }, 'invalid_request'],
      [{ message: 'hi', sale_cost: '10' }, 'invalid: sale_cost: requires is_sale true'],
      [{ message: 'hi', is_sale: 'yes' }, /^invalid: is_sale/],
      [{ message: 'hi', is_sale: true, sale_cost: 'ten' }, 'invalid: sale_cost: must be a decimal number'],
      [{ message: 'hi', group_id: 'sales' }, /^invalid: group_id/],
      [{ message: 'hi', email: 'nobody' }, 'invalid: email: must be an e-mail address'],
    ];
    for (const [req, code] of cases) {
      const r = await codes(req);
      expect(r.success, JSON.stringify(req)).toBe(false);
      expect(Object.keys(r).sort()).toEqual(['result', 'success']);
      expect(r.result!.code, JSON.stringify(req)).toMatch(code);
    }
    await page.evaluate(() => {
      const S = Svc as unknown as Record<string, (...a: unknown[]) => void>;
      S.addOfflineRequest!({ message: 'no callback' });
      S.addOfflineRequest!({ message: 'callback that is no function' }, 'x');
      S.addOfflineRequest!();
    });
    await expect
      .poll(() => stack.db.prepare('SELECT count(*) n FROM offline_messages WHERE visitor_id = ?').get(c.visitor_id))
      .toEqual({ n: 2 });
  });
});

test.describe('nothing lost, nothing twice', () => {
  const rows = (db: SqliteDatabase, visitorId: number) =>
    db.prepare('SELECT message, hit_id, page_url, utm_source FROM offline_messages WHERE visitor_id = ?').all(visitorId);

  test('a request sent while the network is cut is stored exactly once when the next page loads', async ({ page, open, stack }) => {
    await open('request.html?utm_source=cut');
    const c = await credentials(page);
    let aborted = 0;
    await page.route(stack.svcUrl + 'w/**', (r) => (aborted++, r.abort('internetdisconnected')));
    await submitRequest(page, { name: 'Offline Olga', message: 'sent with no network' });
    await expect.poll(() => aborted, { timeout: 10_000 }).toBeGreaterThanOrEqual(2); // tried, and tried again
    expect(JSON.stringify(await unsent(page))).toContain('sent with no network');
    expect(await answers(page)).toEqual([]); // the callback waits for a real answer
    expect(rows(stack.db, c.visitor_id)).toEqual([]);

    // The network is back, and the visitor goes on to the next page.
    await page.unroute(stack.svcUrl + 'w/**');
    await open('basic.html');
    await expect.poll(() => rows(stack.db, c.visitor_id)).toHaveLength(1);
    // Stored with the page view it was made on, not the one that sent it.
    expect(rows(stack.db, c.visitor_id)).toEqual([
      { message: 'sent with no network', hit_id: c.hit_id, page_url: stack.siteUrl + 'request.html?utm_source=cut', utm_source: 'cut' },
    ]);
    await expect.poll(() => unsent(page)).toEqual([]);
    await page.reload();
    // Writes an earlier page left unsent travel ahead of the new page view, in its batch or before:
    // once that page view is answered, anything sent again has been stored.
    await credentials(page);
    expect(rows(stack.db, c.visitor_id)).toHaveLength(1);
  });

  test('an answer lost on the way back: the retry is stored once and the callback fires once', async ({ page, open, stack }) => {
    await open('request.html');
    const c = await credentials(page);
    let cut = 0;
    await page.route(stack.svcUrl + 'w/**', async (route) => {
      if (!cut && route.request().postData()?.includes('offline_request')) {
        cut++;
        await route.fetch(); // the server stores the request…
        return route.abort('connectionreset'); // …and the page never hears so
      }
      return route.continue();
    });
    await submitRequest(page, { phone: '+7 900 123-45-67', message: 'answer lost' });
    await expect.poll(() => answers(page), { timeout: 10_000 }).toEqual([{ success: true, result: null }]);
    expect(cut).toBe(1);
    expect(rows(stack.db, c.visitor_id)).toHaveLength(1);
    await expect(page.locator('#status')).toHaveText('stored');
  });

  test('a page closed right after sending: the request is stored once', async ({ page, open, stack, context }) => {
    await open('request.html');
    const c = await credentials(page);
    await page.fill('[name=message]', 'closed at once');
    await page.evaluate(() => (document.querySelector('button[type=submit]') as HTMLButtonElement).click());
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => rows(stack.db, c.visitor_id)).toHaveLength(1);
    // A later page of the site finds nothing left to send, and sends nothing twice.
    const next = await context.newPage();
    await next.goto(stack.siteUrl + 'basic.html');
    await credentials(next);
    await expect.poll(() => unsent(next)).toEqual([]);
    expect(rows(stack.db, c.visitor_id)).toHaveLength(1);
  });

  test('a page closed while its requests fail: the beacon as the page is hidden delivers, once', async ({ page, open, stack, capture }) => {
    // The page's fetches of writes fail as a dead network fails them, while the browser's beacon is
    // left alone. They fail in the page, not by intercepting requests: Chromium sends the beacon as
    // the page closes, and an intercepted request of a closing page is dropped with the page.
    await page.addInitScript(() => {
      const real = window.fetch.bind(window);
      const w = window as unknown as { failWrites: boolean; failedWrites: string[] };
      w.failWrites = false;
      w.failedWrites = [];
      window.fetch = (input, init) => {
        if (w.failWrites && String(input).includes('/w/')) {
          w.failedWrites.push(String(init?.body ?? ''));
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return real(input, init);
      };
    });
    await open('request.html');
    const c = await credentials(page);
    await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true));
    await submitRequest(page, { message: 'beaconed' });
    const failed = () => page.evaluate(() => (window as unknown as { failedWrites: string[] }).failedWrites.join('\n'));
    await expect.poll(failed).toContain('offline_request');
    expect(rows(stack.db, c.visitor_id)).toEqual([]);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => rows(stack.db, c.visitor_id)).toHaveLength(1);
    // No fetch carried the request (each failed in the page): the row came by the beacon.
    const fetched = capture.requests().filter((r) => r.resourceType() === 'fetch' && (r.postData() ?? '').includes('offline_request'));
    expect(fetched).toEqual([]);
  });
});

test.describe('HTTP endpoints, called by a real HTTP client', () => {
  test("add_offline_message from the site's server with the page's credentials", async ({ page, open, stack }) => {
    await open('request.html?utm_source=s2s');
    const c = await credentials(page);
    const form = (extra: Record<string, string>) =>
      fetch(c.consultant_server_url + 'api/add_offline_message/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams({
          key: c.key,
          uri: c.uri,
          visitor_id: String(c.visitor_id),
          hit_id: String(c.hit_id),
          session_id: String(c.session_id),
          ...extra,
        }),
      });
    const ok = await form({
      name: 'Server Sam',
      email: 'sam@example.com',
      phone: '',
      text: 'from the back end',
      is_sale: 'true',
      sale_cost: '100',
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await ok.json()).toEqual({ success: true });
    expect(
      stack.db
        .prepare('SELECT source, name, message, is_sale, sale_cost, hit_id, utm_source FROM offline_messages WHERE visitor_id = ?')
        .all(c.visitor_id),
    ).toEqual([
      {
        source: 'server',
        name: 'Server Sam',
        message: 'from the back end',
        is_sale: 1,
        sale_cost: 100,
        hit_id: c.hit_id,
        utm_source: 's2s',
      },
    ]);
    // Credentials that do not belong together are refused, with a reason.
    const bad = await form({ session_id: String(c.session_id + 1000), text: 'x' });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ success: false, message: '403002: Credentials do not belong together' });
    const other = await form({ key: 'wk-other-2', text: 'x' });
    expect(other.status).toBe(403);
    expect((await other.json()).success).toBe(false);
  });

  test('/vc/s/ adds visitor data from outside the page', async ({ page, open, stack }) => {
    await open('basic.html');
    const c = await credentials(page);
    const url = (p: Record<string, string>) =>
      c.consultant_server_url + 'vc/s/?' + new URLSearchParams({ ur: c.uri, ci: String(c.visitor_id), hi: String(c.hit_id), ...p });
    const full = await fetch(url({ k: c.key, vn: 'Outside Oleg', ve: 'oleg@example.com' }));
    expect(await full.json()).toEqual({ success: true, visitor_id: c.visitor_id, session_id: c.session_id, hit_id: c.hit_id });
    const short = await fetch(url({ sk: c.site_key, vp: '+7 900 555-44-33', s: '1' }));
    expect(await short.json()).toEqual({ success: true });
    expect(stack.db.prepare('SELECT name FROM visitors WHERE id = ?').get(c.visitor_id)).toEqual({ name: 'Outside Oleg' });
    expect(stack.db.prepare('SELECT phone FROM visitor_phones WHERE visitor_id = ?').all(c.visitor_id)).toEqual([
      { phone: '+7 900 555-44-33' },
    ]);
    const refused = await fetch(url({ k: c.key, hi: String(c.hit_id + 1000), vn: 'x' }));
    expect(refused.status).toBe(403);
    // Another site's page may read the answer too: the call is meant for outside the page.
    const fromPage = await page.evaluate((u) => fetch(u).then((r) => r.json()), url({ k: c.key, ve: 'oleg@example.com', s: '1' }));
    expect(fromPage).toEqual({ success: true });
  });
});

test('the demo site shows both request flows: the page API without a reload, and the plain form through its back end', async ({
  page,
  demo,
}) => {
  const db = demo.db;
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(demo.siteUrl);
  await page.click('text=Contact us');
  await expect(page).toHaveURL(/contact\.html$/);
  const c = await credentials(page);

  // 1. The custom form: no reload, the status comes from the callback.
  const ajax = page.locator('#ajax-form');
  await ajax.locator('[name=name]').fill('Demo Dina');
  await ajax.locator('[name=phone]').fill('+7 901 234-56-78');
  await ajax.locator('[name=message]').fill('Through the page API');
  await ajax.locator('[name=is_sale]').check();
  await ajax.locator('[name=sale_cost]').fill('1200');
  await ajax.locator('button').click();
  await expect(page.locator('#ajax-status')).toHaveText('Thank you, your request is stored.');
  expect((await credentials(page)).hit_id).toBe(c.hit_id); // the same page view: no reload

  // 2. The plain form: hidden credentials, the shop's back end, server to server.
  const plain = page.locator('#plain-form');
  await expect(plain.locator('button')).toBeEnabled();
  await plain.locator('[name=email]').fill('dina@example.com');
  await plain.locator('[name=text]').fill('Through the shop back end');
  await plain.locator('button').click();
  await expect(page).toHaveURL(/contact\.html\?sent=1$/);
  await expect(page.locator('#plain-status')).toHaveText('Thank you, your request is stored.');

  expect(
    db.prepare('SELECT source, name, email, message, is_sale, sale_cost, form_name, hit_id FROM offline_messages ORDER BY id').all(),
  ).toEqual([
    {
      source: 'page',
      name: 'Demo Dina',
      email: null,
      message: 'Through the page API',
      is_sale: 1,
      sale_cost: 1200,
      form_name: 'demo contact',
      hit_id: c.hit_id,
    },
    {
      source: 'server',
      name: null,
      email: 'dina@example.com',
      message: 'Through the shop back end',
      is_sale: 0,
      sale_cost: null,
      form_name: null,
      hit_id: c.hit_id,
    },
  ]);

  // Properties: a write, then a read that answers after it.
  await expect(page.locator('#client-status')).toHaveText('You are not marked.');
  await page.click('#mark');
  await expect(page.locator('#client-status')).toHaveText('You are marked as a client.');
  expect(errors).toEqual([]);
});
