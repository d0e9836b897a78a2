import type { ComponentChildren } from 'preact';
import { useApp } from './state.js';
import { TextField } from './ui.js';

/** A period's first and last day, as a filter form holds them before it is sent. */
export interface Period {
  from: string;
  till: string;
}

/** The two date fields of a report's period (ids `from` and `till`). */
export function PeriodFields({ period, onInput }: { period: Period; onInput(p: Period): void }) {
  const { t } = useApp();
  return (
    <>
      <TextField id="from" label={t.from} type="date" value={period.from} onInput={(v) => onInput({ ...period, from: v })} />
      <TextField id="till" label={t.till} type="date" value={period.till} onInput={(v) => onInput({ ...period, till: v })} />
    </>
  );
}

/** A report's filter form: the period's dates, `children` (more filters), and the button that shows it. */
export function PeriodForm(props: { period: Period; onInput(p: Period): void; onSubmit(p: Period): void; children?: ComponentChildren }) {
  const { t } = useApp();
  return (
    <form
      class="grid filters"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(props.period);
      }}
    >
      <PeriodFields period={props.period} onInput={props.onInput} />
      {props.children}
      <button type="submit">{t.show}</button>
    </form>
  );
}
