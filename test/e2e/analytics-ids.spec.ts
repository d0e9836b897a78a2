import { credentials, expect, test } from './fixtures.js';

/**
 * The analytics ids the ad platforms know a visitor by: the snippet sends the page's `_ga` and
 * `_ym_uid` cookies with its page views, and the server keeps the client id and the ClientId with
 * the session (docs/conversions.md).
 */

test('the page view carries the _ga and _ym_uid cookies, and the session keeps their ids', async ({
  page,
  open,
  capture,
  context,
  stack,
}) => {
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.1234567890.1690000000', url: stack.siteUrl },
    { name: '_ga_ABC123', value: 'GS1.1.1690000000.1.0.1690000000.0.0.0', url: stack.siteUrl },
    { name: '_ym_uid', value: '1690000000123456789', url: stack.siteUrl },
    { name: 'session', value: 'secret-of-the-site', url: stack.siteUrl },
  ]);
  await open('basic.html');
  const c = await credentials(page);
  const hit = capture.writes().find((w) => w.type === 'hit')!;
  // The two cookies only: neither GA4's session cookie nor the site's own.
  expect((hit.data as { ids?: unknown }).ids).toEqual(['_ga=GA1.1.1234567890.1690000000', '_ym_uid=1690000000123456789']);
  expect(stack.db.prepare('SELECT ua_client_id, ym_client_id FROM sessions WHERE id = ?').get(c.session_id)).toEqual({
    ua_client_id: '1234567890.1690000000',
    ym_client_id: '1690000000123456789',
  });
});

test('while consent is awaited the cookies are not read; the page views after consent carry them', async ({
  page,
  open,
  capture,
  context,
  stack,
}) => {
  await context.addCookies([{ name: '_ga', value: 'GA1.1.5.6', url: stack.siteUrl }]);
  await open('consent.html');
  await page.waitForFunction(() => !!window.Svc);
  await page.click('#yes');
  const c = await credentials(page);
  expect((capture.writes().find((w) => w.type === 'hit')!.data as { ids?: unknown }).ids).toBe(false);
  await page.evaluate(() => Svc.reinitTrackView());
  await expect.poll(() => stack.db.prepare('SELECT ua_client_id FROM sessions WHERE id = ?').pluck().get(c.session_id)).toBe('5.6');
});
