import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../../src/app/i18n.js';
import { ruleWords } from '../../../src/app/pages/qualification.js';

/** A qualification rule as the Qualified calls page says it, in both languages. */
const rule = {
  id: 1,
  site_id: 1,
  name: 'Leads',
  kinds: ['call', 'sitephone'] as Array<'call' | 'sitephone' | 'chat' | 'offline_message'>,
  answered: true,
  min_talk_seconds: 30,
  first_time: true,
  excluded_numa_list_id: 3,
  campaign_ids: [10, 11, -1],
  tag_ids: [7],
};
const named = {
  campaigns: [
    { id: 10, name: 'Yandex Direct' },
    { id: 11, name: 'Google Ads' },
  ],
  lists: [{ id: 3, name: 'Staff' }],
  tags: [{ id: 7, name: 'Lead' }],
};

describe('a qualification rule in words', () => {
  it('says every condition, in English and in Russian', () => {
    expect(ruleWords(dictionaries.en, rule, named)).toBe(
      'Answered calls and call-backs, with at least 30 s of talk, first-time callers, callers not on the list Staff, from the campaigns Yandex Direct, Google Ads or without a campaign; sets the tag Lead',
    );
    expect(ruleWords(dictionaries.ru, rule, named)).toBe(
      'Отвеченные звонки и обратные звонки, с разговором не короче 30 с, только первые обращения, кроме номеров из списка Staff, из кампаний Yandex Direct, Google Ads или без кампании; ставит метку Lead',
    );
  });
  it('says a rule without conditions as its kinds alone, and names what it no longer knows by its id', () => {
    const bare = { ...rule, kinds: ['chat' as const], answered: false, min_talk_seconds: null, first_time: false };
    expect(ruleWords(dictionaries.en, { ...bare, excluded_numa_list_id: null, campaign_ids: null, tag_ids: [] }, named)).toBe('Chats');
    expect(ruleWords(dictionaries.en, { ...bare, excluded_numa_list_id: null, campaign_ids: [12], tag_ids: [8, 7] }, named)).toBe(
      'Chats, from the campaign #12; sets the tags #8, Lead',
    );
  });
});
