import type { SitePhoneResult } from '../protocol.js';

/**
 * Every text the widgets show, in Russian (the default) and English: the site-phone form and its
 * result popup (`texts`), then the request form and the chat window (`consultantTexts`). Texts are
 * set as text nodes, never parsed as HTML. Another language is one more object of each shape.
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

/**
 * The request form's and the chat window's texts, kept apart from the site-phone form's so that each
 * widget's function returns only its own; the same two languages.
 */
const consultantRu = {
  requestTitle: 'Оставить заявку',
  requestIntro: 'Оставьте телефон или e-mail, и мы ответим вам.',
  name: 'Имя',
  phone: 'Телефон',
  email: 'E-mail',
  message: 'Сообщение',
  optional: '(необязательно)',
  send: 'Отправить',
  sending: 'Отправляем…',
  requestSent: 'Спасибо! Заявка отправлена, мы скоро свяжемся с вами.',
  requestQueued: 'Нет связи с сервером. Заявка сохранена и уйдёт, как только связь появится.',
  contactRequired: 'Укажите телефон или e-mail.',
  badPhone: 'Введите номер телефона полностью.',
  badEmail: 'Проверьте адрес e-mail.',
  requestFailed: 'Не удалось отправить заявку. Попробуйте ещё раз.',
  chatTitle: 'Чат с консультантом',
  chatLog: 'Переписка',
  you: 'Вы',
  operator: 'Консультант',
  chatHello: 'Напишите ваш вопрос, и консультант ответит здесь же.',
  waiting: 'Ждём ответа консультанта…',
  answering: 'На связи: ',
  chatEnded: 'Чат завершён. Напишите, чтобы начать новый.',
  lost: 'Консультанты сейчас заняты. Оставьте заявку, и мы ответим вам.',
  offline: 'Консультанты сейчас не в сети. Оставьте заявку, и мы ответим вам.',
  leaveRequest: 'Оставить заявку',
  endChat: 'Завершить чат',
  yourMessage: 'Ваше сообщение',
  notSent: 'Не отправлено. Повторим, как только появится связь.',
  messageFailed: 'Сообщение не принято.',
  reconnecting: 'Нет связи, переподключаемся…',
};

export type ConsultantTexts = typeof consultantRu;

const consultantEn: ConsultantTexts = {
  requestTitle: 'Leave a request',
  requestIntro: 'Leave your phone or e-mail and we will get back to you.',
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  message: 'Message',
  optional: '(optional)',
  send: 'Send',
  sending: 'Sending…',
  requestSent: 'Thank you! Your request has been sent; we will contact you soon.',
  requestQueued: 'No connection. Your request is saved and will be sent as soon as the connection is back.',
  contactRequired: 'Please give a phone number or an e-mail.',
  badPhone: 'Please enter the whole phone number.',
  badEmail: 'Please check the e-mail address.',
  requestFailed: 'The request could not be sent. Please try again.',
  chatTitle: 'Chat with us',
  chatLog: 'Conversation',
  you: 'You',
  operator: 'Consultant',
  chatHello: 'Type your question and a consultant will answer here.',
  waiting: 'Waiting for a consultant…',
  answering: 'Talking to: ',
  chatEnded: 'The chat has ended. Write to start a new one.',
  lost: 'Our consultants are busy. Leave a request and we will get back to you.',
  offline: 'Our consultants are offline. Leave a request and we will get back to you.',
  leaveRequest: 'Leave a request',
  endChat: 'End chat',
  yourMessage: 'Your message',
  notSent: 'Not sent yet. It will go as soon as the connection is back.',
  messageFailed: 'The message was refused.',
  reconnecting: 'Connection lost, reconnecting…',
};

export function consultantTexts(lang: string): ConsultantTexts {
  return lang === 'en' ? consultantEn : consultantRu;
}
