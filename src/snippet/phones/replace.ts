import type { HitPhone } from '../../protocol.js';
import { _find, _forms, _sub, _text, SKIP, type Target } from './match.js';

/**
 * Puts the numbers into the page. `number=` blocks: every occurrence of the number, in text, in
 * `tel:` links, `title` and `aria-label`, written in the pattern it had. `#id`, `.class` and
 * `[name=]` blocks: the element shows the formatted number (or the image) and its `tel:` links dial
 * it. Only text nodes and attributes are edited: elements, their listeners and what a framework
 * holds stay as they are.
 */

/** The phones in use. */
let _cur: HitPhone[] = [];
/** The number each block wrote last: what is on the page when a new set comes and corrects it. */
const _was: Record<string, string> = {};

/** Sets the phones to write. */
export function _use(list: HitPhone[]): void {
  const targets: Target[] = [];
  for (const p of list) {
    const orig = p.id.slice(7);
    const to = _forms(p.raw);
    if (p.id[0] == 'n')
      for (const raw of [orig, _was[orig] || orig]) _forms(raw).forEach((f, k) => targets.push([f, orig, p, to[k] || p.raw]));
    _was[orig] = p.raw;
  }
  _find(targets);
  _cur = list;
}

/** Whether there is anything to write. */
export const _active = () => _cur[0];

/** Elements matching `sel` in `root` (an element or the document), root included. */
const _all = (root: Node, sel: string): Element[] => {
  const e = root as Element;
  return [...(e.matches?.(sel) ? [e] : []), ...e.querySelectorAll(sel)];
};

/** Sets an attribute when that changes it. */
const _set = (el: Element, name: string, v: string) => el.getAttribute(name) != v && el.setAttribute(name, v);

/** Replaces in `root`: the document or an element. */
export function _replace(root: Node): void {
  _text(root);
  for (const el of _all(root, '[href^="tel:"],[title],[aria-label]')) {
    if (!el.closest(SKIP)) {
      for (const a of ['href', 'title', 'aria-label']) {
        const v = el.getAttribute(a);
        if (v && (a != 'href' || !v.indexOf('tel:'))) _set(el, a, _sub(v));
      }
    }
  }
  for (const p of _cur) {
    for (const el of p.id[0] == 'n' ? [] : _all(root, p.id)) {
      const text = p.text || p.raw;
      if (p.img) {
        const i = new Image();
        i.src = p.img;
        i.alt = text;
        if (!i.isEqualNode(el.firstChild)) el.replaceChildren(i);
      } else {
        // The first text node takes the number, the others are emptied: no node is replaced.
        const w = document.createTreeWalker(el, 4);
        let n: Node | null;
        let x = text;
        while ((n = w.nextNode())) {
          if ((n as Text).data != x) (n as Text).data = x;
          x = '';
        }
        if (x) el.textContent = x;
      }
      for (const a of _all(el, '[href^="tel:"]')) _set(a, 'href', 'tel:+' + p.raw);
    }
  }
}
