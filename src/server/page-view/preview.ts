import { campaignOwner } from '../sites/campaigns.js';
import type { Queryable } from '../store/queryable.js';
import type { PreviewRefusal } from '../tracking/number-reasons.js';
import type { PreviewKeys } from '../tracking/preview-keys.js';
import { previewTokenOf, readPreview, withoutPreviewToken } from '../tracking/preview-token.js';

/** What a page's preview link says: the campaign to preview, or why the link is ignored. */
export type PagePreview = { acId: number } | { refused: PreviewRefusal };

/**
 * The preview link of a page view's URL (tracking/preview-token.ts), or undefined when it has none.
 * A valid one names a live campaign of this site; anything else is ignored, and said why.
 */
export async function previewOfPage(
  keys: PreviewKeys,
  db: Queryable,
  siteId: number,
  url: string,
  now: number,
): Promise<PagePreview | undefined> {
  const token = previewTokenOf(url);
  if (token === null) return undefined;
  const secret = await keys.of(db, siteId);
  if (!secret) return { refused: 'preview_invalid' };
  const read = readPreview(secret, siteId, token, now);
  if ('refused' in read) return read;
  const owner = await campaignOwner(db, read.acId);
  return owner?.site_id === siteId ? read : { refused: 'preview_invalid' };
}

/** The page's URL and referrer without a preview token: the hit stores the page, not the credential. */
export function withoutPreview<T extends { url: string; referrer: string }>(data: T): T {
  return { ...data, url: withoutPreviewToken(data.url), referrer: withoutPreviewToken(data.referrer) };
}
