import { useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { restData } from '../api.js';
import { formatDateTime } from '../format.js';
import { useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Page, Show } from '../ui.js';
import { SiteSettingsForm } from './site-settings.js';

/** The loader a site's pages carry (README, "Install"), with its key and this server filled in. */
export function snippetOf(siteKey: string, origin: string): string {
  return `<script>
  (window.__cs = window.__cs || []).push(["setCsAccount", ${JSON.stringify(siteKey)}]);
</script>
<script async src="${origin}/svc.js"></script>`;
}

/** One site: its install snippet with a copy button, and whether the server has seen it. */
export function SiteView() {
  const { t, lang, customer } = useApp();
  const { params } = useRoute();
  const sites = useSites();
  const [copy, setCopy] = useState('');
  const [seen, setSeen] = useState<{ text: string; ok: boolean } | null>(null);
  return (
    <Show loaded={sites}>
      {(list) => {
        const site = list.find((s) => String(s.id) === params.id);
        if (!site) return <p class="empty">{t.notFound}</p>;
        const code = snippetOf(site.site_key, location.origin);
        const check = async () => {
          try {
            const r = await restData<{ last_page_view: string | null }>('site_installation', { site_id: site.id });
            setSeen(
              r.last_page_view
                ? { ok: true, text: `${t.installed} ${formatDateTime(r.last_page_view, lang, customer!.time_zone)}` }
                : { ok: false, text: t.notInstalled },
            );
          } catch (e) {
            setSeen({ ok: false, text: (e as Error).message });
          }
        };
        return (
          <Page title={site.domain}>
            <p>
              <a href="/app/sites">← {t.sites}</a>
            </p>
            <section class="card" aria-labelledby="install-h">
              <h2 id="install-h">{t.install}</h2>
              <p id="install-help">{t.installHelp}</p>
              <pre id="snippet" aria-describedby="install-help" tabIndex={0}>
                {code}
              </pre>
              <div class="row">
                <button
                  type="button"
                  onClick={() =>
                    navigator.clipboard.writeText(code).then(
                      () => setCopy(t.copied),
                      () => setCopy(t.copyFailed),
                    )
                  }
                >
                  {t.copy}
                </button>
                <span role="status">{copy}</span>
              </div>
              <div class="row">
                <button type="button" onClick={() => void check()}>
                  {t.checkInstall}
                </button>
                <span role="status" id="install-status" class={seen ? (seen.ok ? 'ok' : 'muted') : ''}>
                  {seen?.text}
                </span>
              </div>
            </section>
            <SiteSettingsForm siteId={site.id} />
            <p>
              <a href={`/app/campaigns?site=${site.id}`}>{t.campaigns}</a> · <a href={`/app/journal?site=${site.id}`}>{t.journal}</a>
            </p>
          </Page>
        );
      }}
    </Show>
  );
}
