import type { Queryable } from '../store/queryable.js';

/**
 * The customer's time zone: the REST API's dates, the console's and the app's are written in it,
 * and its days (reports, charges) begin at its midnight. `zone` is checked by the caller.
 */
export async function setCustomerTimeZone(db: Queryable, customerId: number, zone: string): Promise<void> {
  await db.updateTable('customers').set({ time_zone: zone }).where('id', '=', customerId).execute();
}
