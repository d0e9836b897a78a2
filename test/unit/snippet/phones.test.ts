// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HitPhone } from '../../../src/protocol.js';
import { numberForms, writtenForms } from '../../../src/server/leases/number-forms.js';
import { _find, _sub, _text, type Target } from '../../../src/snippet/phones/match.js';

/** A phone as the server answers it: `number=` blocks with their forms (src/server/leases/number-forms.ts). */
const phone = (id: string, raw: string, text: string | null = null, dt = false): HitPhone => {
  const forms = numberForms(id, raw);
  return { id, img: null, text, raw, dt, ...(forms && { forms }) };
};
const P = phone('number=74951234567', '74957770011', '+7 (495) 777-00-11');

/** Targets for an original number, as replace.ts builds them from the answer's forms. */
const targets = (orig = '74951234567', p = P): Target[] => numberForms('number=' + orig, p.raw)!.map(([f, to]): Target => [f, orig, p, to]);

/** Replaces in a string as the page would: every span found, in the old pattern. */
const sub = (s: string, t = targets()) => {
  _find(t);
  return _sub(s);
};

describe('digit forms', () => {
  it('knows +7 numbers with 7, 8 and without the country code; others only as given', () => {
    expect(writtenForms('74951234567')).toEqual(['74951234567', '84951234567', '4951234567']);
    expect(writtenForms('84951234567')).toEqual(['74951234567', '84951234567', '4951234567']);
    expect(writtenForms('380441234567')).toEqual(['380441234567']);
  });

  it('pairs each form of a number block with the replacement in that form (the server answers them)', () => {
    expect(numberForms('number=84951234567', '74957770011')).toEqual([
      ['74951234567', '74957770011'],
      ['84951234567', '84957770011'],
      ['4951234567', '4957770011'],
    ]);
    // A foreign replacement has one form: each form of the original gets it whole.
    expect(numberForms('number=74951234567', '442079460958')).toEqual([
      ['74951234567', '442079460958'],
      ['84951234567', '442079460958'],
      ['4951234567', '442079460958'],
    ]);
    expect(numberForms('#main-phone', '74957770011')).toBeUndefined();
  });
});

describe('finding and writing a number in text', () => {
  it('finds the number in every common formatting and writes the new one in the same pattern', () => {
    const cases: Array<[string, string]> = [
      ['+7 (495) 123-45-67', '+7 (495) 777-00-11'],
      ['8 495 1234567', '8 495 7770011'],
      ['84951234567', '84957770011'],
      ['+74951234567', '+74957770011'],
      ['+7 495 123 45 67', '+7 495 777 00 11'],
      ['+7\u00a0495\u00a0123\u00a045\u00a067', '+7\u00a0495\u00a0777\u00a000\u00a011'],
      ['8.495.123.45.67', '8.495.777.00.11'],
      ['8-495-123-45-67', '8-495-777-00-11'],
      ['8 (495) 123–45–67', '8 (495) 777–00–11'],
      ['(495) 123-45-67', '(495) 777-00-11'],
      ['Call: +7 (495) 123-45-67, daily', 'Call: +7 (495) 777-00-11, daily'],
      ['8 495 123-45-67 or 8 495 123 45 67', '8 495 777-00-11 or 8 495 777 00 11'],
    ];
    for (const [from, to] of cases) expect(sub(from), from).toBe(to);
  });

  it('tells numbers apart when one follows another without a space', () => {
    expect(sub('8 495 123-45-67+7 (495) 123-45-67')).toBe('8 495 777-00-11+7 (495) 777-00-11');
    expect(sub('84951234567(495)1234567')).toBe('84957770011(495)7770011');
  });

  it('leaves longer digit strings, other numbers and numbers broken by letters alone', () => {
    for (const s of [
      '749512345678',
      '174951234567',
      '+7 (495) 123-45-68',
      'order 84951234567890',
      '8 495 123 tel 45 67',
      '8/495/123/45/67',
    ]) {
      expect(sub(s), s).toBe(s);
    }
  });

  it('falls back to the text when the old number has a pattern the new one cannot fill', () => {
    const intl = phone('number=74951234567', '442079460958', '+44 20 7946 0958');
    expect(sub('tel. 8 (495) 123-45-67.', targets('74951234567', intl))).toBe('tel. +44 20 7946 0958.');
  });

  it("writes a +7 number in the old one's 8 or national form", () => {
    const t = targets('88005553535', phone('number=88005553535', '78001112233'));
    expect(sub('8 (800) 555-35-35', t)).toBe('8 (800) 111-22-33');
    expect(sub('(800) 555-35-35', t)).toBe('(800) 111-22-33');
    expect(sub('+7 800 555 35 35', t)).toBe('+7 800 111 22 33');
  });
});

describe('numbers across text nodes', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  const run = () => {
    _find(targets());
    _text(document.body);
  };

  it('finds a number split across inline elements and edits each text node in place', () => {
    document.body.innerHTML =
      '<p id="a">+7 (495) <b>123-45-67</b></p><p id="b"><span>+7</span> <span>495</span> <i>123</i>-<i>45</i>-<i>67</i></p>';
    const bold = document.querySelector('#a b')!.firstChild!;
    run();
    expect(document.getElementById('a')!.innerHTML).toBe('+7 (495) <b>777-00-11</b>');
    expect(document.getElementById('b')!.textContent).toBe('+7 495 777-00-11');
    expect(document.querySelector('#a b')!.firstChild).toBe(bold);
  });

  it('does not join numbers of neighbouring elements nor touch code, styles, fields and editable content', () => {
    document.body.innerHTML =
      '<ul><li>8 495 123-45-67</li><li>8 495 123-45-67</li></ul><span>8 495 123-45-6</span><span>7</span>' +
      '<script>var p = "84951234567";</script><style>/* 84951234567 */</style><textarea>84951234567</textarea>' +
      '<div contenteditable="true">8 495 123-45-67</div><div contenteditable="false">8 495 123-45-67</div>';
    run();
    expect([...document.querySelectorAll('li')].map((l) => l.textContent)).toEqual(['8 495 777-00-11', '8 495 777-00-11']);
    expect(document.querySelector('script')!.textContent).toContain('84951234567');
    expect(document.querySelector('style')!.textContent).toContain('84951234567');
    expect(document.querySelector('textarea')!.value).toBe('84951234567');
    expect(document.querySelector('[contenteditable=true]')!.textContent).toBe('8 495 123-45-67');
    // Any contenteditable attribute keeps the snippet out (an editor's own islands included).
    expect(document.querySelector('[contenteditable=false]')!.textContent).toBe('8 495 123-45-67');
    // "…45-6" + "7" in two spans: the digits touch, so that is no number of ours.
    expect(document.querySelectorAll('span')[0]!.textContent).toBe('8 495 123-45-6');
  });
});

describe('replacement, hook and replaced-phones map', () => {
  async function load(html: string) {
    vi.resetModules();
    document.body.innerHTML = html;
    const replace = await import('../../../src/snippet/phones/replace.js');
    const api = await import('../../../src/snippet/phones/api.js');
    return { ...replace, ...api };
  }
  const DT = phone('number=74951234567', '74990000001', '+7 (499) 000-00-01', true);
  const FREE = phone('number=88005553535', '78001112233', '+7 (800) 111-22-33');

  it('replaces number targets in text, tel: links, title and aria-label, and element targets with text or an image', async () => {
    const m = await load(
      '<p>8 495 123-45-67</p><a id="t" href="tel:+74951234567" title="Call 8 (495) 123-45-67" aria-label="phone 84951234567">x</a>' +
        '<a href="https://x.example/84951234567" title="no">y</a>' +
        '<span id="main">call <i>us</i></span><a class="c" href="tel:84950000000"><span class="c2">old</span></a><div class="img"><b>8 495</b></div>',
    );
    m._usePhones([
      DT,
      FREE,
      phone('#main', '74957770011', '+7 (495) 777-00-11'),
      phone('.c', '74957770011', '+7 (495) 777-00-11'),
      { ...phone('.img', '74957770011', '+7 (495) 777-00-11'), img: 'https://cdn.example/p.png' },
    ]);
    m._replace(document);
    expect(document.querySelector('p')!.textContent).toBe('8 499 000-00-01');
    const t = document.getElementById('t')!;
    expect([t.getAttribute('href'), t.title, t.getAttribute('aria-label')]).toEqual([
      'tel:+74990000001',
      'Call 8 (499) 000-00-01',
      'phone 84990000001',
    ]);
    expect(document.querySelector('a[title=no]')!.getAttribute('href')).toBe('https://x.example/84951234567');
    expect(document.getElementById('main')!.innerHTML).toBe('+7 (495) 777-00-11<i></i>');
    expect(document.querySelector('.c')!.getAttribute('href')).toBe('tel:+74957770011');
    expect(document.querySelector('.img')!.innerHTML).toBe('<img src="https://cdn.example/p.png" alt="+7 (495) 777-00-11">');
    // A second pass changes nothing.
    const before = document.body.innerHTML;
    m._replace(document);
    expect(document.body.innerHTML).toBe(before);
    expect(m._getReplacedPhones()).toEqual({ 'number=74951234567': '74990000001' });
    expect(m._getReplacedPhones('dynamic')).toEqual({ '74990000001': ['number=74951234567'] });
    expect(m._getReplacedPhones('static')).toEqual({});
    expect(m._getReplacedPhones('bogus')).toEqual({});
  });

  it('replaces numbers in the title and aria-label of any element: in the page, in open shadow roots, added later', async () => {
    const m = await load(
      '<button id="b" aria-label="Call +7 (495) 123-45-67">Call</button><span id="s" title="8 495 123-45-67">?</span>' +
        '<img id="i" alt="" title="Sales 84951234567"><div id="host"></div><textarea title="8 495 123-45-67"></textarea>',
    );
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<button aria-label="Call 8 (495) 123-45-67">Call</button><i title="+7 495 123 45 67">i</i>';
    m._usePhones([P]);
    m._replace(document);
    const attrs = (root: ParentNode) =>
      [...root.querySelectorAll('[title],[aria-label]')].map((e) => e.getAttribute('aria-label') ?? e.getAttribute('title'));
    expect(attrs(document)).toEqual(['Call +7 (495) 777-00-11', '8 495 777-00-11', 'Sales 84957770011', '8 495 123-45-67']);
    expect(attrs(shadow)).toEqual(['Call 8 (495) 777-00-11', '+7 495 777 00 11']);
    // Content added after the pass, as the observer hands it over: the added element and its descendants.
    const added = document.createElement('div');
    added.setAttribute('title', '8 (495) 123-45-67');
    added.innerHTML = '<button aria-label="Call 84951234567">Call</button>';
    document.body.append(added);
    m._replace(added);
    expect(attrs(added.parentNode!).slice(-2)).toEqual(['8 (495) 777-00-11', 'Call 84957770011']);
    expect(m._getReplacedPhones()).toEqual({ 'number=74951234567': '74957770011' });
  });

  it('does nothing, and throws nothing, with no phones or only element phones', async () => {
    const m = await load('<p title="Call undefined 8 495 123-45-67">8 495 123-45-67</p><span id="main">x</span>');
    const before = document.body.innerHTML;
    m._replace(document);
    m._usePhones([]);
    m._replace(document);
    expect(document.body.innerHTML).toBe(before);
    m._usePhones([phone('#main', '74957770011', '+7 (495) 777-00-11')]);
    m._replace(document);
    expect(document.querySelector('p')!.outerHTML).toBe('<p title="Call undefined 8 495 123-45-67">8 495 123-45-67</p>');
    expect(document.getElementById('main')!.textContent).toBe('+7 (495) 777-00-11');
  });

  it('corrects numbers written from an earlier set when a new one comes', async () => {
    const m = await load('<p>8 495 123-45-67</p><p>8 800 555-35-35</p>');
    m._usePhones([DT, FREE]);
    m._replace(document);
    m._usePhones([phone('number=74951234567', '74990000002', null, true), FREE]);
    m._replace(document);
    expect([...document.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['8 499 000-00-02', '8 800 111-22-33']);
    expect(m._getReplacedPhones('static')).toEqual({ '78001112233': ['number=88005553535'] });
  });
});
