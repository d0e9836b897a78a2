import type { Page } from '@playwright/test';
import { credentials, expect, holdServer, settle, test } from './fixtures.js';

/**
 * Numbers inside web components (open shadow roots), in real Chromium against the real server:
 * test/e2e/pages/phones-shadow.html holds a root attached before the snippet ran, components whose
 * roots come through `attachShadow` after it (one nested in another, one with text right in the
 * root), a declarative root, a closed root, and an element whose component is defined later.
 * test-site replaces 8 495 123-45-67 with +7 (495) 777-00-11 and 8 800 555-35-35 with 8 800 111-22-33.
 */

type Win = { root(sel: string, sel2?: string): ShadowRoot; closedRoot: ShadowRoot; moCalls: number };

/** The text of `inner` in the shadow root of `host` (or of `host2` inside it). */
function shadowText(page: Page, host: string, inner: string, host2?: string) {
  return page.evaluate(
    ([h, i, h2]) => (window as unknown as Win).root(h!, h2)?.querySelector(i!)?.textContent ?? null,
    [host, inner, host2],
  );
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as Win).moCalls);

test('replaces numbers in open shadow roots after the answer: attached before the snippet, through attachShadow, nested, declared, right in the root; closed roots stay', async ({
  page,
  open,
}) => {
  await open('phones-shadow.html');
  await credentials(page);
  await expect(page.locator('#light')).toHaveText('8 495 777-00-11');
  // Attached before the snippet ran: found by the search of the parsed page.
  expect(await shadowText(page, '#early', 'p')).toBe('Early: 8 495 777-00-11');
  // Through attachShadow, a number split across elements, and the link's tel: address and title.
  expect(await shadowText(page, '#one', '.n')).toBe('Call +7 (495) 777-00-11');
  expect(
    await page.evaluate(() => {
      const a = (window as unknown as Win).root('#one').querySelector('a')!;
      return [a.getAttribute('href'), a.getAttribute('title')];
    }),
  ).toEqual(['tel:84957770011', 'Call 8 495 777-00-11']);
  // A component inside a component, and an element block (`.footer-phone`) found by its selector in a root.
  expect(await shadowText(page, '#card', '.n', 'x-phone')).toBe('Call +7 (495) 777-00-11');
  expect(await shadowText(page, '#card', '.footer-phone')).toBe('+7 (495) 777-00-11');
  // Text right in the root (no element around it).
  expect(await page.evaluate(() => (window as unknown as Win).root('#bare').textContent)).toBe('Bare 8 800 111-22-33');
  // Declarative shadow DOM: the parser attached it, no attachShadow call.
  expect(await shadowText(page, '#dsd', 'p')).toBe('Declared 8 (495) 777-00-11');
  // A closed root cannot be reached.
  expect(await page.evaluate(() => (window as unknown as Win).closedRoot.textContent)).toBe('Closed 8 495 123-45-67');
  expect(await page.evaluate(() => Svc.getReplacedPhones())).toEqual({
    'number=74951234567': '74957770011',
    'number=88005553535': '78001112233',
  });
});

test('with cached numbers, components are replaced at start, before the server answers', async ({ page, open, stack }) => {
  await open('phones-shadow.html');
  await credentials(page);
  const hold = await holdServer(page, stack.svcUrl);
  await page.reload();
  await page.waitForFunction(() => document.readyState === 'complete');
  expect(await page.evaluate(() => Svc.getCredentials())).toBeNull();
  expect(await shadowText(page, '#one', '.n')).toBe('Call +7 (495) 777-00-11');
  expect(await shadowText(page, '#early', 'p')).toBe('Early: 8 495 777-00-11');
  expect(await shadowText(page, '#card', '.n', 'x-phone')).toBe('Call +7 (495) 777-00-11');
  expect(await shadowText(page, '#dsd', 'p')).toBe('Declared 8 (495) 777-00-11');
  await expect.poll(hold.count).toBe(1);
  await hold.release();
});

test('without dynamic replacement, a root attached later waits for the next pass over the page (reinitTrackView)', async ({
  page,
  open,
}) => {
  await open('phones-shadow.html');
  await credentials(page);
  await page.evaluate(() => (window as unknown as { defineLate(): void }).defineLate());
  await page.waitForFunction(() => (window as unknown as Win).root('#late').querySelector('p'));
  await settle(page);
  expect(await shadowText(page, '#late', 'p')).toBe('Late 8 495 123-45-67');
  await page.evaluate(() => Svc.reinitTrackView());
  expect(await shadowText(page, '#late', 'p')).toBe('Late 8 495 777-00-11');
});

test.describe('with setDynamicalReplacement', () => {
  test('a component added later is replaced, nested roots too, in one callback', async ({ page, open }) => {
    await open('phones-shadow.html?dyn');
    await credentials(page);
    await settle(page);
    const before = await calls(page);
    await page.evaluate(() => (window as unknown as { addLater(): void }).addLater());
    await expect(page.locator('.added p')).toHaveText('Light 8 495 777-00-11');
    expect(await shadowText(page, '.added x-card', '.n', 'x-phone')).toBe('Call +7 (495) 777-00-11');
    await settle(page);
    expect((await calls(page)) - before).toBe(1);
  });

  test('a root attached later to an element on the page, and filled after, is replaced', async ({ page, open }) => {
    await open('phones-shadow.html?dyn');
    await credentials(page);
    await page.evaluate(() => (window as unknown as { defineLate(): void }).defineLate());
    await expect.poll(() => shadowText(page, '#late', 'p')).toBe('Late 8 495 777-00-11');
  });

  test('content a component changes later is replaced, also when it writes the original back, without a loop', async ({ page, open }) => {
    await open('phones-shadow.html?dyn');
    await credentials(page);
    for (let i = 0; i < 3; i++) {
      await page.evaluate(() => (window as unknown as { rewrite(t: string): void }).rewrite('Bare 8 800 555-35-35'));
      await expect.poll(() => page.evaluate(() => (window as unknown as Win).root('#bare').textContent)).toBe('Bare 8 800 111-22-33');
    }
    await settle(page);
    // Its own edits never wake the observer again.
    const settled = await calls(page);
    await settle(page);
    expect(await calls(page)).toBe(settled);
  });

  test('a component whose host left the page is no longer watched; back on the page, it is replaced again', async ({ page, open }) => {
    await open('phones-shadow.html?dyn');
    await credentials(page);
    await page.evaluate(() => {
      const w = window as unknown as { gone: Element };
      w.gone = document.getElementById('one')!;
      w.gone.remove();
    });
    await settle(page);
    const settled = await calls(page);
    // A change inside the departed component: no callback, nothing written.
    await page.evaluate(() => {
      const w = window as unknown as { gone: Element };
      w.gone.shadowRoot!.querySelector('b')!.firstChild!.nodeValue = '123-45-67';
    });
    await settle(page);
    expect(await calls(page)).toBe(settled);
    expect(await page.evaluate(() => (window as unknown as { gone: Element }).gone.shadowRoot!.querySelector('.n')!.textContent)).toBe(
      'Call +7 (495) 123-45-67',
    );
    await page.evaluate(() => document.body.appendChild((window as unknown as { gone: Element }).gone));
    await expect.poll(() => shadowText(page, '#one', '.n')).toBe('Call +7 (495) 777-00-11');
  });
});

/**
 * The names Chromium gives the page's buttons, in the order of the page, open shadow roots
 * included: its own accessibility tree over CDP, what a screen reader is handed.
 */
async function buttonNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.filter((n) => !n.ignored && n.role?.value === 'button').map((n) => String(n.name?.value));
  } finally {
    await cdp.detach();
  }
}

test('replaces numbers in the aria-label and title of any element: on the page, in a component, added later; Chromium names the buttons with the new number', async ({
  page,
  open,
}) => {
  await open('phones-shadow.html?dyn');
  await credentials(page);
  await expect
    .poll(() => buttonNames(page))
    .toEqual(['Call +7 (495) 777-00-11', 'Call 8 495 777-00-11', 'Call 8 (495) 777-00-11', 'Sales 8 800 111-22-33']);
  expect(await page.locator('#call-title').getAttribute('title')).toBe('Call 8 495 777-00-11');
  expect(await page.evaluate(() => (window as unknown as Win).root('#call').querySelector('.title')!.getAttribute('title'))).toBe(
    'Sales 8 800 111-22-33',
  );
  // Added after the page loaded: the observer's pass covers the new element, its children and the new component's root.
  await page.evaluate(() => (window as unknown as { addCallLater(): void }).addCallLater());
  await expect
    .poll(async () => (await buttonNames(page)).slice(4))
    .toEqual(['Call 84957770011', 'Call 8 (495) 777-00-11', 'Sales 8 800 111-22-33']);
});
