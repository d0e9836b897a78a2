/**
 * The ids the ad platforms know a visitor by, from the page's own cookies as the snippet sends them
 * (`HitData.ids`): Google Analytics' `_ga` (`GA1.<depth>.<random>.<time>`, whose client id is its
 * last two parts, what GA4's Measurement Protocol takes as `client_id`) and Yandex Metrica's
 * `_ym_uid` (the ClientId its offline conversions take). Anything else in the list, or a value of
 * another shape, is no id: the page view is never refused for it.
 */
export interface AnalyticsIds {
  ua_client_id: string | null;
  ym_client_id: string | null;
}

const GA = /^_ga=GA\d+\.\d+\.(\d{1,20}\.\d{1,20})$/;
const YM = /^_ym_uid=(\d{1,30})$/;

export function analyticsIds(cookies: readonly string[] | null | false | undefined): AnalyticsIds {
  const ids: AnalyticsIds = { ua_client_id: null, ym_client_id: null };
  for (const c of cookies || []) {
    ids.ua_client_id ??= GA.exec(c)?.[1] ?? null;
    ids.ym_client_id ??= YM.exec(c)?.[1] ?? null;
  }
  return ids;
}

/** The ids a page view brings that its session does not hold yet (a session keeps the first it saw). */
export function idsToKeep(session: Partial<AnalyticsIds>, seen: AnalyticsIds): Partial<AnalyticsIds> | null {
  const keep: Partial<AnalyticsIds> = {};
  if (seen.ua_client_id && !session.ua_client_id) keep.ua_client_id = seen.ua_client_id;
  if (seen.ym_client_id && !session.ym_client_id) keep.ym_client_id = seen.ym_client_id;
  return Object.keys(keep).length ? keep : null;
}
