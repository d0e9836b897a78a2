/**
 * The reports page (served at /op/reports, signed in with the console's cookie). Counts per day
 * split by campaign, drawn by uPlot (bundled into this script only), and the communication list
 * with its visitor context and tags, paged. Every text from the server is set with textContent.
 */
import uPlot from 'uplot';
import { currentLang, dateTimeFormat, dayFormat, saveLang, withLang, type Lang } from './i18n.js';
import {
  CONSOLE_API,
  REPORT_KINDS,
  type ConsoleMe,
  type ReportKind,
  type ReportsCommunication,
  type ReportsCommunications,
  type ReportsDaily,
} from '../console-protocol.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const TEXTS = {
  ru: {
    title: 'Отчёты',
    console: 'Консоль',
    lang: 'Язык',
    site: 'Сайт',
    from: 'С',
    to: 'По',
    kind: 'Показатель',
    apply: 'Показать',
    chart: 'По дням',
    list: 'Обращения',
    signin: 'Войдите в консоль оператора.',
    signinLink: 'Консоль оператора',
    kinds: { visits: 'Визиты', calls: 'Звонки', chats: 'Чаты', requests: 'Заявки', goals: 'Цели' } as Record<ReportKind, string>,
    noCampaign: 'Без кампании',
    columns: ['Дата', 'Тип', 'Кампания', 'Посетитель', 'Откуда', 'Подробности', 'Теги'],
    types: { goal: 'Цель', chat: 'Чат', offline_message: 'Заявка', sitephone: 'Обратный звонок', cdr_in: 'Звонок' } as Record<
      ReportsCommunication['type'],
      string
    >,
    visitor: (v: ReportsCommunication) =>
      v.visitor_type == null ? '' : `${v.visitor_type === 'new' ? 'новый' : 'вернувшийся'}, визитов: ${v.visits_count}`,
    page: (a: number, b: number, n: number) => (n ? `${a}–${b} из ${n}` : 'Нет обращений'),
    range: (a: string, b: string) => `${a} — ${b}`,
    badRange: 'Дата «по» не раньше даты «с»',
    failed: 'Не удалось загрузить',
    search: 'поиск',
    entry: 'вход',
    status: { null: 'ждёт ответа', succeed: 'состоялся', lost: 'потерян', refused: 'отклонён' } as Record<string, string>,
  },
  en: {
    title: 'Reports',
    console: 'Console',
    lang: 'Language',
    site: 'Site',
    from: 'From',
    to: 'To',
    kind: 'Figure',
    apply: 'Show',
    chart: 'Per day',
    list: 'Communications',
    signin: 'Sign in to the operator console.',
    signinLink: 'Operator console',
    kinds: { visits: 'Visits', calls: 'Calls', chats: 'Chats', requests: 'Requests', goals: 'Goals' } as Record<ReportKind, string>,
    noCampaign: 'Without campaign',
    columns: ['Date', 'Type', 'Campaign', 'Visitor', 'Came from', 'Details', 'Tags'],
    types: { goal: 'Goal', chat: 'Chat', offline_message: 'Request', sitephone: 'Call-back', cdr_in: 'Call' } as Record<
      ReportsCommunication['type'],
      string
    >,
    visitor: (v: ReportsCommunication) =>
      v.visitor_type == null ? '' : `${v.visitor_type === 'new' ? 'new' : 'returning'}, visits: ${v.visits_count}`,
    page: (a: number, b: number, n: number) => (n ? `${a}–${b} of ${n}` : 'No communications'),
    range: (a: string, b: string) => `${a} – ${b}`,
    badRange: 'The "to" date must not be before the "from" date',
    failed: 'Could not load',
    search: 'search',
    entry: 'entry',
    status: { null: 'waiting', succeed: 'answered', lost: 'lost', refused: 'refused' } as Record<string, string>,
  },
};

/** Page size of the list: `?size=` (1–100) or 20. */
const SIZE = Math.min(100, Math.max(1, Number(new URLSearchParams(location.search).get('size')) || 20));
/** The chart's narrowest width: its box on a 360 px phone is about 300 px. */
const MIN_CHART = 240;
const PALETTE = ['#1c5fd4', '#d4461c', '#2a9d3a', '#8a3fd1', '#c98a00', '#0c8f8f', '#c2185b', '#5c6570'];

let lang: Lang = currentLang();
let me: ConsoleMe | null = null;
let daily: ReportsDaily | null = null;
let list: ReportsCommunications | null = null;
let offset = 0;
let chart: uPlot | null = null;

async function get<T>(path: string): Promise<{ status: number; data?: T; message?: string }> {
  try {
    const res = await fetch(CONSOLE_API + path, { credentials: 'same-origin' });
    const json = (await res.json()) as { success: boolean; data?: T; message?: string };
    return { status: res.status, ...json };
  } catch {
    return { status: 0, message: TEXTS[lang].failed };
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text != null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/** `YYYY-MM-DD` of a date input, shifted by `days`. */
const shift = (day: string, days: number) => new Date(Date.parse(day + 'T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);

/** Today in the customer's zone. */
function today(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

function query(): string {
  const from = $<HTMLInputElement>('from').value;
  // The page's "to" day is included; the server's range is [date_from, date_till).
  const till = shift($<HTMLInputElement>('to').value, 1);
  return `site_id=${encodeURIComponent($<HTMLSelectElement>('site').value)}&date_from=${from}&date_till=${till}`;
}

function renderTexts(): void {
  const t = TEXTS[lang];
  document.documentElement.lang = lang;
  document.title = t.title;
  $('title-h').textContent = t.title;
  for (const id of ['site', 'from', 'to', 'kind', 'lang'] as const) $(id + '-label').textContent = t[id];
  $('console-link').textContent = t.console;
  $<HTMLAnchorElement>('console-link').href = withLang('/op/', lang);
  $('apply').textContent = t.apply;
  $('chart-h').textContent = t.chart;
  $('list-h').textContent = t.list;
  $('signin-text').textContent = t.signin;
  $('signin-link').textContent = t.signinLink;
  const kind = $<HTMLSelectElement>('kind');
  const chosen = kind.value || 'visits';
  kind.replaceChildren(
    ...REPORT_KINDS.map((k) => {
      const o = el('option', t.kinds[k]);
      o.value = k;
      return o;
    }),
  );
  kind.value = chosen;
  $<HTMLSelectElement>('lang').value = lang;
  $('list')
    .querySelector('thead tr')!
    .replaceChildren(...t.columns.map((c) => el('th', c)));
}

function renderChart(): void {
  const box = $('chart');
  chart?.destroy();
  chart = null;
  box.replaceChildren();
  if (!daily) return;
  const t = TEXTS[lang];
  const days = dayFormat(lang);
  $('range').textContent = daily.days.length ? t.range(days(daily.days[0]!), days(daily.days.at(-1)!)) : '';
  const kind = ($<HTMLSelectElement>('kind').value || 'visits') as ReportKind;
  const shown = daily.days;
  // The x values are the days' indexes, not times: a calendar day is drawn as itself, whatever the
  // browser's zone, and ticks fall on whole days only (every 1, 2, 7… days, as the width allows).
  const label = (i: number | null) => (i != null && Number.isInteger(i) && shown[i] ? days(shown[i]) : '');
  const data: uPlot.AlignedData = [shown.map((_d, i) => i), ...daily.counts[kind]];
  const width = Math.max(MIN_CHART, box.clientWidth || 800);
  chart = new uPlot(
    {
      width,
      height: 300,
      // Room on the right for the last day's label.
      padding: [12, 48, 0, 0],
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { space: 90, incrs: [1, 2, 7, 14, 28, 56, 91, 182, 364], values: (_u, ticks) => ticks.map(label) },
        // Counts are whole numbers: no tick at 0.5.
        { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000, 1_000_000] },
      ],
      series: [
        { label: t.chart, value: (_u, v) => label(v) },
        ...daily.campaigns.map((c, i) => ({
          label: c.id === -1 ? t.noCampaign : c.name,
          stroke: PALETTE[i % PALETTE.length]!,
          width: 2,
          points: { show: true },
        })),
      ],
    },
    data,
    box,
  );
}

function context(c: ReportsCommunication): string {
  const t = TEXTS[lang];
  const utm = [c.utm_source, c.utm_medium, c.utm_campaign].filter(Boolean).join(' / ');
  const search = c.search_engine ? `${t.search}: ${c.search_engine}${c.search_query ? ' «' + c.search_query + '»' : ''}` : '';
  return [utm && 'utm: ' + utm, search, c.referrer, c.entrance_page && `${t.entry}: ${c.entrance_page}`].filter(Boolean).join('\n');
}

function renderList(): void {
  const body = $('list').querySelector('tbody')!;
  if (!list) return body.replaceChildren();
  const t = TEXTS[lang];
  const when = dateTimeFormat(lang, me?.time_zone);
  body.replaceChildren(
    ...list.items.map((c) => {
      const tr = el('tr');
      tr.dataset.communication = c.type + ':' + c.id;
      const tags = el('td');
      for (const tag of c.tags) tags.append(el('span', tag, 'tag'));
      const detail = [c.status != null || c.type === 'chat' ? t.status[String(c.status)] : '', c.detail].filter(Boolean).join(' · ');
      const from = el('td', context(c), 'context');
      tr.append(
        el('td', when(Date.parse(c.at))),
        el('td', t.types[c.type]),
        el('td', c.ac_id === -1 ? t.noCampaign : c.ac_name),
        el('td', t.visitor(c)),
        from,
        el('td', detail),
        tags,
      );
      return tr;
    }),
  );
  const n = list.total;
  $('page').textContent = t.page(n ? offset + 1 : 0, offset + list.items.length, n);
  $<HTMLButtonElement>('prev').disabled = offset === 0;
  $<HTMLButtonElement>('next').disabled = offset + SIZE >= n;
}

function render(): void {
  renderTexts();
  renderChart();
  renderList();
}

async function loadList(): Promise<void> {
  const r = await get<ReportsCommunications>(`reports/communications?${query()}&limit=${SIZE}&offset=${offset}`);
  if (r.status === 401) return showSignIn();
  if (!r.data) {
    $('error').textContent = r.message ?? TEXTS[lang].failed;
    return;
  }
  list = r.data;
  renderList();
}

async function load(): Promise<void> {
  $('error').textContent = '';
  if ($<HTMLInputElement>('to').value < $<HTMLInputElement>('from').value) {
    $('error').textContent = TEXTS[lang].badRange;
    return;
  }
  const r = await get<ReportsDaily>(`reports/daily?${query()}`);
  if (r.status === 401) return showSignIn();
  if (!r.data) {
    $('error').textContent = r.message ?? TEXTS[lang].failed;
    return;
  }
  daily = r.data;
  renderChart();
  offset = 0;
  await loadList();
}

function showSignIn(): void {
  $('reports').hidden = true;
  $('signin').hidden = false;
}

function start(m: ConsoleMe): void {
  me = m;
  $('me').textContent = m.full_name;
  const site = $<HTMLSelectElement>('site');
  site.replaceChildren(
    ...m.sites.map((s) => {
      const o = el('option', s.domain + ' #' + s.id);
      o.value = String(s.id);
      return o;
    }),
  );
  const params = new URLSearchParams(location.search);
  if (params.get('site') && m.sites.some((s) => String(s.id) === params.get('site'))) site.value = params.get('site')!;
  const to = today(m.time_zone);
  $<HTMLInputElement>('to').value = to;
  $<HTMLInputElement>('from').value = shift(to, -6);
  $('reports').hidden = false;
  void load();
}

$('filters').addEventListener('submit', (e) => {
  e.preventDefault();
  void load();
});
$('kind').addEventListener('change', renderChart);
// The chart keeps the width of its box (uPlot draws at a fixed size).
let resizing = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(resizing);
  resizing = requestAnimationFrame(() => chart?.setSize({ width: Math.max(MIN_CHART, $('chart').clientWidth || 800), height: 300 }));
});
$('lang').addEventListener('change', () => {
  lang = $<HTMLSelectElement>('lang').value === 'en' ? 'en' : 'ru';
  saveLang(lang);
  render();
});
$('prev').addEventListener('click', () => {
  offset = Math.max(0, offset - SIZE);
  void loadList();
});
$('next').addEventListener('click', () => {
  offset += SIZE;
  void loadList();
});

renderTexts();
void get<ConsoleMe>('me').then((r) => (r.data ? start(r.data) : showSignIn()));
