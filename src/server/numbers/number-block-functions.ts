import { z } from 'zod';
import { phone } from '../api/phone.js';
import { PHONE_ID } from '../../protocol.js';
import { blockOwner, blocksOf, createBlock, deleteBlock, updateBlock, type BlockFullRow } from '../sites/blocks.js';
import { poolNumbers, setPoolNumbers } from '../sites/pool-numbers.js';
import { siteById } from '../sites/sites.js';
import { holderOf } from './queries.js';
import type { Queryable } from '../store/queryable.js';
import { numberKey, numberVariants } from './keys.js';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { ownCampaign } from '../sites/campaign-functions.js';
import { otherCampaignShowing } from '../sites/number-sharing.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): number blocks, so that a campaign made through
 * the API can get numbers of its own. One function, `number_block`, by verb: GET lists a
 * campaign's blocks (`ac_id`) or a site's default blocks (`site_id`), POST creates, PUT changes,
 * DELETE deletes. A block replaces what its `selector` names (`#id`, `.class`, `[name=x]` or
 * `number=<digits>`) with `numb`, or with a number leased from its DT pool when it has one.
 * `numb` and the pool take only the customer's own numbers (a number is one customer's at a time:
 * README "Which campaign a call is credited to"); another is refused with 100403 and nothing changes.
 */

const digits = z.string().regex(/^\d{5,15}$/, '5 to 15 digits');
const pool = z
  .array(digits)
  .max(500)
  .refine((a) => new Set(a).size === a.length, 'numbers must differ');
const fields = {
  name: text(),
  selector: z.string().max(200).regex(PHONE_ID, '#id, .class, [name=x] or number=<digits>'),
  numb: digits.nullable().optional(),
  forward_numb: phone().nullable().optional(),
  phone_type: text(64).nullable().optional(),
  /** Display text of `numb`; by default the snippet writes it in the pattern of the number it replaces. */
  text: z.string().max(64).nullable().optional(),
  /** Dynamic-tracking numbers; a block with any has is_dt_enabled. */
  dt_pool_numbers: pool.optional(),
  allow_shared_number: z
    .boolean()
    .optional()
    .describe('EXTENSION: accept a number another campaign shows too (its calls then go to the site, with no campaign)'),
};

/** A block in the document's shape ("Number block element"), with its selector, ac_id and site_id. */
const blockSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  phone_type: z.string().nullable(),
  numb: z.string().nullable(),
  forward_numb: z.string().nullable(),
  is_dt_enabled: z.boolean(),
  dt_number_pool_numbers: z.array(z.string().nullable()).describe('the DT pool; [null] when the block has none'),
  selector: z.string(),
  ac_id: z.number().int().nullable(),
  site_id: z.number().int(),
});

/** A block in the document's shape ("Number block element"), with its selector. */
export async function blockRecord(db: Queryable, b: BlockFullRow): Promise<z.input<typeof blockSchema>> {
  const numbers = await poolNumbers(db, b.id);
  return {
    id: b.id,
    name: b.name,
    phone_type: b.phone_type,
    numb: b.numb,
    forward_numb: b.forward_numb,
    is_dt_enabled: !!b.is_dt_enabled,
    dt_number_pool_numbers: numbers.length ? numbers : [null],
    selector: b.selector,
    ac_id: b.ac_id,
    site_id: b.site_id,
  };
}

/** The site a block goes on: a campaign's (`ac_id`) or the one named (`site_id`), the customer's either way. */
async function target(
  ctx: CustomerContext,
  a: { site_id?: number | undefined; ac_id?: number | undefined },
): Promise<{ siteId: number; acId: number | null }> {
  const { db } = ctx.store;
  if (a.ac_id !== undefined) {
    const c = await ownCampaign(db, ctx.customer.id, a.ac_id);
    if (a.site_id !== undefined && a.site_id !== c.site_id)
      throw apiErrors.invalid('site_id', `campaign ${a.ac_id} is of site ${c.site_id}`);
    return { siteId: c.site_id, acId: a.ac_id };
  }
  if (a.site_id === undefined) throw apiErrors.missing('ac_id or site_id');
  const s = await siteById(db, a.site_id);
  if (!s || s.customer_id !== ctx.customer.id) throw apiErrors.invalidCustomerForSite(a.site_id);
  return { siteId: a.site_id, acId: null };
}

/** Refuses a number the customer does not hold, in any of its stored forms. */
async function ownNumbers(db: Queryable, customerId: number, numbers: ReadonlyArray<string | null | undefined>): Promise<void> {
  for (const n of numbers) {
    if (n == null) continue;
    if ((await holderOf(db, numberVariants(numberKey(n) ?? n))) !== customerId) throw apiErrors.notOwnNumber(n);
  }
}

/**
 * Refuses a number another live campaign shows (409 100409, naming it): a call to a number two
 * campaigns show is credited to neither (sites/number-sharing.ts), unless the caller accepts that.
 */
async function notShared(db: Queryable, customerId: number, acId: number | null, numbers: ReadonlyArray<string | null | undefined>) {
  if (acId == null) return;
  for (const n of numbers) {
    if (n == null) continue;
    const other = await otherCampaignShowing(db, customerId, numberVariants(numberKey(n) ?? n), acId);
    if (other)
      throw apiErrors.wrongState(
        `Number ${n} is already in campaign "${other.name}" (${other.id}): calls to a number of two campaigns go to the site, ` +
          'with no campaign; send allow_shared_number to accept that',
      );
  }
}

async function ownBlock(ctx: CustomerContext, blockId: number): Promise<BlockFullRow> {
  const b = await blockOwner(ctx.store.db, blockId);
  if (!b || b.customer_id !== ctx.customer.id) throw apiErrors.notFound('number_block', blockId);
  const { customer_id: _c, ...row } = b;
  return row;
}

export const numberBlocks = apiFunction({
  name: 'number_block',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'List number blocks (extension)',
  description: 'A campaign’s number blocks (`ac_id`) or a site’s default blocks (`site_id`). Not in the REST document.',
  names: { ac_id: 'campaign', site_id: 'site' },
  args: z.object({ ac_id: id().optional(), site_id: id().optional() }),
  response: z.array(blockSchema),
  async run(ctx, a) {
    const t = await target(ctx, a);
    const out = [];
    for (const b of await blocksOf(ctx.store.db, t.siteId, t.acId)) out.push(await blockRecord(ctx.store.db, b));
    return out;
  },
});

export const createNumberBlock = apiFunction({
  name: 'number_block',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'Add a number block (extension)',
  description:
    'Adds a number block to a campaign (`ac_id`) or to a site’s defaults (`site_id`). Its numbers must be the customer’s ' +
    '(`100403`); a number another campaign shows is `409 100409` naming that campaign, unless `allow_shared_number`. ' +
    'Answers `{id}`. Not in the REST document.',
  names: { ac_id: 'campaign', site_id: 'site' },
  args: z.object({ ac_id: id().optional(), site_id: id().optional(), ...fields }),
  response: z.strictObject({ id: z.number().int() }),
  async run(ctx, a) {
    const t = await target(ctx, a);
    const pool = a.dt_pool_numbers ?? [];
    const blockId = await ctx.store.db.transaction().execute(async (tx) => {
      await ownNumbers(tx, ctx.customer.id, [a.numb, ...pool]);
      if (!a.allow_shared_number) await notShared(tx, ctx.customer.id, t.acId, [a.numb, ...pool]);
      const newId = await createBlock(tx, {
        site_id: t.siteId,
        ac_id: t.acId,
        name: a.name,
        selector: a.selector,
        numb: a.numb ?? null,
        forward_numb: a.forward_numb ?? null,
        phone_type: a.phone_type ?? null,
        text: a.text ?? null,
        image: null,
        is_dt_enabled: pool.length ? 1 : 0,
      });
      await setPoolNumbers(tx, newId, pool);
      return newId;
    });
    ctx.store.siteDataChanged();
    return { id: blockId };
  },
});

export const changeNumberBlock = apiFunction({
  name: 'number_block',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'Change a number block (extension)',
  description: 'Sets the fields given; `dt_pool_numbers` replaces the pool. Not in the REST document.',
  names: { id: 'number_block' },
  args: z.object({ id: id(), ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) } as {
    id: ReturnType<typeof id>;
  } & { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> }),
  response: acknowledgement,
  async run(ctx, a) {
    const block = await ownBlock(ctx, a.id);
    const { id: blockId, dt_pool_numbers: pool, allow_shared_number: shared, ...set } = a;
    const values = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    await ctx.store.db.transaction().execute(async (tx) => {
      await ownNumbers(tx, ctx.customer.id, [a.numb, ...(pool ?? [])]);
      if (!shared) await notShared(tx, ctx.customer.id, block.ac_id, [a.numb, ...(pool ?? [])]);
      await updateBlock(tx, blockId, { ...values, ...(pool ? { is_dt_enabled: pool.length ? 1 : 0 } : {}) });
      if (pool) await setPoolNumbers(tx, blockId, pool);
    });
    ctx.store.siteDataChanged();
    return undefined;
  },
});

export const deleteNumberBlock = apiFunction({
  name: 'number_block',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'Delete a number block (extension)',
  description: 'Deletes a number block and its DT pool. Not in the REST document.',
  names: { id: 'number_block' },
  args: z.object({ id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownBlock(ctx, a.id);
    await deleteBlock(ctx.store.db, a.id);
    ctx.store.siteDataChanged();
    return undefined;
  },
});
