import type { HitPhone } from '../../protocol.js';

/**
 * Finding numbers in page text. The snippet knows which numbers it looks for, so instead of a
 * phone-number parser it compares digits: the text's digits are searched for each number's
 * digits, and a hit counts when only number punctuation stands between its digits and no digit
 * touches it on either side. Text nodes of one line are searched together, so a number split
 * across inline elements (`+7 (495) <b>123-45-67</b>`) is found too.
 */

/**
 * One way of writing a number to look for: its digits, the block's original number, the
 * replacement phone, and the replacement's digits in the same form (8 for 8, no 7 where none).
 */
export type Target = [digits: string, orig: string, phone: HitPhone, digits: string];
/** A stretch of a text and what replaces it. */
export type Span = [start: number, end: number, text: string];

/** Content that is never touched: code, styles, form fields and whatever the visitor edits. */
export const SKIP = 'script,style,textarea,[contenteditable]';

/** Original number of each `number=` block replaced on this page → its replacement. */
export const _rep: Record<string, HitPhone> = {};

/** The ways a number is written: as given and, for +7 numbers, with 8 or without the country code. */
export function _forms(d: string): string[] {
  return /^[78]\d{10}$/.test(d) ? ['7' + d.slice(1), '8' + d.slice(1), d.slice(1)] : [d];
}

/**
 * A pattern finding every target: its digits with only spaces (no-break too), brackets, dots or
 * dashes between them, maybe a `+` or `(` before, and no digit after. Group n+1 is target n.
 */
export const _finder = (targets: Target[]) =>
  new RegExp('[+(]?(?:(' + targets.map((t) => t[0].split('').join('[\\s().\u2010-\u2015-]*')).join(')|(') + '))(?!\\d)', 'g');

/**
 * Where the targets stand in `s` (no digit right before their digits either), each with its
 * replacement: the new digits written into the old number's pattern, or the phone's text when
 * their counts differ. Each one found is noted in {@link _rep}.
 */
export function _spans(s: string, re: RegExp, targets: Target[]): Span[] {
  const out: Span[] = [];
  s.replace(re, (m: string, ...g: unknown[]) => {
    const o = g[targets.length] as number;
    const t = targets[g.findIndex((x) => x)]!;
    let i = 0;
    if (!/\d\d/.test(s[o - 1]! + m[0])) {
      out.push([o, o + m.length, t[3].length == t[0].length ? m.replace(/\d/g, () => t[3][i++]!) : t[2].text || t[2].raw]);
      _rep[t[1]] = t[2];
    }
    return m;
  });
  return out;
}

/**
 * Calls `fn` with every run of text nodes under `root` (an element or the document) that holds a
 * digit and may hold a number running across nodes: the nodes and their joined text. A node
 * without digits ends the run unless it is punctuation alone (`<b>+7</b> <b>495</b>…`), and so
 * does a digit meeting a digit across two nodes. Text in {@link SKIP} content is left out.
 */
export function _lines(root: Node, fn: (nodes: Text[], s: string) => void): void {
  const w = document.createTreeWalker(root, 4);
  let nodes: Text[] = [];
  let s = '';
  const flush = () => {
    if (s) fn(nodes, s);
    nodes = [];
    s = '';
  };
  for (let n: Text | null; (n = w.nextNode() as Text | null); ) {
    const d = n.data;
    if (/\d/.test(d)) {
      const skip = n.parentElement!.closest(SKIP);
      if (skip || /\d\d/.test(s.slice(-1) + d[0])) flush();
      if (!skip) nodes.push(n), (s += d);
    } else if (s && /^[\s()+.\u2010-\u2015-]*$/.test(d)) nodes.push(n), (s += d);
    else flush();
  }
  flush();
}

/**
 * Writes spans into the nodes they were found in, editing text only. A replacement as long as its
 * span goes back character by character, so each node keeps its part; any other goes whole into
 * the node where the span starts.
 */
export function _write(nodes: Array<{ data: string }>, spans: Span[]): void {
  let o = 0;
  for (const n of nodes) {
    const d = n.data;
    const e = o + d.length;
    let out = d;
    for (const [a, b, r] of spans.sort((x, y) => y[0] - x[0])) {
      const x = Math.max(a, o);
      const y = Math.min(b, e);
      if (x < y) out = out.slice(0, x - o) + (r.length == b - a ? r.slice(x - a, y - a) : a < o ? '' : r) + out.slice(y - o);
    }
    if (out != d) n.data = out;
    o = e;
  }
}
