import { z } from 'zod';
import { mediaFiles } from './queries.js';
import type { Row } from '../store/tables.js';
import { DEFAULT_TIME_ZONE, formatDate } from '../identity/dates.js';
import { apiFunction } from '../api/function.js';
import { storedMs } from '../reports/report-common.js';

/**
 * Media files (rest-api.md "Custom media file", "System media file"): a catalogue with prefix
 * search by name. Files get in through the telephony seed (config/telephony-seed.ts,
 * demo-site/telephony-seed.json); README "Numbers, scenarios and charges".
 */

const name = z.string().min(1).max(255).optional().describe('prefix of the name (case-sensitive; not trimmed)');

/** `HH:MM:SS`. */
const duration = (s: number) => [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':');

/**
 * The document's modify_time, "integer, timestamp without time zone; default zone Europe/Moscow":
 * the wall-clock time in the customer's zone (Europe/Moscow by default) as seconds since 1970,
 * read as if that wall clock were UTC.
 */
function modifyTime(timeZone: string, t: string): number {
  return Date.parse(formatDate(storedMs(t), timeZone).replace(' ', 'T') + 'Z') / 1000;
}

export const mediaFilesFn = apiFunction({
  name: 'media_files',
  verb: 'GET',
  // The document gives `customer_id` as optional here: an agent without it lists the files of all
  // its customers (each record names its owner).
  scope: 'account',
  list: true,
  tag: 'media',
  summary: 'List media files',
  description: 'The customer’s media files (an agent without `customer_id`: all its customers’); `name` keeps those starting with it.',
  args: z.object({ name }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      customer_id: z.number().int(),
      name: z.string(),
      duration: z.string(),
      size: z.number().int(),
      modify_time: z.number().int(),
      is_normalize: z.boolean(),
    }),
  ),
  async run(ctx, a) {
    const zones = new Map(ctx.customers.map((c) => [c.id, c.time_zone]));
    const { rows, total } = await mediaFiles(
      ctx.store.db,
      ctx.customers.map((c) => c.id),
      a.name,
      ctx.page,
    );
    ctx.setTotal(total);
    return rows.map((f: Row<'media_files'>) => ({
      id: f.id,
      customer_id: f.customer_id!,
      name: f.name,
      duration: duration(f.duration_s),
      size: f.size,
      modify_time: modifyTime(zones.get(f.customer_id!) ?? DEFAULT_TIME_ZONE, f.modify_time),
      is_normalize: !!f.is_normalize,
    }));
  },
});

export const systemMediaFiles = apiFunction({
  name: 'system_media_files',
  verb: 'GET',
  // The document gives no `customer_id` here: the catalogue is everyone's. An agent may still name
  // a customer, whose zone then writes modify_time; else the document's default zone.
  scope: 'account',
  list: true,
  tag: 'media',
  summary: 'List system media files',
  description: 'The system’s media files; `name` keeps those starting with it.',
  args: z.object({ name }),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string(), duration: z.string(), modify_time: z.number().int() })),
  async run(ctx, a) {
    const zone = ctx.customer?.time_zone ?? DEFAULT_TIME_ZONE;
    const { rows, total } = await mediaFiles(ctx.store.db, null, a.name, ctx.page);
    ctx.setTotal(total);
    return rows.map((f) => ({ id: f.id, name: f.name, duration: duration(f.duration_s), modify_time: modifyTime(zone, f.modify_time) }));
  },
});
