import { expect, it } from 'vitest';
import { serverMessage } from '../../../src/app/server-messages.js';
import { parseArgs } from '../../../src/server/api/args.js';
import { apiErrors } from '../../../src/server/api/errors.js';
import { readPhone } from '../../../src/server/api/phone.js';
import { createSiteFn } from '../../../src/server/sites/site-functions.js';
import { createEmployeeFn } from '../../../src/server/operators/employee-write-functions.js';
import { ApiError, errors } from '../../../src/server/http/errors.js';

/** The server's refusals in the app's words, chosen by code and field, as the server really sends them. */

/** What the app shows for an envelope the server made, as api.ts reads it. */
function shown(e: ApiError, lang: 'en' | 'ru') {
  const env = e.envelope();
  const m = /^(\d+): (.*)$/s.exec(env.message)!;
  return serverMessage(Number(m[1]), env.field ?? null, m[2]!, lang);
}

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('not refused');
}

it('puts a phone number’s refusal under its field, in each language, whatever the reason', () => {
  const short = refusal(() => parseArgs(createSiteFn.args, { domain: 'x.test', user_phone: '+7 (495) 123-45-6' }));
  expect(short.envelope()).toMatchObject({ field: 'user_phone' });
  expect(shown(short, 'ru')).toEqual({
    field: 'user_phone',
    text: 'Неполный или несуществующий номер: российский — +7 и 10 цифр, номер другой страны — с + и кодом страны',
  });
  expect(shown(short, 'en').text).toMatch(/^Not a complete phone number/);
  const bogus = apiErrors.invalid('forward_to', (readPhone('+7 (000) 123-45-67') as { problem: string }).problem);
  expect(shown(bogus, 'ru').field).toBe('forward_to');
});

it('says a known code in the app’s words, and a duplicate campaign name under the name', () => {
  expect(shown(apiErrors.duplicateAcName(), 'ru')).toEqual({ field: 'name', text: 'Кампания с таким названием уже есть' });
  expect(shown(apiErrors.duplicateAcName(), 'en')).toEqual({ field: 'name', text: 'A campaign with this name already exists' });
  expect(shown(apiErrors.wrongLogin(), 'ru')).toEqual({ field: null, text: 'Неверный логин или пароль' });
  expect(shown(apiErrors.missing('domain'), 'ru')).toEqual({ field: 'domain', text: 'Обязательное поле' });
});

it('reads the field of the app’s own routes’ refusals and keeps a reason it has no words for', () => {
  expect(shown(errors.invalid('email: already taken'), 'ru')).toEqual({ field: 'email', text: 'Already taken' });
  expect(shown(errors.invalid('time_zone: an IANA time zone such as Europe/Moscow'), 'ru')).toEqual({
    field: 'time_zone',
    text: 'Часовой пояс, например Europe/Moscow',
  });
});

it('shows what it has no words for in the server’s plain English, whole, under its field', () => {
  const short = refusal(() => parseArgs(createEmployeeFn.args, { first_name: 'O', last_name: 'S', email: 'o@x.test', password: 'short' }));
  expect(shown(short, 'en')).toEqual({ field: 'password', text: 'At least 8 characters' });
  expect(shown(new ApiError(409, 100409, 'Customer 3 is active, not waiting'), 'ru')).toEqual({
    field: null,
    text: 'Customer 3 is active, not waiting',
  });
});
