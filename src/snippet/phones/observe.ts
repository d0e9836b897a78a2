import { doc, _state } from '../state.js';
import { _active, _replace, _shadowRoots } from './replace.js';

/**
 * Replacement in content added after a pass over the page: while the page is still being parsed
 * (so numbers the parser adds are replaced before they are painted), and for good with
 * `["setDynamicalReplacement", true]`. Only what was added or changed is searched, once per batch
 * of records. `_watch()` after every pass disconnects first, which drops the records of our own
 * edits unseen: the observer never feeds itself.
 *
 * One observer watches the document and every open shadow root whose host is on the page (a
 * document observer sees nothing inside shadow roots): one callback per batch wherever the change
 * was. Each `_watch()` targets it anew, so a root whose host has left is no longer watched.
 */

let _observer: MutationObserver | undefined;
/** The observer is connected: a shadow root attached now is watched at once. */
let _observing: unknown;
/** The page's own `attachShadow`, which the hook calls first. */
const attachShadow = Element.prototype.attachShadow;
const OPTIONS: MutationObserverInit = { childList: true, subtree: true, characterData: true };

/** (Re)connects the observer, if the page's state and the settings ask for it. Call after every pass. */
export function _watch(): void {
  _observer =
    _observer ||
    new MutationObserver((records) => {
      const roots = new Set<Node>();
      // Added elements are searched whole; added or changed text, with its parent element.
      const add = (n: Node) => roots.add(n.nodeType == 1 ? n : n.parentNode || n);
      for (const r of records) {
        if (r.type == 'childList') r.addedNodes.forEach(add);
        else add(r.target);
      }
      // A node added into a node added in the same batch is searched with its parent.
      roots.forEach((n) => {
        if (!roots.has(n.parentNode!) && n.isConnected) _replace(n);
      });
      _watch();
    });
  _observer.disconnect();
  _observing = _active() && (_state._dyn || doc.readyState == 'loading');
  if (_observing) {
    _observer.observe(doc, OPTIONS);
    // A root whose host has left the page is forgotten (found again when the host comes back).
    _shadowRoots.forEach((r) => (r.host.isConnected ? _observer!.observe(r, OPTIONS) : _shadowRoots.delete(r)));
  }
}

/**
 * Makes `attachShadow` report open roots: components attached after the script started (the first
 * pass over the parsed document finds those attached before). The page's call runs first and
 * returns as it did. The root is known to the next pass; while the observer is connected it is
 * watched at once, before the component fills it, so what it writes comes as records.
 */
export function _hookShadows(): void {
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const root = attachShadow.call(this, init);
    if (root.mode == 'open') {
      _shadowRoots.add(root);
      if (_observing) _observer!.observe(root, OPTIONS);
    }
    return root;
  };
}
