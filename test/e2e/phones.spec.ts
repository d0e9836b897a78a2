import type { Browser, Page, Route } from '@playwright/test';
import type { PhoneElement } from '../../src/types.js';
import { credentials, expect, holdServer, record, settle, test, type Stack } from './fixtures.js';

/**
 * Phone replacement in real Chromium against the real server (test/e2e/site-config.json, site
 * test-site): default numbers, the "Google Ads" campaign with a DT pool of three, "Tiny pool" with
 * one number and a reserved overflow number, and "Moscow" matched by the proxy's geo headers.
 */

const ORIGINAL = '+7 (495) 123-45-67';
const STATIC = '+7 (495) 777-00-11';
/** A desktop Chrome's User-Agent, as a visitor's browser sends it (headless Chromium names itself a bot). */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Every DT number of the worker's database free again: the tests of a worker share its pools. */
function freePools(stack: Stack) {
  stack.db.prepare('UPDATE dt_leases SET until_ms = 0').run();
}

const text = (page: Page, sel: string) => page.locator(sel).evaluate((e) => e.textContent);
const texts = (page: Page, sel: string) => page.locator(sel).evaluateAll((es) => es.map((e) => e.textContent));

/** A fresh visitor (own storage and cookies) on `path`. */
async function visitor(browser: Browser, stack: Stack, path: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(stack.siteUrl + path);
  return { page, ctx, errors };
}

test('replaces the site numbers in every formatting, split across elements, in links and labels; leaves code, fields and editable content alone', async ({
  page,
  open,
  capture,
}) => {
  await open('phones.html');
  await expect(page.locator('#main-phone')).toHaveText(STATIC);
  expect(await texts(page, '#formats li')).toEqual([
    '+7 (495) 777-00-11',
    '8 495 7770011',
    '84957770011',
    '+7\u00a0495\u00a0777\u00a000\u00a011',
    '+7 495 777 00 11',
    '8.495.777.00.11',
    '8-495-777-00-11',
    '(495) 777-00-11',
    '8 (800) 111-22-33',
  ]);
  expect(await page.locator('#split').innerHTML()).toBe('+7 (495) <b>777-00-11</b>');
  expect(await text(page, '#split2')).toBe('8 (495) 777-00-11');
  expect(
    await page
      .locator('#tel')
      .evaluate((a) => [a.getAttribute('href'), a.getAttribute('title'), a.getAttribute('aria-label'), a.textContent]),
  ).toEqual(['tel:+74957770011', 'Call 8 (495) 777-00-11', 'Phone 8 495 777 00 11', 'Call us']);
  // The page's own nodes were edited, not replaced, and its listeners still work.
  expect(
    await page.evaluate(() => {
      const w = window as unknown as { refs: { bold: Text; btnText: Text } };
      return [w.refs.bold === document.querySelector('#split b')!.firstChild, w.refs.btnText.data];
    }),
  ).toEqual([true, 'Call +7 (495) 777-00-11']);
  await page.click('#btn');
  expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);
  // Other numbers, code, styles, fields and editable content stay as they are.
  expect(await text(page, '#other')).toBe('+7 (495) 123-45-68 · order 749512345670 · link');
  expect(await page.locator('#other a').getAttribute('href')).toBe('https://example.test/84951234567');
  expect(await page.evaluate(() => [(window as unknown as { code: string }).code, document.getElementById('code')!.textContent])).toEqual([
    ORIGINAL,
    'window.code = "+7 (495) 123-45-67";',
  ]);
  expect(await text(page, '#css')).toContain('84951234567');
  expect(await page.locator('#ta').inputValue()).toBe('8 495 123-45-67');
  expect(await page.locator('#inp').inputValue()).toBe('84951234567');
  expect(await text(page, '#edit')).toBe('8 495 123-45-67');
  // Element blocks: #id, .class, [name=] get the formatted number, or the image.
  expect(await page.locator('.footer-phone').evaluate((a) => [a.innerHTML, a.getAttribute('href')])).toEqual([
    '<i class="icon"></i>+7 (495) 777-00-11',
    'tel:+74957770011',
  ]);
  expect(await text(page, '[name=callback-phone]')).toBe(STATIC);
  expect(await page.locator('.phone-img').innerHTML()).toBe('<img src="http://127.0.0.1:9/phone.png" alt="+7 (495) 777-00-11">');
  // Text from the server is text: markup in it is shown, never parsed.
  expect(
    await page.locator('#markup').evaluate((e) => [e.textContent, e.children.length, (window as unknown as { xss?: number }).xss]),
  ).toEqual(['<img src=x onerror="window.xss=1">', 0, undefined]);

  // The API gives exactly the spec's shapes.
  const phones = await page.evaluate(() => Svc.getPhones());
  expect(phones).toEqual([
    { id: 'number=74951234567', img: null, text: STATIC, raw: '74957770011' },
    { id: 'number=88005553535', img: null, text: '+7 (800) 111-22-33', raw: '78001112233' },
    { id: '#main-phone', img: null, text: STATIC, raw: '74957770011' },
    { id: '.footer-phone', img: null, text: STATIC, raw: '74957770011' },
    { id: '[name=callback-phone]', img: null, text: STATIC, raw: '74957770011' },
    { id: '.phone-img', img: 'http://127.0.0.1:9/phone.png', text: STATIC, raw: '74957770011' },
    { id: '#markup', img: null, text: '<img src=x onerror="window.xss=1">', raw: '74957770011' },
  ]);
  expect(
    await page.evaluate(() => [
      Svc.getDTPhones(),
      Svc.getReplacedPhones(),
      Svc.getReplacedPhones('static'),
      Svc.getReplacedPhones('dynamic'),
    ]),
  ).toEqual([
    null,
    { 'number=74951234567': '74957770011', 'number=88005553535': '78001112233' },
    { '74957770011': ['number=74951234567'], '78001112233': ['number=88005553535'] },
    {},
  ]);
  // A first visit costs one request.
  expect(capture.requests().filter((r) => r.method() === 'POST')).toHaveLength(1);
});

test('a campaign landing URL gets a DT number: two visitors get different ones, each keeps its own', async ({ browser, stack }) => {
  freePools(stack);
  const a = await visitor(browser, stack, 'phones.html?utm_source=google');
  const b = await visitor(browser, stack, 'phones.html?utm_source=google');
  const dt = async (page: Page) => {
    await page.waitForFunction(() => Svc.getDTPhones() !== null);
    return (await page.evaluate(() => Svc.getDTPhones()))!;
  };
  const [da, db] = [await dt(a.page), await dt(b.page)];
  expect(da).toHaveLength(1);
  expect(da[0]).toEqual({
    id: 'number=74951234567',
    img: null,
    text: expect.stringMatching(/^\+7 \(499\) 000-00-0[123]$/),
    raw: expect.stringMatching(/^7499000000[123]$/),
  });
  expect(db[0]!.raw).not.toBe(da[0]!.raw);
  for (const [v, d] of [
    [a, da[0]!],
    [b, db[0]!],
  ] as const) {
    const digits = d.raw.slice(1);
    await expect(v.page.locator('#formats li').first()).toHaveText(
      `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
    );
    await expect(v.page.locator('#split b')).toHaveText(`${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`);
    expect(await v.page.evaluate(() => Svc.getReplacedPhones('dynamic'))).toEqual({ [d.raw]: ['number=74951234567'] });
    // The campaign is on the session; the number is leased to it.
    const c = await credentials(v.page);
    expect(stack.db.prepare('SELECT ac_id FROM sessions WHERE id = ?').get(c.session_id)).toEqual({ ac_id: 10 });
    expect(stack.db.prepare('SELECT number FROM dt_leases WHERE session_id = ? AND until_ms > ?').get(c.session_id, Date.now())).toEqual({
      number: d.raw,
    });
  }
  // Elements of the default blocks keep their static numbers.
  await expect(a.page.locator('#main-phone')).toHaveText(STATIC);
  // The same visitor keeps its number on the next page.
  const hit = (await credentials(a.page)).hit_id;
  await a.page.goto(stack.siteUrl + 'phones.html');
  await a.page.waitForFunction((h) => Svc.getCredentials() && Svc.getCredentials()!.hit_id !== h, hit);
  expect((await a.page.evaluate(() => Svc.getDTPhones()))![0]!.raw).toBe(da[0]!.raw);
  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.ctx.close();
  await b.ctx.close();
});

test('when the pool runs dry the visitor gets the reserved number and the overflow is counted', async ({ browser, stack }) => {
  freePools(stack);
  const a = await visitor(browser, stack, 'phones.html?utm_source=tiny');
  await expect(a.page.locator('#formats li').first()).toHaveText('+7 (499) 333-00-01');
  const b = await visitor(browser, stack, 'phones.html?utm_source=tiny');
  await expect(b.page.locator('#formats li').first()).toHaveText('+7 (495) 000-00-00');
  expect(await b.page.evaluate(() => [Svc.getDTPhones(), Svc.getReplacedPhones('static')['74950000000']])).toEqual([
    null,
    ['number=74951234567'],
  ]);
  const c = await credentials(b.page);
  expect(stack.db.prepare('SELECT block_id, fallback FROM dt_overflows WHERE session_id = ?').all(c.session_id)).toEqual([
    { block_id: 21, fallback: 'reserved' },
  ]);
  await a.ctx.close();
  await b.ctx.close();
});

test('matches a campaign on the town and country a trusted proxy reports', async ({ page, stack, open }) => {
  await page.route(stack.svcUrl + 'w/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-svc-city': 'Moscow', 'x-svc-country': 'RU' } }),
  );
  await open('phones.html');
  await expect(page.locator('#main-phone')).toHaveText('+7 (495) 666-00-00');
  const c = await credentials(page);
  expect(stack.db.prepare('SELECT ac_id, city, country FROM sessions WHERE id = ?').get(c.session_id)).toEqual({
    ac_id: 30,
    city: 'Moscow',
    country: 'RU',
  });
});

test('a reload shows the cached DT number before the server has answered anything', async ({ page, open, stack, capture }) => {
  freePools(stack);
  await open('phones.html?utm_source=google');
  await page.waitForFunction(() => Svc.getDTPhones() !== null);
  const dt = (await page.evaluate(() => Svc.getDTPhones()))![0]!;
  const hold = await holdServer(page, stack.svcUrl);
  const postsBefore = capture.requests().filter((r) => r.method() === 'POST').length;
  await page.reload();
  // The request is held, yet the numbers are there: the swap needed no answer.
  await expect(page.locator('#formats li').first()).toHaveText(
    `+7 (${dt.raw.slice(1, 4)}) ${dt.raw.slice(4, 7)}-${dt.raw.slice(7, 9)}-${dt.raw.slice(9)}`,
  );
  await expect(page.locator('#main-phone')).toHaveText(STATIC);
  expect(await page.evaluate(() => [Svc.getCredentials(), Svc.getDTPhones()])).toEqual([null, [dt]]);
  await expect.poll(hold.count).toBe(1);
  await hold.release();
  await page.waitForFunction(() => Svc.getCredentials() !== null);
  // The answer confirms the same number; the reload cost one request, sent after the swap.
  expect((await page.evaluate(() => Svc.getDTPhones()))![0]!.raw).toBe(dt.raw);
  expect(capture.requests().filter((r) => r.method() === 'POST').length - postsBefore).toBe(1);
});

test('with the script in <head>, the cached number is in the first frame that shows the number', async ({ page, open, stack }) => {
  await open('phones-sync.html');
  await expect(page.locator('#p')).toHaveText(STATIC);
  const hold = await holdServer(page, stack.svcUrl);
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await page.waitForFunction(() => 'frame' in (window as unknown as { seen: object }).seen);
    expect(await page.evaluate(() => (window as unknown as { seen: { frame: string } }).seen.frame)).toBe(STATIC);
  }
  expect(hold.count()).toBe(3);
  await hold.release();
});

test("the server's answer corrects a cached number that is no longer the visitor's", async ({ page, open }) => {
  // A cache from an earlier visit holds another number for the main block.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const forms = [
      ['74951234567', '74991112233'],
      ['84951234567', '84991112233'],
      ['4951234567', '4991112233'],
    ];
    const p = [{ id: 'number=74951234567', img: null, text: '+7 (499) 111-22-33', raw: '74991112233', dt: true, forms }];
    localStorage.setItem('_svc_test-site', JSON.stringify({ p, u: Date.now() + 60000 }));
  });
  await open('phones.html');
  await page.waitForFunction(() => Svc.getCredentials() !== null);
  await expect(page.locator('#formats li').first()).toHaveText(STATIC);
  await expect(page.locator('#split')).toHaveText('+7 (495) 777-00-11');
  expect(await page.evaluate(() => Svc.getReplacedPhones())).toMatchObject({ 'number=74951234567': '74957770011' });
  const cached = (await record(page))! as { p: unknown[] };
  expect(cached.p[0]).toMatchObject({ id: 'number=74951234567', raw: '74957770011' });
});

test('__cs_onReplacePhones gets the phones first; false cancels, and a default hook returns true', async ({ page, open, stack }) => {
  await open('basic.html');
  expect(await page.evaluate(() => typeof window.__cs_onReplacePhones === 'function' && window.__cs_onReplacePhones([]))).toBe(true);

  const other = await page.context().newPage();
  await other.addInitScript(() => {
    window.__cs_onReplacePhones = (phones: PhoneElement[]) => {
      (window as unknown as { got: PhoneElement[] }).got = phones;
      return false;
    };
  });
  await other.goto(stack.siteUrl + 'phones.html');
  await other.waitForFunction(() => Svc.getCredentials() !== null && (window as unknown as { got?: unknown }).got);
  const got = await other.evaluate(() => (window as unknown as { got: PhoneElement[] }).got);
  expect(got).toEqual(await other.evaluate(() => Svc.getPhones()));
  expect(Object.keys(got[0]!).sort()).toEqual(['id', 'img', 'raw', 'text']);
  expect(await texts(other, '#formats li')).toContain(ORIGINAL);
  expect(await text(other, '#main-phone')).toBe(ORIGINAL);
  expect(await other.evaluate(() => Svc.getReplacedPhones())).toEqual({});
  await other.close();
});

test('setDynamicalReplacement replaces numbers in content added later, once per batch, without feeding itself', async ({ page, open }) => {
  await open('phones-dynamic.html');
  await expect(page.locator('#first')).toHaveText('8 495 777-00-11');
  await settle(page);
  const calls = () => page.evaluate(() => (window as unknown as { moCalls: number }).moCalls);
  const before = await calls();
  await page.evaluate(() => (window as unknown as { addBlock(): void }).addBlock());
  await expect(page.locator('.added p').first()).toHaveText('Sales: +7 (495) 777-00-11');
  expect(await page.locator('.added p b').textContent()).toBe('777-00-11');
  expect(await page.locator('.added a').getAttribute('href')).toBe('tel:+74957770011');
  expect(await page.locator('.added p').nth(1).textContent()).toBe('Free: 8 800 111-22-33');
  expect(await page.locator('.added p').last().textContent()).toBe('Line 19: 8 (495) 777-00-11');
  await settle(page);
  const after = await calls();
  expect(after - before).toBeGreaterThanOrEqual(1);
  expect(after - before).toBeLessThanOrEqual(2);
  // A framework rewriting a text node in place: changed text is searched too.
  await page.evaluate(() => (window as unknown as { setText(t: string): void }).setText('Now: 8 495 123 45 67'));
  await expect(page.locator('#first')).toHaveText('Now: 8 495 777 00 11');
  await settle(page);
  // Its own edits never wake the observer again.
  const settled = await calls();
  await settle(page);
  expect(await calls()).toBe(settled);
});

test('without setDynamicalReplacement later content waits for reinitTrackView, which replaces it at once', async ({
  page,
  open,
  stack,
}) => {
  await open('phones-spa.html');
  const first = await credentials(page);
  const hold = await holdServer(page, stack.svcUrl);
  await page.evaluate(() => (window as unknown as { go(p: string): void }).go('/phones-spa/contacts'));
  // Replaced from the numbers already known, before the route's page view is answered.
  await expect(page.locator('.num')).toHaveText('Call 8 (495) 777-00-11');
  expect(await page.locator('#view a').getAttribute('href')).toBe('tel:84957770011');
  await hold.release();
  await page.waitForFunction((h) => Svc.getCredentials()!.hit_id !== h, first.hit_id);
  const c = await credentials(page);
  expect(stack.db.prepare('SELECT is_spa FROM hits WHERE id = ?').get(c.hit_id)).toEqual({ is_spa: 1 });
  // Content added without a page view or the dynamic setting stays as it is.
  await page.evaluate(() => document.body.appendChild(document.createElement('p')).setAttribute('id', 'late'));
  await page.evaluate(() => (document.getElementById('late')!.textContent = '8 495 123-45-67'));
  await settle(page);
  expect(await text(page, '#late')).toBe('8 495 123-45-67');
  await page.evaluate(() => (window as unknown as { go(p: string): void }).go('/phones-spa/help'));
  await expect(page.locator('.num')).toHaveText('+7 800 111 22 33');
  expect(await text(page, '#late')).toBe('8 495 777-00-11');
});

test.describe('when the server fails, the page keeps its own numbers and works', () => {
  // `retried`: the snippet sends again after a back-off, which it sets only once it has read the
  // failed answer; that second request is the sign that the answer has been dealt with.
  const cases: Array<[string, (route: Route) => unknown, retried: boolean]> = [
    ['unreachable', (r) => r.abort('connectionrefused'), true],
    [
      'answering 500',
      (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"500000: Internal error"}' }),
      true,
    ],
    [
      'answering garbage',
      (r) =>
        r.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: '{"success":true,"results":"nope"}',
        }),
      true,
    ],
    // No answer ever comes (the snippet's time-out is 10 s): the request being held is the mark.
    ['never answering', () => undefined, false],
  ];
  for (const [name, handler, retried] of cases) {
    test(name, async ({ page, open, stack }) => {
      let requests = 0;
      await page.route(stack.svcUrl + 'w/**', (r) => (requests++, handler(r)));
      await open('phones.html');
      await page.waitForFunction(() => !!window.Svc);
      await expect.poll(() => requests).toBeGreaterThanOrEqual(retried ? 2 : 1);
      expect(await texts(page, '#formats li')).toContain(ORIGINAL);
      expect(await text(page, '#main-phone')).toBe(ORIGINAL);
      expect(await page.evaluate(() => [Svc.getPhones(), Svc.getDTPhones(), Svc.getReplacedPhones()])).toEqual([[], null, {}]);
      await page.click('#btn');
      expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);
    });
  }

  test('answering phones that are malformed (a selector list, forms that are no digits): those are dropped; an image address runs nothing', async ({
    page,
    open,
    stack,
  }) => {
    await page.route(stack.svcUrl + 'w/**', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      const result = body.results[0].result;
      result.phones = [
        { id: '#main-phone, body', img: null, text: 'BODY', raw: '74950000001', dt: false },
        { id: 'number=74951234567', img: null, text: { toString: 1 }, raw: '7495<b>', dt: false, forms: [['74951234567', '(a+)+$']] },
        { id: 'number=74951234567', img: null, text: 'X', raw: '74950000002', dt: false, forms: [['7495.*', '74950000002']] },
        { id: '.phone-img', img: 'javascript:window.xss=1', text: 'NO IMAGE', raw: '74957770011', dt: false },
        'garbage',
        null,
      ];
      await route.fulfill({ response: res, json: body });
    });
    await open('phones.html');
    await page.waitForFunction(() => Svc.getCredentials() !== null);
    // The address goes only into an <img> (the server itself accepts only http(s) images): inert.
    await expect(page.locator('.phone-img img')).toHaveAttribute('alt', 'NO IMAGE');
    expect(await page.locator('.phone-img img').getAttribute('src')).toBe('javascript:window.xss=1');
    await settle(page);
    expect(await page.evaluate(() => [Svc.getPhones().map((p) => p.id), (window as unknown as { xss?: number }).xss])).toEqual([
      ['.phone-img'],
      undefined,
    ]);
    expect(await text(page, '#main-phone')).toBe(ORIGINAL);
    expect(await page.locator('h2').count()).toBe(1);
  });
});

test('the demo phones page works as `npm start` serves it: campaign landing gets DT numbers, later content is replaced', async ({
  browser,
  demo,
}) => {
  // The demo server runs the lease policy, which gives headless Chromium (a bot's User-Agent) no
  // number: the page is opened as the desktop browser a visitor has.
  const ctx = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await ctx.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(demo.siteUrl + 'phones.html?utm_source=yandex');
  await expect(page.locator('#formats li').first()).toHaveText(/^\+7 \(499\) 000-00-0[1-5]$/);
  await expect(page.locator('#header-phone')).toHaveText(/^\+7 \(499\) 000-00-1[1-5]$/);
  await expect(page.locator('#formats li').last()).toHaveText(/^Split across elements: \+7 \(499\) 000-00-0[1-5]$/);
  // The demo's image is a path: it comes from the demo's own origin, whatever its port.
  await expect(page.locator('.phone-banner img')).toHaveJSProperty('src', demo.siteUrl + 'phone.svg');
  await page.click('#add');
  await expect(page.locator('#later p')).toHaveText(/^Sales: \+7 \(499\) 000-00-0[1-5], 8 499 000-00-0[1-5]; free: 8 800 111 22 33$/);
  await expect(page.locator('#api')).toHaveValue(/"getDTPhones": \[\n {4}\{\n {6}"id": "number=74951234567"/);
  expect(errors).toEqual([]);
  await ctx.close();
});
