import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { NOT_TARGET_TAG_NAMES, SALE_TAG_NAMES } from '../reports/report-common.js';
import { createCustomTag, customTags, deleteCustomTag } from '../reports/tags.js';
import { sitesOfCustomer } from '../sites/sites.js';
import { rulesSettingTag } from './rules.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's own tags beside the standard Target,
 * Not target and Sale (docs/conversions.md). They are tags like any other: `tag` lists them,
 * `tag_communication` sets them, the reports show them; a qualification rule may set them, so a
 * tag a rule sets is not deleted until the rule stops setting it.
 */

/** The standard tags' names (either language), kept for them even before the customer has them. */
const STANDARD_NAMES = new Set<string>(['Target', 'Целевой', ...NOT_TARGET_TAG_NAMES, ...SALE_TAG_NAMES].map((n) => n.toLowerCase()));

const tagRecord = z.strictObject({ id: z.number().int(), name: z.string() });

export const customTagList = apiFunction({
  name: 'custom_tags',
  verb: 'GET',
  scope: 'customer',
  list: true,
  extension: true,
  tag: 'tags',
  summary: 'List the custom tags (extension)',
  description: 'The tags the customer made: `{id, name}`. Not in the REST document.',
  args: z.object({}),
  response: z.array(tagRecord),
  async run(ctx) {
    const all = await customTags(ctx.store.db, ctx.customer.id);
    ctx.setTotal(all.length);
    return all.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit);
  },
});

export const createCustomTagFn = apiFunction({
  name: 'create_custom_tag',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'tags',
  summary: 'Make a custom tag (extension)',
  description: 'Makes tag `name`; a name taken is `409 100503`. Not in the REST document.',
  args: z.object({ name: text(100) }),
  response: tagRecord,
  async run(ctx, a) {
    const made = STANDARD_NAMES.has(a.name.toLowerCase()) ? null : await createCustomTag(ctx.store.db, ctx.customer.id, a.name);
    if (made == null) throw apiErrors.duplicate(`tag name ${a.name}`);
    return { id: made, name: a.name };
  },
});

export const deleteCustomTagFn = apiFunction({
  name: 'delete_custom_tag',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'tags',
  summary: 'Delete a custom tag (extension)',
  description: 'Deletes custom tag `id` from everywhere; one a rule sets is `409 100409`. Not in the REST document.',
  names: { id: 'tag' },
  args: z.object({ id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ctx.store.db.transaction().execute(async (tx) => {
      const sites = (await sitesOfCustomer(tx, ctx.customer.id, { limit: 1e6, offset: 0 })).map((s) => s.id);
      const rule = (await rulesSettingTag(tx, sites, a.id))[0];
      if (rule) throw apiErrors.wrongState(`The tag is set by the qualification rule ${rule.name} (site ${rule.site_id})`);
      if (!(await deleteCustomTag(tx, ctx.customer.id, a.id))) throw apiErrors.notFound('custom tag', a.id);
    });
    return undefined;
  },
});
