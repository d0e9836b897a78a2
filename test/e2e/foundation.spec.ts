import type { Page } from '@playwright/test';
import { credentials, expect, record, test } from './fixtures.js';

/** Adds svc.js to a bare page after the test queued its commands, as the async loader would. */
async function loadScript(page: Page, svcUrl: string, file = 'svc.js') {
  await page.evaluate((src) => {
    const s = document.createElement('script');
    s.async = true;
    s.src = src;
    document.head.appendChild(s);
  }, svcUrl + file);
}

test('installs the globals and delivers exactly the credentials of the spec', async ({ page, open, stack, capture }) => {
  await open('basic.html?utm_source=newsletter&utm_campaign=spring&gclid=abc123');
  const c = await credentials(page);
  expect(Object.keys(c).sort()).toEqual(['consultant_server_url', 'hit_id', 'key', 'session_id', 'site_key', 'uri', 'visitor_id'].sort());
  expect(c.site_key).toBe('test-site');
  expect(c.key).toBe('wk-test-1');
  expect(c.consultant_server_url).toBe(stack.svcUrl);
  expect(c.consultant_server_url.endsWith('/')).toBe(true);
  expect(c.uri).toBe(new URL(stack.svcUrl).host);
  for (const k of ['visitor_id', 'hit_id', 'session_id'] as const) expect(Number.isInteger(c[k])).toBe(true);
  expect(await page.evaluate(() => [Svc.getVisitorId(), Svc.getSessionId(), typeof SvcWidget])).toEqual([
    c.visitor_id,
    c.session_id,
    'object',
  ]);

  // One request on load, a CORS simple request: POST with a text/plain body and no custom headers.
  const posts = capture.requests().filter((r) => r.method() === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.headers()['content-type']).toMatch(/^text\/plain/);

  // The session carries the landing page and the campaign parameters of its URL.
  const s = stack.db.prepare('SELECT * FROM sessions WHERE id = ?').get(c.session_id) as Record<string, unknown>;
  expect(s).toMatchObject({ visitor_id: c.visitor_id, utm_source: 'newsletter', utm_campaign: 'spring', gclid: 'abc123', ac_id: -1 });
  expect(String(s.entrance_page)).toContain('basic.html?utm_source=newsletter');
  const hit = stack.db.prepare('SELECT * FROM hits WHERE id = ?').get(c.hit_id) as Record<string, unknown>;
  expect(hit).toMatchObject({ session_id: c.session_id, title: 'Basic page', is_spa: 0 });
});

test('runs the queue in the documented order: configuration first, then the rest as queued', async ({ page, open, stack, capture }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await open('bare.html');
  await page.evaluate((svcUrl) => {
    const log: string[] = ((window as unknown as { log: string[] }).log = []);
    const q: unknown[] = ((window as unknown as { __cs: unknown[] }).__cs = []);
    q.push(['trackEvent', 'queue', 'first']);
    q.push(['onReady', () => log.push('ready')]);
    q.push(['noSuchCommand', 1]);
    q.push('not a command', [], [42]);
    q.push(['trackEvent', 'queue', 'second']);
    // Configuration queued last still runs first: the events above need the site key and host.
    q.push(['setCsHost', svcUrl]);
    q.push(['setCsAccount', 'test-site']);
  }, stack.svcUrl);
  await loadScript(page, stack.svcUrl);
  const c = await credentials(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as { log: string[] }).log)).toEqual(['ready']);

  // After load, a push runs at once and returns how many commands ran.
  expect(
    await page.evaluate(() => (window.__cs as unknown as { push(...c: unknown[]): number }).push(['trackEvent', 'queue', 'third'])),
  ).toBe(1);
  expect(await page.evaluate(() => Svc.push(['trackEvent', 'queue', 'fourth'], ['bogus']))).toBe(1);
  await capture.waitForWrite('event', { action: 'fourth' });

  // The page view went first, then the events in queue order, each on this page view.
  const writes = capture.writes();
  expect(writes[0]!.type).toBe('hit');
  expect(writes.filter((w) => w.type === 'event').map((w) => (w.data as { action: string }).action)).toEqual([
    'first',
    'second',
    'third',
    'fourth',
  ]);
  await expect
    .poll(() => stack.db.prepare('SELECT action, hit_id FROM goals WHERE category = ? ORDER BY id').all('queue'))
    .toEqual(['first', 'second', 'third', 'fourth'].map((action) => ({ action, hit_id: c.hit_id })));

  for (const w of ['unknown command noSuchCommand', 'unknown command bogus', 'bad command']) {
    expect(
      warnings.some((t) => t.includes(w)),
      w,
    ).toBe(true);
  }
});

test('onReady runs at once when credentials are already known', async ({ page, open }) => {
  await open('basic.html');
  const c = await credentials(page);
  const got = await page.evaluate(() => {
    let seen: unknown = null;
    Svc.onReady((cr) => (seen = cr));
    return seen;
  });
  expect(got).toEqual(c);
});

test('a reload keeps the visitor and the session and makes a new hit', async ({ page, open, stack }) => {
  await open('basic.html');
  const first = await credentials(page);
  // The visitor lives in localStorage only: a cookie would ride along on every request to the site.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect((await record(page))!.v).toEqual({ id: first.visitor_id, token: expect.stringMatching(/^\w{16,64}$/) });

  await page.reload();
  await page.waitForFunction((h) => Svc.getCredentials() && Svc.getCredentials()!.hit_id !== h, first.hit_id);
  const second = await credentials(page);
  expect(second.visitor_id).toBe(first.visitor_id);
  expect(second.session_id).toBe(first.session_id);
  expect(second.hit_id).not.toBe(first.hit_id);
  const v = stack.db.prepare('SELECT visits_count FROM visitors WHERE id = ?').get(first.visitor_id) as { visits_count: number };
  expect(v.visits_count).toBe(1);
});

test('a session ends after 30 minutes without a hit', async ({ page, open, stack }) => {
  await open('basic.html');
  const first = await credentials(page);
  // Age the session by 31 minutes instead of waiting.
  stack.db.prepare('UPDATE sessions SET last_hit_ms = last_hit_ms - ? WHERE id = ?').run(31 * 60 * 1000, first.session_id);
  await page.reload();
  await page.waitForFunction((h) => Svc.getCredentials() && Svc.getCredentials()!.hit_id !== h, first.hit_id);
  const second = await credentials(page);
  expect(second.visitor_id).toBe(first.visitor_id);
  expect(second.session_id).not.toBe(first.session_id);
  const v = stack.db.prepare('SELECT visits_count FROM visitors WHERE id = ?').get(first.visitor_id) as { visits_count: number };
  expect(v.visits_count).toBe(2);
});

test('reinitTrackView records a new page view in the same session', async ({ page, open, stack, capture }) => {
  await open('spa.html');
  const first = await credentials(page);
  await page.evaluate(() => (window as unknown as { go(p: string, t: string): void }).go('/spa/contacts', 'Contacts'));
  await page.waitForFunction((h) => Svc.getCredentials()!.hit_id !== h, first.hit_id);
  const second = await credentials(page);
  expect(second.session_id).toBe(first.session_id);
  expect(second.visitor_id).toBe(first.visitor_id);
  const hit = stack.db.prepare('SELECT url, title, referrer, is_spa, session_id FROM hits WHERE id = ?').get(second.hit_id);
  expect(hit).toEqual({
    url: stack.siteUrl + 'spa/contacts',
    title: 'Contacts',
    referrer: stack.siteUrl + 'spa.html',
    is_spa: 1,
    session_id: first.session_id,
  });
  // An event after the route change belongs to the new page view.
  await page.evaluate(() => Svc.trackEvent('spa', 'after-route'));
  await capture.waitForWrite('event', { action: 'after-route' });
  await expect
    .poll(() => stack.db.prepare('SELECT hit_id FROM goals WHERE action = ?').get('after-route'))
    .toEqual({ hit_id: second.hit_id });
});

test('trackEvent stores the event with its category, action, name and value', async ({ page, open, stack }) => {
  await open('basic.html');
  const c = await credentials(page);
  await page.evaluate(() => {
    Svc.trackEvent('form', 'submit', 'contact form', '1500');
    Svc.trackEvent('video', 'play');
    // Bad calls warn and send nothing; they never throw.
    (Svc.trackEvent as unknown as (...a: unknown[]) => void)();
    (Svc.trackEvent as unknown as (...a: unknown[]) => void)({}, 'x');
  });
  await expect
    .poll(() =>
      stack.db
        .prepare('SELECT category, action, label, value, hit_id, session_id, visitor_id FROM goals WHERE visitor_id = ? ORDER BY id')
        .all(c.visitor_id),
    )
    .toEqual([
      {
        category: 'form',
        action: 'submit',
        label: 'contact form',
        value: '1500',
        hit_id: c.hit_id,
        session_id: c.session_id,
        visitor_id: c.visitor_id,
      },
      { category: 'video', action: 'play', label: null, value: null, hit_id: c.hit_id, session_id: c.session_id, visitor_id: c.visitor_id },
    ]);
});

test('a second copy of the script does nothing, silently in svc.js', async ({ page, open, capture }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await open('twice.html');
  await credentials(page);
  // Both copies have run by the load event, and a copy sends its page view as it runs; a write the
  // page makes after that is reported after any such page view (requests come in the page's order).
  await page.waitForLoadState('load');
  await page.evaluate(() => Svc.trackEvent('twice', 'after load'));
  await capture.waitForWrite('event', { action: 'after load' });
  expect(capture.writes('hit')).toHaveLength(1);
  // Said by svc.debug.js only (docs/page-api.md, "Commands"): svc.js warns about the page's own refused calls.
  expect(warnings).toEqual([]);
});

for (const [file, says] of [
  ['svc.debug.js', true],
  ['svc.js', false],
] as const) {
  test(`an unknown site key breaks nothing; ${file} ${says ? 'says so in the console' : 'stays silent'}`, async ({ page, open, stack }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await open('bare.html');
    await page.evaluate(() => ((window as unknown as { __cs: unknown[] }).__cs = [['setCsAccount', 'no-such-site']]));
    let asked = 0;
    page.on('request', (r) => r.url().endsWith('/w/no-such-site') && asked++);
    const refused = page.waitForResponse((r) => r.url().endsWith('/w/no-such-site') && r.status() === 404);
    await loadScript(page, stack.svcUrl, file);
    await refused;
    // Told the network is back, the outbox asks again, but only once it has read the refusal (one
    // request at a time): the second request comes after whatever the refusal made it say.
    await expect
      .poll(async () => {
        await page.evaluate(() => dispatchEvent(new Event('online')));
        return asked;
      })
      .toBeGreaterThanOrEqual(2);
    if (says) expect(warnings.find((w) => w.includes('404001: Unknown site key'))).toBeTruthy();
    else expect(warnings).toEqual([]);
    expect(await page.evaluate(() => Svc.getCredentials())).toBeNull();
  });
}

test('the demo site runs on its own origin with the documented loader and its own configuration', async ({ page, demo }) => {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(demo.siteUrl);
  expect(new URL(demo.siteUrl).origin).not.toBe(new URL(demo.svcUrl).origin);
  await expect(page.locator('#credentials')).toContainText('"hit_id"');
  await page.click('#track');
  await expect.poll(() => demo.db.prepare('SELECT category, action FROM goals').all()).toEqual([{ category: 'demo', action: 'click' }]);
  expect(errors).toEqual([]);
});
