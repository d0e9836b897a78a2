import { expect, it } from 'vitest';
import { z } from 'zod';
import { localizeMessage } from '../../../src/app/server-messages.js';
import { createEmployeeFn } from '../../../src/server/operators/employee-write-functions.js';
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
  const r = createEmployeeFn.args.safeParse({ first_name: 'O', last_name: 'S', email: 'o@x.test', password: 'short' });
  expect(r.success).toBe(false);
  const message = `Invalid parameter ${r.error!.issues[0]!.path.join('.')}: ${r.error!.issues[0]!.message}`;
  expect(localizeMessage(message, 'ru')).toBe('Не короче 8 символов');
});

it('keeps the server’s own English as it is, and a reason it does not know whole', () => {
  const m = 'Invalid parameter domain: a host name such as shop.example.com';
  expect(localizeMessage(m, 'en')).toBe(m);
  expect(localizeMessage('Invalid parameter x: something new', 'ru')).toBe('Invalid parameter x: something new');
  expect(localizeMessage('Invalid parameter x: something new', 'en')).toBe('Invalid parameter x: something new');
});

it('writes the schemas’ library reasons as a plain sentence per kind of field, in both languages', () => {
  const cases: Array<[z.ZodType, unknown, string, string]> = [
    [z.string().trim().min(1), ' ', 'Required', 'Обязательное поле'],
    [z.string().min(8), 'short', 'At least 8 characters', 'Не короче 8 символов'],
    [z.string().max(3), 'long', 'At most 3 characters', 'Не длиннее 3 символов'],
    [z.number().min(0), -1, 'At least 0', 'Не меньше 0'],
    [z.number().positive(), 0, 'More than 0', 'Больше 0'],
    [z.number().max(1e13), 1e14, 'At most 10000000000000', 'Не больше 10000000000000'],
    [z.array(z.number()).min(1), [], 'Choose at least one', 'Выберите хотя бы один'],
    [z.string(), undefined, 'Required', 'Обязательное поле'],
    [z.coerce.number().int(), 'abc', 'A number', 'Нужно число'],
    [z.enum(['en', 'ru']), 'de', 'Not one of the choices', 'Недопустимое значение'],
    [z.email(), 'nobody', 'Not an e-mail address', 'Не адрес электронной почты'],
  ];
  for (const [schema, value, en, ru] of cases) {
    const r = z.object({ field: schema }).safeParse({ field: value });
    expect(r.success).toBe(false);
    // As the app's routes and the REST API write a refused field.
    for (const message of ['Invalid request: ' + describeIssue(r.error!), 'Invalid parameter field: ' + r.error!.issues[0]!.message]) {
      expect(localizeMessage(message, 'en'), message).toBe(en);
      expect(localizeMessage(message, 'ru'), message).toBe(ru);
    }
  }
});
