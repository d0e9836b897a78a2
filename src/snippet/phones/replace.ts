import { doc } from '../state.js';
import type { HitPhone } from '../../protocol.js';
import { _find, _pattern, _sub, _text, SKIP, type Target } from './match.js';

/**
 * Puts the numbers into the page. `number=` blocks: every occurrence of the number, in text, in
 * `tel:` hrefs, and in the `title` and `aria-label` of any element, written in the pattern it had.
 * `#id`, `.class` and `[name=]` blocks: the element shows the formatted number (or the image) and
 * its `tel:` links dial it. Only text nodes and attributes are edited: elements, their listeners
 * and what a framework holds stay as they are. Open shadow roots (web components) get the same
 * pass as the document; closed ones cannot be reached.
 */

/** The phones in use. */
let _current: HitPhone[] = [];
/** The forms each `number=` block wrote last: what is on the page when a new set comes and corrects it. */
const _writtenBefore: Record<string, HitPhone['forms']> = {};
/** The open shadow roots found so far: by the searches of `_replace` and by `_hookShadows` (observe.ts). */
export const _shadowRoots = new Set<ShadowRoot>();
/** The parsed document was searched whole for shadow roots. */
let _searched: unknown;

/** Sets the phones to write. */
export function _usePhones(list: HitPhone[]): void {
  const targets: Target[] = [];
  for (const p of list) {
    const orig = p.id.slice(7);
    const before = _writtenBefore[orig];
    // Each form of the original, and what this block wrote last in that form, becomes the new
    // number in that form (the server lists the forms: `HitPhone.forms`).
    p.forms?.forEach(([f, to], k) => targets.push([f, orig, p, to], [before?.[k]?.[1] || f, orig, p, to]));
    _writtenBefore[orig] = p.forms;
  }
  _find(targets);
  _current = list;
}

/** Whether there is anything to write. */
export const _active = () => _current[0];

/** Elements matching `sel` in `root` (an element, a shadow root or the document), root included. */
const _all = (root: Node, sel: string): Element[] => [
  ...((root as Element).matches?.(sel) ? [root as Element] : []),
  ...(root as Element).querySelectorAll(sel),
];

/** Sets an attribute when that changes it. */
const _setAttr = (el: Element, name: string, v: string) => {
  if (el.getAttribute(name) != v) el.setAttribute(name, v);
};

/**
 * Replaces in `root`: the document, an element or a shadow root, and in the open shadow roots in
 * it. A pass over the document covers the roots known whose host is on the page, forgetting the
 * others (a component that comes back is found again when it is added, see observe.ts): the first
 * one after parsing searches the page for roots attached before this script ran, later ones come
 * through `_hookShadows`. A pass over an element (content added later) searches it; a known root
 * (`known`) is not searched again, its own roots are known too.
 */
export function _replace(root: Node, known?: unknown): void {
  if (!_active()) return;
  // The text first: on a first visit the numbers in the page's own text do not wait for the
  // search for shadow roots below. Not inlined by terser: as an arrow made and called here, V8
  // met a new closure on every pass, and the walk at 10k nodes took 1.5 instead of 1.2 ms (8 B).
  /*#__NOINLINE__*/ _text(root);
  if (root == doc) {
    known = _searched;
    if (known) _shadowRoots.forEach((r) => (r.host.isConnected ? _replace(r, 1) : _shadowRoots.delete(r)));
    // A pass while the page is parsed searches what there is; the observer hears of the rest.
    _searched = doc.readyState != 'loading';
  }
  // The open shadow roots in `root`, from `root` itself (an added element may be a host), with a
  // walker of its own: one walk over elements and text that told them apart cost 3-6x the text walk
  // (property reads of two kinds of node), an element walk alone about as much as the text walk.
  if (!known)
    for (let walker = doc.createTreeWalker(root, 1), e: Node | null = root; e; e = walker.nextNode()) {
      const r = (e as Element).shadowRoot;
      if (r) {
        _shadowRoots.add(r);
        _replace(r);
      }
    }
  // Attributes: the `tel:` href of links, and the `title` and `aria-label` (a button's accessible
  // name) of any element. Lookups the browser does, not a second walk in script. Each attribute of
  // a selector list costs half the text walk or more (Chromium, 10k-50k nodes), so links come from
  // `document.links`, a list the browser keeps (0.2x; `npm run bench`, typical). A link with a
  // title comes twice; the second time changes nothing. An element or a shadow root is small:
  // selectors only. Without a `number=` block nothing is to be found in attributes: no lookup.
  if (_pattern)
    for (const el of [...(root == doc ? doc.links : _all(root, '[href]')), ..._all(root, '[title],[aria-label]')]) {
      if (!el.closest(SKIP)) {
        for (const a of ['href', 'title', 'aria-label']) {
          const v = el.getAttribute(a);
          if (v && (a != 'href' || !v.indexOf('tel:'))) _setAttr(el, a, _sub(v));
        }
      }
    }
  for (const p of _current) {
    for (const el of p.id[0] == 'n' ? [] : _all(root, p.id)) {
      const text = p.text || p.raw;
      if (p.img) {
        const i = new Image();
        i.src = p.img;
        i.alt = text;
        if (!i.isEqualNode(el.firstChild)) el.replaceChildren(i);
      } else {
        // The first text node takes the number, the others are emptied: no node is replaced.
        const w = doc.createTreeWalker(el, 4);
        let n: Node | null;
        let x = text;
        while ((n = w.nextNode())) {
          if ((n as Text).data != x) (n as Text).data = x;
          x = '';
        }
        if (x) el.textContent = x;
      }
      for (const a of _all(el, '[href^="tel:"]')) _setAttr(a, 'href', 'tel:+' + p.raw);
    }
  }
}
