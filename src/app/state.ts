import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Lang, Texts } from './i18n.js';
import type { DataOf } from './api.js';

/** Who is signed in: an employee sees the journal and report of the sites they serve only. */
export type Me = DataOf<'me'>;
/** A customer as the app shows it. */
export type Customer = DataOf<'customer'>;

/** What every page reads: who is signed in, the customer acted on, the language and its texts. */
export interface AppState {
  me: Me;
  /** The customer the pages show: the user's own, or the one an agent chose; null until chosen. */
  customer: Customer | null;
  lang: Lang;
  t: Texts;
  setLang(l: Lang): void;
  chooseCustomer(id: number | null): void;
  /** Reloads who is signed in (an agent's customer list after a change). */
  refresh(): void;
  signOut(): void;
}

export const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  return useContext(AppContext)!;
}
