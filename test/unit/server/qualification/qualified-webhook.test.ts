import { afterEach, describe, expect, it } from 'vitest';
import { insertRule } from '../../../../src/server/qualification/rules.js';
import { ensureTag } from '../../../../src/server/reports/tags.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { callEvents, postEvent } from '../telephony-helpers.js';
import { startReceiver } from '../webhooks/receiver.js';
import { addEndpoint, webhookServer } from '../webhooks/world.js';

/** A call's `call.ended` webhook carries its qualification, its tags by name and why it was credited (docs/webhooks.md). */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

describe('the call webhook', () => {
  it('a call qualified as it ended is sent qualified, with the rule’s tag and its attribution', async () => {
    const s = await webhookServer({ t: Date.now() });
    open.push(s);
    const r = await startReceiver();
    open.push(r);
    await addEndpoint(s, r.url, ['call.ended']);
    const tag = await ensureTag(s.store.db, 1, 'Hot lead');
    const rule = await insertRule(
      s.store.db,
      1,
      {
        name: 'Talked',
        kinds: ['call'],
        answered: true,
        min_talk_seconds: 10,
        first_time: false,
        excluded_numa_list_id: null,
        campaign_ids: null,
        tag_ids: [tag],
      },
      timestamp(),
    );
    for (const ev of callEvents({ callId: 'w-1', from: '79161234567', to: '74957770011', talk: 20 }))
      expect((await postEvent(s, ev)).statusCode).toBe(200);
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.json).toMatchObject({
      type: 'call.ended',
      record: {
        qualified: true,
        qualification_rule_id: rule,
        tags: [tag],
        tag_list: [{ id: tag, tag: 'Hot lead' }],
        attribution: { code: 'default_block', words: expect.stringContaining('every visitor'), details: { block_id: 1 } },
      },
    });
  });
});
