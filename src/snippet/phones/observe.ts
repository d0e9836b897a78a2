import { _state } from '../state.js';
import { _active, _replace } from './replace.js';

/**
 * Replacement in content added after a pass over the page: while the page is still being parsed
 * (so numbers the parser adds are replaced before they are painted), and for good with
 * `["setDynamicalReplacement", true]`. Only what was added or changed is searched, once per batch
 * of records. `_watch()` after every pass disconnects first, which drops the records of our own
 * edits unseen: the observer never feeds itself.
 */

let _mo: MutationObserver | undefined;

/** (Re)connects the observer, if the page's state and the settings ask for it. Call after every pass. */
export function _watch(): void {
  _mo =
    _mo ||
    new MutationObserver((records) => {
      const roots = new Set<Node>();
      // Added elements are searched whole; added or changed text, with its parent element.
      const add = (n: Node) => roots.add(n.nodeType == 1 ? n : n.parentNode || n);
      for (const r of records) r.type == 'childList' ? r.addedNodes.forEach(add) : add(r.target);
      // A node added into a node added in the same batch is searched with its parent.
      roots.forEach((n) => roots.has(n.parentNode!) || !n.isConnected || _replace(n));
      _watch();
    });
  _mo.disconnect();
  if (_active() && (_state._dyn || document.readyState == 'loading'))
    _mo.observe(document, { childList: true, subtree: true, characterData: true });
}
