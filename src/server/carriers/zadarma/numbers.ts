import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { CarrierError, type HeldNumber, type NumberSearch, type OfferedNumber, type Price } from '../carrier.js';
import type { ZadarmaApi } from './client.js';

/**
 * Zadarma's virtual numbers (zadarma.com/en/support/api/, "Virtual numbers"): the account's numbers
 * (`/v1/direct_numbers/`), a country's directions, each a city or kind of number with its prices
 * (`/v1/direct_numbers/country/`), the numbers a direction offers
 * (`/v1/direct_numbers/available/<direction>/`), and the order (`/v1/direct_numbers/order/`).
 */

const digits = (v: unknown) => String(v ?? '').replace(/\D/g, '');
const countryOf = (phone: string) => parsePhoneNumberFromString('+' + phone)?.country;

function price(amount: unknown, currency: unknown): Price | null {
  const n = Number(amount);
  return typeof currency === 'string' && currency && Number.isFinite(n) ? { amount: n, currency } : null;
}

interface Direction {
  id: string;
  countryCode: string;
  areaCode: string;
  name: string;
  connect_fee?: number;
  monthly_fee?: number;
  currency?: string;
}

interface HeldRow {
  number?: string;
  description?: string;
  monthly_fee?: number;
  currency?: string;
}

export async function heldNumbers(api: ZadarmaApi): Promise<HeldNumber[]> {
  const answer = await api('/v1/direct_numbers/');
  const rows = Array.isArray(answer.info) ? (answer.info as HeldRow[]) : [];
  return rows
    .map((r) => ({ r, phone: digits(r.number) }))
    .filter(({ phone }) => phone)
    .map(({ r, phone }) => ({
      phone,
      carrierId: phone,
      country: countryOf(phone),
      region: r.description || undefined,
      monthlyPrice: price(r.monthly_fee, r.currency) ?? undefined,
    }));
}

async function directions(api: ZadarmaApi, country: string): Promise<Direction[]> {
  const answer = await api('/v1/direct_numbers/country/', { country: country.toUpperCase(), language: 'en' });
  return Array.isArray(answer.info) ? (answer.info as Direction[]) : [];
}

/** The directions a search names: by area code, else by the region's name in the direction's, else all. */
function matching(all: Direction[], s: NumberSearch): Direction[] {
  if (s.areaCode) return all.filter((d) => digits(d.areaCode) === digits(s.areaCode));
  const region = s.region?.trim().toLowerCase();
  return region ? all.filter((d) => d.name.toLowerCase().includes(region)) : all;
}

async function available(api: ZadarmaApi, d: Direction, mask?: string): Promise<Array<{ id: string; number: string }>> {
  const answer = await api(`/v1/direct_numbers/available/${encodeURIComponent(d.id)}/`, mask ? { mask } : {});
  const list = Array.isArray(answer.numbers) ? (answer.numbers as Array<{ id?: unknown; number?: unknown }>) : [];
  return list.map((n) => ({ id: String(n.id ?? ''), number: digits(n.number) })).filter((n) => n.id && n.number);
}

/** Directions asked for their numbers in one search: Zadarma allows 100 requests a minute. */
const DIRECTIONS_PER_SEARCH = 5;

export async function searchNumbers(api: ZadarmaApi, s: NumberSearch): Promise<OfferedNumber[]> {
  const limit = Math.max(1, Math.min(s.limit ?? 20, 100));
  const mask = s.contains ? digits(s.contains) : undefined;
  const out: OfferedNumber[] = [];
  for (const d of matching(await directions(api, s.country), s).slice(0, DIRECTIONS_PER_SEARCH)) {
    for (const n of await available(api, d, mask)) {
      if (mask && !n.number.includes(mask)) continue;
      out.push({
        phone: n.number,
        country: s.country.toUpperCase(),
        region: d.name,
        locality: d.name,
        monthlyPrice: price(d.monthly_fee, d.currency),
        setupPrice: price(d.connect_fee, d.currency),
      });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/**
 * Orders `phone`: its direction is the one whose country and area code begin it (the longest), and
 * the number must still be among the direction's offered numbers. A number Zadarma only reserves
 * until it is paid is refused as a balance problem: its calls would not come yet.
 */
export async function buyNumber(api: ZadarmaApi, phone: string): Promise<HeldNumber> {
  const wanted = digits(phone);
  const country = countryOf(wanted);
  if (!country) throw new CarrierError('invalid_number', `Zadarma: ${phone} is not a phone number of any country`);
  const direction = (await directions(api, country))
    .filter((d) => wanted.startsWith(digits(d.countryCode) + digits(d.areaCode)))
    .sort((a, b) => digits(b.areaCode).length - digits(a.areaCode).length)[0];
  if (!direction) throw new CarrierError('taken', `Zadarma offers no numbers like +${wanted}`);
  const offer = (await available(api, direction, wanted.slice(-4))).find((n) => n.number === wanted);
  if (!offer) throw new CarrierError('taken', `Zadarma no longer offers +${wanted}`);
  const order = await api(
    '/v1/direct_numbers/order/',
    { direction_id: String(direction.id), number_id: offer.id, period: 'month' },
    'POST',
  );
  if (String(order.is_reserved) === 'true' && String(order.is_activated) !== 'true')
    throw new CarrierError('balance', `Zadarma reserved +${wanted} until it is paid: top up the balance in Zadarma's personal area`);
  return {
    phone: wanted,
    carrierId: wanted,
    country,
    region: direction.name,
    monthlyPrice: price(direction.monthly_fee, direction.currency) ?? undefined,
  };
}
