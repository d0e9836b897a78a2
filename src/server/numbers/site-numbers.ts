import type { Queryable } from '../store/queryable.js';
import { numberKey, numberVariants } from './keys.js';
import {
  addCustomerNumber,
  allNumberUses,
  customerNumbers,
  heldNumbers,
  holderOf,
  markCapacityTaken,
  numberTariff,
  type SiteNumberUse,
} from './queries.js';

/**
 * Which customer a number the sites show belongs to (docs/calls.md, "Which campaign a call is credited
 * to"). A number is one customer's at a time: a row of `customer_numbers`, bought (buy_number) or
 * given by the operator, whose tools are the site configuration file and the telephony seed. The
 * REST API refuses a block or pool with a number the customer does not hold
 * (numbers/number-block-functions.ts); the operator's configuration is trusted, and the numbers its
 * blocks, pools and reserved numbers show are entered here as the customer's: at start, after the
 * seed, after every import, and before the numbers and charges functions read.
 *
 * A number nobody holds yet goes to the customer whose block used it first (the lowest block id;
 * reserved numbers after every block): the one that has shown it longest. A number someone holds
 * stays theirs; another customer's blocks that show it keep working but are not credited with its
 * calls, and `numberConflicts` lists them for the log. A number that became a customer's this way
 * and is in the capacity is no longer for sale.
 */

/** A number's category by its digits, for numbers that did not come from the capacity (which says it). */
export function numberCategory(digits: string): string {
  if (/^7800/.test(digits)) return 'tollfree';
  if (/^79/.test(digits)) return 'mobile';
  return 'local';
}

const keyOf = (n: string) => numberKey(n) ?? n;

/**
 * Gives a number to a customer as the operator's tools do, in any of its stored forms: false, and
 * nothing changes, when someone holds it already.
 */
export async function giveNumber(db: Queryable, customerId: number, number: string, now: string): Promise<boolean> {
  const key = keyOf(number);
  const variants = numberVariants(key);
  if ((await holderOf(db, variants)) != null) return false;
  const category = numberCategory(key);
  const tariff = await numberTariff(db, category);
  const added = await addCustomerNumber(db, {
    customer_id: customerId,
    phone_number: number,
    category,
    region: null,
    source: 'site',
    monthly_charge_kopecks: tariff?.monthly_charge_kopecks ?? 0,
    // A number a site brought is not connected by the service: no connection fee.
    activation_charge_kopecks: 0,
    activation_date: now,
  });
  if (added) await markCapacityTaken(db, variants, customerId, now);
  return added;
}

async function enterUses(db: Queryable, uses: readonly SiteNumberUse[], held: Set<string>, now: string): Promise<void> {
  for (const u of uses) {
    const key = keyOf(u.number);
    if (held.has(key)) continue;
    held.add(key);
    await giveNumber(db, u.customer_id, u.number, now);
  }
}

/** Enters the numbers one customer's sites show that nobody holds yet. */
export async function enterSiteNumbers(db: Queryable, customerId: number, now: string): Promise<void> {
  // Only what is not held yet costs a statement: the usual read writes nothing.
  const held = new Set((await customerNumbers(db, customerId)).map((n) => keyOf(n.phone_number)));
  await enterUses(db, await allNumberUses(db, customerId), held, now);
}

/** Enters the numbers every site shows that nobody holds yet, the first user of a shared one winning. */
export async function enterAllSiteNumbers(db: Queryable, now: string): Promise<void> {
  const held = new Set((await heldNumbers(db)).map((n) => keyOf(n.phone_number)));
  await enterUses(db, await allNumberUses(db), held, now);
}

/** A number shown by sites of customers other than its holder. */
export interface NumberConflict {
  number: string;
  holder: number;
  /** The other customers whose blocks or reserved numbers show it; their calls to it are the holder's. */
  others: number[];
}

export async function numberConflicts(db: Queryable): Promise<NumberConflict[]> {
  const holders = new Map((await heldNumbers(db)).map((n) => [keyOf(n.phone_number), n.customer_id]));
  const others = new Map<string, Set<number>>();
  for (const u of await allNumberUses(db)) {
    const key = keyOf(u.number);
    const holder = holders.get(key);
    if (holder != null && holder !== u.customer_id) others.set(key, (others.get(key) ?? new Set()).add(u.customer_id));
  }
  return [...others].map(([number, set]) => ({ number, holder: holders.get(number)!, others: [...set].sort((a, b) => a - b) }));
}
