import type { Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Captcha, Failure, SitePhoneCallParams, SitePhoneCallResult } from '../../src/types.js';
import { credentials, expect, settle, test } from './fixtures.js';
import type { RowHandle as SqliteDatabase } from '../../src/server/store/rows.js';

/**
 * Call-back requests end to end: Svc.Captcha.get_captcha, SvcWidget.sitePhoneCall with every status
 * of the spec, the limit, and the standard form of svc-widgets.js, against the real server. Sites
 * (test/e2e/site-config.json): test-site (no captcha, scenario set), cb-captcha (captcha on),
 * cb-no-scenario, cb-platform-down, cb-limit. Every test of a worker calls from 127.0.0.1, and the
 * server allows 30 calls a minute per address and site: keep each site's calls per run well below.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

type Db = SqliteDatabase;

/** sitePhoneCall through the public API, resolved with what its callback got. */
function call(page: Page, params: unknown): Promise<SitePhoneCallResult> {
  return page.evaluate((p) => new Promise<SitePhoneCallResult>((ok) => SvcWidget.sitePhoneCall(p as SitePhoneCallParams, ok)), params);
}

function getCaptcha(page: Page): Promise<Captcha | Failure> {
  return page.evaluate(() => new Promise<Captcha | Failure>((ok) => Svc.Captcha.get_captcha(ok)));
}

/** The digits of a captcha key, as the server stored them (what a person reads on the picture). */
function digitsOf(db: Db, key: string): string {
  return (db.prepare('SELECT answer FROM captchas WHERE key = ?').get(key) as { answer: string }).answer;
}

const inFuture = () => Date.now() + 3_600_000;

test.describe('get_captcha', () => {
  test('passes {key, url}: a PNG on the consultant server, single use, no digits in its markup', async ({ page, open, stack }) => {
    await open('sitephone.html?site=cb-captcha');
    await credentials(page);
    const c = (await getCaptcha(page)) as Captcha;
    expect(Object.keys(c).sort()).toEqual(['key', 'url']);
    expect(c.key).toMatch(/^[0-9a-f]{32}$/);
    expect(c.url).toBe(`${stack.svcUrl}captcha/${c.key}.png`);

    const digits = digitsOf(stack.db, c.key);
    expect(digits).toMatch(/^\d{4}$/);
    const img = await page.request.get(c.url);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/png');
    expect(img.headers()['cache-control']).toBe('no-store');
    const body = await img.body();
    expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(body.includes(Buffer.from(digits))).toBe(false);
    // The same key draws the same picture (a reload teaches nothing new).
    expect((await (await page.request.get(c.url)).body()).equals(body)).toBe(true);

    // The page can show it (cross-origin image, real pixels).
    const size = await page.evaluate(
      (url) =>
        new Promise<number[]>((ok) => {
          const i = new Image();
          i.onload = () => ok([i.naturalWidth, i.naturalHeight]);
          i.onerror = () => ok([0, 0]);
          i.src = url;
        }),
      c.url,
    );
    expect(size).toEqual([200, 70]);

    // Used once (here wrongly), the key is gone: no picture, and the right digits do not help.
    const wrong = digits === '0000' ? '1111' : '0000';
    expect(await call(page, { phone: '+7 916 123-45-67', captcha_key: c.key, captcha_value: wrong })).toEqual({
      success: false,
      result: { status: 1, code: 'captcha_wrong' },
    });
    expect((await page.request.get(c.url)).status()).toBe(404);
    expect(await call(page, { phone: '+7 916 123-45-67', captcha_key: c.key, captcha_value: digits })).toEqual({
      success: false,
      result: { status: 1, code: 'captcha_invalid' },
    });

    // A fresh key with its digits goes through; the captcha does not matter for anything else.
    const fresh = (await getCaptcha(page)) as Captcha;
    expect(fresh.key).not.toBe(c.key);
    expect(await call(page, { phone: '+7 916 123-45-67', captcha_key: fresh.key, captcha_value: digitsOf(stack.db, fresh.key) })).toEqual({
      success: true,
      result: { status: 0, code: 'sent' },
    });
    expect((await page.request.get(fresh.url)).status()).toBe(404);
  });
});

test.describe('sitePhoneCall', () => {
  test('status 0: sent to the platform and stored as a sitephone call with the visitor context', async ({ page, open, stack }) => {
    await open('sitephone.html?site=test-site&utm_source=ads&utm_campaign=spring&gclid=g1');
    const c = await credentials(page);
    const when = inFuture();
    const r = await call(page, { phone: '+7 (916) 123-45-67', delayed_call_time: String(when), group_id: 12 });
    expect(r).toEqual({ success: true, result: { status: 0, code: 'sent' } });
    const row = stack.db.prepare(`SELECT * FROM calls WHERE visitor_id = ?`).get(c.visitor_id) as Record<string, unknown>;
    expect(row).toMatchObject({
      communication_type: 'sitephone',
      direction: 'out',
      numa: '79161234567',
      status: null,
      scenario_name: 'Test call-back',
      visitor_id: c.visitor_id,
      session_id: c.session_id,
      hit_id: c.hit_id,
      ac_id: -1,
      visitor_type: 'new',
      utm_source: 'ads',
      utm_campaign: 'spring',
      gclid: 'g1',
      delayed_call_time: when,
      requested_time: new Date(when).toISOString().replace('T', ' ').replace('Z', ''),
      group_id: '12',
      request_status: 0,
      dispatch_state: 'queued',
    });
    expect(String(row.page_url)).toContain('sitephone.html?site=test-site');
  });

  test('status 1: a wrong, missing-on-the-server or expired captcha', async ({ page, open, stack }) => {
    await open('sitephone.html?site=cb-captcha');
    await credentials(page);
    const c = (await getCaptcha(page)) as Captcha;
    const wrong = digitsOf(stack.db, c.key) === '1234' ? '4321' : '1234';
    expect(await call(page, { phone: '89161234567', captcha_key: c.key, captcha_value: wrong })).toEqual({
      success: false,
      result: { status: 1, code: 'captcha_wrong' },
    });
    // A key that expired (aged here instead of waiting 5 minutes).
    const old = (await getCaptcha(page)) as Captcha;
    stack.db.prepare('UPDATE captchas SET expires_ms = ? WHERE key = ?').run(Date.now() - 1, old.key);
    expect((await call(page, { phone: '89161234567', captcha_key: old.key, captcha_value: digitsOf(stack.db, old.key) })).result).toEqual({
      status: 1,
      code: 'captcha_invalid',
    });
    expect(stack.db.prepare(`SELECT count(*) n FROM calls WHERE site_id = 3 AND numa = '89161234567'`).get()).toEqual({ n: 0 });
  });

  test('status 2: the site has no call-back scenario; the request is kept', async ({ page, open, stack }) => {
    await open('sitephone.html?site=cb-no-scenario');
    const c = await credentials(page);
    expect(await call(page, { phone: '+7 916 555 00 11' })).toEqual({ success: false, result: { status: 2, code: 'no_scenario' } });
    expect(stack.db.prepare('SELECT numa, request_status, dispatch_state FROM calls WHERE visitor_id = ?').all(c.visitor_id)).toEqual([
      { numa: '79165550011', request_status: 2, dispatch_state: 'not_sent' },
    ]);
  });

  test('status 3: the platform fails; the request is kept as failed', async ({ page, open, stack }) => {
    await open('sitephone.html?site=cb-platform-down');
    const c = await credentials(page);
    expect(await call(page, { phone: '+7 916 555 00 22' })).toEqual({ success: false, result: { status: 3, code: 'platform_error' } });
    expect(
      stack.db.prepare('SELECT request_status, dispatch_state, dispatch_error FROM calls WHERE visitor_id = ?').all(c.visitor_id),
    ).toEqual([{ request_status: 3, dispatch_state: 'failed', dispatch_error: 'platform_down' }]);
  });

  test('status 4: the eleventh call within a minute, and the limit holds across a reload', async ({ page, open, stack }) => {
    await open('sitephone.html?site=cb-limit');
    const c = await credentials(page);
    const statuses = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 11; i++) {
        out.push(
          await new Promise<number>((ok) => SvcWidget.sitePhoneCall({ phone: '+7 916 000 00 ' + (10 + i) }, (r) => ok(r.result.status))),
        );
      }
      return out;
    });
    expect(statuses).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]);
    expect(await call(page, { phone: '+7 916 000 00 99' })).toEqual({ success: false, result: { status: 4, code: 'limit' } });

    await page.reload();
    await page.waitForFunction((h) => Svc.getCredentials() && Svc.getCredentials()!.hit_id !== h, c.hit_id);
    expect((await credentials(page)).visitor_id).toBe(c.visitor_id);
    expect((await call(page, { phone: '+7 916 000 00 98' })).result).toEqual({ status: 4, code: 'limit' });
    expect(stack.db.prepare('SELECT count(*) n FROM calls WHERE visitor_id = ?').get(c.visitor_id)).toEqual({ n: 10 });

    // A minute later (the log aged instead of waiting) the visitor may ask again.
    stack.db.prepare('UPDATE sitephone_attempts SET at_ms = at_ms - 61000 WHERE visitor_id = ?').run(c.visitor_id);
    expect((await call(page, { phone: '+7 916 000 00 97' })).result).toEqual({ status: 0, code: 'sent' });
  });

  test('invalid input fails in the callback with status -1 and sends nothing', async ({ page, open, capture }) => {
    await open('sitephone.html?site=cb-captcha');
    await credentials(page);
    const cases: Array<[unknown, string]> = [
      [{ phone: 'call me' }, 'invalid_phone'],
      [{ phone: '12345' }, 'invalid_phone'],
      [{ phone: '+7 916 123 45 67 89 01 23' }, 'invalid_phone'],
      [{ phone: '+7 916 123-45-67 ext 5' }, 'invalid_phone'],
      [{}, 'invalid_phone'],
      [null, 'invalid_phone'],
      [{ phone: '+7 916 123-45-67', captcha_key: 'k', captcha_value: '1234', delayed_call_time: Date.now() - 60000 }, 'invalid_time'],
      [{ phone: '+7 916 123-45-67', captcha_key: 'k', captcha_value: '1234', delayed_call_time: 'tomorrow' }, 'invalid_time'],
      [{ phone: '+7 916 123-45-67' }, 'captcha_required'],
      [{ phone: '+7 916 123-45-67', captcha_key: 'k' }, 'captcha_required'],
    ];
    for (const [params, code] of cases) {
      expect(await call(page, params), JSON.stringify(params)).toEqual({ success: false, result: { status: -1, code } });
    }
    // A call with a bad argument never throws into the page. Without a function to answer, the
    // refusal shows as the popup, drawn where a write would have been sent instead.
    await page.evaluate(() => (SvcWidget.sitePhoneCall as unknown as (...a: unknown[]) => void)(42, 'not a function'));
    await expect(page.locator('svc-widget .toast')).toHaveAttribute('role', 'alert');
    expect(capture.writes('sitephone')).toEqual([]);
  });

  test('without a callback a popup shows the result, as the standard form does', async ({ page, open }) => {
    await open('sitephone.html?site=test-site');
    await credentials(page);
    await page.evaluate(() => SvcWidget.sitePhoneCall({ phone: '+7 916 123-45-67' }));
    const toast = page.locator('svc-widget .toast');
    await expect(toast).toHaveAttribute('role', 'status');
    await expect(toast).toContainText('Thank you! We will call you shortly.');
    // The popup takes no focus from the page, and its close button closes it.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('svc-widget')).toHaveCount(0);

    // A refused request shows its reason as an alert.
    await page.evaluate(() => SvcWidget.sitePhoneCall({ phone: '123' }));
    await expect(page.locator('svc-widget .toast')).toHaveAttribute('role', 'alert');
    await expect(page.locator('svc-widget .toast')).toContainText('Please enter the whole phone number.');
  });
});

test.describe('the site-phone form', () => {
  test('is filled and sent with the keyboard alone; focus returns to where it was', async ({ page, open, stack }) => {
    await open('sitephone.html?site=cb-captcha');
    const c = await credentials(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('#open')).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Обратный звонок' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const phone = dialog.getByLabel('Ваш телефон');
    await expect(phone).toBeFocused();
    await page.keyboard.type('9161234567');
    await expect(phone).toHaveValue('+7 (916) 123-45-67');

    const img = dialog.getByRole('img', { name: 'Картинка с кодом из 4 цифр' });
    await expect(img).toHaveAttribute('src', /\/captcha\/[0-9a-f]{32}\.png$/);
    const key = /([0-9a-f]{32})\.png$/.exec((await img.getAttribute('src'))!)![1]!;
    const code = dialog.getByLabel('Код с картинки');
    for (let i = 0; i < 5 && !(await code.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(code).toBeFocused();
    await page.keyboard.type(digitsOf(stack.db, key));
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('status')).toHaveText('Спасибо! Мы скоро вам перезвоним.');
    const close = dialog.getByRole('button', { name: 'Закрыть' }).last();
    await expect(close).toBeFocused();
    await expect
      .poll(() => stack.db.prepare('SELECT numa, request_status FROM calls WHERE visitor_id = ?').all(c.visitor_id))
      .toEqual([{ numa: '79161234567', request_status: 0 }]);
    await page.keyboard.press('Enter');
    await expect(page.locator('svc-widget')).toHaveCount(0);
    await expect(page.locator('#open')).toBeFocused();
  });

  test('keeps the focus inside, closes on Escape and returns the focus', async ({ page, open }) => {
    await open('sitephone.html?site=test-site');
    await credentials(page);
    await page.locator('#open').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Call me back' });
    const phone = dialog.getByLabel('Your phone number');
    await expect(phone).toBeFocused();
    // Backwards from the first field: the close button, then round to the last control.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    const submit = dialog.getByRole('button', { name: 'Call me back' });
    await expect(submit).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // Focus sent to the page behind comes back into the dialog.
    await page.evaluate(() => (document.getElementById('before') as HTMLInputElement).focus());
    await expect(phone).toBeFocused();
    // A second open does not make a second dialog. With the credentials known and the widget bundle
    // loaded, the open runs in microtasks of the task that asked: a task later it has run.
    await page.evaluate(() => SvcWidget.openSitePhonePanel());
    await settle(page);
    await expect(page.locator('svc-widget')).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(page.locator('svc-widget')).toHaveCount(0);
    await expect(page.locator('#open')).toBeFocused();
  });

  test('shows a message for each refusal next to its field, and the later call time is sent', async ({ page, open, stack }) => {
    await open('sitephone.html?site=test-site');
    const c = await credentials(page);
    await page.click('#open');
    const dialog = page.getByRole('dialog');
    const phone = dialog.getByLabel('Your phone number');
    await phone.fill('916 12');
    await dialog.getByRole('button', { name: 'Call me back' }).click();
    await expect(dialog.getByText('Please enter the whole phone number.')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toBeFocused();

    await phone.fill('9161234567');
    const time = dialog.getByLabel('When to call');
    await time.fill('2001-01-01T10:00');
    await dialog.getByRole('button', { name: 'Call me back' }).click();
    await expect(dialog.getByText('Please choose a time in the future.')).toBeVisible();
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');

    const later = new Date(Date.now() + 2 * 864e5);
    later.setSeconds(0, 0);
    const local = new Date(later.getTime() - later.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
    await time.fill(local);
    await dialog.getByRole('button', { name: 'Call me back' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thank you! We will call you at the time you chose.');
    expect(stack.db.prepare('SELECT delayed_call_time FROM calls WHERE visitor_id = ?').get(c.visitor_id)).toEqual({
      delayed_call_time: later.getTime(),
    });
  });

  test('shows the message of statuses 2, 3 and 4', async ({ page, open }) => {
    const cases: Array<[string, string]> = [
      ['cb-no-scenario', 'Call-back is not available right now. Please call us.'],
      ['cb-platform-down', 'The call could not be ordered. Please try again later.'],
      ['cb-limit', 'Too many requests. Please try again in a minute.'],
    ];
    for (const [site, message] of cases) {
      await open('sitephone.html?site=' + site);
      await credentials(page);
      if (site === 'cb-limit') {
        // Use up this visitor's minute through the API first.
        await page.evaluate(async () => {
          for (let i = 0; i < 10; i++) await new Promise((ok) => SvcWidget.sitePhoneCall({ phone: '+7 916 000 11 ' + (10 + i) }, ok));
        });
      }
      await page.click('#open');
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Your phone number').fill('9161234567');
      await dialog.getByRole('button', { name: 'Call me back' }).click();
      await expect(dialog.getByRole('status'), site).toHaveText(message);
      await expect(dialog.getByRole('status')).toHaveClass(/bad/);
    }
  });

  test('applies the default mask and the one of setUIPhoneMaskFormat', async ({ page, open }) => {
    await open('sitephone.html?site=test-site');
    await credentials(page);
    await page.click('#open');
    let phone = page.getByRole('dialog').getByLabel('Your phone number');
    await expect(phone).toHaveAttribute('placeholder', '+7 (___) ___-__-__');
    await page.keyboard.type('89161234567');
    await expect(phone).toHaveValue('+7 (916) 123-45-67');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await expect(phone).toHaveValue('+7 (916) 123-4');
    // A number pasted in any usual form ends up in the mask.
    await phone.fill('+7 916 765 43 21');
    await expect(phone).toHaveValue('+7 (916) 765-43-21');
    await phone.fill('8 (916) 765-43-21');
    await expect(phone).toHaveValue('+7 (916) 765-43-21');

    await open('sitephone.html?site=test-site&mask=' + encodeURIComponent('+1 (###) ###-####'));
    await credentials(page);
    await page.click('#open');
    phone = page.getByRole('dialog').getByLabel('Your phone number');
    await expect(phone).toHaveAttribute('placeholder', '+1 (___) ___-____');
    await page.keyboard.type('2025550123');
    await expect(phone).toHaveValue('+1 (202) 555-0123');
    // Editing in the middle keeps the caret where the visitor is typing: the third digit replaced.
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Delete');
    await page.keyboard.type('9');
    await expect(phone).toHaveValue('+1 (209) 555-0123');
    await page.keyboard.type('1');
    await expect(phone).toHaveValue('+1 (209) 155-5012');
  });

  test('speaks English with setLang and Russian by the site default', async ({ page, open }) => {
    await open('sitephone.html?site=cb-captcha&lang=en');
    await credentials(page);
    await page.click('#open');
    await expect(page.getByRole('dialog', { name: 'Call me back' })).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Code from the picture')).toBeVisible();
  });

  test('passes an axe-core scan with no violations', async ({ page, open }) => {
    const axePath = join(root, 'node_modules/axe-core/axe.min.js');
    test.skip(!existsSync(axePath), 'axe-core is not installed');
    await open('sitephone.html?site=cb-captcha');
    await credentials(page);
    await page.click('#open');
    await expect(page.getByRole('dialog').getByRole('img')).toHaveAttribute('src', /\.png$/);
    // With errors shown too: they are part of what a visitor meets.
    await page.getByRole('dialog').getByRole('button', { name: 'Перезвоните мне' }).click();
    await expect(page.getByRole('dialog').getByText('Введите номер телефона полностью.')).toBeVisible();
    await page.addScriptTag({ path: axePath });
    const result = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }>; passes: unknown[] }> };
        }
      ).axe;
      const r = await axe.run(
        { include: [['svc-widget']] },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } },
      );
      return { violations: r.violations.map((v) => ({ id: v.id, nodes: v.nodes.length })), passes: r.passes.length };
    });
    expect(result.violations).toEqual([]);
    expect(result.passes).toBeGreaterThan(10);
  });

  test('fits a 360 px wide screen', async ({ page, open }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await open('sitephone.html?site=cb-captcha');
    await credentials(page);
    await page.click('#open');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img')).toHaveAttribute('src', /\.png$/);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const name of ['Ваш телефон', 'Код с картинки']) {
      const b = (await dialog.getByLabel(name).boundingBox())!;
      expect(b.x + b.width, name).toBeLessThanOrEqual(360);
    }
    const submit = dialog.getByRole('button', { name: 'Перезвоните мне' });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
  });

  test('is not styled by the page and does not style it', async ({ page, open }) => {
    await open('sitephone-hostile.html');
    await credentials(page);
    const pageButton = () => page.locator('#open').evaluate((el) => getComputedStyle(el).backgroundColor);
    const before = await pageButton();
    await page.click('#open');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const styles = await dialog.getByLabel('Your phone number').evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, background: s.backgroundColor, width: s.width, letterSpacing: s.letterSpacing, font: s.fontFamily };
    });
    expect(styles.color).toBe('rgb(27, 27, 31)');
    expect(styles.background).toBe('rgb(255, 255, 255)');
    expect(styles.width).not.toBe('50px');
    expect(styles.letterSpacing).toBe('normal');
    expect(styles.font).not.toContain('Comic');
    expect(await pageButton()).toBe(before);
    expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 0)');
  });

  test('works under a strict Content-Security-Policy without unsafe-inline', async ({ page, stack }) => {
    const { startSite } = await import('../../demo-site/server.mjs');
    const svc = new URL(stack.svcUrl).origin;
    const csp = `default-src 'none'; script-src 'nonce-svc-test-nonce' 'strict-dynamic'; style-src 'self'; connect-src ${svc}; img-src ${svc}`;
    const site = await startSite({
      root: join(root, 'test/e2e/pages'),
      svcUrl: stack.svcUrl,
      port: 0,
      headers: { 'Content-Security-Policy': csp },
    });
    const violations: string[] = [];
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    try {
      await page.goto(site.url + 'sitephone-csp.html');
      await credentials(page);
      await page.click('#open');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Our stylesheet applies (a constructable stylesheet is not an inline style).
      await expect
        .poll(() => dialog.getByRole('button', { name: 'Перезвоните мне' }).evaluate((el) => getComputedStyle(el).backgroundColor))
        .toBe('rgb(11, 87, 208)');
      // `complete` is true before a slow image has loaded too: wait for its width.
      await expect.poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

test('the demo call-back page shows the custom form results and the standard form', async ({ page, demo }) => {
  await page.goto(demo.siteUrl + 'callback.html');
  await expect(page.locator('#c-captcha-img')).toHaveAttribute('src', /\.png$/);
  await page.fill('#c-captcha', '');
  await page.click('button[type=submit]');
  await expect(page.locator('#c-result')).toContainText('"code": "captcha_required"');
  const key = /([0-9a-f]{32})\.png$/.exec((await page.locator('#c-captcha-img').getAttribute('src'))!)![1]!;
  await page.fill('#c-captcha', digitsOf(demo.db, key));
  await page.click('button[type=submit]');
  await expect(page.locator('#c-result')).toContainText('"status": 0');
  await page.click('#open-panel');
  await expect(page.getByRole('dialog', { name: 'Обратный звонок' })).toBeVisible();

  await page.goto(demo.siteUrl + 'callback.html?site=demo-no-scenario');
  await page.click('button[type=submit]');
  await expect(page.locator('#c-result')).toContainText('"status": 2');
  await page.goto(demo.siteUrl + 'callback.html?site=demo-platform-down');
  await page.click('#c-popup');
  await expect(page.locator('svc-widget .toast')).toContainText('The call could not be ordered.');
});
