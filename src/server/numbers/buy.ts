import type { Queryable } from '../store/queryable.js';
import { addCustomerNumber, numberTariff, takeFreeNumber } from './queries.js';

/**
 * buy_number: the region's first free number becomes the customer's, with the rental and
 * connection prices of its category at that moment, in one transaction (queries.ts
 * takeFreeNumber says why concurrent buyers get distinct numbers). Null when the region has no
 * free number left.
 */
export async function buyNumber(db: Queryable, customerId: number, region: string, now: string): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const n = await takeFreeNumber(tx, region, customerId, now);
    if (!n) return null;
    const tariff = await numberTariff(tx, n.category);
    await addCustomerNumber(tx, {
      customer_id: customerId,
      phone_number: n.phone_number,
      category: n.category,
      region,
      source: 'bought',
      monthly_charge_kopecks: tariff?.monthly_charge_kopecks ?? 0,
      activation_charge_kopecks: tariff?.activation_charge_kopecks ?? 0,
      activation_date: now,
    });
    return n.phone_number;
  });
}
