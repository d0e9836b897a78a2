import { CAMPAIGN_FIELDS, type CampaignField } from '../store/tables/traffic.js';

/**
 * What a page view tells about where the visitor came from: the campaign parameters of the landing
 * URL (utm_*, OpenStat, click ids) and the search engine and query of the referrer. The snippet
 * sends the URL as it is; reading it here keeps that logic in one place and out of the bundle.
 */

export type CampaignParams = Record<CampaignField, string | null>;

/** Reads the campaign parameters of a URL. `_openstat` (base64 "service;campaign;ad;source") fills os_*. */
const NONE = Object.fromEntries(CAMPAIGN_FIELDS.map((f) => [f, null])) as CampaignParams;

export function campaignParams(url: string): CampaignParams {
  const out = { ...NONE };
  // Every page view comes here; most URLs have no query to read.
  if (!url.includes('?')) return out;
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return out;
  }
  for (const f of CAMPAIGN_FIELDS) {
    const v = q.get(f);
    if (v) out[f] = v.slice(0, 1024);
  }
  const os = q.get('_openstat');
  if (os) {
    let decoded = os;
    try {
      const b = Buffer.from(os.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
      if (b.includes(';')) decoded = b;
    } catch {
      // not base64: OpenStat also allows the plain form
    }
    const [service, campaign, ad, source] = decoded.split(';');
    out.os_service_name ??= service || null;
    out.os_campaign_id ??= campaign || null;
    out.os_ad_id ??= ad || null;
    out.os_source_id ??= source || null;
  }
  return out;
}

/** Search engines by host pattern, and the query parameter that carries the search text. */
const ENGINES: Array<[name: string, host: RegExp, param: string]> = [
  ['google', /(^|\.)google\.[a-z.]+$/, 'q'],
  ['yandex', /(^|\.)(yandex\.[a-z.]+|ya\.ru)$/, 'text'],
  ['bing', /(^|\.)bing\.com$/, 'q'],
  ['yahoo', /(^|\.)search\.yahoo\.com$/, 'p'],
  ['duckduckgo', /(^|\.)duckduckgo\.com$/, 'q'],
  ['mail.ru', /(^|\.)go\.mail\.ru$/, 'q'],
  ['rambler', /(^|\.)rambler\.ru$/, 'query'],
];

export interface ReferrerInfo {
  referrer: string | null;
  referrer_domain: string | null;
  search_engine: string | null;
  search_query: string | null;
}

export function referrerInfo(referrer: string): ReferrerInfo {
  if (!referrer) return { referrer: null, referrer_domain: null, search_engine: null, search_query: null };
  let u: URL;
  try {
    u = new URL(referrer);
  } catch {
    return { referrer, referrer_domain: null, search_engine: null, search_query: null };
  }
  const host = u.hostname.toLowerCase();
  const engine = ENGINES.find(([, re]) => re.test(host));
  return {
    referrer,
    referrer_domain: host,
    search_engine: engine ? engine[0] : null,
    search_query: engine ? u.searchParams.get(engine[2]) || null : null,
  };
}
