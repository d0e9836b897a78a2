import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { dateArg, parseDate } from '../identity/dates.js';
import { conversionFacts, type ConversionFacts } from './communication.js';
import { CSV_TEMPLATES, googleCallsCsv, googleClicksCsv, metricaCallsCsv, metricaConversionsCsv, type CsvTemplate } from './csv.js';
import { ownDestination } from './destination-functions.js';
import type { GoogleAdsSettings } from './google-ads.js';
import type { MetricaSettings } from './metrica.js';
import { conversionLog, conversionLogCount, itemsBetween } from './outbox.js';

/**
 * EXTENSION (docs/rest-api.md, "Conversions"): what a destination was sent, when, and what the
 * platform answered; and its communications as the platforms' CSV import files.
 */

const logRecord = z.strictObject({
  id: z.number().int(),
  object_type: z.enum(['call', 'sitephone', 'chat', 'offline_message']),
  object_id: z.number().int(),
  state: z.enum(['pending', 'sent', 'failed', 'refused']),
  reason: z.string().nullable().describe('why it was not sent (yet): the platform’s words, or the server’s'),
  attempts: z.number().int(),
  queued_at: z.string().describe('ISO 8601, UTC'),
  attempted_at: z.string().nullable().describe('the last attempt, ISO 8601, UTC'),
  request: z.string().nullable().describe('what was sent: the upload and its identifying fields'),
  status_code: z.number().int().nullable(),
  answer: z.string().nullable().describe('the platform’s answer'),
});

export const conversionLogFn = apiFunction({
  name: 'conversion_log',
  verb: 'GET',
  scope: 'customer',
  list: true,
  extension: true,
  tag: 'reports',
  summary: 'What a conversion destination was sent (extension)',
  description:
    'The items of `destination_id`, newest first, each with its last attempt and the platform’s answer. Not in the REST document.',
  names: { site_id: 'site', destination_id: 'conversion_destination' },
  args: z.object({ site_id: id(), destination_id: id() }),
  response: z.array(logRecord),
  async run(ctx, a) {
    const row = await ownDestination(ctx, a.site_id, a.destination_id);
    const db = ctx.store.db;
    ctx.setTotal(await conversionLogCount(db, row.id));
    const log = await conversionLog(db, row.id, ctx.page.limit, ctx.page.offset);
    return log.map((e) => ({
      id: e.id,
      object_type: e.object_kind,
      object_id: e.object_id,
      state: e.state,
      reason: e.reason,
      attempts: e.attempts,
      queued_at: new Date(e.created_ms).toISOString(),
      attempted_at: e.at_ms == null ? null : new Date(e.at_ms).toISOString(),
      request: e.request,
      status_code: e.status_code,
      answer: e.answer,
    }));
  },
});

const TEMPLATES_OF = {
  google_ads: ['google_ads_clicks', 'google_ads_calls'],
  metrica: ['metrica_conversions', 'metrica_calls'],
  ga4: [],
} as const;

export const conversionCsv = apiFunction({
  name: 'conversion_csv',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'A conversion destination’s CSV import file (extension)',
  description:
    '`{file_name, csv}`: the communications given to `destination_id` in [date_from, date_till) (the customer’s zone) as the platform’s import template `template` ' +
    '(google_ads_clicks, google_ads_calls, metrica_conversions, metrica_calls). GA4 has no such import. Not in the REST document.',
  names: { site_id: 'site', destination_id: 'conversion_destination' },
  args: z.object({ site_id: id(), destination_id: id(), date_from: dateArg, date_till: dateArg, template: z.enum(CSV_TEMPLATES) }),
  response: z.strictObject({ file_name: z.string(), csv: z.string() }),
  async run(ctx, a) {
    const row = await ownDestination(ctx, a.site_id, a.destination_id);
    if (!(TEMPLATES_OF[row.platform] as readonly CsvTemplate[]).includes(a.template))
      throw apiErrors.invalid('template', `not a template of ${row.platform}: ${TEMPLATES_OF[row.platform].join(', ') || 'none'}`);
    const tz = ctx.customer.time_zone;
    const from = parseDate(a.date_from, tz);
    const till = parseDate(a.date_till, tz);
    if (from == null) throw apiErrors.invalid('date_from', 'not a date');
    if (till == null || till <= from) throw apiErrors.invalid('date_till', 'must be after date_from (the range is [date_from, date_till))');
    const facts: ConversionFacts[] = [];
    for (const item of await itemsBetween(ctx.store.db, row.id, from, till)) {
      const f = await conversionFacts(ctx.store.db, item.object_kind, item.object_id);
      if (f) facts.push(f);
    }
    const settings = JSON.parse(row.settings) as GoogleAdsSettings & MetricaSettings;
    const csv =
      a.template === 'google_ads_clicks'
        ? googleClicksCsv(facts, settings, tz)
        : a.template === 'google_ads_calls'
          ? googleCallsCsv(facts, settings, tz)
          : a.template === 'metrica_conversions'
            ? metricaConversionsCsv(facts, settings)
            : metricaCallsCsv(facts, settings);
    return { file_name: `${a.template}-${a.date_from.slice(0, 10)}-${a.date_till.slice(0, 10)}.csv`, csv };
  },
});
