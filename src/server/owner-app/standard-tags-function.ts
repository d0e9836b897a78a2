import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { ensureTag } from '../reports/tags.js';
import { STANDARD_TAGS } from './schemas.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the journal's tags Target and Not target, made for the
 * customer when it has none of that name (the document lists tags but makes none;
 * `tag_communication_sale` makes Sale the same way). Answers both with their ids.
 */
export const createStandardTags = apiFunction({
  name: 'create_standard_tags',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'tags',
  summary: 'Make the standard tags (extension)',
  description:
    'Makes the tags Target and Not target where the customer has none of that name, and answers both: `{id, name}`. Not in the REST document.',
  // An employee tags the journal of their sites, so they may make the standard tags too.
  employee: { site: 'none' },
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  async run(ctx) {
    return ctx.store.db.transaction().execute(async (tx) => {
      const out = [];
      for (const name of STANDARD_TAGS) out.push({ id: await ensureTag(tx, ctx.customer.id, name), name });
      return out;
    });
  },
});
