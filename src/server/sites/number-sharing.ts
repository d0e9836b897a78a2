import type { Queryable } from '../store/queryable.js';

/**
 * One number in two campaigns cannot say which campaign a call came from: the call is credited to
 * the site, with no campaign (telephony/attribution.ts, rule 3). So a block of a campaign is refused
 * a number another live campaign of the customer already shows, unless its owner accepts that.
 */

/** The live campaign other than `acId` whose blocks show the number (any of its `variants`, as static number or in a pool), or null. */
export async function otherCampaignShowing(
  db: Queryable,
  customerId: number,
  variants: readonly string[],
  acId: number,
): Promise<{ id: number; name: string } | null> {
  const row = await db
    .selectFrom('site_blocks as b')
    .innerJoin('ad_campaigns as a', 'a.id', 'b.ac_id')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select(['a.id', 'a.name'])
    .where('s.customer_id', '=', customerId)
    .where('s.removed_at', 'is', null)
    .where('a.removed_at', 'is', null)
    .where('a.id', '<>', acId)
    .where((eb) =>
      eb.or([
        eb('b.numb', 'in', variants),
        eb.exists(
          eb.selectFrom('dt_pool_numbers as p').select('p.id').whereRef('p.block_id', '=', 'b.id').where('p.number', 'in', variants),
        ),
      ]),
    )
    .orderBy('a.id')
    .executeTakeFirst();
  return row ?? null;
}
