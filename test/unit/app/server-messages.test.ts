import { expect, it } from 'vitest';
import { localizeMessage } from '../../../src/app/server-messages.js';
import { NewEmployee } from '../../../src/server/owner-app/employee-writes.js';
import { describeIssue } from '../../../src/server/writes/schemas.js';

/** The server's refusals, written in Russian when the app is. */

it('writes the reasons it knows in Russian, from both the REST API and the app’s own routes', () => {
  expect(localizeMessage('Invalid parameter number: a phone number', 'ru')).toBe('Не номер телефона');
  expect(localizeMessage('Invalid parameter domain: a host name such as shop.example.com', 'ru')).toBe('Домен вида shop.example.com');
  expect(localizeMessage('Invalid request: numbers: 74957000002 already answers another scenario', 'ru')).toBe(
    'Номер 74957000002 уже в другом сценарии',
  );
  expect(localizeMessage('Missing required parameter name', 'ru')).toBe('Обязательное поле');
  expect(localizeMessage('Wrong login or password', 'ru')).toBe('Неверный логин или пароль');
});

it('reads the messages the server’s schemas really write', () => {
  const r = NewEmployee.safeParse({ first_name: 'O', last_name: 'S', email: 'o@x.test', password: 'short' });
  expect(r.success).toBe(false);
  const message = 'Invalid request: ' + describeIssue(r.error!);
  expect(localizeMessage(message, 'ru')).toBe('Не короче 8 символов');
});

it('keeps English as it is, and a reason it does not know whole', () => {
  const m = 'Invalid request: password: Too small: expected string to have >=8 characters';
  expect(localizeMessage(m, 'en')).toBe(m);
  expect(localizeMessage('Invalid parameter x: something new', 'ru')).toBe('Invalid parameter x: something new');
});
