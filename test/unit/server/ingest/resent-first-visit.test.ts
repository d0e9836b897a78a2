import { afterEach, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { WriteResponse } from '../../../../src/protocol.js';
import { hitWrite, testServer } from '../helpers.js';

let server: ConsultantServer;
afterEach(async () => {
  await server.close();
});

/**
 * A first visit's page view sent twice at once: a page reloaded while it held the write unsent
 * (refused, then let in) sends it from the leaving page and again from the new one. Both are
 * answered as one write, on PostgreSQL too, where batches with no visitor yet ran side by side.
 */
it('takes a first visit’s page view sent twice at once as one', async () => {
  server = await testServer();
  const batch = JSON.stringify({ visitor: null, writes: [hitWrite('http://localhost/landing')] });
  const send = () => server.app.inject({ method: 'POST', url: '/w/site-a', headers: { 'content-type': 'text/plain' }, payload: batch });
  for (let round = 0; round < 5; round++) {
    const answers = await Promise.all([send(), send(), send()]);
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual([200, 200, 200]);
    const visitors = answers.map((a) => (a.json() as WriteResponse).visitor?.id);
    expect(new Set(visitors).size, 'one visitor for the one write').toBe(1);
  }
});
