import { doc, _state } from '../state.js';
import { _active, _replace } from './replace.js';

/**
 * Replacement in content added after a pass over the page: while the page is still being parsed
 * (so numbers the parser adds are replaced before they are painted), and for good with
 * `["setDynamicalReplacement", true]`. Only what was added or changed is searched, once per batch
 * of records. `_watch()` after every pass disconnects first, which drops the records of our own
 * edits unseen: the observer never feeds itself.
 */

let _observer: MutationObserver | undefined;

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
  if (_active() && (_state._dyn || doc.readyState == 'loading'))
    _observer.observe(doc, { childList: true, subtree: true, characterData: true });
}
