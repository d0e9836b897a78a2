import { useLocation, useRoute } from 'preact-iso';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { call, type DataOf } from '../api.js';
import { fill } from '../i18n.js';
import { useApp } from '../state.js';
import { Page, Show, useData } from '../ui.js';

type PoolUsage = DataOf<'pool_usage'>;

/**
 * A dynamic pool's usage (the server's `pool_usage`): numbers leased at once hour by hour over the
 * last day or week, how often it ran dry this week, and the size it suggests, with how that is
 * computed. The figures are in the text; the chart draws the same hours.
 */
export function PoolPage() {
  const { t } = useApp();
  const { params } = useRoute();
  const { query } = useLocation();
  const blockId = Number(params.id);
  const hours = query.hours === '168' ? 168 : 24;
  const usage = useData(() => call('pool_usage', { block_id: blockId, hours }), [blockId, hours]);
  const back = query.ac ? `/app/campaigns/${encodeURIComponent(query.ac)}` : '/app/campaigns';
  const span = (h: number, label: string) =>
    h === hours ? (
      <strong aria-current="true">{label}</strong>
    ) : (
      <a href={`/app/pools/${blockId}?hours=${h}${query.ac ? `&ac=${encodeURIComponent(query.ac)}` : ''}`}>{label}</a>
    );
  return (
    <Page title={fill(t.poolTitle, { id: blockId })}>
      <p>
        <a href={back}>← {t.campaigns}</a>
      </p>
      <Show loaded={usage}>
        {(u) => (
          <>
            <section class="card" aria-labelledby="pool-size-h">
              <h2 id="pool-size-h">{t.poolSizeTitle}</h2>
              <p id="pool-summary">
                {fill(t.poolSummary, { size: u.size, suggested: u.suggested_size })}{' '}
                {fill(t.poolDry, { visits: u.week.dry_visits, hours: u.week.dry_hours })}{' '}
                {u.week.share_refusals ? fill(t.poolShare, { n: u.week.share_refusals }) : ''}
              </p>
              <p class="muted">{fill(t.poolHow, { peak: u.peak_wanted, suggested: u.suggested_size })}</p>
            </section>
            <section class="card" aria-labelledby="pool-hours-h">
              <h2 id="pool-hours-h">{t.poolHours}</h2>
              <p>
                {span(24, t.poolLastDay)} · {span(168, t.poolLastWeek)}
              </p>
              <HoursChart usage={u} />
              <p class="muted">
                {fill(t.poolPeakInSpan, {
                  leased: Math.max(0, ...u.hours.map((h) => h.leased)),
                  dry: u.hours.reduce((n, h) => n + h.dry, 0),
                })}
              </p>
            </section>
          </>
        )}
      </Show>
    </Page>
  );
}

/** Numbers leased at once (bars) and visits that found none (a line), hour by hour. */
function HoursChart({ usage }: { usage: PoolUsage }) {
  const { t, lang } = useApp();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const hourOf = (i: number) => {
      const h = usage.hours[Math.round(i)];
      return h ? new Intl.DateTimeFormat(lang, { day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(h.at)) : '';
    };
    const chart = new uPlot(
      {
        width: Math.max(280, box.current.clientWidth),
        height: 200,
        padding: [12, 24, 0, 0],
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(usage.size, max, 1)] } },
        axes: [{ space: 80, values: (_u, ticks) => ticks.map(hourOf) }, { incrs: [1, 2, 5, 10, 20, 50, 100] }],
        series: [
          { label: t.when, value: (_u, v) => (v == null ? '' : hourOf(v)) },
          { label: t.poolLeased, stroke: '#0a58ca', fill: 'rgba(10,88,202,0.25)', paths: uPlot.paths.bars!({ size: [0.8] }) },
          { label: t.poolDryVisits, stroke: '#b3261e', width: 2 },
        ],
      },
      [usage.hours.map((_h, i) => i), usage.hours.map((h) => h.leased), usage.hours.map((h) => h.dry)],
      box.current,
    );
    const watch = new ResizeObserver(() => {
      if (box.current && box.current.clientWidth !== chart.width)
        chart.setSize({ width: Math.max(280, box.current.clientWidth), height: 200 });
    });
    watch.observe(box.current);
    return () => {
      watch.disconnect();
      chart.destroy();
    };
  }, [usage, lang]);
  return (
    <figure class="chart">
      <figcaption>{t.poolChart}</figcaption>
      <div ref={box} aria-hidden="true" />
    </figure>
  );
}
