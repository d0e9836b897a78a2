import type { SitePhoneCallResult } from '../types.js';
import { resultText, type Texts } from './i18n.js';
import { closeButton, h, mount } from './ui.js';

/** How long a popup stays when nobody points at it or focuses it. */
const SHOW_MS = 10000;

let current: (() => void) | null = null;

/**
 * The popup that `sitePhoneCall` without a callback shows: the result as text at the bottom of
 * the screen, announced by screen readers (`status` for success, `alert` otherwise). It takes no
 * focus from the page; it closes by its button, `Escape` inside it, or after 10 seconds unless the
 * pointer or the focus is on it.
 */
export function notify(t: Texts, lang: string, r: SitePhoneCallResult): void {
  if (current) current();
  const { host, root } = mount('toast');
  const text = h('p');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    clearTimeout(timer);
    host.remove();
    if (current === close) current = null;
  };
  current = close;
  const box = h('div', { class: 'toast', role: r.success ? 'status' : 'alert', lang }, text, closeButton(t, close));
  root.append(box);
  // Set after the live region is in the page, so that screen readers announce the change.
  setTimeout(() => (text.textContent = resultText(t, r.result)), 50);
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(close, SHOW_MS);
  };
  const hold = () => clearTimeout(timer);
  box.addEventListener('mouseenter', hold);
  box.addEventListener('focusin', hold);
  box.addEventListener('mouseleave', arm);
  box.addEventListener('focusout', arm);
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  arm();
}
