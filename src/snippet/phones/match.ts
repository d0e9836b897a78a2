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
// No prototype: `for…in` over it must not see keys a page added to Object.prototype.
export const _rep: Record<string, HitPhone> = Object.create(null);

/** Each form's digits → its target. */
let _map: Record<string, Target> = {};
let _re = /(?!)/g;

/** The ways a number is written: as given and, for +7 numbers, with 8 or without the country code. */
export function _forms(d: string, s = d.slice(1)): string[] {
  return /^[78]\d{10}$/.test(d) ? ['7' + s, '8' + s, s] : [d];
}

/**
 * Sets what to look for. One pattern finds every target: its digits with only spaces (no-break
 * too), brackets, dots or dashes between them, maybe a `+` or `(` before, no digit after. It has no
 * groups: which target was found is read from the digits (measured: groups and a callback per
 * digit cost twice as much per number).
 */
export function _find(targets: Target[]): void {
  _map = {};
  for (const t of targets) _map[t[0]] = t;
  const k = Object.keys(_map).map((f) => f.split('').join('[\\s().\u2010-\u2015-]*'));
  // No target: a pattern that never matches ("(?:)" would match everywhere).
  _re = k[0] ? new RegExp('[+(]?(?:' + k.join('|') + ')(?!\\d)', 'g') : /(?!)/g;
}

/** `s` with every target in it (no digit right before its digits either) replaced; each noted in {@link _rep}. */
export function _sub(s: string): string {
  return s.replace(_re, (m: string, o: number) => {
    if (/\d\d/.test(s[o - 1]! + m[0])) return m;
    const t = _map[m.replace(/\D/g, '')]!;
    _rep[t[1]] = t[2];
    return _fmt(m, t);
  });
}

/**
 * Replaces the targets in the text under `root` (an element or the document). Text nodes are
 * searched in runs, so that a number split across nodes (`+7 (495) <b>123-45-67</b>`) is found: a
 * run goes on from node to node only where a number could (digits or number punctuation on both
 * sides, but not digit against digit), through nodes of punctuation alone. The new run text goes
 * back node by node when it kept its length; else each node is replaced on its own. Only text
 * nodes are edited, and none in {@link SKIP} content.
 */
export function _text(root: Node): void {
  const e = root as Element;
  if (_re.source == '(?!)' || e.closest?.(SKIP)) return;
  const w = document.createTreeWalker(root, 4);
  let nodes: Text[] = [];
  let s = '';
  // The run's last character, kept apart: reading it from the growing string would flatten it.
  let c = '';
  const skip = (n: Text) => n.parentElement!.closest(SKIP);
  const flush = () => {
    const t = s && _sub(s);
    // Only a run with a number in it is looked at closer: skipped content, changed length.
    if (t != s) {
      const each = t.length != s.length || nodes.some(skip);
      let o = 0;
      for (const n of nodes) {
        const d = n.data;
        const x = each ? (skip(n) ? d : _sub(d)) : t.substr(o, d.length);
        o += d.length;
        if (x != d) n.data = x;
      }
    }
    nodes = [];
    s = c = '';
  };
  for (let n: Text | null; (n = w.nextNode() as Text | null);) {
    const d = n.data;
    if (/\d/.test(d) || (s && /^[\s()+.\u2010-\u2015-]*$/.test(d))) {
      if (s && !/^(?!\d\d)[\d\s()+.\u2010-\u2015-]{2}$/.test(c + d[0])) flush();
      nodes.push(n);
      s += d;
      c = d.slice(-1);
    } else flush();
  }
  flush();
}
