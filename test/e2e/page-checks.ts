import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { axeViolations } from './axe.js';

/** Where the documentation's screenshots of the app live (docs/app.md shows them). */
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '../../docs/app');
/** A phone's width: below it nothing may stick out and a table reads as cards (table.tsx). */
const NARROW = 360;

export interface PageCheck {
  /**
   * Checks at this width only, the page's own, and leaves the viewport as it is (a story run at one
   * width). Without it: at 1280 and at 360 px, then back at 1280.
   */
  width?: number;
  /** Saves docs/app/<name>-<width>.png when screenshots are asked for; default true. */
  shot?: boolean;
}

/**
 * The page as a person sees it, at each width: axe-core finds nothing and nothing scrolls sideways;
 * at 360 px nothing outside a scroll box sticks out and no table cell's text is cut. The
 * documentation's screenshots are renewed on request only (SVC_SCREENSHOTS, on SQLite runs), so
 * that a test run leaves the checkout as it was.
 */
export async function checkPage(page: Page, name: string, options: PageCheck = {}): Promise<void> {
  for (const width of options.width ? [options.width] : [1280, NARROW]) {
    if (!options.width) await page.setViewportSize({ width, height: width === NARROW ? 740 : 900 });
    await checkAt(page, name, width);
    if (options.shot !== false && process.env.SVC_SCREENSHOTS && !process.env.SVC_TEST_DB_URL)
      await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (!options.width) await page.setViewportSize({ width: 1280, height: 900 });
}

async function checkAt(page: Page, name: string, width: number): Promise<void> {
  // A frame for what follows its box's size (the report's chart) to redraw.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBeLessThanOrEqual(width);
  if (width > NARROW) return;
  // Names what sticks out, when something does.
  const wide = await page.evaluate(
    (edge) =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > edge && !e.closest('.scroll'))
        .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className) : '')),
    width,
  );
  expect(wide, `${name}: nothing wider than ${width} px`).toEqual([]);
  // Every table of the page (cards here): no cell's text is cut or runs past the screen.
  const cut = await page.evaluate(
    (edge) =>
      [...document.querySelectorAll('table :is(tbody, tfoot) :is(td, th)')]
        .filter((c) => c.getClientRects().length && (c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > edge))
        .map((c) => `${c.closest('table')!.id} ${c.getAttribute('data-col')}: ${(c.textContent ?? '').slice(0, 40)}`),
    width,
  );
  expect(cut, `${name}: table cells cut at ${width} px`).toEqual([]);
}
