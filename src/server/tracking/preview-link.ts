import { campaignConditionRows } from '../sites/conditions.js';
import { originAllowed } from '../sites/lookup.js';
import type { Queryable } from '../store/queryable.js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';
import { PREVIEW_PARAM } from './preview-token.js';

/**
 * The page a preview link opens: the site's page, with the campaign's tags (the `=` conditions on
 * campaign parameters of its first group that has only such conditions, so the page reads as
 * that campaign's landing) and the token. The token alone picks the campaign; the tags make the
 * visit look like the campaign's in the journal and to the site's own analytics.
 */
export async function previewPageUrl(db: Queryable, acId: number, page: URL, token: string): Promise<string> {
  const url = new URL(page);
  for (const [name, value] of Object.entries(await campaignTags(db, acId)))
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  url.searchParams.set(PREVIEW_PARAM, token);
  return url.toString();
}

/** The tags of the campaign's first group made of `=` conditions on campaign parameters alone. */
async function campaignTags(db: Queryable, acId: number): Promise<Record<string, string>> {
  const rows = await campaignConditionRows(db, acId);
  const groups = new Map<number, typeof rows>();
  for (const r of rows) groups.set(r.group_id, [...(groups.get(r.group_id) ?? []), r]);
  const fields: readonly string[] = CAMPAIGN_FIELDS;
  for (const group of groups.values()) {
    const tags = group.every((c) => c.ac_operator === '=' && !c.is_negative && c.value && fields.includes(c.ac_parameter ?? ''));
    if (tags) return Object.fromEntries(group.map((c) => [c.ac_parameter!, c.value!]));
  }
  return {};
}

/**
 * The page of the site `page` names: a path (`/prices`), or an address whose pages the site accepts
 * (its domain or a subdomain, or one of its other addresses: a staging host, `localhost:4211`;
 * sites/lookup.ts). Undefined: the site's front page. Null: not the site's.
 */
export function sitePage(site: { domain: string; origins: string[] }, page: string | undefined): URL | null {
  const { domain } = site;
  if (!page) return new URL(`https://${domain}/`);
  if (page.startsWith('/') && !page.startsWith('//')) return new URL(page, `https://${domain}`);
  let u: URL;
  try {
    u = new URL(page);
  } catch {
    return null;
  }
  return (u.protocol === 'https:' || u.protocol === 'http:') && originAllowed(site, u.origin) ? u : null;
}
