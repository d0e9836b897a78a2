import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { setCallRecording } from '../sites/call-recording.js';
import { siteById, type SiteRow } from '../sites/sites.js';

/**
 * EXTENSION (docs/rest-api.md, "Carriers"): whether calls to a site's carrier numbers are
 * recorded, and the notice callers hear first (the law of many countries asks for one). Off by default.
 */

const siteId = { site_id: id().describe("one of the customer's sites") };
const recording = z.strictObject({
  call_recording: z.boolean(),
  recording_notice: z.string().nullable().describe('read to the caller before the call is connected; null: none'),
});

async function ownSite(ctx: CustomerContext, siteId: number): Promise<SiteRow> {
  const site = await siteById(ctx.store.db, siteId);
  if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.notFound('site', siteId);
  return site;
}

export const siteCallRecording = apiFunction({
  name: 'site_call_recording',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'A site’s call recording (extension)',
  description:
    '`{call_recording, recording_notice}`: whether calls to the site’s carrier numbers are recorded, and the notice played first. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object(siteId),
  response: recording,
  async run(ctx, a) {
    const site = await ownSite(ctx, a.site_id);
    return { call_recording: site.call_recording === 1, recording_notice: site.recording_notice };
  },
});

export const changeSiteCallRecording = apiFunction({
  name: 'site_call_recording',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'sites',
  summary: 'Change a site’s call recording (extension)',
  description:
    'Turns recording of the site’s carrier calls on or off (`call_recording`) with the `recording_notice` callers hear first (empty or null: none). Calls after the change follow it. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object({ ...siteId, call_recording: z.boolean(), recording_notice: z.string().trim().max(500).nullable().optional() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownSite(ctx, a.site_id);
    await setCallRecording(ctx.store.db, a.site_id, { record: a.call_recording, notice: a.recording_notice || null });
    return undefined;
  },
});
