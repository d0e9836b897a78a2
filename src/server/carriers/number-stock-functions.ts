import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { ApiError } from '../http/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { addCarrierNumber, carrierNumbersOf, holdersOf, releaseCustomerNumber } from '../numbers/carrier-numbers.js';
import { heldNumber, numbersInUse, allNumberUses } from '../numbers/queries.js';
import { enterSiteNumbers } from '../numbers/site-numbers.js';
import { siteById } from '../sites/sites.js';
import { timestamp } from '../store/time.js';
import { askCarrier, CARRIER_NOT_FOUND } from './carrier-calls.js';
import type { HeldNumber, OfferedNumber } from './carrier.js';
import { connectionById, connectionsOfCustomer, type ConnectionRow } from './connections.js';
import { heldOf, routeHere } from './routing-retry.js';

/**
 * EXTENSION (docs/rest-api.md, "Carriers"; docs/carriers.md): a customer's numbers at its
 * carrier. The numbers the account already holds are imported; others are searched and bought,
 * the purchase confirmed at the monthly price the search showed; a number no campaign shows is
 * released (at the carrier too when it came from one). A bought or imported number's calls are
 * routed to this server; when that fails the number is still the customer's, with the carrier's
 * words, and routed again on the connection's next check or by route_carrier_number.
 */

const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s()-]{3,32}$/, 'a phone number')
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length >= 5 && v.length <= 15, 'a phone number of 5 to 15 digits');

const price = z.strictObject({ amount: z.number(), currency: z.string() });
const connectionArg = { connection_id: id().optional().describe('the carrier connection; may be left out when there is one') };

/** A connection the customer's numbers may come through (its own or its agent's), enabled. */
async function usableConnection(ctx: CustomerContext<'carriers'>, connectionId: number | undefined): Promise<ConnectionRow> {
  const rows = (await connectionsOfCustomer(ctx.store.db, ctx.customer)).filter((r) => r.enabled === 1);
  if (connectionId !== undefined) {
    const r = rows.find((x) => x.id === connectionId);
    if (!r) throw apiErrors.notFound('carrier connection', connectionId);
    return r;
  }
  if (!rows.length)
    throw apiErrors.wrongState(
      'No carrier is connected: connect one on the Carriers page (connect_carrier), or add numbers you hold by hand',
    );
  if (rows.length > 1) throw apiErrors.missing('connection_id');
  return rows[0]!;
}

export const carrierNumbers = apiFunction({
  name: 'carrier_numbers',
  verb: 'GET',
  scope: 'customer',
  list: true,
  extension: true,
  tag: 'numbers',
  summary: 'Numbers held at the carrier (extension)',
  description:
    'The numbers the carrier account (`connection_id`, or every connection the customer may use) holds, each marked `imported` when it is the customer’s here, ' +
    '`held_elsewhere` when another customer has it, with `route_error` when its calls could not be routed to this server. Not in the REST document.',
  needs: ['carriers'],
  names: { connection_id: 'carrier_connection' },
  args: z.object(connectionArg),
  response: z.array(
    z.strictObject({
      connection_id: z.number().int(),
      phone_number: z.string(),
      carrier_number_id: z.string(),
      country: z.string().nullable(),
      region: z.string().nullable(),
      monthly_price: price.nullable(),
      imported: z.boolean(),
      held_elsewhere: z.boolean(),
      route_error: z.string().nullable(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const conns =
      a.connection_id !== undefined
        ? [await usableConnection(ctx, a.connection_id)]
        : (await connectionsOfCustomer(db, ctx.customer)).filter((r) => r.enabled === 1);
    const mine = new Map((await carrierNumbersOf(db, ctx.customer.id)).map((n) => [n.phone_number, n]));
    const out = [];
    for (const c of conns) {
      const held = await askCarrier(() => ctx.services.carriers.adapter(c).heldNumbers());
      const holders = await holdersOf(
        db,
        held.map((h) => h.phone),
      );
      for (const h of held) {
        const holder = holders.get(h.phone);
        out.push({
          connection_id: c.id,
          phone_number: h.phone,
          carrier_number_id: h.carrierId,
          country: h.country ?? null,
          region: h.region ?? null,
          monthly_price: h.monthlyPrice ?? null,
          imported: holder === ctx.customer.id,
          held_elsewhere: holder !== undefined && holder !== ctx.customer.id,
          route_error: mine.get(h.phone)?.carrier_route_error ?? null,
        });
      }
    }
    ctx.setTotal(out.length);
    return out.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit);
  },
});

const numberAnswer = z.strictObject({
  phone_number: z.string(),
  connection_id: z.number().int(),
  routed: z.boolean().describe('its calls come to this server'),
  route_error: z.string().nullable().describe('the carrier’s words when routing failed; retried on the next check_carrier'),
});

/** Records the held number as the customer's, then routes its calls here; a failed routing is recorded, never lost. */
async function takeHeld(ctx: CustomerContext<'carriers'>, c: ConnectionRow, h: HeldNumber): Promise<z.input<typeof numberAnswer>> {
  const { db } = ctx.store;
  const added = await addCarrierNumber(db, {
    customer_id: ctx.customer.id,
    phone_number: h.phone,
    region: h.region ?? null,
    connection_id: c.id,
    carrier_number_id: h.carrierId,
    route_error: 'not routed yet',
    now: timestamp(ctx.now()),
  });
  if (!added) throw apiErrors.duplicate(`number ${h.phone}: another customer holds it here`);
  const n = (await heldNumber(db, h.phone))!;
  const error = await routeHere(db, n, ctx.services.carriers.adapter(c));
  return { phone_number: h.phone, connection_id: c.id, routed: error === null, route_error: error };
}

export const importCarrierNumber = apiFunction({
  name: 'import_carrier_number',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Import a number held at the carrier (extension)',
  description:
    'Makes `phone_number`, which the carrier account already holds, the customer’s here and routes its calls to this server. Answers `{phone_number, connection_id, routed, route_error}`. Not in the REST document.',
  needs: ['carriers'],
  names: { connection_id: 'carrier_connection' },
  args: z.object({ ...connectionArg, phone_number: phone }),
  response: numberAnswer,
  async run(ctx, a) {
    const c = await usableConnection(ctx, a.connection_id);
    const held = await askCarrier(() => ctx.services.carriers.adapter(c).heldNumbers());
    const h = held.find((x) => x.phone === a.phone_number);
    if (!h) throw apiErrors.notFound('number at the carrier', a.phone_number);
    const mine = await heldNumber(ctx.store.db, h.phone);
    if (mine?.customer_id === ctx.customer.id) throw apiErrors.wrongState(`Number ${h.phone} is imported already`);
    return takeHeld(ctx, c, h);
  },
});

const offerRecord = z.strictObject({
  phone_number: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  locality: z.string().nullable(),
  monthly_price: price.nullable().describe('null: the carrier does not say before the purchase'),
  setup_price: price.nullable(),
});

export const searchCarrierNumbers = apiFunction({
  name: 'search_carrier_numbers',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Search numbers for sale at the carrier (extension)',
  description:
    'Numbers the carrier offers in `country` (ISO 3166 alpha-2), optionally in `region`, with `area_code`, or containing the digits `contains`, with their monthly price. ' +
    'buy_carrier_number confirms one at the price shown here. Not in the REST document.',
  needs: ['carriers'],
  names: { connection_id: 'carrier_connection' },
  args: z.object({
    ...connectionArg,
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
      .transform((v) => v.toUpperCase()),
    region: text(64).optional(),
    area_code: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'digits')
      .optional(),
    contains: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'digits')
      .optional(),
    limit: z.number().int().min(1).max(50).optional(),
  }),
  response: z.array(offerRecord),
  async run(ctx, a) {
    const c = await usableConnection(ctx, a.connection_id);
    const offers = await askCarrier(() =>
      ctx.services.carriers
        .adapter(c)
        .searchNumbers({ country: a.country, region: a.region, areaCode: a.area_code, contains: a.contains, limit: a.limit ?? 20 }),
    );
    ctx.services.carriers.offers.remember(c.id, offers);
    return offers.map((o: OfferedNumber) => ({
      phone_number: o.phone,
      country: o.country,
      region: o.region ?? null,
      locality: o.locality ?? null,
      monthly_price: o.monthlyPrice,
      setup_price: o.setupPrice ?? null,
    }));
  },
});

export const buyCarrierNumber = apiFunction({
  name: 'buy_carrier_number',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Buy a number at the carrier (extension)',
  description:
    'Buys `phone_number`, shown by search_carrier_numbers in the last half hour, from the carrier account: `confirm_price` must be the monthly price shown ' +
    '(its `amount`; null when none was shown), the buyer’s confirmation before money is spent. Then routes its calls to this server. ' +
    'A number someone just bought answers 409. Answers `{phone_number, connection_id, routed, route_error}`. Not in the REST document.',
  needs: ['carriers'],
  names: { connection_id: 'carrier_connection' },
  args: z.object({
    ...connectionArg,
    phone_number: phone,
    confirm_price: z.number().nullable().describe('the monthly price shown (amount)'),
  }),
  response: numberAnswer,
  async run(ctx, a) {
    const c = await usableConnection(ctx, a.connection_id);
    const offer = ctx.services.carriers.offers.shown(c.id, a.phone_number);
    if (!offer) throw apiErrors.wrongState(`Number ${a.phone_number} was not offered by a recent search: search again to see its price`);
    const shown = offer.monthlyPrice?.amount ?? null;
    if (a.confirm_price !== shown)
      throw apiErrors.invalid(
        'confirm_price',
        `the monthly price shown is ${shown === null ? 'unknown (send null)' : `${shown} ${offer.monthlyPrice!.currency}`}`,
      );
    if (await heldNumber(ctx.store.db, a.phone_number)) throw apiErrors.duplicate(`number ${a.phone_number}: a customer here holds it`);
    const bought = await askCarrier(() => ctx.services.carriers.adapter(c).buyNumber(a.phone_number));
    return takeHeld(ctx, c, { ...bought, region: bought.region ?? offer.region });
  },
});

export const routeCarrierNumber = apiFunction({
  name: 'route_carrier_number',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Route a carrier number’s calls here again (extension)',
  description:
    'Points the calls of the customer’s carrier number `phone_number` at this server again (after its routing failed, or was changed at the carrier). Answers `{phone_number, connection_id, routed, route_error}`. Not in the REST document.',
  needs: ['carriers'],
  names: { phone_number: 'number' },
  args: z.object({ phone_number: phone }),
  response: numberAnswer,
  async run(ctx, a) {
    const n = await heldNumber(ctx.store.db, a.phone_number);
    if (!n || n.customer_id !== ctx.customer.id || n.carrier_connection_id === null)
      throw apiErrors.notFound('carrier number', a.phone_number);
    const c = (await connectionById(ctx.store.db, n.carrier_connection_id))!;
    const error = await routeHere(ctx.store.db, n, ctx.services.carriers.adapter(c));
    return { phone_number: n.phone_number, connection_id: c.id, routed: error === null, route_error: error };
  },
});

export const releaseNumber = apiFunction({
  name: 'release_number',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'Release a number (extension)',
  description:
    'Gives up the customer’s `phone_number`: at the carrier too when it came from one (its monthly charge ends there). Refused (409) while a campaign or a site shows it, naming it. ' +
    'The app asks for confirmation first. Not in the REST document.',
  needs: ['carriers'],
  names: { phone_number: 'number' },
  args: z.object({ phone_number: phone }),
  response: acknowledgement,
  async run(ctx, a) {
    const { db } = ctx.store;
    await enterSiteNumbers(db, ctx.customer.id, timestamp(ctx.now()));
    const n = await heldNumber(db, a.phone_number);
    if (!n || n.customer_id !== ctx.customer.id) throw apiErrors.notFound('virtual number', a.phone_number);
    await refuseWhileShown(ctx, n.phone_number);
    if (n.carrier_connection_id !== null) {
      const c = await connectionById(db, n.carrier_connection_id);
      // A number the carrier no longer knows (released in its own console) is released here too.
      if (c)
        await askCarrier(() => ctx.services.carriers.adapter(c).releaseNumber(heldOf(n))).catch((e: unknown) => {
          if (!(e instanceof ApiError && e.code === CARRIER_NOT_FOUND)) throw e;
        });
    }
    await releaseCustomerNumber(db, n);
    return undefined;
  },
});

/** 409 naming the campaign (or the site) that shows the number. */
async function refuseWhileShown(ctx: CustomerContext, number: string): Promise<void> {
  const { db } = ctx.store;
  const use = (await numbersInUse(db, ctx.customer.id)).find((u) => u.number.replace(/\D/g, '') === number);
  if (use?.ac_id != null)
    throw apiErrors.wrongState(
      `Campaign ${use.campaign_name ?? use.ac_id} on ${use.domain} shows ${number}: take it out of the campaign first`,
    );
  if (use) throw apiErrors.wrongState(`Site ${use.domain} shows ${number}: take it out of the site’s numbers first`);
  const reserved = (await allNumberUses(db, ctx.customer.id)).find((u) => u.block_id === null && u.number.replace(/\D/g, '') === number);
  if (reserved)
    throw apiErrors.wrongState(
      `Site ${(await siteById(db, reserved.site_id))?.domain ?? reserved.site_id} keeps ${number} as its reserved number: change that first`,
    );
}
