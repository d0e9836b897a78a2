import type { HitPhone } from '../../protocol.js';
import { _fmt } from './format.js';

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

/** Content that is never touched: code, styles, form fields and whatever the visitor edits. */
export const SKIP = 'script,style,textarea,[contenteditable]';

/** Original number of each `number=` block replaced on this page → its replacement. */
export const _rep: Record<string, HitPhone> = {};

let _targets: Target[] = [];
let _re = /(?!)/g;

/** The ways a number is written: as given and, for +7 numbers, with 8 or without the country code. */
export function _forms(d: string): string[] {
  return /^[78]\d{10}$/.test(d) ? ['7' + d.slice(1), '8' + d.slice(1), d.slice(1)] : [d];
}

/**
 * Sets what to look for. One pattern finds every target: its digits with only spaces (no-break
 * too), brackets, dots or dashes between them, maybe a `+` or `(` before, no digit after; group
 * n+1 is target n.
 */
export function _find(targets: Target[]): void {
  _targets = targets;
  // No target: a pattern that never matches ("(?:())" would match everywhere).
  _re = new RegExp('[+(]?(?:(' + (targets.map((t) => t[0].split('').join('[\\s().\u2010-\u2015-]*')).join(')|(') || '(?!)') + '))(?!\\d)', 'g');
}

/** `s` with every target in it (no digit right before its digits either) replaced; each noted in {@link _rep}. */
export function _sub(s: string): string {
  return s.replace(_re, (m: string, ...g: unknown[]) => {
    const o = g[_targets.length] as number;
    const t = _targets[g.findIndex((x) => x)]!;
    if (/\d\d/.test(s[o - 1]! + m[0])) return m;
    _rep[t[1]] = t[2];
    return _fmt(m, t);
  });
}

/**
 * Replaces the targets in the text under `root` (an element or the document). Text nodes are
 * searched in runs, so that a number split across nodes (`+7 (495) <b>123-45-67</b>`) is found: a
 * node without digits ends a run unless it is punctuation alone (`<b>+7</b> <b>495</b>…`), and so
 * does a digit meeting a digit across two nodes. The new run text goes back node by node, each
 * keeping its length; if a replacement changed the length, each node is replaced on its own.
 * Only text nodes are edited, and none in {@link SKIP} content.
 */
export function _text(root: Node): void {
  if (!_targets[0]) return;
  const w = document.createTreeWalker(root, 4);
  let nodes: Text[] = [];
  let s = '';
  const flush = () => {
    const t = s && _sub(s);
    let o = 0;
    for (const n of nodes) {
      const d = n.data;
      const x = t.length == s.length ? t.substr(o, d.length) : _sub(d);
      o += d.length;
      if (x != d) n.data = x;
    }
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
