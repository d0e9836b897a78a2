// @vitest-environment happy-dom
import { h, render } from 'preact';
import { afterEach, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../../src/app/api.js';
import { dictionaries } from '../../../src/app/i18n.js';
import { useForm } from '../../../src/app/form.js';
import { NewPasswordFields, newPasswordChecks, PasswordForm, type PasswordValues } from '../../../src/app/password-form.js';
import { AppContext, type AppState } from '../../../src/app/state.js';

/** The one form behind every password change of the app: own, an employee's, a login's. */

const t = dictionaries.en;
const state = { t, lang: 'en' } as unknown as AppState;
const root = () => document.body.appendChild(document.createElement('div'));
afterEach(() => {
  document.body.innerHTML = '';
});

const type = (el: Element | null, value: string) => {
  (el as HTMLInputElement).value = value;
  el!.dispatchEvent(new Event('input', { bubbles: true }));
};

it("sends whose password, the current one and the new one; empties the fields and says it's done", async () => {
  const sent: PasswordValues[] = [];
  const box = root();
  render(
    h(AppContext.Provider, {
      value: state,
      children: h(PasswordForm, {
        id: 'p',
        title: 'Change',
        askCurrent: true,
        who: {
          label: 'Login',
          options: [
            ['7', 'demo'],
            ['9', 'bot'],
          ],
        },
        onSubmit: async (v: PasswordValues) => void sent.push(v),
      }),
    }),
    box,
  );
  const who = box.querySelector('#p-who') as HTMLSelectElement;
  who.value = '9';
  who.dispatchEvent(new Event('change', { bubbles: true }));
  type(box.querySelector('#old_password'), 'old-one');
  type(box.querySelector('#p-new'), 'new-password-1');
  await vi.waitFor(() => expect((box.querySelector('#p-new') as HTMLInputElement).value).toBe('new-password-1'));
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(box.querySelector('[role=status]')!.textContent).toBe(t.passwordChanged));
  expect(sent).toEqual([{ who: '9', current: 'old-one', password: 'new-password-1' }]);
  expect((box.querySelector('#p-new') as HTMLInputElement).value).toBe('');
});

it('shows the refusal of the new password beside it, under the parameter the server names', async () => {
  const box = root();
  render(
    h(AppContext.Provider, {
      value: state,
      children: h(PasswordForm, {
        id: 'own',
        title: 'Yours',
        passwordField: 'new_password',
        onSubmit: () => Promise.reject(new ApiFailure(400, 400002, 'new_password: at least 8 characters', 'new_password')),
      }),
    }),
    box,
  );
  type(box.querySelector('#own-new'), 'short');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(box.querySelector('#own-new-error')?.textContent).toContain('at least 8 characters'));
  expect(box.querySelector('#own-new')!.getAttribute('aria-invalid')).toBe('true');
});

it('asks a new password twice where no one is signed in: too short, then the second typing differs', async () => {
  const sent: unknown[] = [];
  function Reset() {
    const form = useForm({ password: '', again: '' }, { check: newPasswordChecks(t), submit: async (v) => void sent.push(v) });
    return h('form', { onSubmit: form.onSubmit }, h(NewPasswordFields, { t, form, label: t.newPassword }));
  }
  const box = root();
  render(h(Reset, {}), box);
  const submit = () => box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  expect(box.querySelector('label[for=password]')!.textContent).toBe(t.newPassword);
  expect(box.querySelector('label[for=again]')!.textContent).toBe(t.passwordAgain);
  expect(box.querySelector('#password')!.getAttribute('autocomplete')).toBe('new-password');
  type(box.querySelector('#password'), 'short');
  type(box.querySelector('#again'), 'short');
  submit();
  await vi.waitFor(() => expect(box.querySelector('#password-error')?.textContent).toBe(t.passwordShort));
  expect(box.querySelector('#again-error')).toBeNull();
  type(box.querySelector('#password'), 'long-enough-1');
  type(box.querySelector('#again'), 'long-enough-2');
  submit();
  await vi.waitFor(() => expect(box.querySelector('#again-error')?.textContent).toBe(t.passwordsDiffer));
  expect(box.querySelector('#password-error')).toBeNull();
  type(box.querySelector('#again'), 'long-enough-1');
  submit();
  await vi.waitFor(() => expect(sent).toEqual([{ password: 'long-enough-1', again: 'long-enough-1' }]));
});
