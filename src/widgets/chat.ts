import { CHAT_PATH, type ChatMessageEvent, type ChatMessageResult, type ChatState } from '../protocol.js';
import { CHAT_FLAG, type CoreBridge } from '../snippet/widget-bridge.js';
import { consultantTexts, texts } from './i18n.js';
import { known as statusKnown, online as operatorOnline, watchStatus, whenStatus } from './operator-status.js';
import { openRequest } from './request.js';
import { dialog, h, type Dialog } from './ui.js';

/**
 * The chat window (`Svc.openChatWindow()`). The visitor's messages go through the core's outbox
 * as `chat_message` writes (kept until stored, in order, stored once); everything from the
 * server, the visitor's own messages included, comes back over the chat event stream, which
 * EventSource reconnects by itself, resuming after the last message (Last-Event-ID).
 *
 * While the window is open a flag in sessionStorage says so: the core reopens the window on the
 * next page of this tab (a reload, a link), and the stream brings the open chat's history back.
 */

function flag(on: boolean): boolean {
  try {
    if (on) sessionStorage.setItem(CHAT_FLAG, '1');
    else sessionStorage.removeItem(CHAT_FLAG);
    return true;
  } catch {
    return false;
  }
}

function flagged(): boolean {
  try {
    return !!sessionStorage.getItem(CHAT_FLAG);
  } catch {
    return false;
  }
}

let current: Dialog | null = null;

/**
 * The chat when an operator is online, or at once when this tab already had it open (a reload in
 * the middle of a conversation); otherwise the request form. The status stream opens with the
 * first chat (a page that never opens one holds no stream), so the choice waits for its first word.
 */
export function openChat(lang: string, core: CoreBridge): void {
  if (current) return current.focus();
  if (flagged()) return showChat(lang, core);
  whenStatus(() => (operatorOnline ? showChat(lang, core) : openRequest(lang)));
}

function showChat(lang: string, core: CoreBridge): void {
  if (current) return current.focus();
  const creds = window.Svc.getCredentials();
  if (!creds || !core.visitor) return openRequest(lang);
  const t = consultantTexts(lang);
  const visitor = core.visitor;

  let es: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let chat: ChatState | null = null;
  // Before the status stream has spoken after a reload, assume the operator is still there.
  watchStatus();
  let online = operatorOnline || flagged();
  /** Shown messages by server id, and the visitor's not yet confirmed ones by write id. */
  const shown = new Map<number, HTMLElement>();
  const pending = new Map<string, HTMLElement>();
  /** The visitor's texts of the current chat: the request form's message if nobody answers. */
  let mine: string[] = [];

  const poll = setInterval(() => {
    const now = operatorOnline;
    if (statusKnown && now !== online) {
      online = now;
      update();
    }
  }, 1000);

  const d = (current = dialog(texts(lang), lang, t.chatTitle, () => {
    current = null;
    es?.close();
    clearTimeout(retry);
    clearInterval(poll);
    flag(false);
  }));
  flag(true);

  // A log region (polite live region): new messages are read out; focusable so that keyboard
  // users can scroll it.
  const log = h('div', { class: 'log', role: 'log', 'aria-label': t.chatLog, tabindex: '0' });
  const status = h('p', { class: 'hint', role: 'status' });
  const offer = h('button', { type: 'button', class: 'primary', hidden: true }, t.leaveRequest);
  const end = h('button', { type: 'button', class: 'link', hidden: true }, t.endChat);
  const box = h('textarea', { id: 'svc-chat-text', rows: '2', maxlength: '4096', autocomplete: 'off' });
  const send = h('button', { type: 'submit', class: 'primary' }, t.send);
  const form = h('form', { class: 'chat-form' }, h('label', { for: 'svc-chat-text', class: 'sr' }, t.yourMessage), box, send);
  d.body.append(log, status, offer, form, end);
  box.focus();

  function update(): void {
    const over = !chat || chat.closed;
    end.hidden = over;
    offer.hidden = !((chat && chat.closed && chat.status === 'lost') || (over && !online));
    status.textContent = !chat
      ? online
        ? t.chatHello
        : t.offline
      : chat.closed
        ? chat.status === 'lost'
          ? t.lost
          : online
            ? t.chatEnded
            : t.offline
        : chat.status == null
          ? t.waiting
          : t.answering + (chat.operator || t.operator);
  }

  function bubble(from: 'visitor' | 'operator', text: string): HTMLElement {
    const el = h(
      'p',
      { class: 'm ' + (from === 'visitor' ? 'me' : 'op') },
      h('span', { class: 'sr' }, (from === 'visitor' ? t.you : t.operator) + ': '),
      text,
    );
    log.append(el);
    log.scrollTop = log.scrollHeight;
    return el;
  }

  /** The message is stored: no longer pending, and known by its server id. */
  function confirmed(el: HTMLElement, id: number): void {
    el.classList.remove('pending');
    el.querySelector('.hint')?.remove();
    shown.set(id, el);
  }

  function onMessage(m: ChatMessageEvent): void {
    if (shown.has(m.id)) return;
    const el = (m.cid && pending.get(m.cid)) || bubble(m.from, m.text);
    if (m.cid) pending.delete(m.cid);
    confirmed(el, m.id);
    // The visitor's messages sent from another tab, or before a reload.
    if (m.from === 'visitor' && !el.dataset.mine) mine.push(m.text);
  }

  // Delay before reopening a refused stream: doubles from 3 s to 60 s, back to 3 s once one opens
  // (a server at its stream cap answers 429/503; page and chat form keep working meanwhile).
  let backoff = 3000;
  function connect(): void {
    es = new EventSource(`${creds!.consultant_server_url}${CHAT_PATH}${creds!.site_key}?v=${visitor.id}&t=${visitor.token}`);
    es.onopen = () => (backoff = 3000);
    es.addEventListener('chat', (e) => {
      chat = JSON.parse((e as MessageEvent<string>).data) as ChatState | null;
      update();
    });
    es.addEventListener('message', (e) => onMessage(JSON.parse((e as MessageEvent<string>).data) as ChatMessageEvent));
    es.onerror = () => {
      status.textContent = t.reconnecting;
      // EventSource retries by itself, except after an answer other than 200: then we do.
      if (es!.readyState === EventSource.CLOSED) {
        retry = setTimeout(connect, backoff * (0.75 + Math.random() / 2));
        backoff = Math.min(backoff * 2, 60_000);
      }
    };
  }
  update();
  connect();

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = box.value.trim();
    if (!text) return;
    box.value = '';
    // A message after the chat is over starts a new one.
    if (!chat || chat.closed) mine = [];
    mine.push(text);
    const el = bubble('visitor', text);
    el.classList.add('pending');
    el.dataset.mine = '1';
    const id = core.send('chat_message', { text }, (r) => {
      const res = r.result as ChatMessageResult | undefined;
      if (r.success && res) confirmed(el, res.message_id);
      else {
        el.classList.remove('pending');
        el.append(h('span', { class: 'err' }, ' ' + t.messageFailed));
      }
    });
    pending.set(id, el);
    // Still not stored after a while: say so (the outbox keeps trying).
    setTimeout(() => {
      if (el.classList.contains('pending')) el.append(h('span', { class: 'hint' }, ' ' + t.notSent));
    }, 3000);
  });
  box.addEventListener('keydown', (e) => {
    // Enter sends, Shift+Enter starts a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  end.addEventListener('click', () => {
    if (chat && !chat.closed) core.send('chat_close', { chat_id: chat.id });
    box.focus();
  });
  offer.addEventListener('click', () => {
    const text = mine.join('\n');
    d.close();
    openRequest(lang, text);
  });
}
