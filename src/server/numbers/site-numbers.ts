import type { Queryable } from '../store/queryable.js';
import { addCustomerNumber, customerNumbers, customersWithSites, numberTariff, numbersInUse } from './queries.js';

/**
 * The numbers a customer's sites use (block numbers and DT pool numbers, from the site
 * configuration or the number_block function) are numbers the customer holds: this enters the
 * ones not held yet into `customer_numbers`, with the moment it first sees them as their
 * activation date and the rental price of their category. It runs at start and before every
 * numbers and charges function reads, so a number put on a block is listed and rented from the
 * day it was first seen. A number another customer already holds stays that customer's.
 */

/** A number's category by its digits, for numbers that did not come from the capacity (which says it). */
export function numberCategory(digits: string): string {
  if (/^7800/.test(digits)) return 'tollfree';
  if (/^79/.test(digits)) return 'mobile';
  return 'local';
}

export async function enterSiteNumbers(db: Queryable, customerId: number, now: string): Promise<void> {
  const uses = await numbersInUse(db, customerId);
  // Only what is not held yet costs a statement: the usual read writes nothing.
  const seen = new Set((await customerNumbers(db, customerId)).map((n) => n.phone_number));
  for (const u of uses) {
    if (seen.has(u.number)) continue;
    seen.add(u.number);
    const category = numberCategory(u.number);
    const tariff = await numberTariff(db, category);
    await addCustomerNumber(db, {
      customer_id: customerId,
      phone_number: u.number,
      category,
      region: null,
      source: 'site',
      monthly_charge_kopecks: tariff?.monthly_charge_kopecks ?? 0,
      // A number a site brought is not connected by the service: no connection fee.
      activation_charge_kopecks: 0,
      activation_date: now,
    });
  }
}

/** enterSiteNumbers for every customer with a site (at start and after the seed). */
export async function enterAllSiteNumbers(db: Queryable, now: string): Promise<void> {
  for (const c of await customersWithSites(db)) await enterSiteNumbers(db, c, now);
}
