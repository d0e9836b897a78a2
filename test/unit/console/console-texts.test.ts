// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_TEXTS, writePageTexts } from '../../../src/console/console-texts.js';
import { consolePage } from '../../../src/server/consultant/console/page.js';

/**
 * The chat console's static texts (src/console/console-texts.ts over the served page of
 * src/server/consultant/console/page.ts): the page is Russian until its script writes it, so every
 * text of the page must be named by `data-text` and be in the table, or English mode leaves Russian.
 * The texts the script writes later (chats, calls, errors) are checked in Chromium:
 * test/e2e/console-lang.spec.ts.
 */

const CYRILLIC = /[\u0400-\u04FF]/;

/** The page's text, without the language switch's names: each language is named in itself. */
function pageText(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('#lang option').forEach((o) => o.remove());
  return copy.textContent!;
}

beforeEach(() => {
  // The body and title only: happy-dom would fetch the page's stylesheet and script.
  const served = new DOMParser().parseFromString(consolePage(), 'text/html');
  document.body.innerHTML = served.body.innerHTML;
  document.title = served.title;
  document.documentElement.lang = served.documentElement.lang;
});

describe('the chat console page', () => {
  it('names only texts the table has', () => {
    const keys = [...document.querySelectorAll<HTMLElement>('[data-text]')].map((e) => e.dataset.text!);
    expect(keys.length).toBeGreaterThan(10);
    for (const k of keys) expect(Object.keys(CONSOLE_TEXTS.en.page)).toContain(k);
  });

  it('is served in Russian and written in English without a Russian letter left', () => {
    expect(pageText()).toMatch(CYRILLIC);
    writePageTexts(document, 'en');
    expect(pageText()).not.toMatch(CYRILLIC);
    expect(document.title).toBe('Operator console');
    expect(document.documentElement.lang).toBe('en');
    expect(document.getElementById('chat-h')!.textContent).toBe('Select a chat');
    // The attributes a reader hears are no Russian either.
    for (const e of document.querySelectorAll('*'))
      for (const a of e.attributes) if (a.name !== 'lang') expect(a.value, `${e.tagName} ${a.name}`).not.toMatch(CYRILLIC);
  });

  it('is written back in Russian when Russian is chosen again', () => {
    writePageTexts(document, 'en');
    writePageTexts(document, 'ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(document.getElementById('chat-h')!.textContent).toBe('Выберите чат');
    expect(document.querySelector('#login button')!.textContent).toBe('Войти');
  });
});
