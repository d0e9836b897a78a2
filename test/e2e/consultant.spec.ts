import { operatorConsole } from './operator.js';
import { expect, test } from './fixtures.js';

test('getOperatorStatus follows the operator going online and offline in the console', async ({ page, open, browser, stack }) => {
  await open('consultant.html?site=chat-site');
  await page.waitForFunction(() => !!window.Svc);
  expect(await page.evaluate(() => Svc.getOperatorStatus())).toBe(false);
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    // Signed in is not online: the operator switches it on.
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => Svc.getOperatorStatus())).toBe(false);
    await op.online(true);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus()), { timeout: 1000 }).toBe(true);
    await op.online(false);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus()), { timeout: 1000 }).toBe(false);
    await op.online(true);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus()), { timeout: 1000 }).toBe(true);
    // An operator of another site changes nothing here.
    const other = await operatorConsole(browser, stack.svcUrl, 'lev@lost.test');
    await other.online(true);
    await op.online(false);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus()), { timeout: 1000 }).toBe(false);
    await other.close();
  } finally {
    await op.close();
  }
});
