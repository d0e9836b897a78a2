import { afterEach, describe, expect, it } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { analyticsIds } from '../../../../src/server/tracking/analytics-ids.js';
import { hitWrite, postWrites, testConfig, testServer } from '../helpers.js';

// The ad platforms name a visitor by their own analytics ids: GA4's Measurement Protocol by the
// `_ga` client id, Yandex Metrica's offline conversions by the `_ym_uid` ClientId. The snippet sends
// the page's two cookies with its page views; the session keeps them (docs/conversions.md).

describe('the analytics ids of a page view', () => {
  it('reads the client id out of _ga and the ClientId out of _ym_uid, and nothing else', () => {
    expect(analyticsIds(['_ga=GA1.1.1234567890.1690000000', '_ym_uid=1690000000123456789'])).toEqual({
      ua_client_id: '1234567890.1690000000',
      ym_client_id: '1690000000123456789',
    });
    // A `_ga` of two domain levels, and the first of two cookies of the same name (the page's own path first).
    expect(analyticsIds(['_ga=GA1.2.11.22', '_ga=GA1.1.33.44']).ua_client_id).toBe('11.22');
    for (const odd of [['_ga=GA1.1.abc.1'], ['_ym_uid=12ab'], ['_ga=1.2'], ['other=1'], ['_ga=GA1.1.1.2; x=1']])
      expect(analyticsIds(odd), odd[0]).toEqual({ ua_client_id: null, ym_client_id: null });
    expect(analyticsIds(null)).toEqual({ ua_client_id: null, ym_client_id: null });
    expect(analyticsIds(false)).toEqual({ ua_client_id: null, ym_client_id: null });
  });
});

describe('a session keeps the analytics ids its page views bring', () => {
  let server: ConsultantServer;
  afterEach(async () => {
    await server.close();
  });

  const sessionIds = async (id: number) =>
    server.store.db.selectFrom('sessions').select(['ua_client_id', 'ym_client_id']).where('id', '=', id).executeTakeFirstOrThrow();

  it('from the first page view, from a later one when the first had none, and keeps the first it saw', async () => {
    server = await testServer(testConfig);
    // The landing page: the analytics scripts have not set their cookies yet.
    const first = await postWrites(server, { visitor: null, writes: [hitWrite('http://localhost/', { ids: null })] });
    const session = (first.results[0]!.result as { session_id: number }).session_id;
    expect(await sessionIds(session)).toEqual({ ua_client_id: null, ym_client_id: null });
    const visitor = first.visitor;
    await postWrites(server, { visitor, writes: [hitWrite('http://localhost/2', { ids: ['_ga=GA1.1.111.222'] })] });
    expect(await sessionIds(session)).toEqual({ ua_client_id: '111.222', ym_client_id: null });
    await postWrites(server, { visitor, writes: [hitWrite('http://localhost/3', { ids: ['_ga=GA1.1.999.888', '_ym_uid=17000000001'] })] });
    expect(await sessionIds(session)).toEqual({ ua_client_id: '111.222', ym_client_id: '17000000001' });
    // A new visitor whose landing page has both.
    const other = await postWrites(server, {
      visitor: null,
      writes: [hitWrite('http://localhost/', { ids: ['_ga=GA1.1.5.6', '_ym_uid=42'] })],
    });
    expect(await sessionIds((other.results[0]!.result as { session_id: number }).session_id)).toEqual({
      ua_client_id: '5.6',
      ym_client_id: '42',
    });
  });

  it('never refuses a page view for what it sends as ids', async () => {
    server = await testServer(testConfig);
    for (const ids of [['x'.repeat(5000)], 'text', [1, 2], Array.from({ length: 50 }, () => '_ga=GA1.1.1.1'), { a: 1 }]) {
      const r: WriteResponse = await postWrites(server, { visitor: null, writes: [hitWrite('http://localhost/', { ids })] });
      expect(r.results[0]!.success, JSON.stringify(ids).slice(0, 40)).toBe(true);
    }
  });
});
