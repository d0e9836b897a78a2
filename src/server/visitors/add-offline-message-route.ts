import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../http/errors.js';
import { describeIssue, OfflineRequestDataSchema } from '../writes/schemas.js';
import { idOf, objectOf, type RouteRateLimit } from '../http/rate-limits.js';
import { blank, idText, placeOf, serverUri, type HitOfSite } from './credentials.js';
import { storeOfflineMessage } from './offline-messages.js';
import { noEvents, type EventSink } from '../webhooks/events.js';
import type { CredentialGuard } from './credential-guard.js';
import type { Pokes } from '../http/live-topics.js';
import type { SiteLookup } from '../sites/lookup.js';
import type { Store } from '../store/open.js';

export interface OfflineMessageRouteOptions {
  store: Store;
  sites: SiteLookup;
  /** Pokes the console when an offline request is stored. */
  hub: Pokes;
  /** Finds the page view the credentials name. */
  hitOfSite: HitOfSite;
  /** Base URL the server is reached at, ending with a slash; derived from the request when absent. */
  publicUrl?: string | undefined;
  /** Where a stored request is announced (webhooks/). */
  events?: EventSink | undefined;
}

const field = (max = 4096) => z.preprocess(blank, z.string().max(max).optional());

/** The form of page-api §4 "add custom request from the server"; other fields (the hidden
 * `consultant_server_url` of a plain form, say) are ignored. */
const FormSchema = z.object({
  key: z.string().max(64),
  uri: z.string().max(255),
  visitor_id: idText,
  hit_id: idText,
  session_id: idText,
  name: field(),
  email: field(),
  phone: field(),
  text: field(),
  is_sale: z.preprocess(blank, z.enum(['true', 'false', '1', '0', 'on']).optional()),
  sale_cost: field(),
});

/**
 * `POST api/add_offline_message/` (form-encoded; JSON works too): a custom-form request sent by
 * the site's server with the visitor's credentials. Answers `{success: true}`; a refusal is a 4xx
 * with `{success: false, message: "<code>: <text>"}`, the error envelope of every endpoint here.
 */
/** The per-visitor limit counts the visitor the form names with its page view, per widget key. */
const OFFLINE_MESSAGE_VISITOR: RouteRateLimit = {
  visitorOf(req) {
    const b = objectOf(req.body);
    return b && idOf(b.visitor_id) ? `${idOf(b.key)} ${idOf(b.visitor_id)} ${idOf(b.hit_id)}` : null;
  },
};

export async function addOfflineMessageRoute(
  app: FastifyInstance,
  opts: OfflineMessageRouteOptions,
  guard: CredentialGuard,
): Promise<void> {
  const { store, sites, hub, hitOfSite } = opts;
  await app.register(async (scope) => {
    // Form bodies only here: the write endpoint keeps its own parsers.
    await scope.register(formbody, { bodyLimit: 64 * 1024 });
    scope.post('/api/add_offline_message/', { config: { visitorLimit: OFFLINE_MESSAGE_VISITOR } }, async (req) => {
      const form = FormSchema.safeParse(req.body ?? {});
      if (!form.success) throw errors.invalid(describeIssue(form.error));
      const f = form.data;
      const sale = f.is_sale === 'true' || f.is_sale === '1' || f.is_sale === 'on';
      // The data is judged before the credentials: an answer must not tell a right pair from a wrong one.
      const data = OfflineRequestDataSchema.safeParse({
        name: f.name,
        email: f.email,
        phone: f.phone,
        message: f.text,
        is_sale: sale || undefined,
        sale_cost: f.sale_cost,
      });
      if (!data.success) throw errors.invalid(describeIssue(data.error));
      const place = await guard.run(req.ip, async () =>
        placeOf(store.db, hitOfSite, { ...f, site: await sites.byWidgetKey(f.key) }, serverUri(req, opts.publicUrl)),
      );
      const { site, ...at } = place;
      await store.db.transaction().execute(async (trx) => {
        const id = await storeOfflineMessage(trx, at, data.data, 'server', Date.now());
        await (opts.events ?? noEvents).emit(trx, {
          type: 'request.created',
          siteId: site.id,
          kind: 'offline_message',
          id,
          visitorId: at.visitor_id,
        });
      });
      // After the commit: the console re-reads its request feed.
      hub.poke(`site:${site.id}`);
      return { success: true };
    });
  });
}
