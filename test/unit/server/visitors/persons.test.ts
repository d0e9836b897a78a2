import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HitResult, VisitorRef, WriteResponse } from '../../../../src/protocol.js';
import { createServer, type ConsultantServer } from '../../../../src/server/app.js';
import { migrations } from '../../../../src/server/store/migrations/index.js';
import { emailKey, phoneKey } from '../../../../src/server/visitors/persons.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { hitWrite, testConfig, testServer, wid } from '../helpers.js';

/**
 * Persons (visitors/persons.ts): visitors of one site who left the same phone or e-mail, through a
 * call-back request, a request or contact data, become one person, incrementally; the id of a
 * person merged away still names the merged person.
 */

let server: ConsultantServer;
beforeEach(async () => {
  server = await testServer();
});
afterEach(async () => {
  await server.close();
});

async function post(body: unknown, siteKey = 'site-a') {
  const res = await server.app.inject({
    method: 'POST',
    url: `/w/${siteKey}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WriteResponse;
}

/** A new visitor with one page view; `send(type, data)` makes a write on that page view. */
async function visitor(siteKey = 'site-a') {
  const h = hitWrite(siteKey === 'site-a' ? 'http://localhost/' : 'http://other.example/');
  const first = await post({ visitor: null, writes: [h] }, siteKey);
  const ref = first.visitor as VisitorRef;
  const id = (first.results[0]!.result as HitResult).visitor_id;
  const send = async (type: string, data: unknown) => {
    const r = await post({ visitor: ref, writes: [{ id: wid(), type, hit: h.id, at: Date.now(), data }] }, siteKey);
    expect(r.results[0]!.success, JSON.stringify(r.results[0])).toBe(true);
  };
  return { id, send };
}

const personOf = (visitorId: number) =>
  (server.db.prepare('SELECT person_id FROM visitors WHERE id = ?').get(visitorId) as { person_id: number }).person_id;

describe('persons', () => {
  it('a new visitor is its own person', async () => {
    const a = await visitor();
    expect(personOf(a.id)).toBe(a.id);
  });

  it('joins visitors by phone across call-back, request and contact data, whatever the spelling', async () => {
    const a = await visitor();
    const b = await visitor();
    const c = await visitor();
    await a.send('sitephone', { phone: '+7 (916) 123-45-67' });
    await b.send('offline_request', { message: 'call me', phone: '8 916 123 45 67' });
    expect(personOf(b.id)).toBe(personOf(a.id));
    await c.send('visitor_info', { phone: '9161234567' });
    expect(new Set([a, b, c].map((v) => personOf(v.id)))).toEqual(new Set([Math.min(a.id, b.id, c.id)]));
  });

  it('joins by e-mail without regard to case', async () => {
    const a = await visitor();
    const b = await visitor();
    await a.send('visitor_info', { email: 'Anna@Example.com' });
    expect(personOf(b.id)).toBe(b.id);
    await b.send('offline_request', { message: 'hi', email: 'anna@example.COM' });
    expect(personOf(b.id)).toBe(personOf(a.id));
  });

  it('makes two persons one when a contact links them, keeping the older id; both ids name the merged person', async () => {
    const a = await visitor();
    const b = await visitor();
    const c = await visitor();
    const d = await visitor();
    await a.send('visitor_info', { phone: '+7 495 111-22-33' });
    await b.send('visitor_info', { phone: '+7 495 111-22-33', email: 'b@x.test' });
    await c.send('visitor_info', { email: 'c@x.test' });
    await d.send('visitor_info', { email: 'c@x.test' });
    const ab = personOf(a.id);
    const cd = personOf(c.id);
    expect(personOf(b.id)).toBe(ab);
    expect(personOf(d.id)).toBe(cd);
    expect(ab).not.toBe(cd);
    // d leaves b's e-mail: the two persons become one, under the older id
    await d.send('visitor_info', { email: 'B@x.test' });
    const keep = Math.min(ab, cd);
    expect([a, b, c, d].map((v) => personOf(v.id))).toEqual([keep, keep, keep, keep]);
    // every contact of both now points at the merged person
    const contacts = server.db.prepare('SELECT DISTINCT person_id FROM person_contacts').all() as Array<{ person_id: number }>;
    expect(contacts.map((r) => r.person_id)).toEqual([keep]);
    // the younger id is still one of the merged person's visitors
    expect([a.id, b.id, c.id, d.id]).toContain(Math.max(ab, cd));
  });

  it('keeps persons per site', async () => {
    const a = await visitor('site-a');
    const b = await visitor('site-b');
    await a.send('visitor_info', { phone: '+7 495 111-22-33' });
    await b.send('visitor_info', { phone: '+7 495 111-22-33' });
    expect(personOf(a.id)).toBe(a.id);
    expect(personOf(b.id)).toBe(b.id);
  });

  it('keys: phone digits with +7 for 8 and 10-digit numbers; short numbers and non-e-mails join nobody', () => {
    expect(phoneKey('8 (916) 123-45-67')).toBe('79161234567');
    expect(phoneKey('916 123 45 67')).toBe('79161234567');
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneKey('12-34')).toBeNull();
    expect(emailKey(' A@B.c ')).toBe('a@b.c');
    expect(emailKey('not an e-mail')).toBeNull();
  });
});

describe.skipIf(!!testPostgresUrl)('persons of a database made before them', () => {
  it('migration 050 joins the contacts already stored, under each group’s oldest visitor', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-persons-')), 'old.db');
    const sqlite = new Database(file);
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const before = Object.fromEntries(Object.entries(migrations('sqlite')).filter(([name]) => name < '050'));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(error).toBeUndefined();
    const run = (s: string) => sqlite.prepare(s).run();
    run(`INSERT INTO customers (id, name) VALUES (1, 'C')`);
    run(
      `INSERT INTO sites (id, customer_id, domain, site_key, widget_key) VALUES (1, 1, 'a.test', 'k1', 'w1'), (2, 1, 'b.test', 'k2', 'w2')`,
    );
    for (const [id, site] of [
      [10, 1],
      [20, 1],
      [30, 1],
      [40, 1],
      [50, 2],
    ])
      run(`INSERT INTO visitors (id, site_id, token, created_at) VALUES (${id}, ${site}, 't${id}', '2026-01-01 00:00:00.000')`);
    // 30 and 10 share a phone (8… and +7…), 20 and 30 an e-mail; 40 is alone; 50 has 10's phone on another site.
    run(
      `INSERT INTO visitor_phones (visitor_id, digits, phone, created_at) VALUES (10, '79161234567', '+7 916 123-45-67', 'x'), (50, '79161234567', 'x', 'x')`,
    );
    run(
      `INSERT INTO visitor_emails (visitor_id, email, created_at) VALUES (20, 'Z@x.test', 'x'), (30, 'z@X.test', 'x'), (40, 'y@x.test', 'x')`,
    );
    run(`INSERT INTO sessions (id, site_id, visitor_id, start_time, last_hit_ms) VALUES (1, 1, 30, 'x', 0)`);
    run(
      `INSERT INTO calls (site_id, communication_type, call_date, numa, visitor_id, session_id, request_status, dispatch_state) VALUES (1, 'sitephone', 'x', '89161234567', 30, 1, 0, 'queued')`,
    );
    await db.destroy();
    await server.close();
    server = await createServer({ dbPath: file, siteConfig: testConfig, bundleDir: '/nonexistent', publicUrl: 'http://svc.test/' });
    expect(server.db.prepare('SELECT id, person_id FROM visitors ORDER BY id').all()).toEqual([
      { id: 10, person_id: 10 },
      { id: 20, person_id: 10 },
      { id: 30, person_id: 10 },
      { id: 40, person_id: 40 },
      { id: 50, person_id: 50 },
    ]);
    expect(server.db.prepare('SELECT site_id, kind, value, person_id FROM person_contacts ORDER BY site_id, kind, value').all()).toEqual([
      { site_id: 1, kind: 'email', value: 'y@x.test', person_id: 40 },
      { site_id: 1, kind: 'email', value: 'z@x.test', person_id: 10 },
      { site_id: 1, kind: 'phone', value: '79161234567', person_id: 10 },
      { site_id: 2, kind: 'phone', value: '79161234567', person_id: 50 },
    ]);
  });
});
