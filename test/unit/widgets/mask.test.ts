// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyMask, bindMask, DEFAULT_MASK, maskPlaceholder } from '../../../src/widgets/mask.js';
import { pickLang, resultText, texts } from '../../../src/widgets/i18n.js';

describe('phone mask', () => {
  it('formats typed digits into the default mask, leaving out literals after the last digit', () => {
    expect(maskPlaceholder(DEFAULT_MASK)).toBe('+7 (___) ___-__-__');
    expect(applyMask(DEFAULT_MASK, '')).toBe('');
    expect(applyMask(DEFAULT_MASK, '9')).toBe('+7 (9');
    expect(applyMask(DEFAULT_MASK, '+7 (916')).toBe('+7 (916');
    expect(applyMask(DEFAULT_MASK, '+7 (916) ')).toBe('+7 (916');
    expect(applyMask(DEFAULT_MASK, '+7 (916) 1234')).toBe('+7 (916) 123-4');
    expect(applyMask(DEFAULT_MASK, '9161234567')).toBe('+7 (916) 123-45-67');
  });

  it('reads pasted numbers with their country code or the Russian 8, and drops extra digits', () => {
    for (const v of ['+7 916 123 45 67', '79161234567', '8 (916) 123-45-67', '+7 (891) 612-34-567', '916-123-45-67']) {
      expect(applyMask(DEFAULT_MASK, v), v).toBe('+7 (916) 123-45-67');
    }
    expect(applyMask(DEFAULT_MASK, '916123456789')).toBe('+7 (916) 123-45-67');
  });

  it('takes # or, in masks without #, 9 as the digit', () => {
    expect(applyMask('+1 (###) ###-####', '2025550123')).toBe('+1 (202) 555-0123');
    expect(applyMask('+1 (###) ###-####', '12025550123')).toBe('+1 (202) 555-0123');
    expect(applyMask('8 (999) 999-99-99', '9161234567')).toBe('8 (916) 123-45-67');
    expect(maskPlaceholder('8 (999) 999-99-99')).toBe('8 (___) ___-__-__');
    expect(applyMask('##########', '(916) 123')).toBe('916123');
  });

  it('formats an input as it changes', () => {
    const input = document.createElement('input');
    document.body.append(input);
    bindMask(input, DEFAULT_MASK);
    input.value = '89161234567';
    input.dispatchEvent(new Event('input'));
    expect(input.value).toBe('+7 (916) 123-45-67');
  });
});

describe('widget texts', () => {
  it('picks the asked language, then the site default, then Russian', () => {
    expect(pickLang('en', 'ru')).toBe('en');
    expect(pickLang(null, 'en')).toBe('en');
    expect(pickLang('de', 'fr')).toBe('ru');
    expect(Object.keys(texts('en')).sort()).toEqual(Object.keys(texts('ru')).sort());
  });

  it('has a message for every status and refusal', () => {
    const t = texts('en');
    const msgs = [
      resultText(t, { status: 0, code: 'sent' }),
      resultText(t, { status: 0, code: 'sent' }, true),
      resultText(t, { status: 1, code: 'captcha_wrong' }),
      resultText(t, { status: 1, code: 'captcha_invalid' }),
      resultText(t, { status: 1, code: 'captcha_required' }),
      resultText(t, { status: 2, code: 'no_scenario' }),
      resultText(t, { status: 3, code: 'platform_error' }),
      resultText(t, { status: 4, code: 'limit' }),
      resultText(t, { status: -1, code: 'invalid_phone' }),
      resultText(t, { status: -1, code: 'invalid_time' }),
      resultText(t, { status: -1, code: 'unknown_hit' }),
    ];
    expect(new Set(msgs).size).toBe(msgs.length);
    expect(msgs.every((m) => typeof m === 'string' && m.length > 5)).toBe(true);
  });
});
