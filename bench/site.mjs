// The bench site the Chromium sections share: its configuration (two `number=` blocks and an
// `#id` block) and the ways its numbers are written on the pages.

export const config = {
  customers: [
    {
      id: 1,
      name: 'Bench',
      sites: [
        {
          id: 1,
          domain: 'localhost',
          site_key: 'bench-site',
          widget_key: 'wk-bench',
          blocks: [
            { id: 1, name: 'Main', selector: 'number=74951234567', numb: '74957770011' },
            { id: 2, name: 'Free', selector: 'number=88005553535', numb: '78001112233' },
            { id: 3, name: 'Header', selector: '#header-phone', numb: '74957770011' },
          ],
        },
      ],
    },
  ],
};

/** The site's two numbers in mixed formats (no-break spaces, dots, brackets, no country code). */
export const FORMATS = [
  '+7 (495) 123-45-67',
  '8 495 123-45-67',
  '84951234567',
  '+7\u00a0495\u00a0123\u00a045\u00a067',
  '8 (800) 555-35-35',
  '8.495.123.45.67',
  '(495) 123-45-67',
];

/** Sources (for a page's script) of patterns of the replacements, and of the originals, in any of {@link FORMATS}. */
export const REPLACED_RE = String.raw`/777[-.\s]?00[-.\s]?11|111-22-33/g`;
export const ORIGINAL_RE = String.raw`/123[-.\s]?45[-.\s]?67|555-35-35/g`;

/** Round to hundredths. */
export const r2 = (x) => Math.round(x * 100) / 100;
