import { expect, test } from './fixtures.js';
import { DEMO_OWNER, signIn } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * An integration's key, made in the app (docs/api-keys.md): the demo customer makes a read-only
 * key, sees it once, and a script uses it with fetch; the list then says when it was last used, a
 * write is refused, and after revoking it in the app the key is refused at once. The page passes
 * axe-core at 1280 and 360 px, with nothing sticking out at 360.
 */

test.describe.configure({ timeout: 120_000 });

/** A script's call of a REST function with the key in the Authorization header. */
async function call(svcUrl: string, key: string, fn: string, args?: Record<string, unknown>): Promise<{ status: number; body: string }> {
  const res = await fetch(svcUrl + `api/v1/${fn}/`, {
    method: args ? 'POST' : 'GET',
    headers: { accept: 'application/json', authorization: `Bearer ${key}`, ...(args ? { 'content-type': 'application/json' } : {}) },
    ...(args ? { body: JSON.stringify({ args }) } : {}),
  });
  return { status: res.status, body: await res.text() };
}

test('a key made in the app works for a script, shows its last use, and ends when revoked', async ({ page, demo }) => {
  await signIn(page, demo.svcUrl, DEMO_OWNER, /\/app\/sites$/);
  await page.getByRole('link', { name: 'API keys' }).first().click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await checkPage(page, 'API keys, empty', { shot: false });

  // An empty name is refused beside its field, nothing is sent.
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.locator('#name-error')).toHaveText('Required');
  await page.getByLabel('Name').fill('BI dashboard');
  await page.getByLabel('Access').selectOption({ label: 'Read only' });
  await page.getByRole('button', { name: 'Create' }).click();
  const secret = page.locator('#api-key-secret');
  await expect(secret).toHaveText(/^svc_[0-9a-f]{8}_/);
  const key = (await secret.textContent())!;
  const row = page.locator('#api-keys tbody tr').first();
  await expect(row).toContainText('BI dashboard');
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('never');
  await checkPage(page, 'API keys, made', { shot: false });

  const sites = await call(demo.svcUrl, key, 'site');
  expect(sites.status, sites.body).toBe(200);
  const write = await call(demo.svcUrl, key, 'create_site', { domain: 'new.example', user_phone: '+74951112233' });
  expect(write.status).toBe(403);
  expect(write.body).toContain('102403');

  // Back on the page later: the key is listed without its secret, with its last use.
  await page.reload();
  await expect(row).not.toContainText('never');
  await expect(page.locator('#api-key-secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(key.slice(13));

  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator('#api-key-note')).toContainText('is revoked');
  await expect(row).toContainText('Revoked');
  const after = await call(demo.svcUrl, key, 'site');
  expect(after.status).toBe(401);
  expect(after.body).toContain('102401');
  await checkPage(page, 'API keys, revoked', { shot: false });
});
