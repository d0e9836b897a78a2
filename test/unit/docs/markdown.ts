/**
 * Just enough Markdown for the documentation tests: the links of a page and the anchors its
 * headings make. No Markdown parser is a dependency of the project, so this reads the subset the
 * documentation uses (ATX headings, inline links, reference definitions, HTML anchors) and skips
 * code, where a bracket is no link.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The repository's files: tracked ones and new ones not ignored, so a page written but not yet
 * committed is checked too.
 */
export function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  return [...new Set(out.split('\0').filter((f) => f !== ''))];
}

export interface Line {
  /** 1-based. */
  number: number;
  text: string;
}

/** The lines outside fenced code blocks, with inline code spans blanked out. */
export function proseLines(markdown: string): Line[] {
  const lines: Line[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, i) => {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== null) {
      if (opener && opener[1]![0] === fence[0] && opener[1]!.length >= fence.length && text.trim() === opener[1]) fence = null;
      return;
    }
    if (opener) {
      fence = opener[1]!;
      return;
    }
    lines.push({ number: i + 1, text: blankCodeSpans(text) });
  });
  return lines;
}

/** Replaces each inline code span (`a`, ``a`b``) by spaces of its length. */
function blankCodeSpans(text: string): string {
  return text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (m) => ' '.repeat(m.length));
}

export interface Link {
  line: number;
  target: string;
}

/** Inline links and images `[text](target "title")`, reference definitions, and HTML `href`s. */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  for (const { number, text } of proseLines(markdown)) {
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line: number, target: m[1]! });
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(text);
    if (def) found.push({ line: number, target: def[1]! });
    for (const m of text.matchAll(/<a\s[^>]*href="([^"]*)"/gi)) found.push({ line: number, target: m[1]! });
  }
  return found;
}

/**
 * The anchors a page offers: each ATX heading's slug by GitHub's rule (lower case; every character
 * that is not a letter, a digit, a mark, `_`, `-` or a space removed; spaces made hyphens; a repeated
 * slug gets `-1`, `-2`…), and every HTML `id`/`name` anchor.
 */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fence: string | null = null;
  for (const text of markdown.split('\n')) {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== null) {
      if (opener && opener[1]![0] === fence[0] && text.trim() === opener[1]) fence = null;
      continue;
    }
    if (opener) {
      fence = opener[1]!;
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text);
    if (heading) {
      const base = slug(headingText(heading[1]!));
      const n = seen.get(base);
      seen.set(base, (n ?? -1) + 1);
      result.add(n === undefined ? base : `${base}-${n + 1}`);
    }
    for (const m of text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/gi)) result.add(m[1]!);
  }
  return result;
}

/** A heading's text as GitHub renders it: code spans keep their content, links their text, emphasis goes. */
export function headingText(source: string): string {
  const parts = source.split(/(`+[^`]*`+)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part.replace(/^`+|`+$/g, '');
      return part
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/(\*+|\b_+|_+\b)/g, (m, _g, offset: number, whole: string) => (isEmphasis(whole, offset, m.length) ? '' : m));
    })
    .join('');
}

/** Whether a run of `*` or `_` is an emphasis delimiter rather than part of a word (snake_case). */
function isEmphasis(text: string, offset: number, length: number): boolean {
  if (text[offset] === '*') return true;
  const before = text[offset - 1] ?? ' ';
  const after = text[offset + length] ?? ' ';
  return /\s|[([]/.test(before) || /\s|[).,:;\]]/.test(after) || offset === 0 || offset + length === text.length;
}

export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}
