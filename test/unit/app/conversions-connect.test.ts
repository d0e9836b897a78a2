// @vitest-environment happy-dom
import { h, render } from 'preact';
import { afterEach, expect, it, vi } from 'vitest';
import { dictionaries } from '../../../src/app/i18n.js';
import { Connect } from '../../../src/app/pages/conversions.js';
import { AppContext, type AppState } from '../../../src/app/state.js';

/** The connect form: a refusal naming one of the platform's fields lands under that field. */

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const settle = () => new Promise((r) => setTimeout(r, 20));
const type = (id: string, value: string) => {
  const el = document.getElementById(id) as HTMLInputElement;
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

/** The server's refusal as connect_conversion_destination sends it (apiErrors.invalid, naming its field). */
function refusing(field: string) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ success: false, message: `100422: Invalid parameter ${field}: must be 10 digits`, field }), {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

function open() {
  const box = document.body.appendChild(document.createElement('div'));
  const state = { t: dictionaries.en, lang: 'en' } as unknown as AppState;
  render(h(AppContext.Provider, { value: state, children: h(Connect, { siteId: 1, onDone: () => {} }) }), box);
  return box;
}

it('places a refusal of a setting under that setting, typed or left empty, and keeps what was typed', async () => {
  const sent = refusing('settings.customer_id');
  const box = open();
  type('label', 'Ads');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(sent).toHaveLength(1);
  expect(document.getElementById('settings.customer_id-error')?.textContent).toBeTruthy();
  expect(box.querySelector('form > .error[role="alert"]')).toBeNull();
  type('settings.customer_id', '123');
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  expect(sent).toHaveLength(2);
  expect(document.getElementById('settings.customer_id-error')?.textContent).toBeTruthy();
  expect((document.getElementById('settings.customer_id') as HTMLInputElement).value).toBe('123');
  expect((document.getElementById('label') as HTMLInputElement).value).toBe('Ads');
});

it('places a refusal of no field of the form above the button', async () => {
  refusing('site_id');
  const box = open();
  box.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  const shown = [...box.querySelectorAll('[role="alert"]')];
  expect(shown).toHaveLength(1);
  expect(shown[0]!.id).toBe('');
});
