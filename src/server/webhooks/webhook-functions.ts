import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { formatDate } from '../identity/dates.js';
import { timestamp } from '../store/time.js';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  endpointById,
  endpointsOfCustomer,
  newSecret,
  type EndpointRow,
} from './endpoints.js';
import { WEBHOOK_EVENTS } from '../../app-protocol.js';
import { attemptCount, attemptsOf, enqueueTest, eventId, resend, resumeEndpoint } from './outbox.js';
import { refusedUrl } from './target-guard.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's webhooks (docs/webhooks.md), named in
 * the document's manner (`create_ac`, `delete_ac_condition`): `webhook` lists the endpoints,
 * `create_webhook` adds one and answers its secret (shown once, and again only by
 * `rotate_webhook_secret`), `change_webhook`, `delete_webhook`, `webhook_delivery` lists the recent
 * attempts, `resend_webhook_event` sends an event again, `test_webhook` sends a test event.
 */

const MAX_ENDPOINTS = 20;

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .refine((a) => new Set(a).size === a.length, 'events must differ')
  .describe(`the events wanted: ${WEBHOOK_EVENTS.join(', ')}`);
const url = z.string().trim().min(1).max(2000).describe('https://… (http only where the server allows it)');

const endpointSchema = z.strictObject({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  is_enabled: z.boolean(),
  disabled_reason: z.string().nullable().describe('why the server switched it off (a day of failed deliveries)'),
  failing_since: z.string().nullable().describe('since when every delivery has failed; null when the last succeeded'),
  dropped_events: z.number().int().describe('events given up unsent because the backlog passed its cap (docs/webhooks.md, "Backlog")'),
  dropped_at: z.string().nullable().describe('when the last of them was given up; null when none was'),
  created_at: z.string(),
});

function checkedUrl(ctx: CustomerContext<'webhooks'>, value: string): string {
  const why = refusedUrl(value, ctx.services.webhooks.rules);
  if (why) throw apiErrors.invalid('url', why);
  return value;
}

async function ownEndpoint(ctx: CustomerContext, endpointId: number): Promise<EndpointRow> {
  const e = await endpointById(ctx.store.db, endpointId);
  if (!e || e.customer_id !== ctx.customer.id) throw apiErrors.notFound('webhook', endpointId);
  return e;
}

const when = (ctx: CustomerContext, ms: number | null) => (ms == null ? null : formatDate(ms, ctx.customer.time_zone));

export const webhooks = apiFunction({
  name: 'webhook',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'List webhooks (extension)',
  description:
    'The customer’s webhook endpoints: URL, events, whether on, and why the server switched one off. Secrets are not shown. ' +
    'Not in the REST document.',
  args: z.object({}),
  response: z.array(endpointSchema),
  async run(ctx) {
    return (await endpointsOfCustomer(ctx.store.db, ctx.customer.id)).map((e) => ({
      id: e.id,
      url: e.url,
      events: JSON.parse(e.events) as string[],
      is_enabled: e.enabled === 1,
      disabled_reason: e.disabled_reason,
      failing_since: when(ctx, e.failing_since_ms),
      dropped_events: e.dropped_events,
      dropped_at: when(ctx, e.dropped_at_ms),
      created_at: when(ctx, Date.parse(e.created_at.replace(' ', 'T') + 'Z'))!,
    }));
  },
});

export const createWebhook = apiFunction({
  name: 'create_webhook',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'Add a webhook (extension)',
  description:
    'Adds an endpoint for the `events` named; `url` must be `https` to a public address. Answers `{secret, id}`: the secret ' +
    'signs every delivery and is shown only here. Not in the REST document.',
  needs: ['webhooks'],
  args: z.object({ url, events: eventList }),
  response: z.strictObject({ secret: z.string(), id: z.number().int() }),
  async run(ctx, a) {
    const target = checkedUrl(ctx, a.url);
    if ((await endpointsOfCustomer(ctx.store.db, ctx.customer.id)).length >= MAX_ENDPOINTS)
      throw apiErrors.invalid('url', `at most ${MAX_ENDPOINTS} webhooks per customer`);
    const secret = newSecret();
    const newId = await createEndpoint(ctx.store.db, {
      customer_id: ctx.customer.id,
      url: target,
      events: a.events,
      secret,
      created_at: timestamp(ctx.now()),
    });
    await ctx.services.webhooks.changed();
    return { secret, id: newId };
  },
});

export const changeWebhook = apiFunction({
  name: 'change_webhook',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'Change a webhook (extension)',
  description:
    'Sets `url`, `events` or `is_enabled` (true switches an endpoint the server switched off on again). Not in the REST document.',
  needs: ['webhooks'],
  names: { id: 'webhook' },
  args: z.object({ id: id(), url: url.optional(), events: eventList.optional(), is_enabled: z.boolean().optional() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownEndpoint(ctx, a.id);
    await changeEndpoint(ctx.store.db, a.id, {
      url: a.url === undefined ? undefined : checkedUrl(ctx, a.url),
      events: a.events,
      enabled: a.is_enabled,
    });
    await ctx.services.webhooks.changed();
    return undefined;
  },
});

export const deleteWebhook = apiFunction({
  name: 'delete_webhook',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'Delete a webhook (extension)',
  description: 'Deletes an endpoint, its events not yet sent and its delivery log. Not in the REST document.',
  needs: ['webhooks'],
  names: { id: 'webhook' },
  args: z.object({ id: id() }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownEndpoint(ctx, a.id);
    await ctx.store.db.transaction().execute((tx) => deleteEndpoint(tx, a.id));
    await ctx.services.webhooks.changed();
    return undefined;
  },
});

export const rotateWebhookSecret = apiFunction({
  name: 'rotate_webhook_secret',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'Rotate a webhook’s secret (extension)',
  description: 'Gives the endpoint a new secret and answers it; deliveries from then on are signed with it. Not in the REST document.',
  names: { id: 'webhook' },
  args: z.object({ id: id() }),
  response: z.strictObject({ secret: z.string() }),
  async run(ctx, a) {
    await ownEndpoint(ctx, a.id);
    const secret = newSecret();
    await changeEndpoint(ctx.store.db, a.id, { secret });
    return { secret };
  },
});

export const webhookDeliveries = apiFunction({
  name: 'webhook_delivery',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  list: true,
  tag: 'webhooks',
  summary: 'List a webhook’s deliveries (extension)',
  description:
    'The endpoint’s delivery attempts, newest first: the event’s id and type, when, the status code or the error. Not in the REST document.',
  names: { webhook_id: 'webhook' },
  args: z.object({ webhook_id: id() }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      event_id: z.string().describe('the event’s id, as in the X-Svc-Webhook-Id header'),
      event_type: z.string(),
      event_state: z
        .enum(['pending', 'delivered', 'failed', 'dropped'])
        .describe('pending: to be tried again; failed: given up after a day; dropped: given up unsent, the backlog being over its cap'),
      attempted_at: z.string(),
      status_code: z.number().int().nullable().describe('null: no answer (refused, timed out, unreachable)'),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
    }),
  ),
  async run(ctx, a) {
    await ownEndpoint(ctx, a.webhook_id);
    ctx.setTotal(await attemptCount(ctx.store.db, a.webhook_id));
    const rows = await attemptsOf(ctx.store.db, a.webhook_id, ctx.page.limit, ctx.page.offset);
    return rows.map((r) => ({
      id: r.id,
      event_id: eventId(r.outbox_id),
      event_type: r.event_type,
      event_state: r.state,
      attempted_at: when(ctx, r.at_ms)!,
      status_code: r.status_code,
      error: r.error,
      duration_ms: r.duration_ms,
    }));
  },
});

export const resendWebhookEvent = apiFunction({
  name: 'resend_webhook_event',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'Send an event again (extension)',
  description: 'Sends an event (`event_id` as `webhook_delivery` lists it) again, with the same id and body. Not in the REST document.',
  needs: ['webhooks'],
  names: { event_id: 'webhook_event' },
  args: z.object({
    event_id: z
      .string()
      .regex(/^evt_\d{1,15}$/, 'evt_<number>')
      .describe('as webhook_delivery lists it'),
  }),
  response: acknowledgement,
  async run(ctx, a) {
    const own = (await endpointsOfCustomer(ctx.store.db, ctx.customer.id)).map((e) => e.id);
    if (!(await resend(ctx.store.db, Number(a.event_id.slice(4)), own, ctx.now()))) throw apiErrors.notFound('event', a.event_id);
    ctx.services.webhooks.wake();
    return undefined;
  },
});

export const testWebhook = apiFunction({
  name: 'test_webhook',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'webhooks',
  summary: 'Send a test event (extension)',
  description: 'Sends an event of type `test`, without a record, to the endpoint. Answers `{event_id}`. Not in the REST document.',
  needs: ['webhooks'],
  names: { id: 'webhook' },
  args: z.object({ id: id() }),
  response: z.strictObject({ event_id: z.string() }),
  async run(ctx, a) {
    const endpoint = await ownEndpoint(ctx, a.id);
    const outboxId = await enqueueTest(ctx.store.db, endpoint, ctx.now());
    await resumeEndpoint(ctx.store.db, endpoint.id);
    ctx.services.webhooks.wake();
    return { event_id: eventId(outboxId) };
  },
});
