import type { Page } from '@playwright/test';
import { credentials, expect, settle, test } from './fixtures.js';

/**
 * A hostile host page: prototypes extended, overridden or poisoned, JSON and fetch
 * replaced, localStorage throwing (private mode), cookies disabled. Each is an init script that
 * runs before the page's loader and svc.js. The snippet must never throw into the page (the
 * pageErrors fixture and an unhandledrejection listener watch), the page keeps its own number and
 * its script works; where the snippet can still work it does (numbers replaced, events stored),
 * where it cannot it degrades quietly.
 */

interface Case {
  name: string;
  /** Runs in the page before anything else. */
  init: () => void;
  /** The snippet can still do its work: numbers replaced, the event stored. */
  works: boolean;
  /**
   * Where it cannot: how many times it calls `fetch` (tried, then tried again or the next write
   * sent, each after it has read the answer before). 0: it cannot even build a request.
   */
  sends?: number;
  /** The page restores what it broke after a while (`window.restored`): wait for that first. */
  healed?: boolean;
}

const CASES: Case[] = [
  {
    name: 'Object.prototype and Array.prototype polluted with enumerable keys',
    init: () => {
      for (const k of [
        'polluted',
        'id',
        'raw',
        'img',
        'text',
        'dt',
        'code',
        'result',
        'results',
        'visitor',
        'phones',
        'settings',
        'success',
        'hit',
        'type',
        'data',
      ])
        (Object.prototype as unknown as Record<string, unknown>)[k] = 'polluted:' + k;
      (Array.prototype as unknown as Record<string, unknown>).evil = function () {
        return 'evil';
      };
    },
    works: true,
  },
  {
    name: 'Array.prototype methods replaced by a library’s own (compatible) versions',
    init: () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      type Fn = (...a: any[]) => any;
      const A = Array.prototype as unknown as Record<string, Fn>;
      // As old utility libraries did: plain loops instead of the native methods, no thisArg.
      A.forEach = function (this: unknown[], fn: (v: unknown, i: number, a: unknown[]) => void) {
        for (let i = 0; i < this.length; i++) if (i in this) fn(this[i], i, this);
      };
      A.map = function (this: unknown[], fn: (v: unknown, i: number, a: unknown[]) => unknown) {
        const out: unknown[] = [];
        for (let i = 0; i < this.length; i++) out[i] = fn(this[i], i, this);
        return out;
      };
      A.filter = function (this: unknown[], fn: (v: unknown, i: number, a: unknown[]) => unknown) {
        const out: unknown[] = [];
        for (let i = 0; i < this.length; i++) if (fn(this[i], i, this)) out[out.length] = this[i];
        return out;
      };
      A.some = function (this: unknown[], fn: (v: unknown, i: number, a: unknown[]) => unknown) {
        for (let i = 0; i < this.length; i++) if (fn(this[i], i, this)) return true;
        return false;
      };
      A.indexOf = function (this: unknown[], x: unknown) {
        for (let i = 0; i < this.length; i++) if (this[i] === x) return i;
        return -1;
      };
      A.join = function (this: unknown[], sep = ',') {
        let s = '';
        for (let i = 0; i < this.length; i++) s += (i ? sep : '') + (this[i] == null ? '' : String(this[i]));
        return s;
      };
    },
    works: true,
  },
  {
    name: 'Array.prototype methods poisoned (they throw)',
    init: () => {
      const A = Array.prototype as unknown as Record<string, unknown>;
      const saved: Record<string, unknown> = {};
      for (const k of [
        'map',
        'forEach',
        'filter',
        'some',
        'every',
        'indexOf',
        'includes',
        'find',
        'join',
        'concat',
        'slice',
        'splice',
        'reduce',
      ]) {
        saved[k] = A[k];
        A[k] = () => {
          throw new Error('poisoned Array.prototype.' + k);
        };
      }
      const w = window as unknown as { hostileErrors: string[]; restored: boolean };
      // The page uses the API while poisoned (Playwright itself cannot evaluate then), then heals.
      setTimeout(() => {
        try {
          Svc.trackEvent('hostile', 'poisoned');
          Svc.getCredentials();
          Svc.getPhones();
          Svc.getReplacedPhones('static');
          Svc.setProperty('p', '1');
          Svc.hasProperty('p', () => undefined);
          Svc.reinitTrackView();
        } catch (e) {
          w.hostileErrors.push('thrown: ' + String(e));
        }
      }, 1500);
      setTimeout(() => {
        Object.assign(A, saved);
        w.restored = true;
      }, 3000);
    },
    works: false,
    sends: 0,
    healed: true,
  },
  {
    name: 'Array.prototype.toJSON defined (as Prototype.js 1.6 did)',
    init: () => {
      (Array.prototype as unknown as Record<string, unknown>).toJSON = function () {
        return 'not an array';
      };
    },
    works: false,
    sends: 2,
  },
  {
    name: 'JSON.stringify and JSON.parse replaced by throwing versions',
    init: () => {
      JSON.stringify = () => {
        throw new Error('no JSON.stringify here');
      };
      JSON.parse = () => {
        throw new Error('no JSON.parse here');
      };
    },
    works: false,
    sends: 0,
  },
  {
    name: 'JSON.stringify and JSON.parse replaced by garbage',
    init: () => {
      JSON.stringify = () => 'garbage';
      JSON.parse = () => 42;
    },
    works: false,
    sends: 2,
  },
  {
    name: 'fetch replaced by one that throws',
    init: () => {
      window.fetch = () => {
        throw new TypeError('fetch is disabled here');
      };
    },
    works: false,
    sends: 2,
  },
  {
    name: 'fetch replaced by one that answers garbage',
    init: () => {
      window.fetch = (() => Promise.resolve({ ok: true, status: 200, headers: null, json: 42 })) as unknown as typeof fetch;
    },
    works: false,
    sends: 2,
  },
  {
    name: 'fetch replaced by one that rejects with garbage',
    init: () => {
      window.fetch = (() => Promise.reject(null)) as unknown as typeof fetch;
    },
    works: false,
    sends: 2,
  },
  {
    name: 'localStorage and sessionStorage throwing on access (private mode)',
    init: () => {
      for (const k of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, k, {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
    },
    works: true,
  },
  {
    name: 'cookies disabled',
    init: () => {
      Object.defineProperty(Document.prototype, 'cookie', { get: () => '', set: () => undefined, configurable: true });
    },
    works: true,
  },
  {
    name: 'cookies disabled and localStorage throwing',
    init: () => {
      Object.defineProperty(Document.prototype, 'cookie', {
        get: () => {
          throw new DOMException('no cookies', 'SecurityError');
        },
        set: () => {
          throw new DOMException('no cookies', 'SecurityError');
        },
        configurable: true,
      });
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    },
    works: true,
  },
];

async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { hostileErrors: string[] };
    w.hostileErrors = [];
    addEventListener('error', (e) => w.hostileErrors.push('error: ' + e.message));
    addEventListener('unhandledrejection', (e) => w.hostileErrors.push('unhandledrejection: ' + String(e.reason)));
  });
}

/** Counts the calls of whatever `fetch` the page has, the case's own included (runs after its init). */
async function countFetches(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { fetches: number };
    const f = window.fetch;
    w.fetches = 0;
    window.fetch = function (this: unknown, ...a: Parameters<typeof fetch>) {
      w.fetches++;
      return f.apply(this, a);
    } as typeof fetch;
  });
}
const fetches = (page: Page) => page.evaluate(() => (window as unknown as { fetches: number }).fetches);

for (const c of CASES) {
  test(c.name, async ({ page, open, stack }) => {
    await watch(page);
    await page.addInitScript(c.init);
    await countFetches(page);
    await open('fuzz.html');
    if (c.healed)
      await expect
        .poll(() => page.evaluate(() => !!(window as unknown as { restored?: boolean }).restored).catch(() => false), { timeout: 10_000 })
        .toBe(true);
    await page.waitForFunction(() => !!window.Svc);
    if (c.works) {
      const creds = await credentials(page);
      await expect(page.locator('#tracked')).toHaveText('Sales: +7 (495) 777-00-11');
      await page.evaluate(() => Svc.trackEvent('hostile', 'works'));
      await expect
        .poll(() => stack.db.prepare("SELECT count(*) n FROM goals WHERE action = 'works' AND visitor_id = ?").get(creds.visitor_id))
        .toEqual({ n: 1 });
      expect(await page.evaluate(() => Svc.getReplacedPhones())).toEqual({ 'number=74951234567': '74957770011' });
    } else {
      // Let it try, and try again: each later send starts from the answer to the one before. What
      // goes without a request (a send that cannot be built, the store) is over a task later.
      await page.evaluate(() => Svc.trackEvent('hostile', 'degraded'));
      await expect.poll(() => fetches(page)).toBeGreaterThanOrEqual(c.sends!);
      await settle(page);
    }
    const hit = await page.evaluate(() => Svc.getCredentials()?.hit_id);
    const stream = c.works ? page.waitForRequest((r) => r.url().includes('/os/')) : null;
    // Every method still answers without throwing.
    await page.evaluate(() => {
      Svc.getCredentials();
      Svc.getPhones();
      Svc.getDTPhones();
      Svc.getReplacedPhones();
      Svc.getOperatorStatus();
      Svc.setProperty('hostile', '1');
      Svc.hasProperty('hostile', () => undefined);
      Svc.reinitTrackView();
    });
    if (c.works) {
      // The new page view answered, and the status stream asked for by the bundle it loaded.
      await expect.poll(() => page.evaluate(() => Svc.getCredentials()?.hit_id)).not.toBe(hit);
      await stream;
    } else await settle(page);
    await expect(page.locator('#own-tel')).toHaveText('+7 (812) 000-11-22');
    await expect(page.locator('#own-tel')).toHaveAttribute('href', 'tel:+78120001122');
    await page.evaluate(() => document.getElementById('btn')!.click());
    expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { hostileErrors: string[] }).hostileErrors)).toEqual([]);
  });
}
