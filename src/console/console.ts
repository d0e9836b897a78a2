/**
 * The operator console page (served at /op/ by the consultant server). Plain DOM: every text
 * from visitors, operators or the server is set with textContent, never parsed as HTML. One
 * EventSource brings chats, messages and requests; it reconnects by itself, and each reconnect
 * starts with a fresh snapshot, so nothing is missed. Every text comes from console-texts.ts in the
 * language of i18n.ts (`?lang=`, else the choice saved by this page's or the reports page's switch).
 */
import { CONSOLE_TEXTS, writePageTexts } from './console-texts.js';
import { currentLang, dateTimeFormat, messageTimeFormat, saveLang, storedMs, withLang, type Lang } from './i18n.js';
import {
  CONSOLE_API,
  type ConsoleCall,
  type ConsoleChat,
  type ConsoleChatVisit,
  type ConsoleEvents,
  type ConsoleMe,
  type ConsoleMessage,
  type ConsoleRequest,
} from '../console-protocol.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

let lang: Lang = currentLang();
let t = CONSOLE_TEXTS[lang];

interface Answer<T> {
  success: boolean;
  data?: T;
  message?: string;
}

async function api<T>(path: string, body?: unknown): Promise<Answer<T> & { status: number }> {
  try {
    const res = await fetch(CONSOLE_API + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const json = (await res.json()) as Answer<T>;
    return { ...json, status: res.status };
  } catch {
    return { success: false, message: t.noServer, status: 0 };
  }
}

let me: ConsoleMe | null = null;
let es: EventSource | null = null;
let selected: number | null = null;
const chats = new Map<number, ConsoleChat>();
const messages = new Map<number, ConsoleMessage[]>();
const requests = new Map<string, ConsoleRequest>();
const calls = new Map<number, ConsoleCall>();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text != null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

const domain = (siteId: number) => me?.sites.find((s) => s.id === siteId)?.domain ?? '#' + siteId;
/** Date-times in the chosen language (i18n.ts) and the customer's zone, not the browser's locale. */
let formatTime = dateTimeFormat(lang);
const time = (at: string) => formatTime(storedMs(at));
/** A message's time as a chat shows it: the hour and minute, and the date when not today. */
let formatMessageTime = messageTimeFormat(lang);

/** Sets both formats for `lang` and the customer's zone. */
function setTimeFormats(zone?: string): void {
  formatTime = dateTimeFormat(lang, zone);
  formatMessageTime = messageTimeFormat(lang, zone);
}

/** Where the visitor came from: the campaign, then the utm tags, else the search engine or the referrer. */
function visitLine(v: ConsoleChatVisit): string {
  const utm = [v.utm_source, v.utm_medium, v.utm_campaign].filter(Boolean).join(' / ');
  const search = [v.search_engine, v.search_query].filter(Boolean).join(': ');
  const source = utm || search || v.referrer_domain || t.visit.direct;
  return `${t.visit.campaign}: ${v.campaign ?? t.visit.noCampaign} · ${t.visit.source}: ${source}`;
}

/** A refused action's text in the console's language (the server's own text is English). */
function refusal(status: number, fallback: string): string {
  if (status === 0) return t.noServer;
  if (status === 409) return t.chatTaken;
  return fallback;
}

function signInRefusal(status: number): string {
  if (status === 401) return t.wrongPassword;
  if (status === 429) return t.tooManyTries;
  if (status === 400) return t.signInMissing;
  return refusal(status, t.error);
}

function chatLabel(c: ConsoleChat): string {
  return t.chat(c.id, domain(c.site_id), c.closed && c.status === 'succeed' ? t.ended : t.status[c.status ?? 'null']);
}

function renderChats(): void {
  const list = $('chats');
  const sorted = [...chats.values()].sort((a, b) => Number(a.closed) - Number(b.closed) || b.id - a.id);
  list.replaceChildren(
    ...sorted.map((c) => {
      const li = el('li', undefined, c.status == null && !c.closed ? 'waiting' : '');
      li.dataset.chat = String(c.id);
      // A button in the list item: a list keeps its items, and Enter and Space open the chat.
      const open = el('button');
      open.type = 'button';
      open.setAttribute('aria-current', String(c.id === selected));
      open.append(el('span', chatLabel(c)));
      const last = messages.get(c.id)?.at(-1);
      if (last) open.append(el('small', last.text.slice(0, 80), 'muted'));
      open.addEventListener('click', () => select(c.id));
      li.append(open);
      return li;
    }),
  );
  const waiting = sorted.filter((c) => c.status == null && !c.closed).length;
  document.title = (waiting ? `(${waiting}) ` : '') + t.page.title;
}

function renderChat(): void {
  const c = selected != null ? chats.get(selected) : undefined;
  $('chat-h').textContent = c ? chatLabel(c) : t.page.selectChat;
  $('chat-info').textContent = c ? `${t.visitor(c.visitor_id)} · ${c.page_url}${c.operator_name ? ' · ' + c.operator_name : ''}` : '';
  $('chat-visit').textContent = c ? visitLine(c.visit) : '';
  const now = Date.now();
  $('messages').replaceChildren(
    ...(c ? (messages.get(c.id) ?? []) : []).map((m) => {
      const li = el('li', undefined, m.from);
      li.dataset.message = String(m.id);
      const at = storedMs(m.at);
      const when = el('time', formatMessageTime(at, now));
      when.dateTime = new Date(at).toISOString();
      when.title = time(m.at);
      li.append(el('span', m.text, 'text'), when);
      return li;
    }),
  );
  const mine = c && !c.closed && (c.employee_id == null || c.employee_id === me?.id);
  $('reply').hidden = !mine;
  const box = $('messages');
  box.scrollTop = box.scrollHeight;
}

function select(id: number): void {
  selected = id;
  renderChats();
  renderChat();
  if (!$('reply').hidden) $('reply-text').focus();
}

function renderRequests(): void {
  const sorted = [...requests.values()].sort((a, b) => b.date_time.localeCompare(a.date_time));
  $('requests').replaceChildren(
    ...sorted.map((r) => {
      const li = el('li');
      li.dataset.request = r.kind + ':' + r.id;
      li.append(el('strong', (r.kind === 'offline' ? t.offlineRequest : t.callbackRequest) + ' · ' + domain(r.site_id)));
      for (const v of [time(r.date_time), r.name, r.phone, r.email, r.message, r.page_url]) if (v) li.append(el('div', v));
      return li;
    }),
  );
}

/** The screen pop: calls of the last minutes, ringing ones first, each with the caller's visit. */
function renderCalls(): void {
  const sorted = [...calls.values()].sort((a, b) => Number(b.state === 'ringing') - Number(a.state === 'ringing') || b.id - a.id);
  $('calls-box').hidden = sorted.length === 0;
  $('calls').replaceChildren(
    ...sorted.map((c) => {
      const li = el('li', undefined, c.state);
      li.dataset.call = String(c.id);
      li.append(el('strong', `${t.callState[c.state]} · ${c.numa} → ${c.numb ?? ''} · ${domain(c.site_id)}`));
      const f = t.facts;
      const facts: Array<[string, string | null | undefined]> = [
        [f.start, time(c.date_time)],
        [f.answeredBy, c.operator_name],
      ];
      const v = c.visit;
      facts.push([f.visitor, v ? `${v.visitor_id}${v.by_number ? f.byNumber : ''}` : f.unknown]);
      // The record's campaign, as every report reads it: shown with or without a known visitor.
      facts.push([f.campaign, c.campaign ?? f.noCampaign]);
      if (v) {
        facts.push(
          [f.search, [v.search_engine, v.search_query].filter(Boolean).join(': ') || null],
          [f.utm, [v.utm_source, v.utm_campaign].filter(Boolean).join(' / ') || null],
          [f.entry, v.entry_page],
          [f.pages, v.pages.length ? v.pages.join('\n') : null],
          [f.earlier, v.earlier.map((e) => `${t.earlier[e.type]} ${time(e.date_time)}`).join('; ') || f.noEarlier],
        );
      }
      const dl = el('dl');
      for (const [k, val] of facts) if (val) dl.append(el('dt', k), el('dd', val));
      li.append(dl);
      return li;
    }),
  );
}

function setOnline(on: boolean): void {
  $<HTMLInputElement>('online').checked = on;
  $('online-label').textContent = on ? t.page.online : t.page.offline;
}

function on<K extends keyof ConsoleEvents>(name: K, fn: (d: ConsoleEvents[K]) => void): void {
  es!.addEventListener(name, (e) => fn(JSON.parse((e as MessageEvent<string>).data) as ConsoleEvents[K]));
}

/** Delay before reopening a refused stream: doubles from 3 s to 60 s, back to 3 s once one opens. */
let backoff = 3000;
/** The stream is down: said in the header (and said again in the other language on a switch). */
let linkDown = false;

function showLink(down: boolean): void {
  linkDown = down;
  $('link').textContent = down ? t.reconnecting : '';
}

function connect(): void {
  es?.close();
  es = new EventSource(CONSOLE_API + 'stream');
  es.onopen = () => {
    showLink(false);
    backoff = 3000;
  };
  es.onerror = () => {
    if (es!.readyState === EventSource.CLOSED) {
      // Refused (401 after the session ended): back to the sign-in form; else (a server at its
      // stream cap answers 429/503) try again later, waiting longer each time.
      void api<ConsoleMe>('me').then((r) => {
        if (r.status === 401) return showSignIn();
        setTimeout(connect, backoff * (0.75 + Math.random() / 2));
        backoff = Math.min(backoff * 2, 60_000);
      });
    }
    showLink(true);
  };
  on('hello', (m) => {
    me = m;
    $('me').textContent = m.full_name;
    // A reconnect starts over with a snapshot.
    chats.clear();
    messages.clear();
    requests.clear();
    calls.clear();
    renderCalls();
  });
  on('online', (o) => setOnline(o.me));
  on('chat', (c) => {
    chats.set(c.id, c);
    renderChats();
    if (c.id === selected) renderChat();
  });
  on('message', (m) => {
    const list = messages.get(m.chat_id) ?? [];
    if (!list.some((x) => x.id === m.id)) list.push(m);
    messages.set(m.chat_id, list);
    renderChats();
    if (m.chat_id === selected) renderChat();
  });
  on('request', (r) => {
    requests.set(r.kind + ':' + r.id, r);
    renderRequests();
  });
  on('call', (c) => {
    calls.set(c.id, c);
    renderCalls();
  });
}

function showSignIn(): void {
  es?.close();
  es = null;
  me = null;
  $('console').hidden = true;
  $('signin').hidden = false;
  $('email').focus();
}

function showConsole(m: ConsoleMe): void {
  me = m;
  setTimeFormats(m.time_zone);
  $('signin').hidden = true;
  $('console').hidden = false;
  $('me').textContent = m.full_name;
  setOnline(m.online);
  renderChat();
  connect();
}

const newId = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 10);

$('login').addEventListener('submit', (e) => {
  e.preventDefault();
  const email = $<HTMLInputElement>('email').value.trim();
  const password = $<HTMLInputElement>('password').value;
  $('login-error').textContent = '';
  void api<ConsoleMe>('login', { email, password }).then((r) => {
    if (r.success && r.data) {
      $<HTMLInputElement>('password').value = '';
      showConsole(r.data);
    } else $('login-error').textContent = signInRefusal(r.status);
  });
});

$('online').addEventListener('change', () => {
  const want = $<HTMLInputElement>('online').checked;
  setOnline(want);
  void api<{ online: boolean }>('status', { online: want }).then((r) => {
    if (!r.success) setOnline(!want);
  });
});

$('logout').addEventListener('click', () => void api('logout', {}).then(showSignIn));

$('reply').addEventListener('submit', (e) => {
  e.preventDefault();
  const box = $<HTMLTextAreaElement>('reply-text');
  const text = box.value.trim();
  if (!text || selected == null) return;
  const chat = selected;
  $('reply-error').textContent = '';
  void api<ConsoleMessage>(`chats/${chat}/messages`, { text, client_id: newId() }).then((r) => {
    if (r.success) box.value = '';
    else if (r.status === 401) showSignIn();
    else $('reply-error').textContent = refusal(r.status, t.notSent);
  });
});

$('reply-text').addEventListener('keydown', (e) => {
  // Enter sends, Shift+Enter makes a new line.
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    $<HTMLFormElement>('reply').requestSubmit();
  }
});

$('end-chat').addEventListener('click', () => {
  if (selected == null) return;
  $('reply-error').textContent = '';
  void api(`chats/${selected}/close`, {}).then((r) => {
    if (r.status === 401) showSignIn();
    else if (!r.success) $('reply-error').textContent = refusal(r.status, t.error);
  });
});

/** Writes every text of the page in `lang`: the static ones, then each list as it stands. */
function renderTexts(): void {
  t = CONSOLE_TEXTS[lang];
  writePageTexts(document, lang);
  $<HTMLSelectElement>('lang').value = lang;
  $<HTMLAnchorElement>('reports-link').href = withLang('/op/reports', lang);
  setOnline($<HTMLInputElement>('online').checked);
  showLink(linkDown);
}

$('lang').addEventListener('change', () => {
  lang = $<HTMLSelectElement>('lang').value === 'en' ? 'en' : 'ru';
  saveLang(lang);
  setTimeFormats(me?.time_zone);
  renderTexts();
  renderChats();
  renderChat();
  renderRequests();
  renderCalls();
});

renderTexts();
void api<ConsoleMe>('me').then((r) => (r.success && r.data ? showConsole(r.data) : showSignIn()));
