import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { useConfirm } from '../confirm.js';
import { required, useForm } from '../form.js';
import { fill } from '../i18n.js';
import { useApp } from '../state.js';
import { Table, type Column } from '../table.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';

/** A key as `api_key` lists it (docs/api-keys.md); the key itself is never listed. */
type ApiKey = DataOf<'api_key'>[number];
type SiteRef = Pick<DataOf<'site'>[number], 'id' | 'domain'>;

/** The customer's API keys (REST `api_key`, `create_api_key`, `revoke_api_key`): make one, see when each was used, revoke. */
export function ApiKeys() {
  const { t, customer } = useApp();
  const data = useData(async () => {
    const [keys, sites] = await Promise.all([call('api_key'), call('site', { limit: 1000 })]);
    return { keys, sites };
  }, [customer?.id]);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState('');
  const confirm = useConfirm();
  const revoke = async (k: ApiKey) => {
    setNote('');
    setFailure('');
    if (!(await confirm.ask({ title: fill(t.revokeApiKeyTitle, { name: k.name }), body: t.revokeApiKeyText, yes: t.revokeApiKey }))) return;
    call('revoke_api_key', { id: k.id }, 'POST').then(
      () => {
        setNote(fill(t.apiKeyRevoked, { name: k.name }));
        data.reload();
      },
      (e: Error) => setFailure(e.message),
    );
  };
  return (
    <Page title={t.apiKeys}>
      <p class="muted">
        {t.apiKeysHelp} <a href="/api/docs">{t.apiKeysDocs}</a>
      </p>
      <Show loaded={data}>
        {({ keys, sites }) => (
          <>
            {keys.length ? <KeyTable keys={keys} sites={sites} onRevoke={(k) => void revoke(k)} /> : <Empty>{t.noApiKeys}</Empty>}
            <div role="status" id="api-key-note">
              {note && <p>{note}</p>}
            </div>
            {failure && (
              <p class="error" role="alert">
                {failure}
              </p>
            )}
            {made && <MadeKey {...made} />}
            {confirm.dialog}
            <NewKey
              sites={sites}
              onMade={(m) => {
                setNote('');
                setMade(m);
                data.reload();
              }}
            />
          </>
        )}
      </Show>
    </Page>
  );
}

function KeyTable({ keys, sites, onRevoke }: { keys: ApiKey[]; sites: SiteRef[]; onRevoke(k: ApiKey): void }) {
  const { t } = useApp();
  const domain = (id: number) => sites.find((s) => s.id === id)?.domain ?? `#${id}`;
  const columns: Array<Column<ApiKey>> = [
    { key: 'name', label: t.name, text: (k) => k.name, head: true },
    { key: 'key', label: t.apiKeyId, text: (k) => `${k.key_id}…`, class: 'nowrap' },
    { key: 'scope', label: t.apiKeyScope, text: (k) => (k.read_only ? t.apiKeyReadOnly : t.apiKeyReadWrite) },
    { key: 'sites', label: t.apiKeySites, text: (k) => (k.site_ids ? k.site_ids.map(domain).join(', ') : t.apiKeyAllSites) },
    { key: 'created', label: t.apiKeyCreated, text: (k) => k.created_at, class: 'nowrap' },
    { key: 'used', label: t.apiKeyLastUsed, text: (k) => k.last_used_at ?? t.apiKeyNeverUsed, class: 'nowrap' },
    {
      key: 'state',
      label: t.apiKeyState,
      csv: false,
      cell: (k) =>
        k.revoked_at ? (
          fill(t.apiKeyRevokedAt, { at: k.revoked_at })
        ) : (
          <button type="button" onClick={() => onRevoke(k)}>
            {t.revokeApiKey} <span class="sr">{k.name}</span>
          </button>
        ),
    },
  ];
  return (
    <Table id="api-keys" label={t.apiKeys} columns={columns} rows={keys} rowKey={(k) => k.id} rowProps={(k) => ({ 'data-id': k.id })} />
  );
}

/** The key just made: shown once, with a button that copies it. */
function MadeKey({ name, key }: { name: string; key: string }) {
  const { t } = useApp();
  const [copied, setCopied] = useState('');
  return (
    <section class="card" aria-labelledby="made-key-h">
      <h2 id="made-key-h">{fill(t.apiKeyMade, { name })}</h2>
      <p>{t.apiKeyShownOnce}</p>
      <pre id="api-key-secret">{key}</pre>
      <div class="row">
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(key).then(
              () => setCopied(t.copied),
              () => setCopied(t.copyFailed),
            )
          }
        >
          {t.copyApiKey}
        </button>
        <span role="status">{copied}</span>
      </div>
    </section>
  );
}

function NewKey({ sites, onMade }: { sites: SiteRef[]; onMade(m: { name: string; key: string }): void }) {
  const { t } = useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const form = useForm(
    { name: '', read_only: '1', site_ids: '' },
    {
      check: { name: required(t.fieldRequired) },
      async submit(v) {
        const args = { name: v.name.trim(), read_only: v.read_only === '1', ...(chosen.length ? { site_ids: chosen } : {}) };
        const r = await call('create_api_key', args, 'POST');
        form.reset();
        setChosen([]);
        onMade({ name: args.name, key: r.key });
      },
    },
  );
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="new-api-key-h">
      <h2 id="new-api-key-h">{t.newApiKey}</h2>
      <TextField {...form.field('name', t.name)} required />
      <SelectField
        id="read_only"
        label={t.apiKeyScope}
        value={form.values.read_only}
        onChange={(v) => form.set('read_only', v)}
        error={form.errors.read_only}
        options={[
          ['1', t.apiKeyReadOnly],
          ['0', t.apiKeyReadWrite],
        ]}
      />
      <fieldset aria-describedby={form.errors.site_ids ? 'site_ids-error' : 'site_ids-hint'}>
        <legend>{t.apiKeySites}</legend>
        <p class="muted" id="site_ids-hint">
          {t.apiKeySitesHint}
        </p>
        {sites.map((s) => (
          <div class="field check" key={s.id}>
            <input
              id={`key-site-${s.id}`}
              type="checkbox"
              checked={chosen.includes(s.id)}
              onChange={(x) => {
                const on = (x.target as HTMLInputElement).checked;
                setChosen(on ? [...chosen, s.id] : chosen.filter((y) => y !== s.id));
              }}
            />
            <label for={`key-site-${s.id}`}>{s.domain}</label>
          </div>
        ))}
      </fieldset>
      <FieldError id="site_ids" error={form.errors.site_ids} />
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy}>
        {t.create}
      </button>
    </form>
  );
}
