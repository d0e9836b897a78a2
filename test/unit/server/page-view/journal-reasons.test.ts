import { afterEach, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createPreviewKeys } from '../../../../src/server/tracking/preview-keys.js';
import { PREVIEW_TTL_MS, signPreview } from '../../../../src/server/tracking/preview-token.js';
import { adsDtSite, hitWrite } from '../helpers.js';
import { callEvents, postEvent, restClient, SECRET, telephonySeed } from '../telephony-helpers.js';
import { createTestServer } from '../test-server.js';

// The owner's story: from the office, a second visitor with the campaign's tags kept the site's
// number, "Simulate a call" said "credited to the site", and nothing said why.

const POOL = ['74990000001', '74990000002', '74990000003'];
const RESERVED = '74950000000';
const LANDING = 'http://localhost/?utm_source=ads';
const OFFICE = '198.51.100.7';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

let server: ConsultantServer;
afterEach(async () => {
  await server.close();
});

async function view(ua: string, url = LANDING): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress: OFFICE,
    headers: { 'content-type': 'text/plain', 'user-agent': ua },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
  });
  const r = (res.json() as WriteResponse).results[0]!.result as HitResult;
  return r.phones.find((p) => p.id === 'number=84951234567')!.raw;
}

interface Answer {
  ac_id: number;
  session_id: number | null;
  number_reason: string | null;
}

async function call(callId: string, to: string): Promise<Answer> {
  let data: Answer | undefined;
  for (const e of callEvents({ callId, from: '79161234567', to })) {
    const res = await postEvent(server, e);
    expect(res.statusCode, res.body).toBe(200);
    data = res.json().data;
  }
  return data!;
}

it('says why a call credited to the site came from a visit that kept the site’s number, and marks the preview’s', async () => {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: adsDtSite(POOL),
    apiSeed: await telephonySeed(),
    telephony: { secret: SECRET },
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    rateLimits: { firstVisits: 0 },
  });
  expect(POOL).toContain(await view(CHROME));
  const shown = await view(FIREFOX);
  expect(shown).toBe(RESERVED);
  // What "Simulate a call" shows: credited to the site, and why.
  expect(await call('site-call', shown)).toMatchObject({ ac_id: -1, session_id: null, number_reason: 'share' });
  const secret = await createPreviewKeys().ensure(server.store.db, 1, Date.now());
  const preview = await view(HEADLESS, `${LANDING}&svc_preview=${signPreview(secret, 1, 10, Date.now() + PREVIEW_TTL_MS)}`);
  expect(POOL).toContain(preview);
  expect(await call('preview-call', preview)).toMatchObject({ ac_id: 10, number_reason: 'preview' });

  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const get = await restClient(server);
  const res = await get('journal', { site_id: 1, date_from: day(-1), date_till: day(1), type: 'cdr_in' });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json().data as Array<{ numb: string; ac_id: number; number_reason: string | null }>;
  expect(items.find((i) => i.numb === RESERVED)).toMatchObject({ ac_id: -1, number_reason: 'share' });
  expect(items.find((i) => i.numb === preview)).toMatchObject({ ac_id: 10, number_reason: 'preview' });
});
