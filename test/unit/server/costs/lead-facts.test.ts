import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { leadFacts } from '../../../../src/server/costs/lead-facts.js';
import { testServer } from '../helpers.js';

/**
 * What the cost report counts (costs/lead-facts.ts): a site's calls, chats and requests of a
 * half-open UTC range, each dated by its own column, with whether it was qualified and the facts
 * of the session it came in (none without a session row).
 */

let server: ConsultantServer;
beforeEach(async () => {
  server = await testServer();
});
afterEach(async () => {
  await server.close();
});

function seed() {
  const run = (q: string, ...p: unknown[]) => server.db.prepare(q).run(...p);
  for (const site of [1, 2]) {
    run("INSERT INTO visitors (id, site_id, token, created_at) VALUES (?, ?, ?, '2026-11-01 09:00:00.000')", site, site, `tok-${site}`);
    run(
      "INSERT INTO sessions (id, site_id, visitor_id, ac_id, start_time, last_hit_ms, utm_source, utm_term, entrance_page) VALUES (?, ?, ?, 5, '2026-11-09 08:00:00.000', 0, 'yandex', 'brand', 'https://x.test/')",
      site * 100,
      site,
      site,
    );
    run(
      "INSERT INTO hits (id, site_id, visitor_id, session_id, client_id, hit_time, url) VALUES (?, ?, ?, ?, ?, '2026-11-09 08:00:00.000', 'https://x.test/')",
      site * 100,
      site,
      site,
      site * 100,
      `h${site}`,
    );
  }
  const call = (id: number, site: number, session: number | null, ac: number, at: string, qualified: boolean) =>
    run(
      "INSERT INTO calls (id, site_id, communication_type, call_date, numa, ac_id, session_id, visitor_id, request_status, dispatch_state, qualified_at) VALUES (?, ?, 'call', ?, '79160000001', ?, ?, NULL, 0, 'not_sent', ?)",
      id,
      site,
      at,
      ac,
      session,
      qualified ? at : null,
    );
  const chat = (id: number, site: number, ac: number, at: string, qualified: boolean) =>
    run(
      "INSERT INTO chats (id, site_id, visitor_id, session_id, hit_id, ac_id, visitor_type, start_time, start_ms, page_url, qualified_at) VALUES (?, ?, ?, ?, ?, ?, 'new', ?, 0, 'https://x.test/', ?)",
      id,
      site,
      site,
      site * 100,
      site * 100,
      ac,
      at,
      qualified ? at : null,
    );
  const request = (id: number, site: number, ac: number, at: string, qualified: boolean) =>
    run(
      "INSERT INTO offline_messages (id, site_id, visitor_id, session_id, date_time, source, visitor_type, visits_count, ac_id, qualified_at) VALUES (?, ?, ?, ?, ?, 'form', 'new', 1, ?, ?)",
      id,
      site,
      site,
      site * 100,
      at,
      ac,
      qualified ? at : null,
    );
  call(1, 1, 100, 10, '2026-11-09 09:00:00.000', true);
  call(2, 1, null, 20, '2026-11-09 23:59:59.999', false);
  call(3, 1, 100, 10, '2026-11-10 00:00:00.000', true); // the range's end: not in it
  call(4, 2, 200, 10, '2026-11-09 09:00:00.000', true); // another site
  chat(11, 1, 30, '2026-11-09 10:00:00.000', false);
  chat(12, 1, 30, '2026-11-08 23:59:59.999', true); // before the range
  chat(13, 2, 30, '2026-11-09 10:00:00.000', true);
  request(21, 1, 40, '2026-11-09 00:00:00.000', true); // the range's start: in it
  request(22, 2, 40, '2026-11-09 11:00:00.000', true);
}

describe('lead facts', () => {
  it('reads the calls, then the chats, then the requests of a site’s range, each by its own date', async () => {
    seed();
    const session = { utm_source: 'yandex', utm_term: 'brand', entrance_page: 'https://x.test/' };
    const none = { utm_source: null, utm_term: null, entrance_page: null };
    const facts = await leadFacts(server.store.db, 1, { from: '2026-11-09 00:00:00.000', till: '2026-11-10 00:00:00.000' });
    const byAc = (a: { ac_id: number }, b: { ac_id: number }) => a.ac_id - b.ac_id;
    expect(facts.map((f) => f.kind)).toEqual(['call', 'call', 'chat', 'offline_message']);
    expect(facts.filter((f) => f.kind === 'call').sort(byAc)).toEqual([
      { kind: 'call', id: 1, ac_id: 10, qualified: true, ...session },
      { kind: 'call', id: 2, ac_id: 20, qualified: false, ...none },
    ]);
    expect(facts.slice(2)).toEqual([
      { kind: 'chat', id: 11, ac_id: 30, qualified: false, ...session },
      { kind: 'offline_message', id: 21, ac_id: 40, qualified: true, ...session },
    ]);
  });
});
