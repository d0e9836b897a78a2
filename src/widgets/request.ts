import type { OfflineRequest, OfflineRequestResult } from '../types.js';
import { consultantTexts, texts } from './i18n.js';
import { dialog, h, type Dialog } from './ui.js';

/** Same rules as the server's (schemas.ts), so the visitor hears about a typo before sending. */
const PHONE = /^\+?[\d\s().-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** After this long without an answer the visitor is told the request waits in the outbox. */
const SLOW_MS = 4000;

let current: Dialog | null = null;

/**
 * The request form (`Svc.openSiteRequestPanel()`, and the chat's fallback): name, phone, e-mail,
 * message, sent with `Svc.addOfflineRequest`, so it travels through the outbox with the page's
 * context and is kept until the server has it, whatever the network does. `message` pre-fills
 * the message (the chat's unanswered text).
 */
export function openRequest(lang: string, message = ''): void {
  if (current) return current.focus();
  const t = consultantTexts(lang);
  const d = (current = dialog(texts(lang), lang, t.requestTitle, () => (current = null)));

  const field = (id: string, label: string, el: HTMLInputElement | HTMLTextAreaElement, optional: boolean) => {
    const err = h('p', { class: 'err', id: id + '-err', hidden: true });
    el.id = id;
    el.setAttribute('aria-describedby', id + '-err');
    const wrap = h(
      'div',
      { class: 'field' },
      h('label', { for: id }, label, optional ? h('span', { class: 'opt' }, ' ' + t.optional) : null),
      el,
      err,
    );
    return { wrap, el, err };
  };
  const name = field('svc-name', t.name, h('input', { type: 'text', name: 'name', autocomplete: 'name', maxlength: '255' }), true);
  const phone = field('svc-phone', t.phone, h('input', { type: 'tel', name: 'phone', autocomplete: 'tel', maxlength: '64' }), false);
  const email = field('svc-email', t.email, h('input', { type: 'email', name: 'email', autocomplete: 'email', maxlength: '254' }), false);
  const text = field('svc-message', t.message, h('textarea', { name: 'message', rows: '4', maxlength: '4096' }), true);
  text.el.value = message;
  const submit = h('button', { type: 'submit', class: 'primary' }, t.send);
  const result = h('p', { class: 'result', role: 'status' });
  const form = h('form', { novalidate: true }, h('p', {}, t.requestIntro), name.wrap, phone.wrap, email.wrap, text.wrap, submit, result);
  d.body.append(form);
  d.focus();

  const say = (f: typeof name, msg: string) => {
    f.err.textContent = msg;
    f.err.hidden = !msg;
    f.el.setAttribute('aria-invalid', msg ? 'true' : 'false');
  };
  let busy = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (busy) return;
    const v = { name: name.el.value.trim(), phone: phone.el.value.trim(), email: email.el.value.trim(), message: text.el.value.trim() };
    const digits = v.phone.replace(/\D/g, '').length;
    say(phone, v.phone && (!PHONE.test(v.phone) || digits < 5 || digits > 20) ? t.badPhone : !v.phone && !v.email ? t.contactRequired : '');
    say(email, v.email && !EMAIL.test(v.email) ? t.badEmail : '');
    const bad = [phone, email].find((f) => f.el.getAttribute('aria-invalid') === 'true');
    if (bad) return bad.el.focus();

    busy = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = t.sending;
    result.className = 'result';
    result.textContent = '';
    const slow = setTimeout(() => (result.textContent = t.requestQueued), SLOW_MS);
    const req: OfflineRequest = {};
    for (const k of ['name', 'phone', 'email', 'message'] as const) if (v[k]) req[k] = v[k];
    window.Svc.addOfflineRequest(req, (r: OfflineRequestResult) => {
      clearTimeout(slow);
      busy = false;
      submit.removeAttribute('aria-disabled');
      submit.textContent = t.send;
      if (r.success) {
        form.replaceChildren(h('p', { class: 'result good', role: 'status', tabindex: '-1' }, t.requestSent));
        (form.firstChild as HTMLElement).focus();
        return;
      }
      const code = String(r.result?.code ?? '');
      if (/phone/.test(code)) say(phone, t.badPhone);
      else if (/email/.test(code)) say(email, t.badEmail);
      else {
        result.className = 'result bad';
        result.textContent = t.requestFailed;
      }
    });
  });
}
