import type { Queryable } from '../store/queryable.js';
import { numberKey, numberVariants } from './keys.js';
import { addCustomerNumber, capacityHolderIs, holderOf, numberTariff, takeFreeNumber } from './queries.js';

/**
 * buy_number: the region's first free number nobody holds becomes the customer's, with the rental
 * and connection prices of its category at that moment, in one transaction (queries.ts
 * takeFreeNumber says why concurrent buyers get distinct numbers). A capacity number some customer
 * holds already (given by the operator's configuration, in any of its forms) is never sold: its
 * capacity row is marked as the holder's and the next one is tried. Null when the region has no
 * free number left.
 */
export async function buyNumber(db: Queryable, customerId: number, region: string, now: string): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    for (;;) {
      const n = await takeFreeNumber(tx, region, customerId, now);
      if (!n) return null;
      const variants = numberVariants(numberKey(n.phone_number) ?? n.phone_number);
      const holder = await holderOf(tx, variants);
      const tariff = holder == null ? await numberTariff(tx, n.category) : null;
      const added =
        holder == null &&
        (await addCustomerNumber(tx, {
          customer_id: customerId,
          phone_number: n.phone_number,
          category: n.category,
          region,
          source: 'bought',
          monthly_charge_kopecks: tariff?.monthly_charge_kopecks ?? 0,
          activation_charge_kopecks: tariff?.activation_charge_kopecks ?? 0,
          activation_date: now,
        }));
      if (added) return n.phone_number;
      // Held by someone: the capacity row takeFreeNumber gave the buyer names the holder instead.
      const owner = holder ?? (await holderOf(tx, variants))!;
      await capacityHolderIs(tx, n.phone_number, owner);
    }
  });
}
