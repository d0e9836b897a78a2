import type { ComponentChildren } from 'preact';
import { csvCell } from './format.js';

/**
 * The app's one table. A page lists its columns once; the same list makes the screen and the CSV,
 * so the two cannot drift:
 *
 *   const columns: Column<Call>[] = [
 *     { key: 'when', label: t.when, text: (c) => formatDateTime(c.at, lang, zone), head: true },
 *     { key: 'caller', label: t.caller, text: (c) => formatPhone(c.numa) },
 *     { key: 'duration', label: t.duration, text: (c) => formatDuration(c.duration), num: true },
 *     { key: 'tags', label: t.tags, cell: (c) => <Tags call={c} />, csv: false },
 *   ];
 *   <Table id="calls" label={t.calls} columns={columns} rows={calls} rowKey={(c) => c.id} />
 *   downloadCsv(`calls.csv`, csvOf(columns, calls, [{ label: 'at_utc', value: (c) => c.at }]));
 *
 * `text` is what a cell says (and the CSV's value); `cell` draws something richer on screen (a
 * player, buttons). On a screen under 600 px wide (app.css, `table.cards`) each row is a card: the
 * `head` column is its title and every other cell is a line with its column's name, so nothing is
 * cut or scrolled sideways at 360 px; the header row stays for screen readers. `foot` adds a totals
 * row; `quietInCard` leaves a cell out of its card when it says nothing (a day's zero charge).
 */
export interface Column<T> {
  /** The column's name in the markup (`data-col`) and its CSS hook. */
  key: string;
  /** Its heading, and the label of its line in a card. */
  label: string;
  /** What the cell says, as text: the screen's words and the CSV's value. */
  text?(row: T): string | null;
  /** A richer cell than `text` (a player, buttons, two lines); `text` is still the CSV's value. */
  cell?(row: T): ComponentChildren;
  /** Right-aligned figures. */
  num?: boolean;
  /** The row's title: a `<th scope=row>`, and the card's heading on a narrow screen. */
  head?: boolean;
  /** Left out of the CSV (controls, players). */
  csv?: false;
  /** Extra classes of its cells (`url`, `nowrap`). */
  class?: string;
  /** True where the cell says nothing worth a line of a card (a day's zero charge): left out under 600 px. */
  quietInCard?(row: T): boolean;
}

interface TableProps<T> {
  id: string;
  /** The table's accessible name (its caption when `caption` is not given). */
  label: string;
  caption?: ComponentChildren;
  columns: Array<Column<T>>;
  rows: T[];
  rowKey(row: T): string | number;
  /** Data attributes of a row (`data-id`), for the page's tests and styles. */
  rowProps?(row: T): Record<`data-${string}`, string | number>;
  /** A totals row: a cell per column key, the rest empty. */
  foot?: Partial<Record<string, ComponentChildren>>;
}

export function Table<T>(p: TableProps<T>) {
  const cls = (c: Column<T>) => [c.num ? 'num' : '', c.class ?? ''].join(' ').trim() || undefined;
  return (
    <div class="scroll" tabIndex={0}>
      <table id={p.id} class="cards" aria-label={p.caption ? undefined : p.label}>
        {p.caption && <caption>{p.caption}</caption>}
        <thead>
          <tr>
            {p.columns.map((c) => (
              <th scope="col" key={c.key} data-col={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <tr key={p.rowKey(r)} {...p.rowProps?.(r)}>
              {p.columns.map((c) => {
                const content = c.cell ? c.cell(r) : c.text?.(r);
                const quiet = c.quietInCard?.(r) ? { 'data-quiet': '' } : {};
                const a = { key: c.key, class: cls(c), 'data-col': c.key, 'data-label': c.label, ...quiet };
                return c.head ? (
                  <th scope="row" {...a}>
                    {content}
                  </th>
                ) : (
                  <td {...a}>{content}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {p.foot && (
          <tfoot>
            <tr>
              {p.columns.map((c, i) =>
                i === 0 ? (
                  <th scope="row" key={c.key} data-col={c.key}>
                    {p.foot![c.key]}
                  </th>
                ) : (
                  <td key={c.key} class={cls(c)} data-col={c.key} data-label={c.label}>
                    {p.foot![c.key]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A column machines read, after the screen's ones: ISO UTC times, codes, seconds, digits. */
export interface RawColumn<T> {
  label: string;
  value(row: T): string | number | null | undefined;
}

/**
 * The CSV of a table: the screen's columns in its words, then `raw` ones for machines. Each cell
 * goes through `csvCell` (format.ts): a value a spreadsheet would run as a formula gets a `'`, so
 * a phone as the screen writes it (`+7 (495) …`) reads `'+7 (495) …` and stays text.
 */
export function csvOf<T>(columns: Array<Column<T>>, rows: T[], raw: Array<RawColumn<T>> = []): string {
  const shown = columns.filter((c) => c.csv !== false && c.text);
  const head = [...shown.map((c) => c.label), ...raw.map((c) => c.label)];
  const body = rows.map((r) => [...shown.map((c) => c.text!(r)), ...raw.map((c) => c.value(r))]);
  return [head, ...body].map((line) => line.map(csvCell).join(',')).join('\r\n');
}

/** Saves `text` as a file (with a BOM, so a spreadsheet reads it as UTF-8). */
export function downloadCsv(name: string, text: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob(['\ufeff' + text], { type: 'text/csv;charset=utf-8' }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
}
