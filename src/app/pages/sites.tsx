import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { ApiFailure, call } from '../api.js';
import { useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Table } from '../table.js';
import { Empty, FormError, Page, Show, TextField, useSubmit } from '../ui.js';

/** The customer's sites and the form that adds one. */
export function Sites() {
  const { t, lang } = useApp();
  const sites = useSites();
  const loc = useLocation();
  const [domain, setDomain] = useState('');
  const [phone, setPhone] = useState('');
  const { errors, busy, setErrors, onSubmit } = useSubmit(async () => {
    try {
      // The site's widgets speak the app's language unless changed in its settings.
      const data = await call('create_site', { domain, user_phone: phone, lang }, 'POST');
      loc.route(`/app/sites/${data.id}`);
    } catch (e) {
      // Another site has this domain: the domain field's fault.
      if (e instanceof ApiFailure && e.code === 100503) setErrors({ domain: e.message });
      else throw e;
    }
  });
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
      <form class="card" onSubmit={onSubmit} noValidate aria-labelledby="add-site">
        <h2 id="add-site">{t.addSite}</h2>
        <TextField id="domain" label={t.domain} value={domain} onInput={setDomain} required error={errors.domain} />
        <TextField
          id="user_phone"
          label={t.sitePhone}
          type="tel"
          inputMode="tel"
          value={phone}
          onInput={setPhone}
          required
          error={errors.user_phone}
        />
        <FormError errors={errors} />
        <button type="submit" disabled={busy}>
          {t.add}
        </button>
      </form>
    </Page>
  );
}
