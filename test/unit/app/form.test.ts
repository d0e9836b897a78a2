// @vitest-environment happy-dom
import { h, render } from 'preact';
import { afterEach, expect, it } from 'vitest';
import { ApiFailure } from '../../../src/app/api.js';
import { phoneShape, placed, required, useForm } from '../../../src/app/form.js';
import { TextField, FormError } from '../../../src/app/ui.js';

/** The form hook: checks before sending, the server's refusal under the field its envelope names. */

afterEach(() => {
  document.body.innerHTML = '';
});

const type = (el: Element | null, value: string) => {
  (el as HTMLInputElement).value = value;
  el!.dispatchEvent(new Event('input', { bubbles: true }));
};
const settle = () => new Promise((r) => setTimeout(r, 0));

function Site({ submit }: { submit(v: { domain: string; user_phone: string }): Promise<void> }) {
  const form = useForm(
    { domain: '', user_phone: '' },
    { check: { domain: required('Required'), user_phone: phoneShape('Shape') }, submit },
  );
  return h('form', { onSubmit: form.onSubmit }, [
    h(TextField, form.field('domain', 'Domain')),
    h(TextField, form.field('user_phone', 'Phone')),
    h(FormError, { errors: form.errors }),
    h('button', { type: 'submit' }, 'Add'),
  ]);
}

it('checks the shape before sending, and sends nothing while a check fails', async () => {
  const sent: unknown[] = [];
  const box = document.body.appendChild(document.createElement('div'));
  render(h(Site, { submit: async (v) => void sent.push(v) }), box);
  type(box.querySelector('#user_phone'), '12');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(box.querySelector('#domain-error')!.textContent).toBe('Required');
  expect(box.querySelector('#user_phone-error')!.textContent).toBe('Shape');
  expect(sent).toEqual([]);
  type(box.querySelector('#domain'), 'shop.test');
  type(box.querySelector('#user_phone'), '+7 (495) 123-45-67');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(sent).toEqual([{ domain: 'shop.test', user_phone: '+7 (495) 123-45-67' }]);
});

it('puts the server’s refusal under the field the envelope names, and keeps what was typed', async () => {
  const box = document.body.appendChild(document.createElement('div'));
  render(
    h(Site, {
      submit: async () => {
        throw new ApiFailure(400, 100422, 'Not a complete phone number', 'user_phone');
      },
    }),
    box,
  );
  type(box.querySelector('#domain'), 'shop.test');
  type(box.querySelector('#user_phone'), '+7 (495) 123-45-6');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  await settle();
  expect(box.querySelector('#user_phone-error')!.textContent).toBe('Not a complete phone number');
  expect(box.querySelector('#user_phone')!.getAttribute('aria-invalid')).toBe('true');
  expect((box.querySelector('#user_phone') as HTMLInputElement).value).toBe('+7 (495) 123-45-6');
  // Typing again takes the message away: it spoke of the number that was there.
  type(box.querySelector('#user_phone'), '+7 (495) 123-45-67');
  await settle();
  expect(box.querySelector('#user_phone-error')).toBeNull();
});

it('places a refusal of a field the form has not, or of none, above the button', () => {
  expect(placed(new ApiFailure(400, 100422, 'x', 'site_id'), ['name'])).toEqual({ _: 'x' });
  expect(placed(new ApiFailure(409, 100409, 'y', null), ['name'])).toEqual({ _: 'y' });
  expect(placed(new ApiFailure(400, 100422, 'z', 'name'), ['name'])).toEqual({ name: 'z' });
  expect(placed(new Error('down'), ['name'])).toEqual({ _: 'down' });
});

it('takes a phone’s shape only: 10 to 15 digits written as people write them', () => {
  const check = phoneShape('Shape');
  for (const ok of ['+7 (495) 123-45-67', '8 495 123 45 67', '4951234567', '+44 20 7946 0958']) expect(check(ok), ok).toBeNull();
  for (const bad of ['12', 'call me', '+7 (495) 123-45', '1234567890123456']) expect(check(bad), bad).toBe('Shape');
});

function Block({ submit }: { submit(v: { selector: string; shared: boolean; pool: readonly string[] }): Promise<void> }) {
  const form = useForm({ selector: '', shared: false as boolean, pool: [] as readonly string[] }, { submit });
  const { shared, pool } = form.values;
  return h('form', { onSubmit: form.onSubmit }, [
    h(TextField, form.field('selector', 'Target')),
    h('input', { id: 'shared', type: 'checkbox', checked: shared, onChange: () => form.set('shared', !shared) }),
    ...['+74951112233', '+74951112244'].map((n) =>
      h('input', {
        id: 'pool-' + n,
        type: 'checkbox',
        checked: pool.includes(n),
        onChange: () => form.set('pool', pool.includes(n) ? pool.filter((x) => x !== n) : [...pool, n]),
      }),
    ),
    h(FormError, { errors: form.errors }),
  ]);
}

it('holds a checkbox’s state and a list of chosen values beside the text, and sends them as they are', async () => {
  const sent: unknown[] = [];
  const box = document.body.appendChild(document.createElement('div'));
  render(h(Block, { submit: async (v) => void sent.push(v) }), box);
  type(box.querySelector('#selector'), '#phone');
  (box.querySelector('#shared') as HTMLInputElement).click();
  await settle();
  (document.getElementById('pool-+74951112244') as HTMLInputElement).click();
  await settle();
  (document.getElementById('pool-+74951112233') as HTMLInputElement).click();
  await settle();
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(sent).toEqual([{ selector: '#phone', shared: true, pool: ['+74951112244', '+74951112233'] }]);
  expect((box.querySelector('#shared') as HTMLInputElement).checked).toBe(true);
});

it('lets a check read the other fields: the second typing of a password against the first', async () => {
  const sent: unknown[] = [];
  function Twice() {
    const form = useForm(
      { password: '', again: '' },
      { check: { again: (v, all) => (v === all.password ? null : 'Differ') }, submit: async (v) => void sent.push(v) },
    );
    return h('form', { onSubmit: form.onSubmit }, [h(TextField, form.field('password', 'P')), h(TextField, form.field('again', 'A'))]);
  }
  const box = document.body.appendChild(document.createElement('div'));
  render(h(Twice, {}), box);
  type(box.querySelector('#password'), 'flowers-password');
  type(box.querySelector('#again'), 'flowers-passw0rd');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(box.querySelector('#again-error')!.textContent).toBe('Differ');
  expect(box.querySelector('#password-error')).toBeNull();
  expect(sent).toEqual([]);
  type(box.querySelector('#again'), 'flowers-password');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(sent).toEqual([{ password: 'flowers-password', again: 'flowers-password' }]);
});
