import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { call, callPage, type DataOf } from '../api.js';
import type { ComponentChildren } from 'preact';
import { dayIn, formatDateTime, formatDuration, formatMoney, formatPhone } from '../format.js';
import { fill, type Lang, type Texts } from '../i18n.js';
import { csvOf, downloadCsv, Table, type Column, type RawColumn } from '../table.js';
import { chosenSite, SitePicker, useSites } from '../sites.js';
import { useApp } from '../state.js';
import { PeriodForm } from '../period-fields.js';
import { Empty, FormError, Page, SelectField, Show, TextField, useData } from '../ui.js';
import { useForm } from '../form.js';
import { NumberReason, keptWords } from '../campaign-insight.js';
import { campaignName } from '../campaign-name.js';

type JournalItem = DataOf<'journal'>[number];
type Tag = DataOf<'tag'>[number];

const PAGE = 50;
/** The list is read again this often while the page is visible, so a new call shows up by itself. */
const REFRESH_MS = 1000;
const TAG_NAMES = { target: 'Target', notTarget: 'Not target' };
/** The kinds the type filter offers, in the server's names (the `journal` function's `type`). */
const TYPES = ['cdr_in', 'sitephone', 'chat', 'offline_message', 'goal'] as const;

const isCall = (i: JournalItem) => i.type === 'cdr_in' || i.type === 'sitephone';

/** Why a call was credited, in the app's words (the code itself for one the app does not know). */
const creditedWords = (words: Record<string, string>, code: string | null): string | null =>
  code == null ? null : (words[`credited_${code}`] ?? code);

/**
 * The journal's columns: the screen and the CSV (the same words, times in the customer's zone,
 * statuses as the screen says them, `0:07`, `+7 (495) …`). The caller's number, campaign and
 * source come right after the time and kind, so a card on a phone leads with them.
 */
export function journalColumns(
  t: Texts,
  lang: Lang,
  zone: string,
  tagsCell: (i: JournalItem) => ComponentChildren,
): Array<Column<JournalItem>> {
  const words = t as unknown as Record<string, string>;
  return [
    { key: 'when', label: t.when, text: (i) => formatDateTime(i.at, lang, zone), head: true },
    { key: 'type', label: t.type, text: (i) => (i.qualified ? `${t[i.type]} · ${t.qualifiedMark}` : t[i.type]) },
    {
      key: 'detail',
      label: t.detail,
      text: (i) => (isCall(i) ? formatPhone(i.detail) : i.detail),
      cell: (i) => (isCall(i) ? <span class="nowrap">{formatPhone(i.detail)}</span> : i.detail),
    },
    {
      key: 'campaign',
      label: t.campaign,
      // Why the visit kept the site's number, under the campaign, as the screen shows it.
      text: (i) =>
        [
          i.ac_id === -1 ? t.noCampaign : campaignName(t, i.ac_name, i.ac_is_removed),
          keptWords(t, i.number_reason),
          creditedWords(words, i.attribution),
        ]
          .filter(Boolean)
          .join('. '),
      cell: (i) => (
        <>
          {i.ac_id === -1 ? <span class="muted">{t.noCampaign}</span> : campaignName(t, i.ac_name, i.ac_is_removed)}
          <NumberReason reason={i.number_reason} />
          {i.attribution && <div class="muted credited">{creditedWords(words, i.attribution)}</div>}
        </>
      ),
      class: 'campaign',
    },
    {
      key: 'source',
      label: t.source,
      text: (i) => [i.utm_source ?? i.referrer, i.utm_medium, i.utm_campaign].filter(Boolean).join(' / '),
    },
    { key: 'entry', label: t.entry, text: (i) => i.entrance_page ?? '', class: 'url' },
    { key: 'duration', label: t.duration, text: (i) => formatDuration(i.duration), num: true },
    { key: 'status', label: t.status, text: (i) => (i.status ? (words[i.status] ?? i.status) : '') },
    {
      key: 'record',
      label: t.record,
      csv: false,
      cell: (i) => i.records.map((r, n) => <audio key={r} controls preload="none" src={r} aria-label={`${t.record} ${n + 1}`} />),
    },
    {
      key: 'tags',
      label: t.tags,
      text: (i) =>
        [...i.tags.map((x) => x.tag), i.sale != null ? `${t.sale}: ${formatMoney(i.sale, lang)}` : ''].filter(Boolean).join(', '),
      cell: tagsCell,
    },
  ];
}

/** The journal's columns for machines, after the screen's: UTC time, codes, seconds, digits. */
export const JOURNAL_RAW: Array<RawColumn<JournalItem>> = [
  { label: 'id', value: (i) => i.id },
  { label: 'at_utc', value: (i) => i.at },
  { label: 'type_code', value: (i) => i.type },
  { label: 'ac_id', value: (i) => i.ac_id },
  { label: 'ac_is_removed', value: (i) => String(i.ac_is_removed) },
  { label: 'status_code', value: (i) => i.status },
  { label: 'duration_s', value: (i) => i.duration },
  { label: 'number_digits', value: (i) => (isCall(i) ? i.detail.replace(/\D/g, '') : '') },
  { label: 'numb_digits', value: (i) => i.numb },
  { label: 'number_reason', value: (i) => i.number_reason },
  { label: 'attribution', value: (i) => i.attribution },
  { label: 'qualified', value: (i) => String(i.qualified) },
  { label: 'sale_rub', value: (i) => i.sale },
  { label: 'records', value: (i) => i.records.join(' ') },
];

/**
 * Calls, call-backs, chats, requests and goals in one list, newest first, paged on the server
 * (the `journal` function); tags set in place; a CSV of the page. The filters live in the URL.
 */
export function Journal() {
  const { t, lang, customer } = useApp();
  const loc = useLocation();
  const q = loc.query;
  const zone = customer!.time_zone;
  const sites = useSites();
  const site = sites.data && chosenSite(sites.data, q);
  const from = q.from ?? dayIn(zone, -6);
  const till = q.till ?? dayIn(zone);
  const offset = Number(q.offset ?? 0) || 0;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((x) => x + 1);
    }, REFRESH_MS);
    return () => clearInterval(id);
  }, []);
  const campaigns = useData(async () => (site ? await call('ac', { site_id: site.id, limit: 1000 }) : []), [site?.id]);
  const tags = useData(async () => await call('tag', { limit: 1000 }), [customer?.id]);
  const journal = useData(async () => {
    if (!site) return { total: 0, items: [] };
    const page = await callPage('journal', {
      site_id: site.id,
      date_from: from,
      date_till: till,
      // An empty filter is no filter.
      ac_id: q.ac ? Number(q.ac) : undefined,
      tag_id: q.tag ? Number(q.tag) : undefined,
      type: TYPES.find((x) => x === q.type),
      limit: PAGE,
      offset,
    });
    return { total: page.total ?? page.data.length, items: page.data };
  }, [site?.id, from, till, q.ac, q.tag, q.type, offset, tick]);
  const go = (changes: Record<string, string | undefined>) => {
    const p = new URLSearchParams(q);
    for (const [k, v] of Object.entries(changes)) {
      if (v == null || v === '') p.delete(k);
      else p.set(k, v);
    }
    loc.route(`${loc.path}?${p}`, true);
  };
  const [f, setF] = useState({ from, till });
  const columns = journalColumns(t, lang, zone, (i) => (
    <Tags item={i} tags={tags.data ?? []} done={journal.reload} tagsChanged={tags.reload} />
  ));
  const exportCsv = (items: JournalItem[]) => downloadCsv(`journal-${from}-${till}.csv`, csvOf(columns, items, JOURNAL_RAW));
  return (
    <Page title={t.journal}>
      <Show loaded={sites}>
        {(list) => (
          <>
            <SitePicker sites={list} site={site} />
            <PeriodForm period={f} onInput={setF} onSubmit={(p) => go({ from: p.from, till: p.till, offset: undefined })}>
              <SelectField
                id="ac-filter"
                label={t.campaign}
                value={q.ac ?? ''}
                onChange={(v) => go({ ac: v, offset: undefined })}
                options={[
                  ['', t.allCampaigns],
                  ['-1', t.noCampaign],
                  ...(campaigns.data ?? []).map((c): [string, string] => [String(c.id), c.name]),
                ]}
              />
              <SelectField
                id="tag-filter"
                label={t.tag}
                value={q.tag ?? ''}
                onChange={(v) => go({ tag: v, offset: undefined })}
                options={[['', t.allTags], ...(tags.data ?? []).map((x): [string, string] => [String(x.id), x.name])]}
              />
              <SelectField
                id="type-filter"
                label={t.type}
                value={q.type ?? ''}
                onChange={(v) => go({ type: v, offset: undefined })}
                options={[['', t.allTypes], ...TYPES.map((k): [string, string] => [k, t[k]])]}
              />
            </PeriodForm>
            <Show loaded={journal}>
              {(j) =>
                j.items.length ? (
                  <>
                    <Table
                      id="journal"
                      label={t.journal}
                      columns={columns}
                      rows={j.items}
                      rowKey={(i) => `${i.type}:${i.id}`}
                      rowProps={(i) => ({ 'data-type': i.type, 'data-id': i.id })}
                    />
                    <div class="row">
                      <button type="button" disabled={offset === 0} onClick={() => go({ offset: String(Math.max(0, offset - PAGE)) })}>
                        {t.prev}
                      </button>
                      <span role="status">{fill(t.pageOf, { from: offset + 1, to: offset + j.items.length, total: j.total })}</span>
                      <button type="button" disabled={offset + PAGE >= j.total} onClick={() => go({ offset: String(offset + PAGE) })}>
                        {t.next}
                      </button>
                      <button type="button" onClick={() => exportCsv(j.items)}>
                        {t.exportCsv}
                      </button>
                    </div>
                  </>
                ) : (
                  <Empty>{t.noJournal}</Empty>
                )
              }
            </Show>
          </>
        )}
      </Show>
    </Page>
  );
}

/** An amount as typed: a comma for the point, spaces between thousands. */
const amountOf = (v: string) => Number(v.replace(',', '.').replace(/\s/g, ''));

/** The tags of one communication, set in place: Target, Not target (when the customer has them), Sale with an amount. */
function Tags({ item, tags, done, tagsChanged }: { item: JournalItem; tags: Tag[]; done(): void; tagsChanged(): void }) {
  const { t, lang, customer } = useApp();
  const key = `${item.type}-${item.id}`;
  const sale = useForm(
    { cost: '' },
    {
      check: { cost: (v) => (v && Number.isFinite(amountOf(v)) && amountOf(v) >= 0 ? null : t.required) },
      async submit(v) {
        const now = new Intl.DateTimeFormat('sv-SE', { timeZone: customer!.time_zone, dateStyle: 'short', timeStyle: 'medium' }).format(
          new Date(),
        );
        await call(
          'tag_communication_sale',
          { object_id: item.id, object_type: item.type, cost: amountOf(v.cost), date_time: now },
          'POST',
        );
        sale.reset();
        done();
      },
    },
  );
  const has = (id: number) => item.tags.some((x) => x.id === id);
  /** The customer's tag of that name; made first when the customer has none (a new customer). */
  const tagId = async (name: string): Promise<number> => {
    const own = tags.find((x) => x.name === name);
    if (own) return own.id;
    const made = await call('create_standard_tags', {}, 'POST');
    tagsChanged();
    return made.find((x) => x.name === name)!.id;
  };
  const [tagError, setTagError] = useState('');
  const toggle = (name: string) =>
    void tagId(name)
      .then((id) =>
        call(has(id) ? 'untag_communication' : 'tag_communication', { object_id: item.id, object_type: item.type, mark_id: id }, 'POST'),
      )
      .then(done, (e: Error) => setTagError(e.message));
  const offered = [TAG_NAMES.target, TAG_NAMES.notTarget].map((name) => ({ name, on: item.tags.some((x) => x.tag === name) }));
  return (
    <div class="tags">
      {offered.map((x) => (
        <button key={x.name} type="button" class="chip" aria-pressed={x.on ? 'true' : 'false'} onClick={() => toggle(x.name)}>
          {x.name}
        </button>
      ))}
      {tagError && (
        <p class="error" role="alert">
          {tagError}
        </p>
      )}
      {item.tags
        .filter((x) => !offered.some((o) => o.name === x.tag))
        .map((x) => (
          <span key={x.id} class="chip on">
            {x.tag}
          </span>
        ))}
      {item.sale != null ? (
        <span class="sale">
          {t.sale}: {formatMoney(item.sale, lang)}
        </span>
      ) : (
        // Unnamed: a form per row, each named alike, made as many landmarks of one name (axe landmark-unique).
        <form onSubmit={sale.onSubmit} noValidate class="inline-form">
          <TextField {...sale.field('cost', t.amount, `amount-${key}`)} inputMode="decimal" />
          <FormError errors={sale.errors} />
          <button type="submit" disabled={sale.busy}>
            {t.markSale}
          </button>
        </form>
      )}
    </div>
  );
}
