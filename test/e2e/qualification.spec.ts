// @ts-expect-error: plain ES module shared with `npm run call`, no types needed
import { simulateCall } from '../../scripts/call-simulator.mjs';
import { expect, test } from './fixtures.js';
import { DEMO_OWNER, openApp, signIn } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * The app's Qualified calls page on the demo (docs/conversions.md, "Qualified calls"): from the
 * Conversions page the owner opens it, makes a custom tag, adds a rule (answered, at least 30 s of
 * talk, sets the tag) and is told how many earlier calls it qualified; the rule reads in words; a
 * call of 42 s made after it is qualified with the tag in the journal, one of 10 s is not. A
 * refusal shows next to its field (an empty name, a name another rule has: the app's check and the
 * server's), the tag a rule sets is not deleted, the rule is. axe-core at 1280 and 360 px.
 */

/** The demo site's number (demo-site/site-config.json). */
const DEMO_NUMBER = '74957770011';

test.describe.configure({ timeout: 120_000 });

const ring = (svcUrl: string, from: string, talk: number) => simulateCall({ server: svcUrl, to: DEMO_NUMBER, from, talk, realTime: false });

test('an owner says what a qualified call is, and the calls that are show so in the journal', async ({ demo, browser }) => {
  // Before any rule: a call that talked 42 s and one of 10 s.
  await ring(demo.svcUrl, '79160000401', 42);
  await ring(demo.svcUrl, '79160000402', 10);
  const { ctx, app: page, errors } = await openApp(browser, demo.svcUrl);
  try {
    await signIn(page, demo.svcUrl, DEMO_OWNER, /\/app\/sites$/);
    await page.getByRole('link', { name: 'Conversions' }).click();
    await page.getByRole('link', { name: /What counts as qualified/ }).click();
    await expect(page).toHaveURL(/\/app\/qualification\?site=1$/);
    await expect(page.getByRole('heading', { name: 'Qualified calls', level: 1 })).toBeVisible();
    await expect(page.getByText('No rule yet')).toBeVisible();

    // A custom tag: a standard tag's name is taken, Lead is made.
    await page.getByLabel('New tag').fill('Target');
    await page.getByRole('button', { name: 'Add the tag' }).click();
    await expect(page.locator('#tag-name-error')).toContainText('You have a tag of this name already');
    await page.getByLabel('New tag').fill('Lead');
    await page.getByRole('button', { name: 'Add the tag' }).click();
    await expect(page.locator('#custom-tags tbody th')).toHaveText(['Lead']);

    // The rule: no name, then a talk that is no number of seconds, each refused next to its field.
    const form = page.locator('#rule-form');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('#name-error')).toHaveText('Required');
    await form.getByLabel('Name').fill('Talked half a minute');
    await form.getByLabel('Answered only').check();
    await form.getByLabel(/seconds of talk/).fill('-5');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('#min_talk_seconds-error')).toHaveText('Whole seconds, from 0 to 86400');
    await form.getByLabel(/seconds of talk/).fill('30');
    await form.getByLabel('Lead', { exact: true }).check();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    // The earlier call of 42 s is qualified now; the one of 10 s is not.
    await expect(page.locator('#qualified-now')).toHaveText('Saved. Calls, chats and requests of the last 90 days qualified now: 1');
    const rule = page.locator('#qualification-rules tbody tr', { hasText: 'Talked half a minute' });
    await expect(rule.locator('[data-col="words"]')).toHaveText(
      'Answered calls and call-backs, with at least 30 s of talk; sets the tag Lead',
    );

    // A call of 42 s after the rule is qualified as it ends, with the tag.
    await ring(demo.svcUrl, '79160000403', 42);
    await page.getByRole('link', { name: 'Journal' }).click();
    const calls = page.locator('#journal tbody tr[data-type="cdr_in"]');
    await expect(calls).toHaveCount(3);
    for (const caller of ['+7 (916) 000-04-01', '+7 (916) 000-04-03']) {
      const call = calls.filter({ hasText: caller });
      await expect(call.locator('[data-col="type"]')).toHaveText('Call · qualified');
      await expect(call.locator('[data-col="tags"]')).toContainText('Lead');
    }
    const short = calls.filter({ hasText: '+7 (916) 000-04-02' });
    await expect(short.locator('[data-col="type"]')).toHaveText('Call');
    await expect(short.locator('[data-col="tags"]')).not.toContainText('Lead');

    // A second rule, for chats; its name again is refused by the app before it would change that rule.
    await page.getByRole('link', { name: 'Qualified calls' }).click();
    await form.getByLabel('Name').fill('Any chat');
    await form.getByLabel('Calls', { exact: true }).uncheck();
    await form.getByLabel('Call-backs', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('#kinds-error')).toHaveText('Choose at least one');
    await form.getByLabel('Chats', { exact: true }).check();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('#qualification-rules tbody tr', { hasText: 'Any chat' }).locator('[data-col="words"]')).toHaveText('Chats');
    await form.getByLabel('Name').fill('Any chat');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('#name-error')).toHaveText('The site has a rule of this name already');

    // Renamed: to the other rule's name the server refuses (409), next to the name; then to a free one.
    await rule.getByRole('button', { name: 'Edit Talked half a minute' }).click();
    await expect(form.getByRole('heading')).toHaveText('Change the rule Talked half a minute');
    await expect(form.getByLabel(/seconds of talk/)).toHaveValue('30');
    await expect(form.getByLabel('Answered only')).toBeChecked();
    await form.getByLabel('Name').fill('Any chat');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#name-error')).toHaveText('The site has a rule of this name already');
    await form.getByLabel('Name').fill('Talked 30 s');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#qualified-now')).toContainText('qualified now: 0');
    const renamed = page.locator('#qualification-rules tbody tr', { hasText: 'Talked 30 s' });
    await expect(renamed.locator('[data-col="words"]')).toHaveText(
      'Answered calls and call-backs, with at least 30 s of talk; sets the tag Lead',
    );
    await expect(page.locator('#qualification-rules tbody tr')).toHaveCount(2);
    await checkPage(page, 'qualification');

    // The tag a rule sets stays, and the page says why.
    const tag = page.locator('#custom-tags tbody tr', { hasText: 'Lead' });
    await tag.getByRole('button', { name: 'Delete Lead' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('It goes from every call, chat and request that has it.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(tag.getByRole('alert')).toHaveText('The tag Lead is set by the rule Talked 30 s: take it out of the rule first.');
    await expect(tag).toHaveCount(1);

    // The rule goes; what it qualified stays so.
    await renamed.getByRole('button', { name: 'Delete Talked 30 s' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('nothing already sent to Google Ads, Metrica or GA4 is taken back');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('#qualification-rules tbody tr')).toHaveCount(1);
    await tag.getByRole('button', { name: 'Delete Lead' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No custom tag yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Journal' }).click();
    await expect(calls.filter({ hasText: '+7 (916) 000-04-03' }).locator('[data-col="type"]')).toHaveText('Call · qualified');
    expect(errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});
