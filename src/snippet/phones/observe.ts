import { _state } from '../state.js';
import { _active, _replace } from './replace.js';

/**
 * Replacement in content added after the first pass: while the page is still being parsed (so
 * numbers the parser adds are replaced before they are painted), and for good with
 * `["setDynamicalReplacement", true]`. Only what was added or changed is searched, once per batch
 * of records; the records of our own edits are taken out unseen, so the observer never feeds itself.
 */

let _mo: MutationObserver | undefined;

/** Drops the records our own edits made: call after every replacement pass. */
export function _quiet(): void {
  if (_mo) _mo.takeRecords();
}

/** Connects or disconnects the observer as the page's state and the settings now ask. */
export function _watch(): void {
  const want = _active() && (_state._dyn || document.readyState == 'loading');
  if (want && !_mo) {
    _mo = new MutationObserver((records) => {
      const roots = new Set<Node>();
      // Added elements are searched whole; added or changed text, with its parent element.
      const add = (n: Node) => roots.add(n.nodeType == 1 ? n : n.parentNode!);
      for (const r of records) r.type == 'childList' ? r.addedNodes.forEach(add) : add(r.target);
      roots.forEach((n) => {
        // A root inside another root of this batch is searched with it.
        for (let p = n.parentNode; p; p = p.parentNode) if (roots.has(p)) return;
        if (n.isConnected) _replace(n);
      });
      _quiet();
    });
    _mo.observe(document, { childList: true, subtree: true, characterData: true });
  } else if (!want && _mo) {
    _mo.disconnect();
    _mo = undefined;
  }
}
