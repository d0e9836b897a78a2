import { doc } from '../state.js';
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

/** Content that is never touched: code, styles, form fields and whatever the visitor edits. */
export const SKIP = 'script,style,textarea,[contenteditable]';

/** Original number of each `number=` block replaced on this page → its replacement. */
// No prototype: `for…in` over it must not see keys a page added to Object.prototype.
export const _replaced: Record<string, HitPhone> = Object.create(null);

/** Each form's digits → its target. */
let _targetOf: Record<string, Target> = {};
/** One pattern for every target; empty while there is none (no `number=` block). */
export let _pattern: RegExp | '' = '';

/**
 * Patterns used once per text node or per match are made once: a regular-expression literal in a
 * loop makes a new object on every pass (measured: a walk testing each node with a literal cost
 * 2.2x the bare walk, with one object made once 1.4x).
 */
const DIGIT = /\d/;
const NON_DIGITS = /\D/g;

/**
 * Sets what to look for. One pattern finds every target: its digits with only spaces (no-break
 * too), brackets, dots or dashes between them, no digit after. It has no groups: which target was
 * found is read from the digits (measured: groups and a callback per digit cost twice as much per
 * number). It starts with a digit, not with an optional `+` or `(`: the `+` is kept by the
 * replacement anyway, and a pattern that can start only at a digit is scanned faster.
 */
export function _find(targets: Target[]): void {
  _targetOf = {};
  for (const t of targets) _targetOf[t[0]] = t;
  const forms = Object.keys(_targetOf).map((f) => f.split('').join('[\\s().\u2010-\u2015-]*'));
  _pattern = forms[0] && new RegExp('(?:' + forms.join('|') + ')(?!\\d)', 'g');
}

/**
 * `s` with every target in it (no digit right before its digits either) replaced; each noted in
 * {@link _replaced}. A number found as `m` gets the new number's digits written into its pattern,
 * digit for digit, every space, bracket and dash kept (`8 495 123-45-67` → `8 495 777-00-11`; the
 * target carries the new digits in the form found: 8 for 8, no country code where there was none).
 * When the digit counts differ, the phone's text. Written here, not as a function of its own, which
 * terser pasted in as an arrow made anew for every number (3 B more). Measured per number in Node:
 * this replace 0.42 µs, `String.raw` over `m.split(/\d/)` 0.83 µs, a loop over the characters
 * 0.16 µs (17 B more).
 */
export function _sub(s: string): string {
  return !_pattern
    ? s
    : s.replace(_pattern, (m: string, at: number) => {
        if (DIGIT.test(s[at - 1]!)) return m;
        const t = _targetOf[m.replace(NON_DIGITS, '')]!;
        _replaced[t[1]] = t[2];
        let i = 0;
        return t[3].length == t[0].length ? m.replace(/\d/g, () => t[3][i++]!) : t[2].text || t[2].raw;
      });
}

/** Whether a text node is in content never touched (a text node right in a shadow root is not). */
const _skipped = (n: Text) => n.parentElement?.closest(SKIP);

/** Whether a run ending in `last` may go on into text starting with `next`: both number characters, not two digits. */
const JOINS = /^(?!\d\d)[\d\s()+.\u2010-\u2015-]{2}$/;
/** Number punctuation alone: a run goes on through such a node. */
const ONLY_PUNCT = /^[\s()+.\u2010-\u2015-]*$/;

/**
 * Replaces the targets in the text under `root` (an element, a shadow root or the document). Text
 * nodes are searched in runs, so that a number split across nodes (`+7 (495) <b>123-45-67</b>`) is
 * found: a run goes on from node to node only where a number could (digits or number punctuation
 * on both sides, but not digit against digit), through nodes of punctuation alone. The new run
 * text goes back node by node when it kept its length; else each node is replaced on its own.
 * Only text nodes are edited, and none in {@link SKIP} content.
 *
 * Most text nodes of a page hold no digit: one `/\d/` test rejects them, and nothing else is done
 * for them (measured in Chromium on 10k text nodes: a walk with that test costs 1.36x the bare
 * walk, a charCodeAt loop 2.2x). The big pattern runs only over runs with digits.
 */
export function _text(root: Node): void {
  // No `number=` block: nothing to look for in text.
  if (!_pattern || (root as Element).closest?.(SKIP)) return;
  const walker = doc.createTreeWalker(root, 4);
  let nodes: Text[] = [];
  let run = '';
  // The run's last character, kept apart: reading it from the growing string would flatten it.
  let last = '';
  const flush = () => {
    const out = _sub(run);
    // Only a run with a number in it is looked at closer: skipped content, changed length.
    if (out != run) {
      const each = out.length != run.length || nodes.some(_skipped);
      let at = 0;
      for (const n of nodes) {
        const d = n.data;
        const x = each ? (_skipped(n) ? d : _sub(d)) : out.substr(at, d.length);
        at += d.length;
        if (x != d) n.data = x;
      }
    }
    nodes = [];
    run = last = '';
  };
  for (let n: Text | null; (n = walker.nextNode() as Text | null);) {
    const d = n.data;
    if (DIGIT.test(d) || (run && ONLY_PUNCT.test(d))) {
      if (run && !JOINS.test(last + d[0])) flush();
      nodes.push(n);
      run += d;
      last = d.slice(-1);
    } else if (run) flush();
  }
  if (run) flush();
}
