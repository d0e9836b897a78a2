import { campaignsOfSite } from '../sites/campaigns.js';
import { campaignConditions } from '../sites/conditions.js';
import type { Queryable } from '../store/queryable.js';
import type { AdCostSource } from '../store/tables.js';
import { mappingsOf } from './cost-store.js';

/**
 * Which of the site's campaigns an ad platform's campaign is. In this order: the mapping the owner
 * confirmed; the campaign whose condition says `utm_campaign = <the platform's id or name>` (the
 * site's own configuration names it, so no confirmation is asked); else none, with a campaign of
 * the same name as a suggestion the owner confirms once (a name alone may mislead).
 */

/** A platform campaign: its key is its id when the export has ids, else its name. */
export interface PlatformCampaign {
  key: string;
  id: string | null;
  name: string | null;
}

export type Match = { acId: number; by: 'mapping' | 'utm_campaign' } | { acId: null; suggested: number | null };

export async function campaignMatcher(db: Queryable, siteId: number, source: AdCostSource): Promise<(c: PlatformCampaign) => Match> {
  const mapped = await mappingsOf(db, siteId, source);
  const live = (await campaignsOfSite(db, siteId)).filter((c) => !c.removed);
  const liveIds = new Set(live.map((c) => c.id));
  // The conditions come in the order campaigns are tried: the first campaign naming a value wins.
  const byUtm = new Map<string, number>();
  for (const c of await campaignConditions(db, siteId))
    if (c.ac_parameter === 'utm_campaign' && c.ac_operator === '=' && !c.is_negative && !byUtm.has(c.value.toLowerCase()))
      byUtm.set(c.value.toLowerCase(), c.ac_id);
  const byName = new Map(live.map((c) => [c.name.toLowerCase(), c.id]));
  return (c) => {
    const m = mapped.get(c.key);
    if (m !== undefined && liveIds.has(m)) return { acId: m, by: 'mapping' };
    for (const v of [c.id, c.name]) {
      const u = v == null ? undefined : byUtm.get(v.toLowerCase());
      if (u !== undefined) return { acId: u, by: 'utm_campaign' };
    }
    return { acId: null, suggested: c.name == null ? null : (byName.get(c.name.toLowerCase()) ?? null) };
  };
}
