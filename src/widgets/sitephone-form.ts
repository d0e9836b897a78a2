import type { Captcha, Failure, SitePhoneCallParams, SitePhoneCallResult } from '../types.js';
import { resultText, type Texts } from './i18n.js';
import { bindMask, maskPlaceholder } from './mask.js';
import { dialog, h, type Dialog } from './ui.js';

let current: Dialog | null = null;

/** Local date-time for `<input type=datetime-local min>`: now, to the minute. */
function localNow(): string {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/**
 * The standard call-back form (`SvcWidget.openSitePhonePanel()`): the phone with its mask, the
 * captcha when the site asks for one, an optional call time, and the result of the request. It
 * sends through the public `SvcWidget.sitePhoneCall`, so it gets exactly what a custom form gets.
 */
export function openSitePhoneForm(t: Texts, lang: string, captchaOn: boolean, mask: string): void {
  if (current) return current.focus();
  const d = (current = dialog(t, lang, t.title, () => (current = null)));

  const error = (id: string) => h('p', { id, class: 'err', hidden: true });
  const phone = h('input', {
    id: 'svc-phone',
    type: 'tel',
    name: 'phone',
    inputmode: 'tel',
    autocomplete: 'tel',
    required: true,
    'aria-describedby': 'svc-phone-err',
    placeholder: maskPlaceholder(mask),
  });
  bindMask(phone, mask);
  const phoneErr = error('svc-phone-err');

  let captchaKey = '';
  const img = h('img', { alt: t.captchaAlt, width: '200', height: '70' });
  const code = h('input', {
    id: 'svc-captcha',
    name: 'captcha',
    inputmode: 'numeric',
    autocomplete: 'off',
    maxlength: '4',
    required: true,
    'aria-describedby': 'svc-captcha-err',
  });
  const codeErr = error('svc-captcha-err');
  const another = h('button', { type: 'button', class: 'link' }, t.captchaNew);
  const loadCaptcha = () => {
    captchaKey = '';
    code.value = '';
    window.Svc.Captcha.get_captcha((c: Captcha | Failure) => {
      if ('key' in c) {
        captchaKey = c.key;
        img.src = c.url;
      } else show(codeErr, code, t.captchaFailed);
    });
  };
  another.addEventListener('click', () => {
    loadCaptcha();
    code.focus();
  });

  const time = h('input', {
    id: 'svc-time',
    name: 'time',
    type: 'datetime-local',
    min: localNow(),
    'aria-describedby': 'svc-time-hint svc-time-err',
  });
  const timeErr = error('svc-time-err');

  const submit = h('button', { type: 'submit', class: 'primary' }, t.submit);
  const result = h('p', { class: 'result', role: 'status' });

  const form = h(
    'form',
    { novalidate: true },
    h('p', {}, t.intro),
    h('div', { class: 'field' }, h('label', { for: 'svc-phone' }, t.phone), phone, phoneErr),
    captchaOn &&
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'svc-captcha' }, t.captcha),
        h('div', { class: 'captcha' }, img, another),
        code,
        codeErr,
      ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'svc-time' }, t.time, ' ', h('span', { class: 'opt' }, t.optional)),
      time,
      h('p', { id: 'svc-time-hint', class: 'hint' }, t.timeHint),
      timeErr,
    ),
    submit,
    result,
  );
  d.body.append(form);

  function show(err: HTMLElement, input: HTMLInputElement, text: string) {
    err.textContent = text;
    err.hidden = false;
    input.setAttribute('aria-invalid', 'true');
  }
  const clear = () => {
    for (const [err, input] of [
      [phoneErr, phone],
      [codeErr, code],
      [timeErr, time],
    ] as const) {
      err.hidden = true;
      err.textContent = '';
      input.removeAttribute('aria-invalid');
    }
    result.textContent = '';
    result.className = 'result';
  };

  let sending = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (sending) return;
    clear();
    const later = !!time.value;
    const params: SitePhoneCallParams = {
      phone: phone.value,
      delayed_call_time: later ? new Date(time.value).getTime() : undefined,
    };
    if (captchaOn) {
      params.captcha_key = captchaKey;
      params.captcha_value = code.value.trim();
    }
    sending = true;
    // aria-disabled, not disabled: a disabled button drops the focus out of the dialog.
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = t.sending;
    window.SvcWidget.sitePhoneCall(params, (r: SitePhoneCallResult) => {
      sending = false;
      submit.removeAttribute('aria-disabled');
      submit.textContent = t.submit;
      answer(r, later);
    });
  });

  function answer(r: SitePhoneCallResult, later: boolean) {
    const { status, code: why } = r.result;
    const text = resultText(t, r.result, later);
    if (status === 0) {
      // Done: the form gives way to the message and a button to close.
      const done = h('button', { type: 'button', class: 'primary' }, t.close);
      done.addEventListener('click', () => d.close());
      d.body.replaceChildren(h('p', { class: 'result good', role: 'status' }, text), done);
      done.focus();
      return;
    }
    // Any judged request used the captcha key up: show a new picture.
    if (captchaOn && status > 0) loadCaptcha();
    if (why === 'invalid_phone') return (show(phoneErr, phone, text), phone.focus());
    if (why === 'invalid_time') return (show(timeErr, time, text), time.focus());
    if (status === 1 || why === 'captcha_required') return (show(codeErr, code, text), code.focus());
    result.textContent = text;
    result.className = 'result bad';
  }

  if (captchaOn) loadCaptcha();
  d.focus();
}
