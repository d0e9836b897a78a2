/**
 * The operator console page (served at /op/ by the consultant server). Plain DOM: every text
 * from visitors, operators or the server is set with textContent, never parsed as HTML. One
 * EventSource brings chats, messages and requests; it reconnects by itself, and each reconnect
 * starts with a fresh snapshot, so nothing is missed.
 */
import { currentLang, dateTimeFormat, storedMs } from './i18n.js';
import {
  CONSOLE_API,
  type ConsoleCall,
  type ConsoleChat,
  type ConsoleEvents,
  type ConsoleMe,
  type ConsoleMessage,
  type ConsoleRequest,
} from './protocol.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

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
    return { success: false, message: 'Нет связи с сервером', status: 0 };
  }
}

const STATUS: Record<string, string> = { null: 'ждёт ответа', succeed: 'идёт', lost: 'потерян', refused: 'отклонён' };

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
let formatTime = dateTimeFormat(currentLang());
const time = (at: string) => formatTime(storedMs(at));

function chatLabel(c: ConsoleChat): string {
  const closed = c.closed && c.status === 'succeed' ? 'завершён' : STATUS[String(c.status)];
  return `Чат ${c.id} · ${domain(c.site_id)} · ${closed}`;
}

function renderChats(): void {
  const list = $('chats');
  const sorted = [...chats.values()].sort((a, b) => Number(a.closed) - Number(b.closed) || b.id - a.id);
  list.replaceChildren(
    ...sorted.map((c) => {
      const li = el('li', undefined, c.status == null && !c.closed ? 'waiting' : '');
      li.dataset.chat = String(c.id);
      li.tabIndex = 0;
      li.setAttribute('role', 'button');
      li.setAttribute('aria-current', String(c.id === selected));
      li.append(el('span', chatLabel(c)));
      const last = messages.get(c.id)?.at(-1);
      if (last) li.append(el('div', last.text.slice(0, 80), 'muted'));
      const open = () => select(c.id);
      li.addEventListener('click', open);
      li.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      });
      return li;
    }),
  );
  const waiting = sorted.filter((c) => c.status == null && !c.closed).length;
  document.title = (waiting ? `(${waiting}) ` : '') + 'Консоль оператора';
}

function renderChat(): void {
  const c = selected != null ? chats.get(selected) : undefined;
  $('chat-h').textContent = c ? chatLabel(c) : 'Выберите чат';
  $('chat-info').textContent = c ? `Посетитель ${c.visitor_id} · ${c.page_url}${c.operator_name ? ' · ' + c.operator_name : ''}` : '';
  $('messages').replaceChildren(
    ...(c ? (messages.get(c.id) ?? []) : []).map((m) => {
      const li = el('li', undefined, m.from);
      li.dataset.message = String(m.id);
      li.append(el('span', m.text));
      li.title = time(m.at);
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
      li.append(el('strong', (r.kind === 'offline' ? 'Заявка' : 'Обратный звонок') + ' · ' + domain(r.site_id)));
      for (const v of [time(r.date_time), r.name, r.phone, r.email, r.message, r.page_url]) if (v) li.append(el('div', v));
      return li;
    }),
  );
}

const CALL_STATE: Record<ConsoleCall['state'], string> = { ringing: 'звонит', answered: 'разговор', ended: 'завершён', lost: 'пропущен' };
const EARLIER: Record<string, string> = { call: 'звонок', callback: 'обратный звонок', chat: 'чат', request: 'заявка', goal: 'цель' };

/** The screen pop: calls of the last minutes, ringing ones first, each with the caller's visit. */
function renderCalls(): void {
  const sorted = [...calls.values()].sort((a, b) => Number(b.state === 'ringing') - Number(a.state === 'ringing') || b.id - a.id);
  $('calls-box').hidden = sorted.length === 0;
  $('calls').replaceChildren(
    ...sorted.map((c) => {
      const li = el('li', undefined, c.state);
      li.dataset.call = String(c.id);
      li.append(el('strong', `${CALL_STATE[c.state]} · ${c.numa} → ${c.numb ?? ''} · ${domain(c.site_id)}`));
      const facts: Array<[string, string | null | undefined]> = [
        ['Начало', time(c.date_time)],
        ['Ответил', c.operator_name],
      ];
      const v = c.visit;
      if (!v) facts.push(['Посетитель', 'неизвестен']);
      else {
        facts.push(
          ['Посетитель', `${v.visitor_id}${v.by_number ? ' (по номеру)' : ''}`],
          ['Кампания', v.campaign ?? (v.session_id != null ? 'без кампании' : null)],
          ['Поиск', [v.search_engine, v.search_query].filter(Boolean).join(': ') || null],
          ['UTM', [v.utm_source, v.utm_campaign].filter(Boolean).join(' / ') || null],
          ['Вход', v.entry_page],
          ['Страницы', v.pages.length ? v.pages.join('\n') : null],
          ['Ранее', v.earlier.map((e) => `${EARLIER[e.type]} ${time(e.date_time)}`).join('; ') || 'обращений не было'],
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
  $('online-label').textContent = on ? 'В сети' : 'Не в сети';
}

function on<K extends keyof ConsoleEvents>(name: K, fn: (d: ConsoleEvents[K]) => void): void {
  es!.addEventListener(name, (e) => fn(JSON.parse((e as MessageEvent<string>).data) as ConsoleEvents[K]));
}

/** Delay before reopening a refused stream: doubles from 3 s to 60 s, back to 3 s once one opens. */
let backoff = 3000;

function connect(): void {
  es?.close();
  es = new EventSource(CONSOLE_API + 'stream');
  es.onopen = () => {
    $('link').textContent = '';
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
    $('link').textContent = 'Нет связи, переподключение…';
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
  formatTime = dateTimeFormat(currentLang(), m.time_zone);
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
    } else $('login-error').textContent = r.status === 401 ? 'Неверный e-mail или пароль' : (r.message ?? 'Ошибка');
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
    else $('reply-error').textContent = r.message ?? 'Не отправлено';
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
  if (selected != null) void api(`chats/${selected}/close`, {});
});

void api<ConsoleMe>('me').then((r) => (r.success && r.data ? showConsole(r.data) : showSignIn()));
