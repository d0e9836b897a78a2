import type { HitPhone } from '../../protocol.js';

/**
 * Finding numbers in page text. The snippet knows which numbers it looks for, so instead of a
 * phone-number parser it compares digits: the text's digits are searched for each number's
 * digits, and a hit counts when only number punctuation stands between its digits and no digit
 * touches it on either side. Text nodes of one line are searched together, so a number split
 * across inline elements (`+7 (495) <b>123-45-67</b>`) is found too.
 */

/** One way of writing a number to look for: its digits, the block's original number, the replacement. */
export type Target = [digits: string, orig: string, phone: HitPhone];
/** A stretch of a text and what replaces it. */
export type Span = [start: number, end: number, text: string];

/** Content that is never touched: code, styles, form fields and whatever the visitor edits. */
export const SKIP = 'script,style,textarea,noscript,[contenteditable]:not([contenteditable=false])';

/** The ways a number is written: as given and, for +7 numbers, with 8 or without the country code. */
export function _forms(d: string): string[] {
  return /^[78]\d{10}$/.test(d) ? ['7' + d.slice(1), '8' + d.slice(1), d.slice(1)] : [d];
}

/**
 * Where the targets (sorted longest first) stand in `s`: from the first digit, or a `+` or `(`
 * just before it, to the last; between them only spaces (no-break too), brackets, dots, dashes.
 */
export function _spans(s: string, targets: Target[]): Array<[number, number, Target]> {
  const pos: number[] = [];
  const d = s.replace(/\d/g, (c, i) => (pos.push(i), c)).replace(/\D/g, '');
  const out: Array<[number, number, Target]> = [];
  for (const t of targets) {
    for (let k = -1; (k = d.indexOf(t[0], k + 1)) >= 0; ) {
      const a = pos[k]!;
      const b = pos[k + t[0].length - 1]! + 1;
      if (!/\d/.test(s[a - 1]! + s[b]) && /^[\d\s().\u2010-\u2015-]*$/.test(s.slice(a, b)) && !out.some((o) => a < o[1] && b > o[0])) {
        out.push([/[+(]/.test(s[a - 1]!) ? a - 1 : a, b, t]);
      }
    }
  }
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
  let gap: Text[] = [];
  let s = '';
  const flush = () => {
    if (s) fn(nodes, s);
    nodes = [];
    s = '';
  };
  for (let n: Text | null; (n = w.nextNode() as Text | null); ) {
    const d = n.data;
    if (/\d/.test(d)) {
      if (n.parentElement!.closest(SKIP)) flush();
      else {
        const g = gap.map((x) => x.data).join('');
        if (/\d$/.test(s + g) && /^\d/.test(d)) flush();
        if (s) nodes.push(...gap), (s += g);
        nodes.push(n);
        s += d;
      }
      gap = [];
    } else if (/^[\s()+.\u2010-\u2015-]*$/.test(d)) gap.push(n);
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
