import { expect, test } from './fixtures.js';

/**
 * The API reference as a person uses it: Swagger UI at /api/docs, its Authorize button given the
 * session key for the `Authorization: Bearer` header, and Try it out on one GET, which must send
 * what the reference documents (Accept: application/json, the header) and show a 200 JSON answer.
 */

// The demo fixture starts a server and a site: slow on a busy machine, and it counts toward the test's time.
test.describe.configure({ timeout: 90_000 });

test('Try it out on a GET, authorized by the Bearer header, answers 200 JSON', async ({ page, demo, pageErrors }) => {
  void pageErrors;
  const login = await fetch(`${demo.svcUrl}api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'demo', password: 'demo-password' }),
  });
  const key = ((await login.json()) as { data: { session_key: string } }).data.session_key;

  await page.goto(`${demo.svcUrl}api/docs`);
  await page.locator('button.authorize').first().click();
  const bearer = page.locator('.auth-container').filter({ hasText: 'bearerAuth' });
  await bearer.locator('input').fill(key);
  await bearer.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(bearer.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).first().click();

  // The subjects open closed: open the sites.
  await page.locator('#operations-tag-sites').click();
  const operation = page.locator('#operations-sites-site');
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  const sent = page.waitForRequest((r) => r.url().startsWith(`${demo.svcUrl}api/v1/site/`) && r.method() === 'GET');
  const answered = page.waitForResponse((r) => r.url().startsWith(`${demo.svcUrl}api/v1/site/`));
  await operation.getByRole('button', { name: 'Execute' }).click();

  const request = await sent;
  const headers = await request.allHeaders();
  expect(headers.accept).toBe('application/json');
  expect(headers.authorization).toBe(`Bearer ${key}`);
  expect(request.url()).not.toContain('session_key');
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = (await response.json()) as { success: boolean; data: unknown[] };
  expect(body.success).toBe(true);
  expect(body.data).toContainEqual(expect.objectContaining({ site_key: 'demo-site' }));
  await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
});
