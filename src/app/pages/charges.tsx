import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { call, type DataOf } from '../api.js';
import { addDays, dayIn, formatMoney } from '../format.js';
import { useApp } from '../state.js';
import { Table, type Column } from '../table.js';
import { Page, Show, TextField, useData } from '../ui.js';

type DailyCharges = DataOf<'daily_sdr'>[number];
type Day = DailyCharges & { day: string };
const KEYS = ['charge_tp', 'charge_number', 'charge_call', 'charge_activation_number', 'charge_physical_limit'] as const;

/** The customer's charges per day (REST `daily_sdr`, one record a day in order) with the range's totals. */
export function Charges() {
  const { t, lang, customer } = useApp();
  const loc = useLocation();
  const today = dayIn(customer!.time_zone);
  const from = loc.query.from ?? today.slice(0, 8) + '01';
  const till = loc.query.till ?? today;
  const [f, setF] = useState({ from, till });
  const charges = useData(
    async () => await call('daily_sdr', { date_from: from, date_till: addDays(till, 1), limit: 400 }),
    [customer?.id, from, till],
  );
  const money = (v: number) => formatMoney(v, lang);
  const dayText = (day: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day));
  const sum = (d: DailyCharges) => KEYS.reduce((n, k) => n + d[k], 0);
  const labels: Record<(typeof KEYS)[number], string> = {
    charge_tp: t.chargeTariff,
    charge_number: t.chargeNumbers,
    charge_call: t.chargeCalls,
    charge_activation_number: t.chargeConnections,
    charge_physical_limit: t.chargeLimits,
  };
  return (
    <Page title={t.charges}>
      <form
        class="grid filters"
        onSubmit={(e) => {
          e.preventDefault();
          loc.route(`${loc.path}?${new URLSearchParams({ from: f.from, till: f.till })}`, true);
        }}
      >
        <TextField id="from" label={t.from} type="date" value={f.from} onInput={(v) => setF({ ...f, from: v })} />
        <TextField id="till" label={t.till} type="date" value={f.till} onInput={(v) => setF({ ...f, till: v })} />
        <button type="submit">{t.show}</button>
      </form>
      <Show loaded={charges}>
        {(days) => (
          <Table
            id="charges"
            label={t.charges}
            rows={days.map((d, i) => ({ ...d, day: addDays(from, i) }))}
            rowKey={(d) => d.day}
            columns={[
              { key: 'day', label: t.day, head: true, class: 'nowrap', text: (d) => dayText(d.day) },
              // On a phone a day's card lists only what it charged; the totals row lists everything.
              ...KEYS.map((k): Column<Day> => ({
                key: k,
                label: labels[k],
                num: true,
                text: (d) => money(d[k]),
                quietInCard: (d) => d[k] === 0,
              })),
              { key: 'total', label: t.total, num: true, text: (d) => money(sum(d)) },
            ]}
            foot={{
              day: t.total,
              ...Object.fromEntries(KEYS.map((k) => [k, money(days.reduce((n, d) => n + d[k], 0))])),
              total: <span id="charges-total">{money(days.reduce((n, d) => n + sum(d), 0))}</span>,
            }}
          />
        )}
      </Show>
    </Page>
  );
}
