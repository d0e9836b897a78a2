import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { tagCount, tags } from './tags.js';

/** Tags of communications (docs/spec/rest-api.md, "Tag"); tagging itself comes with the reports. */
export const tag = apiFunction({
  name: 'tag',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'tags',
  summary: 'List tags',
  description: 'The customer’s tags: `{id, name}`.',
  employee: { site: 'none' },
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  async run(ctx) {
    ctx.setTotal(await tagCount(ctx.store.db, ctx.customer.id));
    return tags(ctx.store.db, ctx.customer.id, ctx.page);
  },
});
