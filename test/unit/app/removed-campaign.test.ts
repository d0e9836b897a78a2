// @vitest-environment happy-dom
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataOf } from '../../../src/app/api.js';
import { dictionaries, type Lang } from '../../../src/app/i18n.js';
import { JOURNAL_RAW, journalColumns } from '../../../src/app/pages/journal.js';
import { AppContext, type AppState } from '../../../src/app/state.js';
import { csvOf, Table } from '../../../src/app/table.js';

/** A campaign its owner deleted: the journal names it, followed by "(deleted)", on screen and in the CSV. */

type JournalItem = DataOf<'journal'>[number];
const item = (id: number, ac_name: string, ac_is_removed: boolean): JournalItem => ({
  type: 'goal',
  id,
  at: '2026-11-27T06:13:09.467Z',
  ac_id: id,
  ac_name,
  ac_is_removed,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer: null,
  entrance_page: null,
  detail: 'form',
  numb: null,
  duration: null,
  status: null,
  records: [],
  tags: [],
  sale: null,
  number_reason: null,
  attribution: null,
  qualified: false,
});
const items = [item(1, 'Autumn sale', true), item(2, 'Spring sale', false)];
afterEach(() => {
  document.body.innerHTML = '';
});

describe('a deleted campaign in the journal', () => {
  for (const [lang, deleted] of [
    ['en', 'Autumn sale (deleted)'],
    ['ru', 'Autumn sale (удалена)'],
  ] as Array<[Lang, string]>) {
    it(`reads "${deleted}" on screen and in the CSV (${lang})`, () => {
      const columns = journalColumns(dictionaries[lang], lang, 'Europe/Moscow', () => null);
      const box = document.body.appendChild(document.createElement('div'));
      const state = { t: dictionaries[lang], lang } as unknown as AppState;
      const table = h(Table<JournalItem>, { id: 'journal', label: 'Journal', columns, rows: items, rowKey: (i) => i.id });
      render(h(AppContext.Provider, { value: state, children: table }), box);
      const cells = [...box.querySelectorAll('td[data-col="campaign"]')].map((c) => c.textContent);
      expect(cells).toEqual([deleted, 'Spring sale']);
      const csv = csvOf(columns, items, JOURNAL_RAW).split('\r\n');
      expect(csv[1]).toContain(deleted);
      expect(csv[2]).not.toContain('(');
      // The machines' columns close each line, with no comma inside: counted from the end.
      const fromEnd = JOURNAL_RAW.length - JOURNAL_RAW.findIndex((c) => c.label === 'ac_is_removed');
      expect(csv.map((line) => line.split(',').at(-fromEnd))).toEqual(['"ac_is_removed"', '"true"', '"false"']);
    });
  }
});

describe('why a call was credited, in the journal', () => {
  const call: JournalItem = {
    ...item(3, 'Spring sale', false),
    type: 'cdr_in',
    detail: '74951234567',
    attribution: 'lease',
    qualified: true,
  };
  const site: JournalItem = { ...item(4, '', false), ac_id: -1, type: 'cdr_in', detail: '74951234568', attribution: 'shared_number' };
  for (const [lang, words, kind] of [
    ['en', ['Spring sale', 'Credited: the number was leased to this visit'], 'Call · qualified'],
    ['ru', ['Spring sale', 'Засчитан: номер был выдан этому визиту'], 'Звонок · квалифицирован'],
  ] as Array<[Lang, string[], string]>) {
    it(`says it under the campaign, and marks a qualified one, on screen and in the CSV (${lang})`, () => {
      const columns = journalColumns(dictionaries[lang], lang, 'Europe/Moscow', () => null);
      const box = document.body.appendChild(document.createElement('div'));
      const state = { t: dictionaries[lang], lang } as unknown as AppState;
      const table = h(Table<JournalItem>, { id: 'journal', label: 'Journal', columns, rows: [call, site], rowKey: (i) => i.id });
      render(h(AppContext.Provider, { value: state, children: table }), box);
      const campaign = box.querySelectorAll('td[data-col="campaign"]');
      expect([...campaign[0]!.childNodes].map((n) => n.textContent)).toEqual(words);
      expect(campaign[1]!.textContent).toContain(lang === 'en' ? 'several campaigns show the number' : 'несколько кампаний');
      expect(box.querySelector('td[data-col="type"]')!.textContent).toBe(kind);
      const csv = csvOf(columns, [call], JOURNAL_RAW).split('\r\n');
      expect(csv[1]).toContain(words[1]);
      const fromEnd = JOURNAL_RAW.length - JOURNAL_RAW.findIndex((c) => c.label === 'attribution');
      expect(csv.map((line) => line.split(',').slice(-fromEnd, 2 - fromEnd))).toEqual([
        ['"attribution"', '"qualified"'],
        ['"lease"', '"true"'],
      ]);
    });
  }
});
