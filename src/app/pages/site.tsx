import { useLocation, useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { ApiFailure, call, callPage, type DataOf } from '../api.js';
import { useConfirm } from '../confirm.js';
import { DeleteButton } from '../delete-button.js';
import { useForm } from '../form.js';
import { formatDateTime, formatPhone } from '../format.js';
import { fill, type Texts } from '../i18n.js';
import { useApp, type Customer } from '../state.js';
import { FieldError, FormError, Page, Show, TextField, useData } from '../ui.js';
import { SiteSettingsForm } from './site-settings.js';

/** One site as `site_detail` answers it. */
type SiteDetail = DataOf<'site_detail'>;

type Installation = DataOf<'site_installation'>;

/** The loader a site's pages carry (README, "Install"), with its key and this server filled in. */
export function snippetOf(siteKey: string, origin: string): string {
  return `<script>
  (window.__cs = window.__cs || []).push(["setCsAccount", ${JSON.stringify(siteKey)}]);
</script>
<script async src="${origin}/svc.js"></script>`;
}

/** What "Check installation" says: when a page view was last seen, and the last page refused and why. */
function installationText(r: Installation, t: Texts, lang: 'en' | 'ru', customer: Customer): Array<{ ok: boolean; text: string }> {
  const when = (iso: string) => formatDateTime(iso, lang, customer.time_zone);
  const lines = [r.last_page_view ? { ok: true, text: `${t.installed} ${when(r.last_page_view)}` } : { ok: false, text: t.notInstalled }];
  const refused = r.refused_origin;
  if (refused) {
    let host = refused.origin;
    try {
      host = new URL(refused.origin).host;
    } catch {}
    const text = refused.reason === 'not_web' ? t.refusedNotWeb : t.refusedOrigin;
    lines.push({ ok: false, text: fill(text, { origin: refused.origin, when: when(refused.at), host }) });
  }
  return lines;
}

/** One site: its install snippet, whether the server has seen it, its settings, its details, and deleting it. */
export function SiteView() {
  const { t } = useApp();
  const { params } = useRoute();
  const site = useData(async () => {
    try {
      return await call('site_detail', { id: Number(params.id) });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 404) return null;
      throw e;
    }
  }, [params.id]);
  return (
    <Show loaded={site}>
      {(s) =>
        !s ? (
          <p class="empty">{t.notFound}</p>
        ) : (
          <Page title={s.domain}>
            <p>
              <a href="/app/sites">← {t.sites}</a>
            </p>
            <Install site={s} reload={site.reload} />
            <SiteSettingsForm siteId={s.id} />
            <SiteDetailsForm key={`${s.id}:${s.domain}`} site={s} reload={site.reload} />
            <p>
              <a href={`/app/campaigns?site=${s.id}`}>{t.campaigns}</a> · <a href={`/app/journal?site=${s.id}`}>{t.journal}</a>
            </p>
            <DeleteSite site={s} />
          </Page>
        )
      }
    </Show>
  );
}

function Install({ site, reload }: { site: SiteDetail; reload(): void }) {
  const { t, lang, customer } = useApp();
  const confirm = useConfirm();
  const [copy, setCopy] = useState('');
  const [seen, setSeen] = useState<Array<{ ok: boolean; text: string }>>([]);
  const [note, setNote] = useState('');
  const code = snippetOf(site.site_key, location.origin);
  const check = async () => {
    try {
      const r = await call('site_installation', { site_id: site.id });
      setSeen(installationText(r, t, lang, customer!));
    } catch (e) {
      setSeen([{ ok: false, text: (e as Error).message }]);
    }
  };
  const rotate = async () => {
    const yes = await confirm.ask({ title: fill(t.rotateKeyTitle, { domain: site.domain }), body: t.rotateKeyText, yes: t.rotateKey });
    if (!yes) return;
    try {
      await call('rotate_site_key', { id: site.id }, 'POST');
      setNote(t.rotateKeyDone);
      reload();
    } catch (e) {
      setNote((e as Error).message);
    }
  };
  return (
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
        <div role="status" id="install-status">
          {seen.map((l, i) => (
            <p key={i} class={l.ok ? 'ok' : 'muted'}>
              {l.text}
            </p>
          ))}
        </div>
      </div>
      <div class="row">
        <button type="button" class="secondary" onClick={() => void rotate()}>
          {t.rotateKey}
        </button>
        <span role="status" id="rotate-note">
          {note}
        </span>
      </div>
      {confirm.dialog}
    </section>
  );
}

/** The site's domain, its other addresses (extra origins) and its own phone. */
function SiteDetailsForm({ site, reload }: { site: SiteDetail; reload(): void }) {
  const { t } = useApp();
  const [note, setNote] = useState('');
  const form = useForm(
    { domain: site.domain, origins: site.origins.join('\n'), user_phone: site.user_phone ? formatPhone(site.user_phone) : '' },
    {
      async submit(v) {
        setNote('');
        const origins = v.origins
          .split(/[\s,]+/)
          .map((o) => o.trim())
          .filter(Boolean);
        const phone = v.user_phone.trim() ? { user_phone: v.user_phone } : {};
        try {
          await call('change_site', { id: site.id, domain: v.domain, origins, ...phone }, 'PUT');
        } catch (e) {
          if (!(e instanceof ApiFailure && e.code === 100503)) throw e;
          form.setErrors({ domain: e.message });
          return;
        }
        setNote(t.siteSaved);
        reload();
      },
    },
  );
  const origins = form.field('origins', t.siteOrigins);
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="details-h">
      <h2 id="details-h">{t.siteDetails}</h2>
      <p>
        {t.sitePhoneShown} <strong id="site-phone">{site.user_phone ? formatPhone(site.user_phone) : t.none}</strong>
      </p>
      <TextField {...form.field('domain', t.domain)} required />
      <div class="field">
        <label for={origins.id}>{origins.label}</label>
        <textarea
          id={origins.id}
          name={origins.id}
          rows={3}
          value={origins.value}
          aria-describedby={origins.error ? 'origins-help origins-error' : 'origins-help'}
          aria-invalid={origins.error ? 'true' : undefined}
          onInput={(e) => origins.onInput((e.target as HTMLTextAreaElement).value)}
        />
        <p id="origins-help" class="muted">
          {t.siteOriginsHelp}
        </p>
        <FieldError id={origins.id} error={origins.error} />
      </div>
      <TextField {...form.field('user_phone', t.sitePhone)} type="tel" inputMode="tel" />
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {t.saveSiteDetails}
        </button>
        <span role="status" id="details-note">
          {note}
        </span>
      </div>
    </form>
  );
}

/** Deleting the site, after saying what goes with it (its campaigns counted). */
function DeleteSite({ site }: { site: SiteDetail }) {
  const { t } = useApp();
  const loc = useLocation();
  // How many campaigns go with it, counted when asked.
  const ask = async () => {
    const { total, data } = await callPage('ac', { site_id: site.id, limit: 1 });
    return {
      title: fill(t.deleteSiteTitle, { domain: site.domain }),
      body: fill(t.deleteSiteText, { n: total ?? data.length }),
      yes: t.deleteSite,
    };
  };
  return (
    <div class="row">
      <DeleteButton
        label={t.deleteSite}
        ask={ask}
        run={() => call('delete_site', { id: site.id }, 'DELETE')}
        done={() => loc.route('/app/sites')}
      />
    </div>
  );
}
