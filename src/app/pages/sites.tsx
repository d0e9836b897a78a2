import { useLocation } from 'preact-iso';
import { ApiFailure, call } from '../api.js';
import { useForm } from '../form.js';
import { useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Table } from '../table.js';
import { Empty, FormError, Page, Show, TextField } from '../ui.js';

/** The customer's sites and the form that adds one. */
export function Sites() {
  const { t, lang } = useApp();
  const sites = useSites();
  const loc = useLocation();
  const form = useForm(
    { domain: '', user_phone: '' },
    {
      async submit(v) {
        try {
          // The site's widgets speak the app's language unless changed in its settings.
          const data = await call('create_site', { ...v, lang }, 'POST');
          loc.route(`/app/sites/${data.id}`);
        } catch (e) {
          // Another site has this domain: the domain field's fault.
          if (e instanceof ApiFailure && e.code === 100503) form.setErrors({ domain: e.message });
          else throw e;
        }
      },
    },
  );
  return (
    <Page title={t.sites}>
      {loc.query.welcome && (
        <p class="ok" role="status">
          {t.welcome}
        </p>
      )}
      <Show loaded={sites}>
        {(list) =>
          list.length ? (
            <Table
              id="sites"
              label={t.sites}
              rows={list}
              rowKey={(s) => s.id}
              columns={[
                {
                  key: 'domain',
                  label: t.domain,
                  head: true,
                  text: (s) => s.domain,
                  cell: (s) => <a href={`/app/sites/${s.id}`}>{s.domain}</a>,
                },
                { key: 'key', label: t.siteKey, class: 'url', text: (s) => s.site_key, cell: (s) => <code>{s.site_key}</code> },
              ]}
            />
          ) : (
            <Empty>{t.noSites}</Empty>
          )
        }
      </Show>
      <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="add-site">
        <h2 id="add-site">{t.addSite}</h2>
        <TextField {...form.field('domain', t.domain)} required />
        <TextField {...form.field('user_phone', t.sitePhone)} type="tel" inputMode="tel" required />
        <FormError errors={form.errors} />
        <button type="submit" disabled={form.busy}>
          {t.add}
        </button>
      </form>
    </Page>
  );
}
