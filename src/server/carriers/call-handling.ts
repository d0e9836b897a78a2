import { heldNumber, allNumberUses, firstSiteOf } from '../numbers/queries.js';
import { routeIncomingCall } from '../numbers/routing.js';
import { siteById, type SiteRow } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import type { CallHandling } from './carrier.js';

/**
 * How a call to one of the service's numbers is handled, for the carriers' answers to an incoming
 * call: where to connect it (the scenario's, number's or block's forwarding target, as the
 * telephony boundary routes it: numbers/routing.ts; else the phone of the site that shows the
 * number), and whether that site records its calls, with the notice in the site's language.
 */
export async function callHandling(db: Queryable, call: { numb: string; numa: string }): Promise<CallHandling> {
  const numb = call.numb.replace(/\D/g, '');
  const route = await routeIncomingCall(db, call);
  const number = await heldNumber(db, numb);
  const site = number ? await siteOfNumber(db, number.customer_id, numb) : null;
  const record = site?.call_recording === 1;
  return {
    forwardTo: route?.forwardTo.replace(/\D/g, '') || site?.user_phone?.replace(/\D/g, '') || null,
    record,
    notice: record ? (site?.recording_notice ?? null) : null,
    language: languageOf(site),
  };
}

/** The site that shows the number; else the customer's first (where a call to it is recorded). */
export async function siteOfNumber(db: Queryable, customerId: number, number: string): Promise<SiteRow | null> {
  const use = (await allNumberUses(db, customerId)).find((u) => u.number.replace(/\D/g, '') === number);
  const siteId = use?.site_id ?? (await firstSiteOf(db, customerId));
  return siteId === null ? null : siteById(db, siteId);
}

function languageOf(site: SiteRow | null): string {
  try {
    const lang = (JSON.parse(site?.settings ?? '{}') as { lang?: unknown }).lang;
    return lang === 'en' ? 'en' : 'ru';
  } catch {
    return 'ru';
  }
}
