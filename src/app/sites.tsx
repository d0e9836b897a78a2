import { useLocation } from 'preact-iso';
import { call, type DataOf } from './api.js';
import { useApp } from './state.js';
import { Empty, SelectField, useData, type Loaded } from './ui.js';

/** The customer's sites, and the one a page shows: `?site=` in the URL, else the first. */
type Site = DataOf<'site'>[number];

export function useSites(): Loaded<Site[]> {
  const { customer } = useApp();
  return useData(() => call('site', { limit: 1000 }), [customer?.id]);
}

export function chosenSite(sites: Site[], query: Record<string, string>): Site | undefined {
  return sites.find((s) => String(s.id) === query.site) ?? sites[0];
}

/** A site picker that writes its choice into the URL, so the view can be linked. */
export function SitePicker({ sites, site }: { sites: Site[]; site: Site | undefined }) {
  const { t } = useApp();
  const loc = useLocation();
  if (!sites.length)
    return (
      <Empty>
        {t.noSites} <a href="/app/sites">{t.sites}</a>
      </Empty>
    );
  return (
    <SelectField
      id="site"
      label={t.site}
      value={String(site?.id ?? '')}
      options={sites.map((s) => [String(s.id), s.domain])}
      onChange={(v) => {
        const q = new URLSearchParams(loc.query);
        q.set('site', v);
        loc.route(`${loc.path}?${q}`, true);
      }}
    />
  );
}
