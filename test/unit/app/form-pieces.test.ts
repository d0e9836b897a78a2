// @vitest-environment happy-dom
import { h, render } from 'preact';
import { useState } from 'preact/hooks';
import { afterEach, expect, it, vi } from 'vitest';
import { dictionaries } from '../../../src/app/i18n.js';
import { useForm } from '../../../src/app/form.js';
import { CheckField, selectOf } from '../../../src/app/form-fields.js';
import { PeriodForm, type Period } from '../../../src/app/period-fields.js';
import { SubmitRow } from '../../../src/app/submit-row.js';
import { useNameForm } from '../../../src/app/name-form.js';
import { AppContext, type AppState } from '../../../src/app/state.js';
import { SelectField, TextField } from '../../../src/app/ui.js';

/** The pieces several pages' forms share: the period filter, bound selects and checkboxes, the submit row. */

const t = dictionaries.en;
const state = { t, lang: 'en' } as unknown as AppState;
const root = () => document.body.appendChild(document.createElement('div'));
afterEach(() => {
  document.body.innerHTML = '';
});
const inApp = (child: ReturnType<typeof h>) => h(AppContext.Provider, { value: state, children: child });

it('the period form sends the dates typed, and shows the extra filters between them and its button', async () => {
  const sent: Period[] = [];
  function Filter() {
    const [f, setF] = useState({ from: '2026-01-01', till: '2026-01-31' });
    return h(PeriodForm, { period: f, onInput: setF, onSubmit: (p: Period) => void sent.push(p), children: h('span', { id: 'extra' }) });
  }
  const box = root();
  render(inApp(h(Filter, {})), box);
  const till = box.querySelector('#till') as HTMLInputElement;
  expect(box.querySelector('label[for=from]')!.textContent).toBe(t.from);
  expect(box.querySelector('label[for=till]')!.textContent).toBe(t.till);
  expect([...box.querySelector('form.grid.filters')!.children].map((c) => c.querySelector('input')?.id ?? c.id ?? c.tagName)).toEqual([
    'from',
    'till',
    'extra',
    '',
  ]);
  till.value = '2026-02-15';
  till.dispatchEvent(new Event('input', { bubbles: true }));
  await vi.waitFor(() => expect(till.value).toBe('2026-02-15'));
  const submit = new Event('submit', { cancelable: true });
  box.querySelector('form')!.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  expect(sent).toEqual([{ from: '2026-01-01', till: '2026-02-15' }]);
  expect(box.querySelector('button[type=submit]')!.textContent).toBe(t.show);
});

it('a bound select and checkbox hold the form’s values; the submit row shows the refusal, the button and the note', async () => {
  let seen: { hour: string; on: boolean } | null = null;
  function Settings() {
    const form = useForm({ hour: '9', on: false }, { submit: async (v) => void (seen = v) });
    return h(
      'form',
      { onSubmit: form.onSubmit },
      h(SelectField, {
        ...selectOf(form, 'hour', 'Hour', 'the-hour'),
        options: [
          ['9', '09:00'],
          ['10', '10:00'],
        ],
      }),
      h(CheckField<{ hour: string; on: boolean }>, { form, name: 'on', label: 'On' }),
      h(SubmitRow, { form: { ...form, errors: { _: 'refused' } }, label: 'Save', note: 'saved' }),
    );
  }
  const box = root();
  render(inApp(h(Settings, {})), box);
  const select = box.querySelector('#the-hour') as HTMLSelectElement;
  expect(select.name).toBe('the-hour');
  expect(box.querySelector('label[for=the-hour]')!.textContent).toBe('Hour');
  select.value = '10';
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const check = box.querySelector('div.field.check > input#on[type=checkbox]') as HTMLInputElement;
  expect(box.querySelector('label[for=on]')!.textContent).toBe('On');
  check.checked = true;
  check.dispatchEvent(new Event('change', { bubbles: true }));
  await vi.waitFor(() => expect(check.checked).toBe(true));
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(seen).toEqual({ hour: '10', on: true }));
  expect(box.querySelector('[role=alert]')!.textContent).toBe('refused');
  expect(box.querySelector('div.row > button[type=submit]')!.textContent).toBe('Save');
  expect(box.querySelector('div.row > span[role=status]')!.textContent).toBe('saved');
});

it('a form of one name refuses it empty, sends it trimmed, then empties the field and says it is saved', async () => {
  const made: string[] = [];
  let after = 0;
  function NewThing() {
    const { form, note } = useNameForm(
      async (name) => void made.push(name),
      () => void after++,
    );
    return h('form', { onSubmit: form.onSubmit }, h(TextField, form.field('name', 'Name')), h(SubmitRow, { form, label: 'Create', note }));
  }
  const box = root();
  render(inApp(h(NewThing, {})), box);
  const form = box.querySelector('form')!;
  const name = box.querySelector('#name') as HTMLInputElement;
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(box.querySelector('#name-error')!.textContent).toBe(t.fieldRequired));
  expect(made).toEqual([]);
  name.value = '  Regular clients ';
  name.dispatchEvent(new Event('input', { bubbles: true }));
  await vi.waitFor(() => expect(box.querySelector('#name-error')).toBeNull());
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(box.querySelector('[role=status]')!.textContent).toBe(t.saved));
  expect(made).toEqual(['Regular clients']);
  expect(after).toBe(1);
  expect(name.value).toBe('');
});
