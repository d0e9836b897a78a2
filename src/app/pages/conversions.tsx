import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { call, type ArgsOf, type DataOf } from '../api.js';
import { useConfirm } from '../confirm.js';
import { fill, type Texts } from '../i18n.js';
import { chosenSite, SitePicker, useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Table, type Column } from '../table.js';
import { Empty, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';
import { useForm } from '../form.js';

type Destination = DataOf<'conversion_destinations'>[number];
type Platform = Destination['platform'];
type Sends = Destination['sends'];
type LogEntry = DataOf<'conversion_log'>[number];
type Template = ArgsOf<'conversion_csv'>['template'];

/** Each platform's settings (numbers marked) and credentials, in the order the form shows them. */
const FIELDS: Record<Platform, { settings: Array<[name: string, numeric?: true]>; credentials: string[] }> = {
  google_ads: {
    settings: [
      ['customer_id'],
      ['login_customer_id'],
      ['conversion_action_id'],
      ['conversion_name'],
      ['call_conversion_action_id'],
      ['call_conversion_name'],
      ['value', true],
      ['currency'],
    ],
    credentials: ['developer_token', 'client_id', 'client_secret', 'refresh_token'],
  },
  metrica: { settings: [['counter_id'], ['goal'], ['value', true], ['currency'], ['call_tag']], credentials: ['oauth_token'] },
  ga4: { settings: [['measurement_id'], ['call_event'], ['lead_event'], ['value', true], ['currency']], credentials: ['api_secret'] },
};
const TEMPLATES: Record<Platform, Template[]> = {
  google_ads: ['google_ads_clicks', 'google_ads_calls'],
  metrica: ['metrica_conversions', 'metrica_calls'],
  ga4: [],
};
const PLATFORM_LABEL: Record<Platform, string> = { google_ads: 'Google Ads', metrica: 'Yandex Metrica', ga4: 'GA4' };

/** A field's label: the texts name each (`conv_customer_id`), else its name. */
const labelOf = (t: Texts, name: string) => (t as unknown as Record<string, string>)[`conv_${name}`] ?? name;

/** Every platform's settings and credentials, as the form names them (`settings.customer_id`). */
const FIELD_KEYS = [
  ...new Set(
    Object.values(FIELDS).flatMap((f) => [...f.settings.map(([n]) => `settings.${n}`), ...f.credentials.map((n) => `credentials.${n}`)]),
  ),
];

/** A site's conversion destinations: connect, switch, disconnect; each one's log and CSV files. */
export function Conversions() {
  const { t } = useApp();
  const loc = useLocation();
  const sites = useSites();
  const site = sites.data && chosenSite(sites.data, loc.query);
  const list = useData(async () => (site ? await call('conversion_destinations', { site_id: site.id }) : []), [site?.id]);
  const [open, setOpen] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const confirm = useConfirm();
  /** A change to one destination; the list is read again after it, or the refusal shown. */
  const act = (change: () => Promise<unknown>) => {
    setFailure('');
    change().then(
      () => list.reload(),
      (e: Error) => setFailure(e.message),
    );
  };
  const remove = async (d: Destination) => {
    if (await confirm.ask({ title: fill(t.convRemoveTitle, { label: d.label }), body: t.convRemoveText, yes: t.remove }))
      act(() => call('disconnect_conversion_destination', { site_id: site!.id, destination_id: d.id }, 'DELETE'));
  };
  const columns: Array<Column<Destination>> = [
    { key: 'label', label: t.convLabel, text: (d) => d.label, head: true },
    { key: 'platform', label: t.convPlatform, text: (d) => PLATFORM_LABEL[d.platform] },
    { key: 'sends', label: t.convSends, text: (d) => (d.sends === 'all' ? t.convSendsAll : t.convSendsQualified) },
    { key: 'state', label: t.convState, text: (d) => (d.enabled ? t.webhookOn : t.webhookOff) },
    {
      key: 'actions',
      label: t.webhookActions,
      csv: false,
      cell: (d) => (
        <>
          <button type="button" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)}>
            {t.convLog} <span class="sr">{d.label}</span>
          </button>
          <button
            type="button"
            onClick={() =>
              act(() =>
                call(
                  'change_conversion_destination',
                  { site_id: site!.id, destination_id: d.id, sends: d.sends === 'all' ? 'qualified' : 'all' },
                  'POST',
                ),
              )
            }
          >
            {d.sends === 'all' ? t.convSendQualified : t.convSendAll} <span class="sr">{d.label}</span>
          </button>
          <button
            type="button"
            onClick={() =>
              act(() => call('change_conversion_destination', { site_id: site!.id, destination_id: d.id, enabled: !d.enabled }, 'POST'))
            }
          >
            {d.enabled ? t.webhookSwitchOff : t.webhookSwitchOn} <span class="sr">{d.label}</span>
          </button>
          <button type="button" onClick={() => void remove(d)}>
            {t.remove} <span class="sr">{d.label}</span>
          </button>
        </>
      ),
    },
  ];
  return (
    <Page title={t.conversions}>
      <p class="muted">{t.convHelp}</p>
      <a href={'/app/qualification?site=' + (site?.id ?? '')}>{t.qualLink}</a>
      <Show loaded={sites}>
        {(all) => (
          <>
            <SitePicker sites={all} site={site} />
            {site && (
              <Show loaded={list}>
                {(ds) => (
                  <>
                    {ds.length ? (
                      <Table
                        id="conversion-destinations"
                        label={t.conversions}
                        columns={columns}
                        rows={ds}
                        rowKey={(d) => d.id}
                        rowProps={(d) => ({ 'data-id': d.id })}
                      />
                    ) : (
                      <Empty>{t.convNone}</Empty>
                    )}
                    {confirm.dialog}
                    {failure && (
                      <p class="error" role="alert">
                        {failure}
                      </p>
                    )}
                    {open != null && ds.some((d) => d.id === open) && (
                      <DestinationLog siteId={site.id} destination={ds.find((d) => d.id === open)!} />
                    )}
                    <Connect siteId={site.id} onDone={() => list.reload()} />
                  </>
                )}
              </Show>
            )}
          </>
        )}
      </Show>
    </Page>
  );
}

/** What a destination was sent, newest first, and its CSV files. */
function DestinationLog({ siteId, destination }: { siteId: number; destination: Destination }) {
  const { t } = useApp();
  const log = useData(() => call('conversion_log', { site_id: siteId, destination_id: destination.id, limit: 100 }), [destination.id]);
  const columns: Array<Column<LogEntry>> = [
    { key: 'queued', label: t.convQueuedAt, text: (e) => e.queued_at.replace('T', ' ').slice(0, 19), class: 'nowrap' },
    { key: 'object', label: t.convObject, text: (e) => `${e.object_type} ${e.object_id}` },
    { key: 'state', label: t.convState, text: (e) => (t as unknown as Record<string, string>)[`convState_${e.state}`] ?? e.state },
    { key: 'request', label: t.convRequest, text: (e) => e.request, class: 'url' },
    { key: 'answer', label: t.convAnswer, text: (e) => [e.status_code, e.reason ?? e.answer].filter((x) => x != null).join(' ') },
  ];
  return (
    <section class="card" aria-labelledby="conv-log-h">
      <h2 id="conv-log-h">{fill(t.convLogOf, { label: destination.label })}</h2>
      <Show loaded={log}>
        {(es) =>
          es.length ? (
            <Table id="conversion-log" label={t.convLog} columns={columns} rows={es} rowKey={(e) => e.id} />
          ) : (
            <Empty>{t.convLogEmpty}</Empty>
          )
        }
      </Show>
      {TEMPLATES[destination.platform].length > 0 && <CsvForm siteId={siteId} destination={destination} />}
    </section>
  );
}

/** A CSV import file of a date range, saved as the platform's template has it (no byte-order mark before its first line). */
function CsvForm({ siteId, destination }: { siteId: number; destination: Destination }) {
  const { t } = useApp();
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10);
  const form = useForm(
    { template: TEMPLATES[destination.platform][0]!, date_from: monthAgo, date_till: today },
    {
      async submit(v) {
        const r = await call('conversion_csv', { site_id: siteId, destination_id: destination.id, ...v });
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([r.csv], { type: 'text/csv;charset=utf-8' }));
        a.download = r.file_name;
        a.click();
        URL.revokeObjectURL(a.href);
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit} noValidate aria-labelledby="conv-csv-h">
      <h3 id="conv-csv-h">{t.convCsv}</h3>
      <SelectField
        id="template"
        label={t.convTemplate}
        value={form.values.template}
        onChange={(v) => form.set('template', v as Template)}
        options={TEMPLATES[destination.platform].map((x) => [x, x])}
        error={form.errors.template}
      />
      <TextField {...form.field('date_from', t.convFrom)} type="date" />
      <TextField {...form.field('date_till', t.convTill)} type="date" />
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy}>
        {t.convDownload}
      </button>
    </form>
  );
}

/** The connect form: the platform's fields; a refusal lands under the field it names (`settings.customer_id`). */
export function Connect({ siteId, onDone }: { siteId: number; onDone(): void }) {
  const { t } = useApp();
  const blank = (): Record<string, string> => Object.fromEntries(FIELD_KEYS.map((k) => [k, '']));
  // Every platform's fields are the form's, so a refusal naming one lands under it.
  const form = useForm<Record<string, string>>(
    { platform: 'google_ads', label: '', sends: 'qualified', ...blank() },
    {
      async submit(values) {
        const platform = values.platform as Platform;
        const fields = FIELDS[platform];
        const settings: Record<string, string | number> = {};
        for (const [name, numeric] of fields.settings) {
          const v = values[`settings.${name}`]?.trim();
          if (v) settings[name] = numeric && !Number.isNaN(Number(v)) ? Number(v) : v;
        }
        const credentials: Record<string, string> = {};
        for (const name of fields.credentials) credentials[name] = values[`credentials.${name}`]?.trim() ?? '';
        const sends = values.sends as Sends;
        await call(
          'connect_conversion_destination',
          { site_id: siteId, platform, label: values.label!.trim(), sends, settings, credentials },
          'POST',
        );
        for (const [k, v] of Object.entries(blank())) form.set(k, v);
        form.set('label', '');
        onDone();
      },
    },
  );
  const platform = form.values.platform as Platform;
  const fields = FIELDS[platform];
  const input = (key: string, secret: boolean) => (
    <TextField
      key={key}
      {...form.field(key, labelOf(t, key.split('.')[1]!))}
      type={secret ? 'password' : 'text'}
      autocomplete={secret ? 'off' : undefined}
    />
  );
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="conv-new">
      <h2 id="conv-new">{t.convConnect}</h2>
      <SelectField
        id="platform"
        label={t.convPlatform}
        value={platform}
        onChange={(v) => form.set('platform', v)}
        error={form.errors.platform}
        options={(Object.keys(PLATFORM_LABEL) as Platform[]).map((p) => [p, PLATFORM_LABEL[p]])}
      />
      <TextField {...form.field('label', t.convLabel)} />
      <SelectField
        id="sends"
        label={t.convSends}
        value={form.values.sends!}
        onChange={(v) => form.set('sends', v)}
        error={form.errors.sends}
        options={[
          ['qualified', t.convSendsQualified],
          ['all', t.convSendsAll],
        ]}
      />
      <fieldset>
        <legend>{t.convSettings}</legend>
        {fields.settings.map(([name]) => input(`settings.${name}`, false))}
      </fieldset>
      <fieldset>
        <legend>{t.convCredentials}</legend>
        <p class="muted">{t.convCredentialsNote}</p>
        {fields.credentials.map((name) => input(`credentials.${name}`, true))}
      </fieldset>
      <FormError errors={form.errors} />
      <button type="submit" disabled={form.busy}>
        {t.convConnectButton}
      </button>
    </form>
  );
}
