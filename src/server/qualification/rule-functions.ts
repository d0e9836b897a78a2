import { z } from 'zod';
import { id, int, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { numaListOwner } from '../numbers/numa-lists.js';
import { tagOfCustomer } from '../reports/tags.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { siteById } from '../sites/sites.js';
import { timestamp } from '../store/time.js';
import { requalifySite } from './requalify.js';
import { deleteRule, insertRule, QUALIFIABLE_KINDS, rulesOfSite, updateRule, type QualificationRule } from './rules.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): a site's qualification rules (docs/conversions.md,
 * "Qualified calls"). A rule is named uniquely on its site; setting one (new or changed) tries the
 * site's communications of the last days not qualified yet again, deleting one qualifies nothing
 * more and unqualifies nothing.
 */

const siteArg = { site_id: id() };

const ruleShape = {
  name: text(100),
  kinds: z.array(z.enum(QUALIFIABLE_KINDS)).min(1).max(4).default(['call', 'sitephone']),
  answered: z.boolean().default(false),
  min_talk_seconds: z.number().int().min(0).max(86_400).nullable().default(null),
  first_time: z.boolean().default(false),
  excluded_numa_list_id: id().nullable().default(null),
  campaign_ids: z.array(int()).max(100).nullable().default(null).describe('-1: none; null: any'),
  tag_ids: z.array(id()).max(20).default([]),
};

const ruleRecord = z.strictObject({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  kinds: z.array(z.enum(QUALIFIABLE_KINDS)),
  answered: z.boolean(),
  min_talk_seconds: z.number().int().nullable(),
  first_time: z.boolean(),
  excluded_numa_list_id: z.number().int().nullable(),
  campaign_ids: z.array(z.number().int()).nullable(),
  tag_ids: z.array(z.number().int()),
});

const record = (r: QualificationRule) => ({
  id: r.id,
  site_id: r.site_id,
  name: r.name,
  kinds: r.kinds,
  answered: r.answered,
  min_talk_seconds: r.min_talk_seconds,
  first_time: r.first_time,
  excluded_numa_list_id: r.excluded_numa_list_id,
  campaign_ids: r.campaign_ids,
  tag_ids: r.tag_ids,
});

async function ownSite(ctx: CustomerContext, siteId: number): Promise<void> {
  const site = await siteById(ctx.store.db, siteId);
  if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.notFound('site', siteId);
}

/** What a rule names must be the customer's: its numa list, its site's campaigns, its tags. */
async function checkNamed(
  ctx: CustomerContext,
  siteId: number,
  a: { excluded_numa_list_id: number | null; campaign_ids: number[] | null; tag_ids: number[] },
) {
  const { db } = ctx.store;
  if (a.excluded_numa_list_id != null && (await numaListOwner(db, a.excluded_numa_list_id)) !== ctx.customer.id)
    throw apiErrors.notFound('numa list', a.excluded_numa_list_id);
  if (a.campaign_ids) {
    const known = new Set((await campaignsOfSite(db, siteId)).map((c) => c.id));
    const other = a.campaign_ids.find((c) => c !== -1 && !known.has(c));
    if (other !== undefined) throw apiErrors.notFound('campaign', other);
  }
  for (const t of a.tag_ids) if (!(await tagOfCustomer(db, ctx.customer.id, t))) throw apiErrors.notFound('tag', t);
}

export const qualificationRules = apiFunction({
  name: 'qualification_rules',
  verb: 'GET',
  scope: 'customer',
  list: true,
  extension: true,
  tag: 'reports',
  summary: 'A site’s qualification rules (extension)',
  description: 'The site’s rules, in the order they are tried. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object(siteArg),
  response: z.array(ruleRecord),
  async run(ctx, a) {
    await ownSite(ctx, a.site_id);
    const rules = await rulesOfSite(ctx.store.db, a.site_id);
    ctx.setTotal(rules.length);
    return rules.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit).map(record);
  },
});

export const setQualificationRule = apiFunction({
  name: 'set_qualification_rule',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Add or change a qualification rule (extension)',
  description:
    'Sets rule `name` of `site_id` (`new_name` renames it); answers `{id, qualified}`, what the rules marked now (last 90 days). Not in the REST document.',
  names: { site_id: 'site', excluded_numa_list_id: 'numa_list', campaign_ids: 'campaign', tag_ids: 'tag' },
  // What the rules mark now goes to the site's conversion destinations too (conversions/).
  needs: ['conversions'],
  args: z.object({ ...siteArg, ...ruleShape, new_name: text(100).optional() }),
  response: z.strictObject({ id: z.number().int(), qualified: z.number().int() }),
  async run(ctx, { site_id: siteId, new_name: newName, ...a }) {
    await ownSite(ctx, siteId);
    await checkNamed(ctx, siteId, a);
    const { db } = ctx.store;
    const now = ctx.now();
    const rules = await rulesOfSite(db, siteId);
    const named = rules.find((r) => r.name === a.name);
    if (newName !== undefined && !named) throw apiErrors.notFound('qualification rule', a.name);
    if (newName !== undefined && newName !== a.name && rules.some((r) => r.name === newName))
      throw apiErrors.duplicate(`rule name ${newName}`);
    const fields = { ...a, name: newName ?? a.name };
    const out = named?.id ?? (await insertRule(db, siteId, fields, timestamp(now)));
    if (named) await updateRule(db, named.id, fields, timestamp(now));
    return { id: out, qualified: await requalifySite(ctx.store, siteId, now, ctx.services.conversions.enqueueQualified) };
  },
});

export const deleteQualificationRule = apiFunction({
  name: 'delete_qualification_rule',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Delete a qualification rule (extension)',
  description: 'Deletes rule `name` of `site_id`; what it qualified stays so. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object({ ...siteArg, name: text(100) }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownSite(ctx, a.site_id);
    const rule = (await rulesOfSite(ctx.store.db, a.site_id)).find((r) => r.name === a.name);
    if (!rule) throw apiErrors.notFound('qualification rule', a.name);
    await deleteRule(ctx.store.db, rule.id);
    return undefined;
  },
});
