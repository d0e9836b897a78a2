import { z } from 'zod';
import { errors } from '../http/errors.js';
import { numberKey, numberVariants } from '../numbers/keys.js';
import { customerScenarios, holderOf } from '../numbers/queries.js';
import type { CustomerRow } from '../identity/customers.js';
import { siteById, upsertSite, type SiteRow } from '../sites/sites.js';
import type { Store } from '../store/open.js';

/**
 * A site's settings as the app edits them: the widgets' language and captcha, the call-back
 * scenario (one of the customer's), how long a DT number stays leased after its visit, and what a
 * dry pool gives (the block's own number, or the reserved one, which must be the customer's).
 * Written through the site's own upsert (sites/sites.ts); every cache of site data forgets.
 */
export const SiteSettings = z
  .strictObject({
    lang: z.enum(['ru', 'en']),
    captcha: z.boolean(),
    callback_scenario: z.string().min(1).max(200).nullable(),
    dt_lease_minutes: z.number().int().min(0).max(1440),
    dt_overflow: z.enum(['static', 'reserved']),
    dt_reserved_number: z
      .string()
      .regex(/^\d{5,15}$/, '5 to 15 digits')
      .nullable(),
  })
  .refine((s) => s.dt_overflow !== 'reserved' || s.dt_reserved_number, {
    message: 'a reserved number is needed when a dry pool gives the reserved number',
    path: ['dt_reserved_number'],
  });
export type SiteSettingsValue = z.output<typeof SiteSettings>;

const json = <T>(text: string, fallback: T): T => {
  try {
    return { ...fallback, ...(JSON.parse(text) as T) };
  } catch {
    return fallback;
  }
};

async function ownSite(store: Store, customer: CustomerRow, id: number): Promise<SiteRow> {
  const site = await siteById(store.db, id);
  if (!site || site.customer_id !== customer.id) throw errors.notFound();
  return site;
}

export async function readSiteSettings(store: Store, customer: CustomerRow, id: number) {
  const site = await ownSite(store, customer, id);
  const settings = json(site.settings, { lang: 'ru' as 'ru' | 'en', captcha: false });
  const callback = json(site.callback, { scenario: null as string | null });
  const value: SiteSettingsValue = {
    lang: settings.lang,
    captcha: !!settings.captcha,
    callback_scenario: callback.scenario,
    dt_lease_minutes: site.dt_lease_minutes,
    dt_overflow: site.dt_overflow,
    dt_reserved_number: site.dt_reserved_number,
  };
  const scenarios = (await customerScenarios(store.db, customer.id)).map((s) => s.name);
  return { settings: value, scenarios };
}

export async function writeSiteSettings(store: Store, customer: CustomerRow, id: number, v: SiteSettingsValue): Promise<void> {
  const site = await ownSite(store, customer, id);
  if (v.callback_scenario != null && !(await customerScenarios(store.db, customer.id)).some((s) => s.name === v.callback_scenario))
    throw errors.invalid('callback_scenario: not a scenario of the customer');
  if (v.dt_reserved_number != null) {
    const n = v.dt_reserved_number;
    if ((await holderOf(store.db, numberVariants(numberKey(n) ?? n))) !== customer.id)
      throw errors.invalid('dt_reserved_number: not a number of the customer (buy it first)');
  }
  const settings = { ...json(site.settings, {}), lang: v.lang, captcha: v.captcha };
  const callback = { platform: 'up', ...json(site.callback, {}), scenario: v.callback_scenario };
  await upsertSite(store.db, {
    ...site,
    settings: JSON.stringify(settings),
    callback: JSON.stringify(callback),
    dt_lease_minutes: v.dt_lease_minutes,
    dt_overflow: v.dt_overflow,
    dt_reserved_number: v.dt_reserved_number,
  });
  store.siteDataChanged();
}
