import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page (or within `include`, a list of selectors), one line each:
 * "rule: [targets]"; none when the scan passes.
 *
 * axe is evaluated through the DevTools protocol, not added as a script element: the pages' CSP
 * (the console's, the app's) allows no inline script and does not govern what the protocol runs,
 * so the pages are scanned under their real policy. It is evaluated once per document: a page that
 * stays (the app between its views, a widget opened on a page) keeps it.
 *
 * Only the violations are asked for (`resultTypes`): every rule still runs on every node, but axe
 * then makes a unique selector for one node of each passing rule instead of for every node it
 * passed; on the app's pages that work was a good part of the scan.
 */
export async function axeViolations(page: Page, include?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: unknown,
          options: { resultTypes: string[] },
        ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
      };
    };
    const r = await axe.run(include ? { include: include.map((s) => [s]) } : document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, include);
}
