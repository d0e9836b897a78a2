import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { menuOf } from './routes.js';
import { useApp } from './state.js';

/** The frame of every signed-in page: the product, the nav, the customer switcher, language, sign-out. */
export function Shell({ children }: { children: ComponentChildren }) {
  const { t, me, customer, lang, setLang, chooseCustomer, signOut } = useApp();
  const { path } = useLocation();
  const links = menuOf(me.role, t);
  return (
    <>
      <header class="top">
        <a class="brand" href="/app/">
          {t.product}
        </a>
        {me.role === 'agent' ? (
          <div class="field inline">
            <label for="customer-switch">{t.customer}</label>
            <select
              id="customer-switch"
              value={customer ? String(customer.id) : ''}
              onChange={(e) => {
                const v = (e.target as HTMLSelectElement).value;
                chooseCustomer(v ? Number(v) : null);
              }}
            >
              <option value="">{t.chooseCustomer}</option>
              {me.customers.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span class="who">{customer?.name}</span>
        )}
        <div class="field inline">
          <label for="lang">{t.language}</label>
          <select id="lang" value={lang} onChange={(e) => setLang((e.target as HTMLSelectElement).value as 'en' | 'ru')}>
            <option value="en" lang="en">
              English
            </option>
            <option value="ru" lang="ru">
              Русский
            </option>
          </select>
        </div>
        <button type="button" onClick={signOut}>
          {t.signOut}
        </button>
      </header>
      <nav aria-label={t.nav}>
        <ul>
          {links.map(([href, label]) => (
            <li key={href}>
              <a href={href} aria-current={path.startsWith(href) ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main>{children}</main>
    </>
  );
}

/** What the other pages show an employee: a plain state, not an error. */
export function NotForEmployees({ children }: { children: ComponentChildren }) {
  const { me, t } = useApp();
  if (me.role !== 'employee') return <>{children}</>;
  return (
    <section class="page">
      <h1>{t.notForEmployeesTitle}</h1>
      <p class="empty">
        {t.notForEmployees} <a href="/app/journal">{t.journal}</a>
      </p>
    </section>
  );
}

/** What a page that needs a customer shows an agent who has not chosen one. */
export function NeedsCustomer({ children }: { children: ComponentChildren }) {
  const { customer, t } = useApp();
  if (customer) return <>{children}</>;
  return (
    <section class="page">
      <h1>{t.chooseCustomer}</h1>
      <p class="empty">
        {t.noCustomerChosen} <a href="/app/customers">{t.customers}</a>
      </p>
    </section>
  );
}
