import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { call, type ArgsOf, type DataOf } from '../api.js';
import { addDays, dayIn, formatNumber, formatPercent } from '../format.js';
import { required, useForm } from '../form.js';
import { fill } from '../i18n.js';
import { chosenSite, SitePicker, useSites } from '../sites.js';
import { useApp } from '../state.js';
import { Table, type Column } from '../table.js';
import { Empty, FieldError, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';
import { SubmitRow } from '../submit-row.js';

/**
 * Ad costs and return on spend (docs/conversions.md, "Ad costs and return on spend"): upload a
 * platform's cost report, confirm the campaigns it did not know, enter a cost by hand, and the
 * report of cost against calls, qualified leads and revenue, with the period before.
 */

type AdCampaign = DataOf<'ac'>[number];
type Imported = DataOf<'import_ad_costs', 'POST'>;
type UnknownCampaign = Imported['unknown_campaigns'][number];
type CostRow = DataOf<'campaign_costs_report'>[number];
/** What the import's platform list offers: the platforms, or the file tells. */
type ImportPlatform = NonNullable<ArgsOf<'import_ad_costs', 'POST'>['platform']>;
type GroupBy = NonNullable<ArgsOf<'campaign_costs_report'>['group_by']>;

export function Costs() {
  const { t } = useApp();
  const loc = useLocation();
  const sites = useSites();
  const site = sites.data && chosenSite(sites.data, loc.query);
  const campaigns = useData(async () => (site ? call('ac', { site_id: site.id, limit: 1000 }) : []), [site?.id]);
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <Page title={t.costs}>
      <p class="muted">{t.costsHelp}</p>
      <Show loaded={sites}>
        {(list) => (
          <>
            <SitePicker sites={list} site={site} />
            {site && (
              <Show loaded={campaigns}>
                {(acs) => (
                  <>
                    <CostImport siteId={site.id} campaigns={acs} onChange={changed} />
                    <ManualCost siteId={site.id} campaigns={acs} onChange={changed} />
                    <CostReport siteId={site.id} version={version} />
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

/**
 * A file's text: UTF-16 when it starts with its byte-order mark (Google's "CSV (Excel)"), UTF-8 when
 * it reads as such, else Windows-1251 (a report saved by a spreadsheet in Russian).
 */
async function fileText(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/** Reads the chosen file as text; the text stays in the form, so an import can be sent again. */
function readFile(e: Event, set: (name: 'file' | 'fileName', v: string) => void) {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (!file) return;
  set('fileName', file.name);
  void fileText(file).then((text) => set('file', text));
}

function CostImport({ siteId, campaigns, onChange }: { siteId: number; campaigns: AdCampaign[]; onChange(): void }) {
  const { t } = useApp();
  const [result, setResult] = useState<Imported | null>(null);
  const form = useForm(
    { file: '', fileName: '', platform: 'auto', currency: '', micros: 'no' },
    {
      check: { file: required(t.costFileRequired) },
      async submit(v) {
        setResult(null);
        const r = await call(
          'import_ad_costs',
          {
            site_id: siteId,
            file: v.file,
            platform: v.platform as ImportPlatform,
            money_in_micros: v.micros === 'yes',
            ...(v.currency.trim() ? { currency: v.currency.trim() } : {}),
          },
          'POST',
        );
        setResult(r);
        onChange();
      },
    },
  );
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="cost-import-h">
      <h2 id="cost-import-h">{t.costImport}</h2>
      <p class="muted">{t.costImportHelp}</p>
      <div class="field">
        <label for="file">{t.costFile}</label>
        <input
          id="file"
          name="file"
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
          aria-invalid={form.errors.file ? 'true' : undefined}
          aria-describedby={form.errors.file ? 'file-error' : undefined}
          onChange={(e) => readFile(e, (n, v) => form.set(n, v))}
        />
        <FieldError id="file" error={form.errors.file} />
      </div>
      <div class="grid">
        <SelectField
          id="platform"
          label={t.costPlatform}
          value={form.values.platform}
          onChange={(v) => form.set('platform', v)}
          options={[
            ['auto', t.costPlatformAuto],
            ['yandex_direct', 'Yandex Direct'],
            ['google_ads', 'Google Ads'],
          ]}
          error={form.errors.platform}
        />
        <TextField {...form.field('currency', t.costCurrency)} />
        <SelectField
          id="micros"
          label={t.costMicros}
          value={form.values.micros}
          onChange={(v) => form.set('micros', v)}
          options={[
            ['no', t.costMicrosNo],
            ['yes', t.costMicrosYes],
          ]}
        />
      </div>
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {t.costUpload}
        </button>
      </div>
      {result && (
        <div role="status" data-import-result>
          <p>{result.message}</p>
          {result.unknown_campaigns.length > 0 && (
            <UnknownCampaigns siteId={siteId} result={result} campaigns={campaigns} onMapped={form.onSubmit} />
          )}
        </div>
      )}
    </form>
  );
}

/** The platform's campaigns the import did not know: the owner says which of theirs each is, once. */
function UnknownCampaigns(p: { siteId: number; result: Imported; campaigns: AdCampaign[]; onMapped(e: Event): void }) {
  const { t } = useApp();
  const [error, setError] = useState('');
  const first = p.campaigns[0]?.id;
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(p.result.unknown_campaigns.map((u) => [keyOf(u), String(u.suggested_ac_id ?? first ?? '')])),
  );
  const confirm = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      for (const u of p.result.unknown_campaigns) {
        const ac = Number(chosen[keyOf(u)]);
        if (!ac) continue;
        await call('map_ad_campaign', { site_id: p.siteId, source: p.result.platform, platform_campaign: keyOf(u), ac_id: ac }, 'POST');
      }
      // The same file again: its rows of the campaigns just confirmed are stored now.
      p.onMapped(e);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  if (!p.campaigns.length) return <Empty>{t.costNoCampaigns}</Empty>;
  return (
    <div>
      <h3>{t.costUnknown}</h3>
      <ul class="list">
        {p.result.unknown_campaigns.map((u) => (
          <li key={keyOf(u)} data-unknown={keyOf(u)}>
            <SelectField
              id={`map-${keyOf(u)}`}
              label={fill(t.costUnknownLine, { name: u.platform_campaign_name ?? keyOf(u), rows: u.rows, cost: u.cost })}
              value={chosen[keyOf(u)] ?? ''}
              onChange={(v) => setChosen({ ...chosen, [keyOf(u)]: v })}
              options={[['', t.costSkip] as [string, string], ...p.campaigns.map((c): [string, string] => [String(c.id), c.name])]}
            />
          </li>
        ))}
      </ul>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={(e) => void confirm(e)}>
        {t.costConfirm}
      </button>
    </div>
  );
}

/** The key a mapping is stored under: the platform's campaign id, else its name. */
const keyOf = (u: UnknownCampaign) => u.platform_campaign_id ?? u.platform_campaign_name ?? '';

function ManualCost({ siteId, campaigns, onChange }: { siteId: number; campaigns: AdCampaign[]; onChange(): void }) {
  const { t, customer } = useApp();
  const [note, setNote] = useState('');
  const today = dayIn(customer!.time_zone);
  const form = useForm(
    { ac_id: String(campaigns[0]?.id ?? ''), date_from: today, date_till: '', amount: '', currency: '' },
    {
      check: {
        ac_id: required(t.fieldRequired),
        date_from: required(t.fieldRequired),
        amount: (v) =>
          v.trim() && Number.isFinite(Number(v.replace(',', '.'))) && Number(v.replace(',', '.')) >= 0 ? null : t.costAmountShape,
      },
      async submit(v) {
        setNote('');
        const r = await call(
          'set_ad_cost',
          {
            site_id: siteId,
            ac_id: Number(v.ac_id),
            date_from: v.date_from,
            amount: Number(v.amount.replace(',', '.')),
            ...(v.date_till ? { date_till: v.date_till } : {}),
            ...(v.currency.trim() ? { currency: v.currency.trim() } : {}),
          },
          'POST',
        );
        setNote(r.message);
        onChange();
      },
    },
  );
  if (!campaigns.length) return null;
  return (
    <form class="card" onSubmit={form.onSubmit} noValidate aria-labelledby="manual-cost-h">
      <h2 id="manual-cost-h">{t.costManual}</h2>
      <div class="grid">
        <SelectField
          id="ac_id"
          label={t.costCampaign}
          value={form.values.ac_id}
          onChange={(v) => form.set('ac_id', v)}
          options={campaigns.map((c): [string, string] => [String(c.id), c.name])}
          error={form.errors.ac_id}
        />
        <TextField {...form.field('date_from', t.from)} type="date" required />
        <TextField {...form.field('date_till', t.costTillIncluded)} type="date" />
        <TextField {...form.field('amount', t.costAmount)} inputMode="decimal" required />
        <TextField {...form.field('currency', t.costCurrency)} />
      </div>
      <SubmitRow form={form} label={t.save} note={note} />
    </form>
  );
}

function CostReport({ siteId, version }: { siteId: number; version: number }) {
  const { t, lang, customer } = useApp();
  const today = dayIn(customer!.time_zone);
  const [f, setF] = useState({ from: today.slice(0, 8) + '01', till: today, by: 'campaign' as GroupBy });
  const [shown, setShown] = useState(f);
  const rows = useData(
    () =>
      call('campaign_costs_report', {
        site_id: siteId,
        date_from: shown.from,
        date_till: addDays(shown.till, 1),
        group_by: shown.by,
        limit: 1000,
      }),
    [siteId, shown.from, shown.till, shown.by, version],
  );
  const money = (v: number | null, c: string | null) =>
    v == null ? '—' : c ? new Intl.NumberFormat(lang, { style: 'currency', currency: c }).format(v) : formatNumber(v, lang);
  const pair = (now: string, before: string) => `${now} (${before})`;
  const ros = (v: number | null) => (v == null ? '—' : formatPercent(v, lang));
  const columns: Array<Column<CostRow>> = [
    { key: 'name', label: GROUP_LABEL(t)[shown.by], text: (r) => r.name, head: true },
    { key: 'cost', label: t.costCost, text: (r) => pair(money(r.current.cost, r.currency), money(r.previous.cost, r.currency)), num: true },
    { key: 'calls', label: t.costCalls, text: (r) => pair(String(r.current.calls), String(r.previous.calls)), num: true },
    {
      key: 'leads',
      label: t.costLeads,
      text: (r) => pair(String(r.current.qualified_leads), String(r.previous.qualified_leads)),
      num: true,
    },
    {
      key: 'per-call',
      label: t.costPerCall,
      text: (r) => pair(money(r.current.cost_per_call, r.currency), money(r.previous.cost_per_call, r.currency)),
      num: true,
    },
    {
      key: 'per-lead',
      label: t.costPerLead,
      text: (r) => pair(money(r.current.cost_per_qualified_lead, r.currency), money(r.previous.cost_per_qualified_lead, r.currency)),
      num: true,
    },
    {
      key: 'revenue',
      label: t.revenue,
      text: (r) => pair(money(r.current.revenue, r.currency), money(r.previous.revenue, r.currency)),
      num: true,
    },
    { key: 'ros', label: t.costReturn, text: (r) => pair(ros(r.current.return_on_spend), ros(r.previous.return_on_spend)), num: true },
  ];
  return (
    <section class="card" aria-labelledby="cost-report-h">
      <h2 id="cost-report-h">{t.costReport}</h2>
      <form
        class="grid filters"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(f);
        }}
      >
        <TextField id="cost-from" label={t.from} type="date" value={f.from} onInput={(v) => setF({ ...f, from: v })} />
        <TextField id="cost-till" label={t.till} type="date" value={f.till} onInput={(v) => setF({ ...f, till: v })} />
        <SelectField
          id="group_by"
          label={t.costGroupBy}
          value={f.by}
          onChange={(v) => setF({ ...f, by: v as GroupBy })}
          options={(Object.entries(GROUP_LABEL(t)) as Array<[GroupBy, string]>).map(([k, l]): [string, string] => [k, l])}
        />
        <button type="submit">{t.show}</button>
      </form>
      <p class="muted">{t.costReportHelp}</p>
      <Show loaded={rows}>
        {(list) =>
          list.length ? (
            <Table
              id="costs"
              label={t.costReport}
              columns={columns}
              rows={list}
              rowKey={(r) => r.key}
              rowProps={(r) => ({ 'data-key': r.key })}
            />
          ) : (
            <Empty>{t.costNoData}</Empty>
          )
        }
      </Show>
    </section>
  );
}

const GROUP_LABEL = (t: ReturnType<typeof useApp>['t']): Record<GroupBy, string> => ({
  campaign: t.costCampaign,
  source: t.costSource,
  keyword: t.costKeyword,
  landing_page: t.costLandingPage,
});
