import type { SitePhoneResult } from '../protocol.js';

/**
 * Every text the widgets show, in Russian (the default) and English. Texts are set as text nodes,
 * never parsed as HTML. Another language is one more object of the same shape.
 */
const ru = {
  close: 'Закрыть',
  title: 'Обратный звонок',
  intro: 'Оставьте номер, и мы вам перезвоним.',
  phone: 'Ваш телефон',
  captcha: 'Код с картинки',
  captchaAlt: 'Картинка с кодом из 4 цифр',
  captchaNew: 'Другой код',
  captchaFailed: 'Не удалось загрузить код. Нажмите «Другой код».',
  time: 'Когда позвонить',
  optional: '(необязательно)',
  timeHint: 'Оставьте пустым, и мы позвоним сразу.',
  submit: 'Перезвоните мне',
  sending: 'Отправляем…',
  sent: 'Спасибо! Мы скоро вам перезвоним.',
  sentLater: 'Спасибо! Мы перезвоним в выбранное время.',
  captcha_wrong: 'Код с картинки введён неверно. Введите новый код.',
  captcha_invalid: 'Код устарел. Введите новый код с картинки.',
  captcha_required: 'Введите 4 цифры с картинки.',
  noScenario: 'Обратный звонок сейчас недоступен. Пожалуйста, позвоните нам сами.',
  platform: 'Не удалось заказать звонок. Попробуйте позже.',
  limit: 'Слишком много запросов. Попробуйте через минуту.',
  invalid_phone: 'Введите номер телефона полностью.',
  invalid_time: 'Выберите время в будущем.',
  failed: 'Не удалось отправить запрос. Попробуйте ещё раз.',
};

export type Texts = typeof ru;

const en: Texts = {
  close: 'Close',
  title: 'Call me back',
  intro: 'Leave your number and we will call you back.',
  phone: 'Your phone number',
  captcha: 'Code from the picture',
  captchaAlt: 'Picture with a 4-digit code',
  captchaNew: 'Another code',
  captchaFailed: 'The code did not load. Press “Another code”.',
  time: 'When to call',
  optional: '(optional)',
  timeHint: 'Leave it empty and we will call right away.',
  submit: 'Call me back',
  sending: 'Sending…',
  sent: 'Thank you! We will call you shortly.',
  sentLater: 'Thank you! We will call you at the time you chose.',
  captcha_wrong: 'The code is wrong. Please type the new code.',
  captcha_invalid: 'The code has expired. Please type the new code.',
  captcha_required: 'Type the 4 digits from the picture.',
  noScenario: 'Call-back is not available right now. Please call us.',
  platform: 'The call could not be ordered. Please try again later.',
  limit: 'Too many requests. Please try again in a minute.',
  invalid_phone: 'Please enter the whole phone number.',
  invalid_time: 'Please choose a time in the future.',
  failed: 'The request could not be sent. Please try again.',
};

const LANGS: Record<string, Texts> = { ru, en };

/** The language to use: the asked one when we have it, else the site's, else Russian. */
export function pickLang(...wanted: Array<string | null | undefined>): string {
  // Only the languages we have: setLang takes anything a page passes (an object, '__proto__').
  for (const l of wanted) if (typeof l === 'string' && Object.prototype.hasOwnProperty.call(LANGS, l)) return l;
  return 'ru';
}

export function texts(lang: string): Texts {
  return LANGS[lang] ?? ru;
}

/** The message for a sitePhoneCall result (spec status codes 0–4, and -1 with its code). */
export function resultText(t: Texts, r: SitePhoneResult, later?: boolean): string {
  switch (r.status) {
    case 0:
      return later ? t.sentLater : t.sent;
    case 1:
      return r.code === 'captcha_invalid' ? t.captcha_invalid : r.code === 'captcha_required' ? t.captcha_required : t.captcha_wrong;
    case 2:
      return t.noScenario;
    case 3:
      return t.platform;
    case 4:
      return t.limit;
    default:
      return r.code === 'invalid_phone' || r.code === 'invalid_time' || r.code === 'captcha_required' ? t[r.code] : t.failed;
  }
}
