import type { Page } from '@playwright/test';
import { credentials, expect, record, test } from './fixtures.js';

/**
 * Consent: after `["requireConsent"]` nothing is stored and nothing is sent until
 * `Svc.setConsent(true)`; `setConsent(false)` removes what the snippet stored and stops sending.
 */

/** Everything the snippet could have stored on the site's origin. */
async function stored(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.includes('svc')),
    session: Object.keys(sessionStorage).filter((k) => k.includes('svc')),
    cookie: document.cookie,
  }));
}

const NOTHING = { local: [], session: [], cookie: '' };

/**
 * Resolves once the page has sent a request of its own (to `url`, on the site's origin) a task after
 * everything it did so far. The snippet sends a write in a microtask of the task that made it and
 * stores it in the next task, so a send or a store it was going to make has happened by then, and
 * Playwright reports the page's requests in the order the page made them: a request the snippet
 * sent would already be in the capture.
 */
async function afterWhatWasSetOff(page: Page, url: string) {
  await Promise.all([
    page.waitForRequest(url),
    page.evaluate(async (u) => {
      await new Promise((r) => setTimeout(r));
      await fetch(u).catch(() => undefined);
    }, url),
  ]);
}

test.describe('consent', () => {
  test('nothing is stored or sent before consent; consent sends what waited, in order', async ({ page, open, capture, stack }) => {
    await open('consent.html');
    await page.waitForFunction(() => !!window.Svc);
    // Work done before consent waits in memory: an event, a property, a read with a callback.
    await page.evaluate(() => {
      Svc.trackEvent('consent', 'waiting');
      Svc.setProperty('plan', 'gold');
    });
    await afterWhatWasSetOff(page, stack.siteUrl + 'basic.html?after-waiting');
    expect(
      capture
        .requests()
        .filter((r) => !r.url().endsWith('svc.js'))
        .map((r) => r.url()),
      'no request but the script itself',
    ).toEqual([]);
    expect(await stored(page)).toEqual(NOTHING);
    expect(await page.evaluate(() => Svc.getCredentials())).toBeNull();
    // The site's own number stays until the server may be asked.
    await expect(page.locator('#phone')).toHaveText('+7 (495) 123-45-67');

    await page.click('#yes');
    const c = await credentials(page);
    await expect(page.locator('#phone')).toHaveText('+7 (495) 777-00-11');
    await expect
      .poll(() =>
        stack.db
          .prepare('SELECT action FROM goals WHERE visitor_id = ? ORDER BY id')
          .all(c.visitor_id)
          .map((r) => (r as { action: string }).action),
      )
      .toEqual(['before', 'waiting']);
    await expect
      .poll(() => stack.db.prepare("SELECT value FROM visitor_properties WHERE visitor_id = ? AND name = 'plan'").pluck().get(c.visitor_id))
      .toBe('gold');
    // The first batch after consent starts with the page view: the writes made before it follow.
    expect(
      capture
        .writes()
        .map((w) => w.type)
        .slice(0, 3),
    ).toEqual(['hit', 'event', 'event']);
    await expect.poll(async () => (await record(page))?.v).toMatchObject({ id: expect.any(Number) });
  });

  test('withdrawing consent removes what was stored and stops sending', async ({ page, open, capture, context, stack }) => {
    await open('consent.html');
    await page.waitForFunction(() => !!window.Svc);
    await page.click('#yes');
    await credentials(page);
    await expect.poll(async () => (await stored(page)).local.length).toBeGreaterThan(0);
    await page.evaluate(() => sessionStorage.setItem('svc_chat', '1'));

    await page.click('#no');
    expect(await stored(page)).toEqual(NOTHING);
    const sent = capture.writes().length;
    await page.evaluate(() => {
      Svc.trackEvent('consent', 'after-withdrawal');
      Svc.reinitTrackView();
    });
    await afterWhatWasSetOff(page, stack.siteUrl + 'basic.html?after-withdrawal');
    expect(capture.writes().length, 'nothing sent after withdrawal').toBe(sent);
    expect(await stored(page)).toEqual(NOTHING);
    expect((await context.cookies()).filter((k) => k.name.startsWith('_svc'))).toEqual([]);

    // Consent given again on the same page: what waited goes, once.
    await page.click('#yes');
    await capture.waitForWrite('event', { action: 'after-withdrawal' });
  });

  test('a later page with consent required and not given reads nothing stored earlier', async ({ page, open, capture, stack }) => {
    await open('consent.html');
    await page.waitForFunction(() => !!window.Svc);
    await page.click('#yes');
    const first = await credentials(page);
    // Numbers cached, visitor stored: the next page must neither read nor use them before consent.
    const sent = capture.writes().length;
    await page.reload();
    await page.waitForFunction(() => !!window.Svc);
    // Cached numbers are put in while the script starts; a page view's would need a request.
    await afterWhatWasSetOff(page, stack.siteUrl + 'basic.html?after-reload');
    expect(capture.writes().length, 'nothing sent before consent').toBe(sent);
    await expect(page.locator('#phone')).toHaveText('+7 (495) 123-45-67');
    expect(await page.evaluate(() => Svc.getPhones())).toEqual([]);
    await page.click('#yes');
    expect((await credentials(page)).visitor_id, 'the same visitor once consent is given again').toBe(first.visitor_id);
  });

  test('bad arguments and a late requireConsent warn and change nothing', async ({ page, open }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await open('basic.html');
    await credentials(page);
    await page.evaluate(() => {
      Svc.push(['requireConsent']);
      (Svc.setConsent as (v: unknown) => void)('yes');
    });
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('requireConsent: too late'), expect.stringContaining('setConsent: bad arguments')]),
    );
    // Still storing and sending: requireConsent after start changed nothing.
    await page.evaluate(() => Svc.trackEvent('consent', 'still'));
    await expect.poll(async () => (await record(page))?.v).toMatchObject({ id: expect.any(Number) });
  });
});

test("the demo consent page: the site's number until accepted, tracked after, nothing stored after declining", async ({
  page,
  demo,
  pageErrors,
}) => {
  void pageErrors;
  await page.goto(demo.siteUrl + 'consent.html');
  await page.waitForFunction(() => !!window.Svc);
  await afterWhatWasSetOff(page, demo.siteUrl + 'style.css?after-start');
  await expect(page.locator('.phone')).toHaveText('+7 (495) 123-45-67');
  expect((await stored(page)).local).toEqual([]);
  await page.click('#accept');
  await expect(page.locator('.phone')).toHaveText('+7 (495) 777-00-11');
  await expect(page.locator('#state')).toContainText('visitor ');
  // The banner remembers the choice for the next page; the snippet remembers nothing of its own.
  await page.reload();
  await expect(page.locator('.phone')).toHaveText('+7 (495) 777-00-11');
  await page.click('#decline');
  await expect(page.locator('#state')).toContainText('stored by the snippet: nothing');
  expect((await stored(page)).local).toEqual([]);
});
