import { expect, test } from './fixtures.js';

/**
 * The REST API as a customer's integration uses it, against the demo exactly as
 * `npm start` runs it: log in as `demo`, create a campaign with a utm_source condition and a number
 * block through the API, then open a demo page with that utm_source in real Chromium and see the
 * campaign's number on the page and the campaign on the session in the database.
 */

async function api(base: string, fn: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const path = fn === 'login' ? 'api/login/' : `api/v1/${fn}/`;
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data?: Record<string, unknown>; message?: string };
  expect(json.success, `${fn}: ${json.message}`).toBe(true);
  expect(res.status).toBe(200);
  return json.data ?? {};
}

test('a campaign made through the REST API gives its number to the next matching page view', async ({ page, demo, pageErrors }) => {
  // The demo fixture starts a server and a site: slow on a busy machine.
  test.setTimeout(60_000);
  void pageErrors;
  const { session_key } = await api(demo.svcUrl, 'login', { login: 'demo', password: 'demo-password' });
  const sites = (await (
    await fetch(`${demo.svcUrl}api/v1/site/?session_key=${session_key as string}`, { headers: { accept: 'application/json' } })
  ).json()) as { data: Array<{ id: number; site_key: string }> };
  const site = sites.data.find((s) => s.site_key === 'demo-site')!;
  const { ac_id } = await api(demo.svcUrl, 'create_ac', { session_key, args: { site_id: site.id, name: 'REST e2e' } });
  const { ac_condition_group_id } = await api(demo.svcUrl, 'create_ac_condition_group', { session_key, args: { ac_id, name: 'utm' } });
  await api(demo.svcUrl, 'create_ac_condition', {
    session_key,
    args: { ac_id, ac_condition_group_id, ac_parameter: 'utm_source', ac_operator: '=', value: 'rest-e2e', is_negative: false },
  });
  await api(demo.svcUrl, 'number_block', {
    session_key,
    // A block takes only the customer's own numbers: the demo customer's free-call number.
    args: { ac_id, name: 'Main number', selector: 'number=74951234567', numb: '78001112233' },
  });

  await page.goto(demo.siteUrl + '?utm_source=rest-e2e');
  await expect(page.locator('.phone')).toHaveText('+7 (800) 111-22-33');
  const sessionId = await page.evaluate(() => new Promise<number>((ok) => Svc.onReady((c) => ok(c.session_id))));
  expect(demo.db.prepare('SELECT ac_id FROM sessions WHERE id = ?').get(sessionId)).toEqual({ ac_id });

  // Another utm_source in a fresh context is not the campaign's: the site's default number.
  const other = await page.context().browser()!.newPage();
  await other.goto(demo.siteUrl + '?utm_source=somewhere-else');
  await expect(other.locator('.phone')).toHaveText('+7 (495) 777-00-11');
  await other.close();
});
