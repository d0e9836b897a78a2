import type { Texts } from './i18n.js';
import { CSS } from './styles.js';

/**
 * The UI layer every widget shares (the site-phone form now; the request form and the chat next):
 * an element builder that only ever makes text nodes, shadow hosts styled by one constructable
 * stylesheet (so a Content-Security-Policy without 'unsafe-inline' still applies it), and a modal
 * dialog shell: focus moved in and trapped, `Escape` and the close button close it, focus goes
 * back where it was.
 */

type Attrs = Record<string, string | boolean | null | undefined>;

/** Makes an element; `true` attributes are set empty, false/null ones left out; strings become text. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string | null | false | undefined>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const k in attrs) {
    const v = attrs[k];
    if (v != null && v !== false) el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

let sheet: CSSStyleSheet | undefined;

function adopt(root: ShadowRoot): void {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    // No constructable stylesheets (Safari before 16.4): a <style> element, which only a CSP
    // allowing inline styles lets through.
    root.append(h('style', {}, CSS));
  }
}

/** A host element at the end of the page with an open shadow root: the page's CSS cannot reach in. */
export function mount(kind: 'dialog' | 'toast'): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement('svc-widget');
  host.setAttribute('kind', kind);
  const root = host.attachShadow({ mode: 'open' });
  adopt(root);
  (document.body || document.documentElement).append(host);
  return { host, root };
}

/** The round close button with its accessible name. */
export function closeButton(t: Texts, onClick: () => void): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'x', 'aria-label': t.close }, '×');
  b.addEventListener('click', onClick);
  return b;
}

const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]';

export interface Dialog {
  /** The dialog's content area. */
  body: HTMLElement;
  /** Focuses the first field (or button) of the dialog. */
  focus(): void;
  close(): void;
}

/** Closes the dialog open now, if any (see `dialog`). */
let active: (() => void) | null = null;

/**
 * Opens a modal dialog titled `title` in `lang`. Tab and Shift+Tab cycle inside it; focus that
 * leaves it (a click on the page behind, a script) comes back; `Escape` closes it and focus
 * returns to the element that had it before.
 */
export function dialog(t: Texts, lang: string, title: string, onClose: () => void): Dialog {
  // One dialog at a time: a second one would trap the focus against the first, endlessly.
  if (active) active();
  const before = document.activeElement as HTMLElement | null;
  const { host, root } = mount('dialog');
  const body = h('div', { class: 'body' });
  const box = h(
    'div',
    { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'svc-title', lang },
    h(
      'div',
      { class: 'head' },
      h('h2', { id: 'svc-title' }, title),
      closeButton(t, () => close()),
    ),
    body,
  );
  root.append(h('div', { class: 'backdrop' }, box));

  const focusables = () =>
    Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && el.getClientRects().length > 0,
    );
  const focus = () => {
    const list = focusables();
    // The first field rather than the close button: that is what the visitor came to fill in.
    (list.find((el) => el.tagName === 'INPUT') || list[0])?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      const active = root.activeElement;
      if (!first || !last) return;
      if (e.shiftKey && (active === first || !box.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !box.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  // Focus on anything outside our host means it left the dialog: bring it back.
  const onFocusIn = (e: FocusEvent) => {
    if (e.target !== host) focus();
  };
  root.addEventListener('keydown', onKey as EventListener);
  document.addEventListener('focusin', onFocusIn, true);

  let open = true;
  function close() {
    if (!open) return;
    open = false;
    if (active === close) active = null;
    document.removeEventListener('focusin', onFocusIn, true);
    host.remove();
    onClose();
    if (before && before !== document.body && before.isConnected) {
      try {
        before.focus();
      } catch {
        // an element that cannot take focus any more
      }
    }
  }
  active = close;
  return { body, focus, close };
}
