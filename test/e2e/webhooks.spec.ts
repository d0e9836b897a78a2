import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, startDemo, test } from './fixtures.js';
import { DESKTOP_CHROME, DEMO_OWNER, signIn } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * Webhooks on the demo as `npm start` runs it, with http and loopback receivers allowed
 * (docs/webhooks.md): a visit from the Yandex Direct campaign, a request from its page and a call to
 * the DT number it was shown (the demo's call button, through the signed telephony boundary) each
 * reach the customer's receiver within 2 seconds, with the campaign, signed.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Delivery {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

test('a campaign visit’s request and call reach the CRM’s receiver within 2 seconds each, with the campaign', async ({ browser }) => {
  test.setTimeout(120_000);
  const received: Delivery[] = [];
  const receiver = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ at: Date.now(), headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> });
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm`;

  const { verifyDelivery } = await import(pathToFileURL(join(root, 'dist/node/server/webhooks/signature.js')).href);
  // A short call: a second of ringing, a second of talk.
  const demo = await startDemo({ webhooks: { allowHttp: true, allowLoopback: true } }, { simulatedCall: { ring: 1, talk: 1 } });
  const svcUrl = demo.svcUrl;
  try {
    const login = await fetch(svcUrl + 'api/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ login: 'demo', password: 'demo-password' }),
    });
    const key = ((await login.json()) as { data: { session_key: string } }).data.session_key;
    const created = await fetch(svcUrl + 'api/v1/create_webhook/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ session_key: key, args: { url: receiverUrl, events: ['request.created', 'call.ringing', 'call.ended'] } }),
    });
    expect(created.status).toBe(200);
    const { secret } = ((await created.json()) as { data: { secret: string } }).data;

    const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
    const page = await visitor.newPage();
    await page.goto(demo.siteUrl + 'phones.html?utm_source=yandex');
    await page.waitForFunction(() => !!window.Svc?.getDTPhones());
    const number = await page.evaluate(() => window.Svc.getDTPhones()![0]!.raw);
    const creds = await page.evaluate(() => window.Svc.getCredentials()!);

    /** The delivery of `type`, which must arrive by `due` + 2 s. */
    const arrival = async (type: string, due: number) => {
      await expect.poll(() => received.find((d) => d.json.type === type), { timeout: Math.max(100, due + 2000 - Date.now()) }).toBeTruthy();
      const d = received.find((x) => x.json.type === type)!;
      expect(d.at - due, type).toBeLessThanOrEqual(2000);
      return d;
    };

    // A request from the page.
    const asked = Date.now();
    const answer = await page.evaluate(
      () => new Promise((ok) => window.Svc.addOfflineRequest({ name: 'Olga', phone: '+7 916 555-44-33', message: 'Price list?' }, ok)),
    );
    expect(answer).toEqual({ success: true, result: null });
    const request = await arrival('request.created', asked);

    // A call to the DT number, from the demo's button (signed call events); it ends two seconds after it rings.
    const called = Date.now();
    await page.locator('#simulate-call').click();
    const ringing = await arrival('call.ringing', called);
    const ended = await arrival('call.ended', called + 2000);

    for (const d of [request, ringing, ended]) {
      expect(d.json).toMatchObject({
        site_id: 1,
        campaign: { id: 10 },
        record: { ac_id: 10, session_id: creds.session_id, utm_source: 'yandex' },
        session: { utm_source: 'yandex' },
      });
      const sig = { signature: d.headers['x-svc-webhook-signature'], timestamp: d.headers['x-svc-webhook-timestamp'] };
      expect(verifyDelivery(secret, d.body, sig)).toBe(true);
      expect(verifyDelivery(secret + 'x', d.body, sig)).toBe(false);
    }
    expect(request.json.record).toMatchObject({ name: 'Olga', message: 'Price list?' });
    expect(ended.json.record).toMatchObject({ numb: number, status: 'normal' });
    await visitor.close();

    // The site owner's app shows the webhook, sends a test event and lists the deliveries.
    const ownerCtx = await browser.newContext({ locale: 'en-US' });
    const app = await ownerCtx.newPage();
    await signIn(app, svcUrl, DEMO_OWNER, /\/app\/sites$/);
    await app.getByRole('link', { name: 'Webhooks' }).click();
    await expect(app.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(app.locator('#webhooks')).toContainText(receiverUrl);
    await checkPage(app, 'webhooks', { shot: false });
    const tested = Date.now();
    await app.getByRole('button', { name: 'Send a test event' }).click();
    await expect(app.locator('#webhook-note')).toContainText('Test event evt_');
    const testEvent = await arrival('test', tested);
    expect(testEvent.json).toMatchObject({ type: 'test', record: null });
    await app.getByRole('button', { name: 'Deliveries' }).click();
    await expect(app.locator('#webhook-deliveries')).toContainText('request.created');
    await expect(app.locator('#webhook-deliveries')).toContainText('200');
    // Its time reads as the app's other times do ("Nov 29, 2026, 1:05 PM"), not as the API's text.
    await expect(app.locator('#webhook-deliveries tbody tr').first().locator('[data-col="at"]')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M$/,
    );
    // A new endpoint shows its secret once.
    await app.getByLabel('Receiver URL (https)').fill('https://crm.example.com/hooks');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(app.locator('#webhook-note pre')).toHaveText(/^whsec_[0-9a-f]{64}$/);
    await checkPage(app, 'webhooks, a new endpoint', { shot: false });
    await ownerCtx.close();
  } finally {
    await demo.close();
    await new Promise((ok) => receiver.close(ok));
  }
});
