import { z } from 'zod';
import { id, int } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { blockOwner } from '../sites/blocks.js';
import { poolSize } from '../sites/pool-numbers.js';
import { poolUsage, SIZE_MARGIN } from './pool-usage.js';

/** EXTENSION (not in docs/spec/rest-api.md): how a number block's DT pool is used (pool-usage.ts), for the app's pool page. */
export const poolUsageFn = apiFunction({
  name: 'pool_usage',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'How a dynamic pool is used (extension)',
  description: `\`{size, hours, week, peak_wanted, suggested_size}\` of a block with a DT pool: hour by hour over the last \`hours\` (24 or 168; the running hour last) the most numbers leased at once and the visits that found every number leased; over the last 7 days the visits that found it dry, in how many hours, and the visits refused for the share per address or browser family; the most numbers wanted at once in one hour (leased at once + visits that found it dry) and the size it suggests, ${SIZE_MARGIN * 100}% above that, rounded up. Not in the REST document.`,
  names: { block_id: 'number_block' },
  args: z.object({
    block_id: id(),
    hours: int().min(1).max(168).default(24).describe('the last hours, default 24, at most 168 (7 days)'),
  }),
  response: z.strictObject({
    size: z.number().int(),
    hours: z.array(
      z.strictObject({ at: z.string().describe('the hour’s start, ISO 8601 UTC'), leased: z.number().int(), dry: z.number().int() }),
    ),
    week: z.strictObject({ dry_visits: z.number().int(), dry_hours: z.number().int(), share_refusals: z.number().int() }),
    peak_wanted: z.number().int(),
    suggested_size: z.number().int(),
  }),
  async run(ctx, a) {
    const block = await blockOwner(ctx.store.db, a.block_id);
    if (!block || block.customer_id !== ctx.customer.id) throw apiErrors.notFound('number_block', a.block_id);
    if (!block.is_dt_enabled) throw apiErrors.invalid('block_id', 'the block has no dynamic pool');
    return poolUsage(ctx.store.db, a.block_id, await poolSize(ctx.store.db, a.block_id), a.hours, ctx.now());
  },
});
