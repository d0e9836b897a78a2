import type { Page } from '@playwright/test';
import { operatorConsole } from './operator.js';
import { expect, test } from './fixtures.js';

/**
 * The demo's csp.html, served by the demo exactly as `npm start` runs it, with a strict
 * Content-Security-Policy (no 'unsafe-inline', no 'unsafe-eval', Trusted Types required, no policy
 * allowed: `trusted-types 'none'`; the widget bundle comes by `import()`, which is no Trusted Types
 * sink). The snippet and every widget run on it: the call-back form with its
 * captcha and its result popup, the request form, the chat with an operator. Not one
 * `securitypolicyviolation` event, not one CSP or Trusted Types message in the console.
 */

const widget = (page: Page) => page.locator('svc-widget [role=dialog]');

test('the demo strict-CSP page runs the snippet and every widget without a violation', async ({ page, demo, browser }) => {
  test.setTimeout(60_000);
  const consoleCsp: string[] = [];
  page.on('console', (m) => /Content.Security.Policy|Trusted.?Type|unsafe-eval|unsafe-inline/i.test(m.text()) && consoleCsp.push(m.text()));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const op = await operatorConsole(browser, demo.svcUrl, 'operator@demo.test', 'demo-operator');
  try {
    const res = await page.goto(demo.siteUrl + 'csp.html');
    const csp = res!.headers()['content-security-policy']!;
    for (const d of ["require-trusted-types-for 'script'", "trusted-types 'none'", "default-src 'none'"]) expect(csp).toContain(d);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    await expect(page.locator('#policy')).toContainText("trusted-types 'none'");
    // The snippet runs: the page view answered, the number replaced.
    await page.waitForFunction(() => !!window.Svc && !!Svc.getCredentials());
    await expect(page.locator('.phone')).not.toHaveText('+7 (495) 123-45-67');

    // The call-back form: captcha image, a wrong code (message), the right one (result).
    await page.click('#callback');
    const dialog = widget(page);
    await expect(dialog).toBeVisible();
    const img = dialog.locator('img');
    await expect(img).toHaveAttribute('src', /\.png$/);
    expect(
      await img.evaluate(
        (i: HTMLImageElement) => new Promise<number>((ok) => (i.complete ? ok(i.naturalWidth) : (i.onload = () => ok(i.naturalWidth)))),
      ),
    ).toBe(200);
    const key = /([0-9a-f]{32})\.png$/.exec((await img.getAttribute('src'))!)![1]!;
    const answer = (demo.db.prepare('SELECT answer FROM captchas WHERE key = ?').get(key) as { answer: string }).answer;
    await dialog.locator('input[type=tel]').fill('9161234567');
    await dialog.locator('#svc-captcha').fill(answer);
    await dialog.locator('button[type=submit]').click();
    await expect(dialog.locator('[role=status], .result').first()).not.toBeEmpty();
    await page.keyboard.press('Escape');

    // The request form, sent.
    await page.click('#request');
    await expect(widget(page).locator('h2')).toHaveText('Оставить заявку');
    await widget(page).locator('#svc-phone').fill('+7 916 123-45-67');
    await widget(page).locator('#svc-message').fill('Sent under a strict CSP');
    await widget(page).locator('button[type=submit]').click();
    await expect(widget(page).locator('.result.good')).toBeVisible();
    await page.keyboard.press('Escape');

    // The chat, both ways, over its event stream.
    await op.online(true);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    await page.click('#chat');
    await widget(page).locator('textarea').fill('Hello under CSP');
    await widget(page).locator('textarea').press('Enter');
    await expect(widget(page).locator('.log .me', { hasText: 'Hello under CSP' })).toBeVisible();
    await op.openChat('Hello under CSP');
    await op.reply('Answer under CSP');
    await expect(widget(page).locator('.log .op')).toHaveText(/Answer under CSP/);
    // Styled by the constructable stylesheet, which style-src 'self' does not block.
    expect(await widget(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Escape');

    // The call-back result popup (sitePhoneCall without a callback).
    await page.evaluate(() => SvcWidget.sitePhoneCall({ phone: 'not a phone' }));
    await expect(page.locator('svc-widget .toast')).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    await expect(page.locator('#violations')).toHaveText('0');
    expect(consoleCsp).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await op.close();
  }
});
