import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proseLines, repositoryFiles, root } from './markdown.js';

// The repository speaks of the product, not of how it was made: no tracker numbers, no work
// sessions or rounds, no agents. History lives in git. The patterns are written with character
// classes so that this file's own text does not match them.
const SCOPE = /^(README\.md|ARCHITECTURE\.md|CONTRIBUTING\.md|CHANGELOG\.md|Dockerfile|compose\.yaml|\.ci\/|docs\/|src\/|test\/|scripts\/)/;
const EXCLUDED = /^docs\/spec\//; // the given contracts, copied unchanged
const TEXT = /\.(md|ts|tsx|mts|js|mjs|cjs|json|yaml|yml|html|css|sh|txt)$|^\.ci\/|^Dockerfile$/;

/** Anywhere in a file. */
const EVERYWHERE: [string, RegExp][] = [
  ['a tracker number', /\bi[s]sues?\s*#?\d+/i],
  ['a tracker reference', /\bTODO\(i[s]sue/i],
  ['the tracker', /\bthe\s+i[s]sue's\b|\bi[s]sue\s+owner\b/i],
  ['a numbered round of work', /\br[o]unds?\s+\d/i],
  ['a numbered finding', /\bf[i]ndings?\s+\d+/i],
  ['a session of work', /\b(?:second|third|fourth|fifth|sixth)\s+s[e]ssion\b/i],
  ['a session of work', /\b(?:last|previous|this|that)\s+s[e]ssion's\b/i],
  ['a session of work', /\b(?:before|since|during)\s+(?:this|that|the\s+last|the\s+previous)\s+s[e]ssion\b/i],
  ['a session of work', /\bwork(?:ing)?\s+s[e]ssions?\b/i],
  ['an agent at work', /\b(?:another|other|a|one)\s+h[e]lpers?'s?\s+(?:builds?|tests?|runs?|server|work|branch|jobs?|benches)\b/i],
  ['an agent at work', /\b(?:another|other)\s+h[e]lpers\b|\bh[e]lpers'\s/i],
  ['an agent at work', /\banother\s+engin[e]er'?s?\b/i],
];
/** In Markdown prose (outside code) and in the comments of code: `#12` as a tracker reference. */
const IN_PROSE: [string, RegExp][] = [['a tracker reference', /(?:^|[\s([,])#\d{1,5}\b(?![\w-])/]];

const files = repositoryFiles().filter((f) => SCOPE.test(f) && !EXCLUDED.test(f) && TEXT.test(f));

/** The lines a pattern for prose applies to: Markdown prose, or the comment lines of code. */
function proseOf(file: string, text: string): { number: number; text: string }[] {
  if (file.endsWith('.md')) return proseLines(text);
  const comment = /^\s*(?:\/\/|\/\*|\*|#(?![\d!])|<!--)/;
  return text
    .split('\n')
    .map((t, i) => ({ number: i + 1, text: t }))
    .filter((l) => comment.test(l.text) || /\/\/\s/.test(l.text));
}

/** Each match as `file:line (what): the line`. */
function historyWords(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const [what, re] of EVERYWHERE) if (re.test(line)) hits.push(`${file}:${i + 1} (${what}): ${line.trim()}`);
  });
  for (const { number, text: line } of proseOf(file, text)) {
    for (const [what, re] of IN_PROSE) if (re.test(line)) hits.push(`${file}:${number} (${what}): ${line.trim()}`);
  }
  return hits;
}

describe('no development history in the repository text', () => {
  it('covers the documentation and the code', () => {
    expect(files).toContain('README.md');
    expect(files.some((f) => f.startsWith('src/'))).toBe(true);
    expect(files.some((f) => f.startsWith('docs/spec/'))).toBe(false);
  });

  // One test per part of the tree, each listing every hit as `file:line (what): the line`.
  const parts: [string, (f: string) => boolean][] = [
    ['README.md, ARCHITECTURE.md, CHANGELOG.md', (f) => !f.includes('/') && f.endsWith('.md')],
    ['docs/', (f) => f.startsWith('docs/')],
    ['src/', (f) => f.startsWith('src/')],
    ['test/', (f) => f.startsWith('test/')],
    ['scripts/, .ci/, Dockerfile, compose.yaml', (f) => /^(scripts\/|\.ci\/|Dockerfile$|compose\.yaml$)/.test(f)],
  ];
  it.each(parts)('%s', (_name, inPart) => {
    const hits = files.filter(inPart).flatMap((file) => historyWords(file, readFileSync(join(root, file), 'utf8')));
    expect(hits.join('\n')).toBe('');
  });

  it('tells history from the product words it resembles', () => {
    // A `~` in a sample keeps this file's own text from matching; it is taken out before the check.
    const history = [
      'Is~sue 17: the reports.',
      'see #~18 for the legs',
      'TODO(is~sue 4): later',
      'Rou~nd 2, the first swap',
      'Fin~ding 5 of the audit',
      'measured in the second ses~sion',
      "the last ses~sion's svc.js",
      'the build before this ses~sion',
      "a hel~per's server tests shared the cores",
      "other hel~pers' builds",
      "another engi~neer's test runs",
      'a decision of the is~sue owner',
    ].map((s) => s.replace(/~/g, ''));
    for (const line of history) expect(historyWords('x.md', line), line).not.toEqual([]);
    const product = [
      'A session ends after 30 idle minutes; the session key lives 3 hours.',
      'The numbers issued to this session; the visitor came through by this session.',
      "the visitor's earlier session has ended; a returning page view in the same session",
      'a hit of that site and visitor, in that session; the campaign of this session',
      'one round trip per batch; rounded to the kopeck',
      'the helper function in test/unit/server/helpers.ts',
      'an issue with the network is retried',
    ];
    for (const line of product) expect(historyWords('x.md', line), line).toEqual([]);
    expect(historyWords('x.css', 'a { color: #333; }')).toEqual([]);
  });
});
