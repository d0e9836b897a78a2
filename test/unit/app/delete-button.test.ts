// @vitest-environment happy-dom
import { h, render } from 'preact';
import { afterEach, expect, it } from 'vitest';
import { DeleteButton } from '../../../src/app/delete-button.js';
import { dictionaries } from '../../../src/app/i18n.js';
import { AppContext, type AppState } from '../../../src/app/state.js';

/** The app's one removal: it asks in a dialog saying what goes, does nothing on Cancel, shows a refusal. */

const state = { t: dictionaries.en, lang: 'en' } as unknown as AppState;
afterEach(() => {
  document.body.innerHTML = '';
});
const settle = () => new Promise((r) => setTimeout(r, 0));

function mount(run: () => Promise<string>, done: (answer: string) => void) {
  const box = document.body.appendChild(document.createElement('div'));
  const button = h(DeleteButton<string>, {
    label: 'Remove',
    name: 'https://hooks.example/',
    ask: { title: 'Remove the webhook?', body: 'Events stop going to it.', yes: 'Remove it' },
    run,
    done,
  });
  render(h(AppContext.Provider, { value: state, children: button }), box);
  return box;
}
const click = (box: Element, text: string) => [...box.querySelectorAll('button')].find((b) => b.textContent === text)!.click();

it('asks first, and Cancel removes nothing', async () => {
  let runs = 0;
  const box = mount(
    async () => String(++runs),
    () => {},
  );
  expect(box.querySelector('button')!.textContent).toBe('Remove https://hooks.example/');
  box.querySelector('button')!.click();
  await settle();
  expect(box.querySelector('[role=alertdialog]')!.textContent).toContain('Events stop going to it.');
  click(box, dictionaries.en.cancel);
  await settle();
  expect(box.querySelector('[role=alertdialog]')).toBeNull();
  expect(runs).toBe(0);
});

it('does it when confirmed and hands on the answer; a refusal shows beside the button', async () => {
  const answers: string[] = [];
  let refuse = false;
  const box = mount(
    async () => {
      if (refuse) throw new Error('Numbers are still held');
      return 'gone';
    },
    (a) => answers.push(a),
  );
  box.querySelector('button')!.click();
  await settle();
  click(box, 'Remove it');
  await settle();
  expect(answers).toEqual(['gone']);
  refuse = true;
  box.querySelector('button')!.click();
  await settle();
  click(box, 'Remove it');
  await settle();
  expect(box.querySelector('[role=alert]')!.textContent).toBe('Numbers are still held');
  expect(answers).toEqual(['gone']);
});
