import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { addDays, dayIn, daysBetween, formatMoney, formatNumber, formatPercent } from '../format.js';
import { chosenSite, SitePicker, useSites } from '../sites.js';
import { useApp } from '../state.js';
import { PeriodForm } from '../period-fields.js';
import { Table, type Column } from '../table.js';
import { Page, Show, useData } from '../ui.js';
import { DailyChart } from './daily-chart.js';
import { campaignName } from '../campaign-name.js';

/** A campaign of the report: the site's live ones, and deleted ones that still have calls in the range. */
type Campaign = Pick<DataOf<'ac'>[number], 'id' | 'name'> & { is_removed?: boolean };

interface Row {
  visits: number;
  calls: number;
  chats: number;
  requests: number;
  goals: number;
  sales: number;
  revenue: number;
}
const KEYS = ['visits', 'calls', 'chats', 'requests', 'goals', 'sales', 'revenue'] as const;
/** A campaign's line: this period's figures and the period's before. */
interface ReportRow {
  c: Campaign;
  a: Row;
  b: Row;
}

/** One period: every campaign's row (REST `stat` per campaign, `advertising_sales` for the site). */
async function period(siteId: number, campaigns: Campaign[], from: string, tillExclusive: string): Promise<Map<number, Row>> {
  const range = { site_id: siteId, date_from: from, date_till: tillExclusive };
  const sales = await call('advertising_sales', { ...range, only_first: false, only_quality: false, limit: 1000 });
  const out = new Map<number, Row>();
  await Promise.all(
    [-1, ...campaigns.map((c) => c.id)].map(async (id) => {
      const s = (await call('stat', { ...range, ac_id: id }))[0];
      const sale = sales.find((x) => x.ac_id === id);
      out.set(id, {
        visits: s?.visits_count ?? 0,
        calls: (s?.calls_count ?? 0) + (s?.sitephone_calls_count ?? 0),
        chats: s?.good_chats_count ?? 0,
        requests: s?.offline_messages_count ?? 0,
        goals: s?.goals_count ?? 0,
        sales: sale?.sales_count ?? 0,
        revenue: sale?.revenue ?? 0,
      });
    }),
  );
  return out;
}

const conversion = (r: Row) => (r.visits ? (r.calls + r.chats + r.requests) / r.visits : 0);

/** A table per campaign for a range against the period of the same length before it. */
export function Report() {
  const { t, lang, customer } = useApp();
  const loc = useLocation();
  const q = loc.query;
  const zone = customer!.time_zone;
  const sites = useSites();
  const site = sites.data && chosenSite(sites.data, q);
  const today = dayIn(zone);
  const from = q.from ?? today.slice(0, 8) + '01';
  const till = q.till ?? today;
  const [f, setF] = useState({ from, till });
  const report = useData(async () => {
    if (!site) return null;
    const length = daysBetween(from, till) + 1;
    // A deleted campaign is not listed by `ac`; the daily calls name those with calls in the range
    // (at most a year of days).
    const [live, removed] = await Promise.all([
      call('ac', { site_id: site.id, limit: 1000 }),
      length > 366
        ? []
        : call('daily_report', { site_id: site.id, date_from: from, date_till: till }).then((d) => d.campaigns.filter((c) => c.is_removed)),
    ]);
    const campaigns: Campaign[] = [...live, ...removed];
    const [now, before] = await Promise.all([
      period(site.id, campaigns, from, addDays(till, 1)),
      period(site.id, campaigns, addDays(from, -length), from),
    ]);
    return { campaigns, now, before };
  }, [site?.id, from, till]);

  const money = (v: number) => formatMoney(v, lang);
  const num = (v: number) => formatNumber(v, lang);
  const show = (k: (typeof KEYS)[number]) => (k === 'revenue' ? money : num);
  return (
    <Page title={t.report}>
      <Show loaded={sites}>
        {(list) => (
          <>
            <SitePicker sites={list} site={site} />
            <PeriodForm
              period={f}
              onInput={setF}
              onSubmit={(period) => {
                const p = new URLSearchParams(q);
                p.set('from', period.from);
                p.set('till', period.till);
                loc.route(`${loc.path}?${p}`, true);
              }}
            />
            {site && <DailyChart siteId={site.id} from={from} till={till} />}
            <Show loaded={report}>
              {(r) =>
                r && (
                  <Table
                    id="report"
                    label={t.report}
                    caption={`${from} – ${till} · ▲▼ ${t.previousPeriod}`}
                    rows={[{ id: -1, name: t.noCampaign }, ...r.campaigns].map((c) => ({ c, a: r.now.get(c.id)!, b: r.before.get(c.id)! }))}
                    rowKey={(x) => x.c.id}
                    rowProps={(x) => ({ 'data-ac': x.c.id })}
                    columns={[
                      { key: 'campaign', label: t.campaign, head: true, text: (x) => campaignName(t, x.c.name, !!x.c.is_removed) },
                      ...KEYS.map((k): Column<ReportRow> => ({
                        key: k,
                        label: t[k],
                        num: true,
                        text: (x) => show(k)(x.a[k]),
                        cell: (x) => (
                          <span data-key={k}>
                            <span class="value">{show(k)(x.a[k])}</span>
                            <Delta now={x.a[k]} before={x.b[k]} show={show(k)} />
                          </span>
                        ),
                      })),
                      {
                        key: 'conversion',
                        label: t.conversion,
                        num: true,
                        text: (x) => formatPercent(conversion(x.a), lang),
                        cell: (x) => (
                          <span data-key="conversion">
                            {formatPercent(conversion(x.a), lang)}
                            <div class="muted">{formatPercent(conversion(x.b), lang)}</div>
                          </span>
                        ),
                      },
                    ]}
                  />
                )
              }
            </Show>
          </>
        )}
      </Show>
    </Page>
  );
}

function Delta({ now, before, show }: { now: number; before: number; show(v: number): string }) {
  const { t } = useApp();
  const d = now - before;
  return (
    <div class={'muted delta' + (d > 0 ? ' up' : d < 0 ? ' down' : '')} title={`${t.previousPeriod}: ${show(before)}`}>
      {d === 0 ? (
        t.noChange
      ) : (
        <>
          {d > 0 ? '▲ +' : '▼ −'}
          {show(Math.abs(d))} ({t.previousPeriod}: {show(before)})
        </>
      )}
    </div>
  );
}
