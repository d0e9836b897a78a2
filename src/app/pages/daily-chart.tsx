import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { call } from '../api.js';
import { campaignName } from '../campaign-name.js';
import { useApp } from '../state.js';
import { useData } from '../ui.js';

/** A few colours that read on white and apart from each other. */
const COLOURS = ['#0a58ca', '#b3261e', '#146c2e', '#8a4baf', '#9a6700', '#1b7f8c'];

/**
 * Calls per day and campaign, drawn by uPlot (the console's reports page draws with it too). The
 * table beside it carries the same figures for those who cannot see the chart.
 */
export function DailyChart({ siteId, from, till }: { siteId: number; from: string; till: string }) {
  const { t, lang } = useApp();
  const box = useRef<HTMLDivElement>(null);
  const daily = useData(() => call('daily_report', { site_id: siteId, date_from: from, date_till: till }), [siteId, from, till]);
  useEffect(() => {
    const d = daily.data;
    if (!d || !box.current) return;
    const label = (i: number) => {
      const day = d.days[Math.round(i)];
      return day ? new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(day)) : '';
    };
    const chart = new uPlot(
      {
        width: Math.max(280, box.current.clientWidth),
        height: 220,
        padding: [12, 24, 0, 0],
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { space: 70, incrs: [1, 2, 7, 14, 28, 56, 91, 182, 364], values: (_u, ticks) => ticks.map(label) },
          { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        // Away from the chart (no day under the cursor) the legend shows the range and each
        // series' total over it, where uPlot would show "--".
        series: [
          { label: t.when, value: (_u, v) => (v == null ? `${label(0)} – ${label(d.days.length - 1)}` : label(v)) },
          ...d.campaigns.map((c, i) => ({
            label: c.id === -1 ? t.noCampaign : campaignName(t, c.name, c.is_removed),
            stroke: COLOURS[i % COLOURS.length]!,
            width: 2,
            value: (_u: uPlot, v: number | null, _s: number, idx: number | null) =>
              String(idx == null ? d.calls[i]!.reduce((a, b) => a + b, 0) : (v ?? 0)),
          })),
        ],
      },
      [d.days.map((_x, i) => i), ...d.calls],
      box.current,
    );
    // uPlot draws at a fixed size: it follows its box (a phone turned, a window resized).
    const watch = new ResizeObserver(() => {
      if (box.current && box.current.clientWidth !== chart.width)
        chart.setSize({ width: Math.max(280, box.current.clientWidth), height: 220 });
    });
    watch.observe(box.current);
    return () => {
      watch.disconnect();
      chart.destroy();
    };
  }, [daily.data, lang]);
  return (
    <figure class="chart">
      <figcaption>{t.daily}</figcaption>
      {daily.error && (
        <p class="error" role="alert">
          {daily.error.message}
        </p>
      )}
      {daily.data && !daily.data.campaigns.length ? <p class="muted">{t.noCalls}</p> : <div ref={box} aria-hidden="true" />}
    </figure>
  );
}
