import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../http/errors.js';
import type { Site } from '../sites/lookup.js';
import type { Queryable } from '../store/queryable.js';
import type { HitRow } from '../store/tables.js';
import type { RequestPlace } from './offline-messages.js';

/**
 * The credentials object of `Svc.getCredentials()` as the site's server or another program passes
 * it back (page-api §5): a site key or widget key, the consultant server's address, a visitor and
 * one of its page views (and that page view's session). They are accepted only when they belong
 * together, and every mismatch gets the same answer (403002), so a prober learns nothing about
 * which part was right. The ids carry random bits (page-view/public-ids.ts) and failures are
 * limited per address (credential-guard.ts).
 */
export interface CredentialFields {
  site: Site | null;
  uri: string;
  visitor_id: number;
  hit_id: number;
  session_id?: number;
}

/**
 * A page view of the site by its server id, or null (tracking/queries.ts `hitOfSite`: page views
 * are tracking's table, so createServer passes the query in).
 */
export type HitOfSite = (db: Queryable, siteId: number, hitId: number) => Promise<HitRow | null>;

/** An integer id sent as form or query text (or, in a JSON body, as the number the credentials hold). */
export const idText = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z
    .string()
    .regex(/^\d{1,16}$/, 'must be an integer id')
    .transform(Number)
    .refine(Number.isSafeInteger, 'must be an integer id'),
);

/** Empty form fields and query parameters count as not sent. */
export const blank = (v: unknown) => (v === '' ? undefined : v);

/** `uri` of the credentials: the host this server is reached at, as the write route hands it out. */
export function serverUri(req: FastifyRequest, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? `${req.protocol}://${req.host}/`).host;
}

/** Checks that the credentials belong together and returns the page view they name. */
export async function placeOf(
  db: Queryable,
  hitOfSite: HitOfSite,
  c: CredentialFields,
  uri: string,
): Promise<RequestPlace & { site: Site }> {
  const site = c.site;
  if (!site || c.uri !== uri) throw errors.badCredentials();
  const hit = await hitOfSite(db, site.id, c.hit_id);
  if (!hit || hit.visitor_id !== c.visitor_id) throw errors.badCredentials();
  if (c.session_id !== undefined && hit.session_id !== c.session_id) throw errors.badCredentials();
  return { site, site_id: site.id, visitor_id: hit.visitor_id, session_id: hit.session_id, hit_id: hit.id, page_url: hit.url };
}
