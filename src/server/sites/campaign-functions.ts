import { z } from 'zod';
import { CONDITION_PARAMETERS } from './condition-pattern.js';
import { blocksOf } from './blocks.js';
import {
  campaignConditionRows,
  conditionGroupOwner,
  conditionOwner,
  createCondition,
  createConditionGroup,
  deleteCondition,
} from './conditions.js';
import { campaignCountOfCustomer, campaignNameTaken, campaignOwner, campaignsOfCustomer, createCampaign } from './campaigns.js';
import { poolNumbers } from './pool-numbers.js';
import { siteById } from './sites.js';
import type { Queryable } from '../store/queryable.js';
import { conditionPatternError } from './condition-pattern.js';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { jsonText } from '../api/responses.js';

/**
 * Ad campaigns and their conditions (docs/spec/rest-api.md, "Sites, campaigns, tags"). Every
 * change calls store.siteDataChanged(), so the next page view matches against it without a restart.
 */

/** A live campaign of the customer, or 100410 (another customer's reads the same as none). */
export async function ownCampaign(db: Queryable, customerId: number, acId: number): Promise<{ site_id: number }> {
  const c = await campaignOwner(db, acId);
  if (!c || c.customer_id !== customerId) throw apiErrors.notFound('ac', acId);
  return c;
}

export const ac = apiFunction({
  name: 'ac',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'campaigns',
  summary: 'List ad campaigns',
  description: 'The customer’s ad campaigns, of one site (`site_id`) or all.',
  employee: { site: 'optional', siteOfRow: 'site_id' },
  names: { site_id: 'site' },
  args: z.object({ site_id: id().optional() }),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string(), site_id: z.number().int().describe('EXTENSION') })),
  async run(ctx, a) {
    const { db } = ctx.store;
    if (a.site_id !== undefined) {
      const s = await siteById(db, a.site_id);
      if (!s || s.customer_id !== ctx.customer.id) throw apiErrors.invalidCustomerForSite(a.site_id);
    }
    ctx.setTotal(await campaignCountOfCustomer(db, ctx.customer.id, a.site_id ?? null));
    return campaignsOfCustomer(db, ctx.customer.id, a.site_id ?? null, ctx.page);
  },
});

export const createAc = apiFunction({
  name: 'create_ac',
  verb: 'POST',
  scope: 'customer',
  tag: 'campaigns',
  summary: 'Create an ad campaign',
  description: 'Adds an ad campaign to a site. Answers `{ac_id}`; a name the site already has is `100502`.',
  names: { site_id: 'site' },
  args: z.object({ site_id: id(), name: text() }),
  response: z.strictObject({ ac_id: z.number().int() }),
  async run(ctx, a) {
    const { db } = ctx.store;
    const s = await siteById(db, a.site_id);
    if (!s || s.customer_id !== ctx.customer.id) throw apiErrors.databaseError();
    const acId = await db.transaction().execute(async (tx) => {
      if (await campaignNameTaken(tx, a.site_id, a.name)) throw apiErrors.duplicateAcName();
      return createCampaign(tx, a.site_id, a.name);
    });
    ctx.store.siteDataChanged();
    return { ac_id: acId };
  },
});

export const acCondition = apiFunction({
  name: 'ac_condition',
  verb: 'GET',
  scope: 'customer',
  tag: 'campaigns',
  summary: 'Read a campaign’s settings',
  description: 'The settings of campaign `id`: its conditions and number blocks, both lists as JSON text.',
  names: { id: 'campaign' },
  args: z.object({ id: id() }),
  response: z.array(
    z.strictObject({
      ac_id: z.number().int(),
      is_dt_enabled: z.boolean(),
      ac_conditions: jsonText(
        'an array of {ac_condition_group_id, ac_condition_group_name, id, ac_parameter, ac_operator, value, is_negative}',
      ),
      site_blocks: jsonText('an array of {id, name, phone_type, numb, forward_numb, is_dt_enabled, dt_number_pool_numbers}'),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const owner = await ownCampaign(db, ctx.customer.id, a.id);
    const rows = await campaignConditionRows(db, a.id);
    const conditions = rows
      .filter((r) => r.id != null)
      .map((r) => ({
        ac_condition_group_id: r.group_id,
        ac_condition_group_name: r.group_name,
        id: r.id,
        ac_parameter: r.ac_parameter,
        ac_operator: r.ac_operator,
        value: r.value,
        is_negative: !!r.is_negative,
      }));
    const blocks = [];
    for (const b of await blocksOf(db, owner.site_id, a.id)) {
      const pool = await poolNumbers(db, b.id);
      blocks.push({
        id: b.id,
        name: b.name,
        phone_type: b.phone_type,
        numb: b.numb,
        forward_numb: b.forward_numb,
        is_dt_enabled: !!b.is_dt_enabled,
        // The document: "may hold a single null" when the block has no pool.
        dt_number_pool_numbers: pool.length ? pool : [null],
      });
    }
    return [
      {
        ac_id: a.id,
        is_dt_enabled: blocks.some((b) => b.is_dt_enabled),
        // The document's records carry these nested lists as JSON text inside the record.
        ac_conditions: JSON.stringify(conditions),
        site_blocks: JSON.stringify(blocks),
      },
    ];
  },
});

export const createAcConditionGroup = apiFunction({
  name: 'create_ac_condition_group',
  verb: 'POST',
  scope: 'customer',
  tag: 'campaigns',
  summary: 'Add a condition group',
  description:
    'Adds a condition group to a campaign; the campaign matches a visit when any of its groups holds. Answers `{ac_condition_group_id}`.',
  names: { ac_id: 'campaign' },
  args: z.object({ ac_id: id(), name: text() }),
  response: z.strictObject({ ac_condition_group_id: z.number().int() }),
  async run(ctx, a) {
    await ownCampaign(ctx.store.db, ctx.customer.id, a.ac_id);
    const groupId = await createConditionGroup(ctx.store.db, a.ac_id, a.name);
    ctx.store.siteDataChanged();
    return { ac_condition_group_id: groupId };
  },
});

/** A `~` value: a pattern RE2 compiles (sites/condition-pattern.ts), so it runs in linear time. */
const conditionArgs = z
  .object({
    ac_condition_group_id: id(),
    ac_parameter: z.enum(CONDITION_PARAMETERS),
    ac_operator: z.enum(['=', '~', 'sub']),
    value: z.string().min(1).max(1000),
    is_negative: z.boolean(),
    /** The document's example sends it too: when given, it must be the group's campaign. */
    ac_id: id().optional(),
  })
  .superRefine((c, ctx) => {
    const error = c.ac_operator === '~' ? conditionPatternError(c.value) : null;
    if (error) ctx.addIssue({ code: 'custom', message: `value is not a pattern the server can run: ${error}`, path: ['value'] });
  });

export const createAcCondition = apiFunction({
  name: 'create_ac_condition',
  verb: 'POST',
  scope: 'customer',
  tag: 'campaigns',
  summary: 'Add a condition',
  description:
    'Adds a condition to a group; a group holds when all its conditions hold. `ac_parameter` names what is compared ' +
    '(for example `utm_source`, `referrer`), `ac_operator` how. Answers `{ac_condition_id}`.',
  names: { ac_condition_group_id: 'condition_group', ac_id: 'campaign' },
  args: conditionArgs,
  response: z.strictObject({ ac_condition_id: z.number().int() }),
  async run(ctx, a) {
    const { db } = ctx.store;
    const g = await conditionGroupOwner(db, a.ac_condition_group_id);
    if (!g || g.customer_id !== ctx.customer.id) throw apiErrors.notFound('ac_condition_group', a.ac_condition_group_id);
    if (a.ac_id !== undefined && a.ac_id !== g.ac_id)
      throw apiErrors.invalid('ac_id', `group ${a.ac_condition_group_id} is of campaign ${g.ac_id}`);
    const conditionId = await createCondition(db, {
      ac_condition_group_id: a.ac_condition_group_id,
      ac_parameter: a.ac_parameter,
      ac_operator: a.ac_operator,
      value: a.value,
      is_negative: a.is_negative ? 1 : 0,
    });
    ctx.store.siteDataChanged();
    return { ac_condition_id: conditionId };
  },
});

export const deleteAcCondition = apiFunction({
  name: 'delete_ac_condition',
  verb: 'POST',
  scope: 'customer',
  tag: 'campaigns',
  summary: 'Delete a condition',
  description: 'Deletes a condition of a campaign.',
  names: { ac_id: 'campaign', ac_condition_id: 'condition' },
  args: z.object({ ac_id: id(), ac_condition_id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    const { db } = ctx.store;
    await ownCampaign(db, ctx.customer.id, a.ac_id);
    const c = await conditionOwner(db, a.ac_condition_id);
    if (!c || c.customer_id !== ctx.customer.id || c.ac_id !== a.ac_id) throw apiErrors.notFound('ac_condition', a.ac_condition_id);
    await deleteCondition(db, a.ac_condition_id);
    ctx.store.siteDataChanged();
    return undefined;
  },
});
