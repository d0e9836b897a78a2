import type { Page, Route } from '@playwright/test';
import { credentials, expect, unsent, test } from './fixtures.js';

/**
 * The consultant server down, slow past the snippet's time-out, answering 500, malformed
 * JSON or JSON of the wrong shape. The page works and keeps its own numbers, nothing reaches it as
 * an error, the writes wait in the outbox (localStorage record `_svc_<key>`) without hammering the
 * server, and once the server is healthy they are delivered exactly once, callbacks included.
 * (phones.spec.ts checks the numbers for a few of these faults; visitor-data.spec.ts a cut
 * network and a lost answer.) Faults are injected with page.route on the consultant origin.
 */

const CORS = { 'access-control-allow-origin': '*' };

/** A fault: how the write endpoint answers. `reaches`: the server itself got (and stored) the writes. */
type Fault = [name: string, handler: (route: Route) => unknown, reaches: boolean];

/** Forwards to the real server, then hands the page `body` instead of its answer. */
const corrupt =
  (body: string, status = 200) =>
  async (route: Route) => {
    await route.fetch();
    await route.fulfill({ status, headers: CORS, contentType: 'application/json', body });
  };

const FAULTS: Fault[] = [
  ['the server down (connection refused)', (r) => r.abort('connectionrefused'), false],
  [
    'answering 500 with the error envelope',
    (r) =>
      r.fulfill({
        status: 500,
        headers: CORS,
        contentType: 'application/json',
        body: '{"success":false,"message":"500000: Internal error"}',
      }),
    false,
  ],
  [
    'answering 502 with an HTML page',
    (r) => r.fulfill({ status: 502, headers: CORS, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
    false,
  ],
  ['answering malformed JSON after storing', corrupt('{"success":true,"results":[{"id":'), true],
  ['answering an empty body after storing', corrupt(''), true],
  ['answering JSON null after storing', corrupt('null'), true],
  ['answering results that are not a list after storing', corrupt('{"success":true,"visitor":"garbage","results":5}'), true],
  [
    'answering results of other writes after storing',
    corrupt('{"success":true,"visitor":{"id":"x","token":7},"results":[{"id":"nope","success":true}]}'),
    true,
  ],
  ['answering a bare array after storing', corrupt('[1,2,3]'), true],
];

const own = (page: Page) =>
  page.evaluate(() => [
    document.getElementById('own-tel')!.textContent,
    document.getElementById('own-tel')!.getAttribute('href'),
    document.getElementById('tracked')!.textContent,
  ]);

for (const [name, fault, reaches] of FAULTS) {
  test(name, async ({ page, open, stack, capture }) => {
    const tries: number[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().startsWith(stack.svcUrl + 'w/') && tries.push(Date.now()));
    await page.route(stack.svcUrl + 'w/**', fault);
    await open('fuzz.html');
    await page.waitForFunction(() => !!window.Svc);
    await page.evaluate(() => {
      const w = window as unknown as { answers: unknown[] };
      w.answers = [];
      Svc.trackEvent('resilience', 'during fault');
      Svc.addOfflineRequest({ message: 'sent during a fault' }, (r) => w.answers.push(r));
    });
    // Tried, and stored to try again.
    await expect.poll(() => capture.writes('offline_request').length).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => JSON.stringify(await unsent(page))).toContain('sent during a fault');
    // No hammering: retries back off, a second at first, doubling, each ±50% (outbox.ts): the
    // second gap is at least 1 s, the first at least 0.5 s (less a little for when Playwright hears).
    await expect.poll(() => tries.length).toBeGreaterThanOrEqual(3);
    const gaps = tries.slice(1, 3).map((t, i) => t - tries[i]!);
    expect(gaps[0]!, `gaps ${JSON.stringify(gaps)}`).toBeGreaterThanOrEqual(400);
    expect(gaps[1]!, `gaps ${JSON.stringify(gaps)}`).toBeGreaterThanOrEqual(900);

    // The page: its own numbers (the tracked one too: no number without an answer), its script works.
    expect(await own(page)).toEqual(['+7 (812) 000-11-22', 'tel:+78120001122', 'Sales: +7 (495) 123-45-67']);
    await page.evaluate(() => document.getElementById('btn')!.click());
    expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);
    expect(await page.evaluate(() => [Svc.getCredentials(), Svc.getPhones()])).toEqual([null, []]);
    // A callback waits for a real answer: a failure now would invite the visitor to send again.
    expect(await page.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([]);

    // The server is healthy again; the browser says the network is back.
    // A retry may be in the fault's hands right now (its route.fetch reached the server): wait for
    // it to finish, or Playwright continues that route itself and the fault's fulfill fails.
    await page.unrouteAll({ behavior: 'wait' });
    await page.evaluate(() => dispatchEvent(new Event('online')));
    const c = await credentials(page);
    await expect(page.locator('#tracked')).toHaveText('Sales: +7 (495) 777-00-11');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { answers: unknown[] }).answers))
      .toEqual([{ success: true, result: null }]);
    await expect.poll(() => unsent(page)).toEqual([]);
    const rows = () => ({
      requests: stack.db
        .prepare("SELECT count(*) n FROM offline_messages WHERE message = 'sent during a fault' AND visitor_id = ?")
        .get(c.visitor_id),
      events: stack.db.prepare("SELECT count(*) n FROM goals WHERE action = 'during fault' AND visitor_id = ?").get(c.visitor_id),
    });
    expect(rows()).toEqual({ requests: { n: 1 }, events: { n: 1 } });
    if (reaches) expect(capture.writes('offline_request').length, 'sent more than once, stored once').toBeGreaterThan(1);
    // The next page sends nothing again: an earlier page's unsent writes travel ahead of its page
    // view, in its batch or before, so they are stored by the time it is answered.
    await page.reload();
    await credentials(page);
    expect(rows()).toEqual({ requests: { n: 1 }, events: { n: 1 } });
  });
}

test('a server slower than the time-out: the request is abandoned and retried, and stored once', async ({ page, open, stack, capture }) => {
  // The snippet's time-out (10 s, AbortSignal.timeout) on Playwright's clock, so that it passes at
  // once: the page's AbortSignal.timeout made of its setTimeout, which the clock drives.
  await page.clock.install();
  await page.addInitScript(() => {
    AbortSignal.timeout = (ms: number) => {
      const ctl = new AbortController();
      setTimeout(() => ctl.abort(new DOMException('signal timed out', 'TimeoutError')), ms);
      return ctl.signal;
    };
  });
  let held = 0;
  let reached = false;
  await page.route(stack.svcUrl + 'w/**', async (route) => {
    if (held++ === 0) {
      // The first request reaches the server, whose answer comes after the snippet gave up.
      const abandoned = new Promise<void>((ok) => page.on('requestfailed', (r) => r === route.request() && ok()));
      const res = await route.fetch();
      reached = true;
      await abandoned;
      return route.fulfill({ response: res }).catch(() => undefined);
    }
    return route.continue();
  });
  await open('fuzz.html');
  await page.waitForFunction(() => !!window.Svc);
  await page.evaluate(() => Svc.trackEvent('resilience', 'slow server'));
  await expect.poll(() => reached).toBe(true);
  await page.clock.fastForward(10_000);
  expect(await own(page)).toEqual(['+7 (812) 000-11-22', 'tel:+78120001122', 'Sales: +7 (495) 123-45-67']);
  const c = await credentials(page);
  expect(held).toBeGreaterThanOrEqual(2);
  await expect(page.locator('#tracked')).toHaveText('Sales: +7 (495) 777-00-11');
  await expect
    .poll(() => stack.db.prepare("SELECT count(*) n FROM goals WHERE action = 'slow server' AND visitor_id = ?").get(c.visitor_id))
    .toEqual({ n: 1 });
  expect(stack.db.prepare('SELECT count(*) n FROM hits WHERE visitor_id = ?').get(c.visitor_id)).toEqual({ n: 1 });
  expect(capture.writes('hit').length).toBe(2);
});
