import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { ApiError } from '../http/errors.js';
import { storedMs } from '../reports/report-common.js';
import { siteById } from '../sites/sites.js';
import type { ConversionPlatform } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import {
  deleteDestination,
  destinationById,
  destinationsOfSite,
  insertDestination,
  updateDestination,
  type DestinationRow,
} from './destinations.js';
import { ga4Validation, type Ga4Credentials, type Ga4Settings } from './ga4.js';
import type { ConversionControl } from './index.js';
import { PLATFORM_NAMES, PLATFORMS } from './platforms.js';

/**
 * EXTENSION (docs/rest-api.md, "Conversions"; docs/conversions.md): a site's conversion
 * destinations. Credentials are sealed before they are stored and never answered back: a
 * destination lists its credential fields' names with `set`.
 */

const siteArg = { site_id: id() };
const destinationArg = { destination_id: id() };
const sendsArg = z.enum(['qualified', 'all']).describe('qualified: qualified communications only (the default); all: every one as it ends');

const destinationRecord = z.strictObject({
  id: z.number().int(),
  site_id: z.number().int(),
  platform: z.enum(PLATFORM_NAMES),
  label: z.string(),
  sends: z.enum(['qualified', 'all']),
  settings: z.record(z.string(), z.unknown()).describe('the platform’s settings, none of them secret'),
  credentials: z.array(z.strictObject({ name: z.string(), set: z.boolean() })).describe('the fields’ names only, never their values'),
  enabled: z.boolean(),
  created_at: z.string().describe('ISO 8601, UTC'),
  updated_at: z.string().describe('ISO 8601, UTC'),
});

const iso = (t: string) => new Date(storedMs(t)).toISOString();

function record(control: ConversionControl, row: DestinationRow): z.input<typeof destinationRecord> {
  const opened = control.sealer.open(row.credentials) ?? {};
  return {
    id: Number(row.id),
    site_id: row.site_id,
    platform: row.platform,
    label: row.label,
    sends: row.sends,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    credentials: PLATFORMS[row.platform].credentialFields.map((name) => ({ name, set: !!opened[name] })),
    enabled: row.enabled === 1,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function ownConversionSite(ctx: CustomerContext, siteId: number): Promise<void> {
  const site = await siteById(ctx.store.db, siteId);
  if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.notFound('site', siteId);
}

/** A destination of the site; 404 for any other. */
export async function ownDestination(ctx: CustomerContext, siteId: number, destinationId: number): Promise<DestinationRow> {
  await ownConversionSite(ctx, siteId);
  const row = await destinationById(ctx.store.db, destinationId);
  if (!row || row.site_id !== siteId) throw apiErrors.notFound('conversion destination', destinationId);
  return row;
}

/** Parsed by the platform's schema; its first complaint names the field (`settings.customer_id`). */
function parsed<T>(schema: z.ZodType<T>, value: unknown, field: 'settings' | 'credentials'): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.length ? `${field}.${issue.path.join('.')}` : field;
  // A credential's value is never repeated in the message: only what is wrong with it.
  throw apiErrors.invalid(
    path,
    issue.code === 'unrecognized_keys' ? `not a field of this platform: ${issue.keys.join(', ')}` : issue.message,
  );
}

const notSetUp = () =>
  new ApiError(
    503,
    503301,
    'Conversions are not set up on this server: set SVC_SECRET_KEY (32 random bytes, base64 or hex: openssl rand -base64 32); credentials are stored encrypted with it',
  );

/** GA4 answers 2xx to anything: its validation server says whether the settings make valid events. */
async function checkGa4(control: ConversionControl, settings: unknown, credentials: unknown): Promise<void> {
  const words = await ga4Validation(control.http, control.bases, settings as Ga4Settings, credentials as Ga4Credentials);
  if (words) throw apiErrors.invalid('settings', `GA4 refused the events: ${words}`);
}

export const conversionDestinations = apiFunction({
  name: 'conversion_destinations',
  verb: 'GET',
  scope: 'customer',
  list: true,
  extension: true,
  tag: 'reports',
  summary: 'A site’s conversion destinations (extension)',
  description: 'Google Ads, Yandex Metrica and GA4 destinations of `site_id`; credentials as field names only. Not in the REST document.',
  names: { site_id: 'site' },
  needs: ['conversions'],
  args: z.object(siteArg),
  response: z.array(destinationRecord),
  async run(ctx, a) {
    await ownConversionSite(ctx, a.site_id);
    const rows = await destinationsOfSite(ctx.store.db, a.site_id);
    ctx.setTotal(rows.length);
    return rows.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit).map((r) => record(ctx.services.conversions, r));
  },
});

export const connectConversionDestination = apiFunction({
  name: 'connect_conversion_destination',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Connect a conversion destination (extension)',
  description:
    'Connects `platform` (google_ads, metrica, ga4) to `site_id` with its `settings` and `credentials` (docs/conversions.md names each platform’s fields). ' +
    'Credentials are stored encrypted and never answered. GA4 settings are checked against its validation server first. Refused (503) while SVC_SECRET_KEY is missing. Not in the REST document.',
  names: { site_id: 'site' },
  needs: ['conversions'],
  args: z.object({
    ...siteArg,
    platform: z.enum(PLATFORM_NAMES),
    label: text(100),
    sends: sendsArg.default('qualified'),
    settings: z.record(z.string(), z.unknown()),
    credentials: z.record(z.string(), z.string().max(1000)),
  }),
  response: destinationRecord,
  async run(ctx, a) {
    await ownConversionSite(ctx, a.site_id);
    const control = ctx.services.conversions;
    const module = PLATFORMS[a.platform as ConversionPlatform];
    const settings = parsed(module.settings, a.settings, 'settings');
    const credentials = parsed(module.credentials, a.credentials, 'credentials');
    if (!control.sealer.ready()) throw notSetUp();
    if (a.platform === 'ga4') await checkGa4(control, settings, credentials);
    const at = timestamp(ctx.now());
    const newId = await insertDestination(ctx.store.db, {
      site_id: a.site_id,
      platform: a.platform,
      label: a.label,
      sends: a.sends,
      settings: JSON.stringify(settings),
      credentials: control.sealer.seal(credentials as Record<string, unknown>),
      created_at: at,
      updated_at: at,
    });
    return record(control, (await destinationById(ctx.store.db, newId))!);
  },
});

export const changeConversionDestination = apiFunction({
  name: 'change_conversion_destination',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Change a conversion destination (extension)',
  description:
    'Changes what is given of `destination_id`: `label`, `sends`, `enabled`, `settings` (the whole object), `credentials` (the fields given replace theirs; the others are kept). Not in the REST document.',
  names: { site_id: 'site', destination_id: 'conversion_destination' },
  needs: ['conversions'],
  args: z.object({
    ...siteArg,
    ...destinationArg,
    label: text(100).optional(),
    sends: sendsArg.optional(),
    enabled: z.boolean().optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    credentials: z.record(z.string(), z.string().max(1000)).optional(),
  }),
  response: destinationRecord,
  async run(ctx, a) {
    const row = await ownDestination(ctx, a.site_id, a.destination_id);
    const control = ctx.services.conversions;
    const module = PLATFORMS[row.platform];
    const settings = a.settings ? parsed(module.settings, a.settings, 'settings') : JSON.parse(row.settings);
    let sealed = row.credentials;
    let credentials: unknown = null;
    if (a.credentials || row.platform === 'ga4') {
      if (!control.sealer.ready()) throw notSetUp();
      const kept = control.sealer.open(row.credentials);
      if (!kept && !a.credentials) throw notSetUp();
      credentials = parsed(module.credentials, { ...kept, ...a.credentials }, 'credentials');
      if (a.credentials) sealed = control.sealer.seal(credentials as Record<string, unknown>);
    }
    if (row.platform === 'ga4' && (a.settings || a.credentials)) await checkGa4(control, settings, credentials);
    await updateDestination(ctx.store.db, row.id, {
      ...(a.label !== undefined ? { label: a.label } : {}),
      ...(a.sends !== undefined ? { sends: a.sends } : {}),
      ...(a.enabled !== undefined ? { enabled: a.enabled ? 1 : 0 } : {}),
      settings: JSON.stringify(settings),
      credentials: sealed,
      updated_at: timestamp(ctx.now()),
    });
    return record(control, (await destinationById(ctx.store.db, row.id))!);
  },
});

export const disconnectConversionDestination = apiFunction({
  name: 'disconnect_conversion_destination',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Disconnect a conversion destination (extension)',
  description: 'Deletes `destination_id` with its credentials, its unsent items and its log. Not in the REST document.',
  names: { site_id: 'site', destination_id: 'conversion_destination' },
  args: z.object({ ...siteArg, ...destinationArg }),
  response: acknowledgement,
  async run(ctx, a) {
    const row = await ownDestination(ctx, a.site_id, a.destination_id);
    await deleteDestination(ctx.store.db, row.id);
    return undefined;
  },
});
