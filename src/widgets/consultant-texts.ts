/**
 * Texts of the request form and the chat window, Russian (the default) and English, in the same
 * way as i18n.ts keeps the site-phone form's. Always set as text nodes, never parsed as HTML.
 */
const ru = {
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

export type ConsultantTexts = typeof ru;

const en: ConsultantTexts = {
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
  return lang === 'en' ? en : ru;
}
