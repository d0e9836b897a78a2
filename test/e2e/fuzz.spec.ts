import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { harness, type MethodSpec } from './fuzz-harness.js';
import { credentials, expect, test } from './fixtures.js';

/**
 * "The snippet never breaks the page": every public method of Svc, SvcWidget and
 * Svc.Captcha, and every __cs command (queued before load, pushed after load, and through
 * Svc.push), called with bad arguments. No exception may reach the page, every callback handed
 * over must be answered once in its documented shape (`success: false` for bad input), the page's
 * DOM and its own numbers stay, and the snippet still works afterwards. The counts of calls tried
 * per surface are printed and written to reports/fuzz-snippet.json.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The public API of page-api.md §4 ("JavaScript methods", "Snippet settings"). */
const SPEC: Record<string, string[]> = {
  Svc: [
    'trackEvent',
    'getOperatorStatus',
    'openSiteRequestPanel',
    'openChatWindow',
    'addOfflineRequest',
    'getVisitorId',
    'getSessionId',
    'getCredentials',
    'addVisitorInfo',
    'setProperty',
    'hasProperty',
    'getProperty',
    'deleteProperty',
    'getPhones',
    'getDTPhones',
    'getReplacedPhones',
    'reinitTrackView',
    'push',
  ],
  'Svc.Captcha': ['get_captcha'],
  SvcWidget: ['openSitePhonePanel', 'sitePhoneCall'],
};
/** The __cs configuration commands (page-api §4 "Snippet settings", src/types.ts `Command`). */
const CONFIG = ['setCsAccount', 'setCsHost', 'setUIPhoneMaskFormat', 'setDynamicalReplacement', 'setLang', 'requireConsent'];

/** How to call each method: its valid arguments, where its callback goes and how it answers. */
const TABLE: Record<string, Record<string, MethodSpec>> = {
  Svc: {
    trackEvent: { args: ['fuzz', 'event', 'label', '1'], optional: [2, 3] },
    getOperatorStatus: {},
    openSiteRequestPanel: {},
    openChatWindow: {},
    addOfflineRequest: {
      args: [{ message: 'fuzz request' }],
      cb: 1,
      kind: 'offline',
      fields: ['name', 'email', 'phone', 'message', 'is_sale', 'sale_cost', 'group_id', 'form_name'],
      anyFields: ['is_sale', 'group_id'],
    },
    getVisitorId: {},
    getSessionId: {},
    getCredentials: {},
    addVisitorInfo: { args: [{ name: 'Fuzz' }], cb: 1, kind: 'status', fields: ['name', 'email', 'phone'] },
    setProperty: { args: ['fuzz', 'value'], cb: 2, kind: 'status', optional: [1] },
    hasProperty: { args: ['fuzz'], cb: 1, kind: 'prop' },
    getProperty: { args: ['fuzz'], cb: 1, kind: 'prop' },
    deleteProperty: { args: ['fuzz'], cb: 1, kind: 'status' },
    getPhones: {},
    getDTPhones: {},
    getReplacedPhones: { args: ['static'], optional: [0] },
    reinitTrackView: {},
    // true and false are among the values tried: consent ends up given or withdrawn at random
    // points of the barrage; it is given once more after it (see below).
    setConsent: { args: [true] },
    onReady: { cb: 0, kind: 'ready' },
    push: {},
  },
  'Svc.Captcha': { get_captcha: { cb: 0, kind: 'captcha' } },
  SvcWidget: {
    sitePhoneCall: {
      args: [{ phone: '+7 900 000-00-01' }],
      cb: 1,
      kind: 'call',
      fields: ['phone', 'captcha_key', 'captcha_value', 'delayed_call_time', 'group_id'],
      // Captcha is off for test-site; the time and group are the server's to judge.
      anyFields: ['captcha_key', 'captcha_value', 'delayed_call_time', 'group_id'],
    },
    openSitePhonePanel: {},
    push: {},
  },
};

const SURFACES = ['Svc', 'SvcWidget', 'Svc.Captcha', '__cs.push after load', 'Svc.push'];

test('every public method and command survives bad arguments; callbacks answer; the page and the snippet keep working', async ({
  page,
  open,
  stack,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => (dialogs.push(d.message()), void d.dismiss()));
  // FUZZ_DEBUG=1: timings per surface and the stacks of page errors.
  if (process.env.FUZZ_DEBUG) page.on('pageerror', (e) => console.log('pageerror', e.stack?.slice(0, 600)));
  await page.addInitScript(harness);
  await page.addInitScript(({ table, config }) => window.__fuzz.preload(table, config), { table: TABLE, config: CONFIG });
  await open('fuzz.html');
  // The queued barrage held requireConsent and every setConsent value: the visitor consents now.
  await page.waitForFunction(() => !!window.Svc);
  await page.evaluate(() => Svc.setConsent(true));
  const c = await credentials(page);
  // The site's own number stays; the tracked one is replaced (the snippet works under the queued barrage).
  await expect(page.locator('#tracked')).toHaveText('Sales: +7 (495) 777-00-11');
  const site = () => page.evaluate(() => document.getElementById('site')!.outerHTML);
  const before = await site();

  // Nothing of the spec is missing from the live objects, and the table covers what they have.
  const live = await page.evaluate(() => ({
    Svc: Object.keys(Svc).filter((k) => typeof (Svc as unknown as Record<string, unknown>)[k] === 'function'),
    'Svc.Captcha': Object.keys(Svc.Captcha),
    SvcWidget: Object.keys(SvcWidget),
  }));
  for (const [surface, names] of Object.entries(SPEC))
    expect(live[surface as keyof typeof live], surface).toEqual(expect.arrayContaining(names));
  for (const [surface, names] of Object.entries(live))
    expect(Object.keys(TABLE[surface]!), `${surface}: every live method has a table entry`).toEqual(expect.arrayContaining(names));

  for (const surface of SURFACES) {
    const t0 = Date.now();
    const n = await page.evaluate(({ s, table, config }) => window.__fuzz.run(s, table, config), {
      s: surface,
      table: TABLE,
      config: CONFIG,
    });
    if (process.env.FUZZ_DEBUG) console.log(surface, n, 'calls', Date.now() - t0, 'ms');
  }
  // The barrage required, gave and withdrew consent (valid calls among the bad ones): the visitor
  // consents once more, and everything that waited in memory must now be sent and answered.
  await page.evaluate(() => Svc.setConsent(true));

  // Every recorder is answered (the server's answers come through the outbox).
  await expect
    .poll(() => page.evaluate(() => window.__fuzz.report().missing), {
      timeout: 60_000,
      intervals: [500],
      message: 'callbacks never answered',
    })
    .toEqual([]);
  // A callback answered twice would show once the outbox has answered everything sent before a
  // read made now: it answers in order, one batch at a time.
  expect(await page.evaluate(() => new Promise((ok) => Svc.hasProperty('fuzz-settled', ok)))).toEqual({ success: true, result: false });
  const report = await page.evaluate(() => window.__fuzz.report());
  expect(report.errors, 'no error reached the page').toEqual([]);
  expect(report.bad, 'every callback answered once, in its shape, success false for bad input').toEqual([]);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __fuzzXss?: number }).__fuzzXss)).toBeUndefined();

  // The page: its DOM, its own numbers, its own script.
  expect(await site()).toBe(before);
  await expect(page.locator('#own-tel')).toHaveAttribute('href', 'tel:+78120001122');
  await expect(page.locator('#own-tel')).toHaveText('+7 (812) 000-11-22');
  await page.evaluate(() => document.getElementById('btn')!.click());
  expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);

  // The snippet: a valid event is stored, credentials and a property read still answer.
  await page.evaluate(() => Svc.trackEvent('fuzz', 'after barrage'));
  await expect
    .poll(() => stack.db.prepare("SELECT count(*) n FROM goals WHERE visitor_id = ? AND action = 'after barrage'").get(c.visitor_id), {
      timeout: 20_000,
    })
    .toEqual({ n: 1 });
  expect(await page.evaluate(() => Svc.getCredentials()!.visitor_id)).toBe(c.visitor_id);
  expect(await page.evaluate(() => new Promise((ok) => Svc.hasProperty('fuzz-after', ok)))).toEqual({ success: true, result: false });
  // The widgets too (setLang and setUIPhoneMaskFormat were given every bad value): one dialog, usable.
  await page.evaluate(() => SvcWidget.openSitePhonePanel());
  await expect(page.locator('svc-widget [role=dialog]')).toHaveCount(1);
  await expect(page.locator('svc-widget [role=dialog] input[type=tel]')).toBeVisible();

  const total = Object.values(report.counts).reduce((a, b) => a + b, 0);
  const out = { surfaces: report.counts, total, callbacks: report.recorders, pageErrors: 0 };
  console.log('fuzz: calls tried per surface', JSON.stringify(out, null, 2));
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/fuzz-snippet.json'), JSON.stringify(out, null, 2) + '\n');
  expect(Object.keys(report.counts).sort()).toEqual(['__cs before load', ...SURFACES].sort());
});
