import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleChat } from '../../../../src/console-protocol.js';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { SiteConfig } from '../../../../src/server/site-import/site-config.js';
import { consultantConfig, liveServer, signIn, sse } from '../consultant-helpers.js';
import { hitWrite, wid } from '../helpers.js';

/**
 * The console's chats say where their visitor came from (`ConsoleChat.visit`): the campaign the
 * chat is credited to, by name, and the session's utm tags, search engine and referrer.
 */

let server: ConsultantServer | undefined;
const streams: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  server?.app.server.closeAllConnections();
  await server?.close();
  server = undefined;
});

async function config(): Promise<SiteConfig> {
  const c = await consultantConfig();
  c.customers[0]!.sites[0]!.campaigns = [
    {
      id: 10,
      name: 'Yandex Direct',
      priority: 0,
      condition_groups: [
        {
          id: 100,
          name: 'utm',
          conditions: [{ id: 1000, ac_parameter: 'utm_source', ac_operator: '=', value: 'yandex', is_negative: false }],
        },
      ],
      blocks: [],
    },
  ];
  return c;
}

/** A visitor's first page view at `url` (from `referrer`) and a chat message: the chat's id. */
async function chatFrom(base: string, url: string, referrer = ''): Promise<number> {
  const h = hitWrite(url, { referrer });
  const post = async (visitor: unknown, writes: unknown[]) =>
    (await (
      await fetch(base + 'w/site-a', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ visitor, writes }),
      })
    ).json()) as WriteResponse;
  const first = await post(null, [h]);
  const said = await post(first.visitor, [{ id: wid(), type: 'chat_message', hit: h.id, at: Date.now(), data: { text: 'hello' } }]);
  return (said.results[0]!.result as { chat_id: number }).chat_id;
}

describe("the console's chat", () => {
  it("names the visitor's campaign and the session's source", async () => {
    const live = await liveServer(await config());
    server = live.server;
    const base = live.base;
    const tagged = await chatFrom(base, 'http://localhost/landing?utm_source=yandex&utm_medium=cpc&utm_campaign=winter');
    const searched = await chatFrom(base, 'http://localhost/', 'https://www.google.com/search?q=buy+a+sofa');
    const direct = await chatFrom(base, 'http://localhost/');

    const cookie = await signIn(base, 'anna@example.com');
    const stream = await sse(base + 'op/api/stream', { cookie });
    streams.push(stream);
    const visit = async (id: number) =>
      (JSON.parse((await stream.next((e) => e.event === 'chat' && JSON.parse(e.data).id === id)).data) as ConsoleChat).visit;

    expect(await visit(tagged)).toEqual({
      campaign: 'Yandex Direct',
      utm_source: 'yandex',
      utm_medium: 'cpc',
      utm_campaign: 'winter',
      search_engine: null,
      search_query: null,
      referrer_domain: null,
    });
    expect(await visit(searched)).toMatchObject({
      campaign: null,
      utm_source: null,
      search_engine: expect.stringMatching(/google/i),
      search_query: 'buy a sofa',
      referrer_domain: 'www.google.com',
    });
    expect(await visit(direct)).toEqual({
      campaign: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      search_engine: null,
      search_query: null,
      referrer_domain: null,
    });
  });
});
