import { useLocation } from 'preact-iso';
import { useApp } from './state.js';

/** The Numbers section's three pages: the numbers and their forwarding, scenarios, caller lists. */
export function NumbersTabs() {
  const { t } = useApp();
  const { path } = useLocation();
  const tabs: Array<[string, string]> = [
    ['/app/numbers', t.numbers],
    ['/app/numbers/scenarios', t.scenarios],
    ['/app/numbers/lists', t.numaLists],
  ];
  return (
    <nav class="tabs" aria-label={t.numbers}>
      {tabs.map(([href, label]) => (
        <a key={href} href={href} aria-current={path === href ? 'page' : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
