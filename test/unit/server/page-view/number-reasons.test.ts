import { afterEach, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createPreviewKeys } from '../../../../src/server/tracking/preview-keys.js';
import { PREVIEW_TTL_MS, signPreview } from '../../../../src/server/tracking/preview-token.js';
import { adsDtSite, hitWrite } from '../helpers.js';
import { createTestServer } from '../test-server.js';

// A site owner testing from the office: a second visitor behind the same address with the
// campaign's tags kept the site's number while a pool number was free, and nothing said why.

const POOL = ['74990000001', '74990000002', '74990000003'];
const RESERVED = '74950000000';
const LANDING = 'http://localhost/?utm_source=ads';
const OFFICE = '198.51.100.7';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

const servers: ConsultantServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(pool = POOL): Promise<ConsultantServer> {
  const server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: adsDtSite(pool),
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    rateLimits: { firstVisits: 0 },
  });
  servers.push(server);
  return server;
}

/** A page view from `ip` with `ua`: the number shown for the DT target, and the session's note. */
async function view(server: ConsultantServer, ip: string, ua: string, url = LANDING, visitor: WriteResponse['visitor'] = null) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', 'user-agent': ua },
    payload: JSON.stringify({ visitor, writes: [hitWrite(url)] }),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as WriteResponse;
  const r = body.results[0]!.result as HitResult;
  const session = server.db.prepare('SELECT ac_id, number_reason, entrance_page FROM sessions WHERE id = ?').get(r.session_id) as {
    ac_id: number;
    number_reason: string | null;
    entrance_page: string;
  };
  return { visitor: body.visitor, r, raw: r.phones.find((p) => p.id === 'number=84951234567')!.raw, session };
}

/** A preview link's URL of campaign `acId` on site 1, signed with the site's secret. */
async function previewUrl(server: ConsultantServer, acId = 10, expiresMs = Date.now() + PREVIEW_TTL_MS, site = 1): Promise<string> {
  const secret = await createPreviewKeys().ensure(server.store.db, 1, Date.now());
  return `${LANDING}&svc_preview=${signPreview(secret, site, acId, expiresMs)}`;
}

const visitsCount = (server: ConsultantServer, visitorId: number) =>
  Number(server.db.prepare('SELECT visits_count FROM visitors WHERE id = ?').pluck().get(visitorId));

describe('why a visit kept the site’s number', () => {
  it('notes the address share, a bot, a dry pool and no campaign; nothing for a tracking number', async () => {
    const server = await start(['74990000001', '74990000002']);
    const first = await view(server, OFFICE, CHROME);
    expect(POOL).toContain(first.raw);
    expect(first.session.number_reason).toBeNull();
    // A pool number is free, but the office's address holds its share (one of two).
    const second = await view(server, OFFICE, FIREFOX);
    expect(second.raw).toBe(RESERVED);
    expect(second.session.number_reason).toBe('share');
    expect((await view(server, '203.0.113.9', HEADLESS)).session.number_reason).toBe('bot');
    // Another browser family from another address: the last number.
    expect((await view(server, '203.0.113.10', SAFARI)).session.number_reason).toBeNull();
    const dry = await view(server, '203.0.113.11', FIREFOX);
    expect(dry.raw).toBe(RESERVED);
    expect(dry.session.number_reason).toBe('dry');
    expect((await view(server, '203.0.113.12', CHROME, 'http://localhost/')).session.number_reason).toBe('no_campaign');
    expect(server.db.prepare('SELECT reason FROM dt_overflows ORDER BY session_id').pluck().all()).toEqual(['share', 'dry']);
  });

  it('clears the note once a later page view of the session gets a number', async () => {
    const server = await start(['74990000001']);
    const holder = await view(server, '203.0.113.20', CHROME);
    const waiting = await view(server, '203.0.113.21', FIREFOX);
    expect(waiting.session.number_reason).toBe('dry');
    server.db.prepare('UPDATE dt_leases SET until_ms = ? WHERE session_id = ?').run(Date.now() - 1, holder.r.session_id);
    const next = await view(server, '203.0.113.21', FIREFOX, 'http://localhost/next', waiting.visitor);
    expect(next.r.session_id).toBe(waiting.r.session_id);
    expect(POOL).toContain(next.raw);
    expect(next.session.number_reason).toBeNull();
  });
});

describe('the owner’s preview', () => {
  it('gets a number from the office in a headless browser, past the share and the bot check, and is no visit', async () => {
    const server = await start();
    const colleague = await view(server, OFFICE, CHROME);
    expect(POOL).toContain(colleague.raw);
    const preview = await view(server, OFFICE, HEADLESS, await previewUrl(server));
    expect(POOL).toContain(preview.raw);
    expect(preview.raw).not.toBe(colleague.raw);
    expect(preview.session).toMatchObject({ ac_id: 10, number_reason: 'preview', entrance_page: LANDING });
    // Not a visit of the visitor, and the token is not kept with the page.
    expect(visitsCount(server, preview.visitor!.id)).toBe(0);
    expect(server.db.prepare("SELECT count(*) FROM hits WHERE url LIKE '%svc_preview%'").pluck().get()).toBe(0);
    // Its later pages stay the preview, with the same number.
    const later = await view(server, OFFICE, HEADLESS, 'http://localhost/next', preview.visitor);
    expect(later.r.session_id).toBe(preview.r.session_id);
    expect(later.raw).toBe(preview.raw);
    // The preview takes no place in the office's share: a second real visitor there still keeps the site's number for the share alone.
    const second = await view(server, OFFICE, FIREFOX);
    expect(second.session.number_reason).toBe('share');
  });

  it('picks the campaign the link names, whatever the tags say', async () => {
    const server = await start();
    const secret = await createPreviewKeys().ensure(server.store.db, 1, Date.now());
    const url = `http://localhost/?svc_preview=${signPreview(secret, 1, 10, Date.now() + 60_000)}`;
    const preview = await view(server, OFFICE, CHROME, url);
    expect(preview.session.ac_id).toBe(10);
    expect(POOL).toContain(preview.raw);
  });

  it('ignores an expired, forged or other site’s link: a normal visit, and says why it kept the site’s number', async () => {
    const server = await start();
    await view(server, OFFICE, CHROME);
    const expired = await view(server, OFFICE, FIREFOX, await previewUrl(server, 10, Date.now() - 1000));
    expect(expired.raw).toBe(RESERVED);
    expect(expired.session.number_reason).toBe('preview_expired');
    expect(visitsCount(server, expired.visitor!.id)).toBe(1);
    const forged = (await previewUrl(server)).replace(/svc_preview=(\d+)\./, 'svc_preview=$1' + '0.');
    expect((await view(server, OFFICE, FIREFOX, forged)).session.number_reason).toBe('preview_invalid');
    const otherSite = await view(server, OFFICE, FIREFOX, await previewUrl(server, 10, Date.now() + 60_000, 2));
    expect(otherSite.session.number_reason).toBe('preview_invalid');
    expect((await view(server, OFFICE, FIREFOX, `${LANDING}&svc_preview=x`)).session.number_reason).toBe('preview_invalid');
  });
});
