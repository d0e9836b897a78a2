import type { JSX } from 'preact';
import type { Texts } from './i18n.js';
import { Account } from './pages/account.js';
import { ApiKeys } from './pages/api-keys.js';
import { CampaignEditor } from './pages/campaign-editor.js';
import { Campaigns } from './pages/campaigns.js';
import { Carriers } from './pages/carriers.js';
import { Charges } from './pages/charges.js';
import { Customers } from './pages/customers.js';
import { Journal } from './pages/journal.js';
import { NumaLists } from './pages/numa-lists.js';
import { PoolPage } from './pages/pool.js';
import { Numbers } from './pages/numbers.js';
import { Report } from './pages/report.js';
import { Scenarios } from './pages/scenarios.js';
import { SiteView } from './pages/site.js';
import { Sites } from './pages/sites.js';
import { Team } from './pages/team.js';
import { Webhooks } from './pages/webhooks.js';
import { Conversions } from './pages/conversions.js';
import { Notifications } from './pages/notifications.js';
import { Costs } from './pages/costs.js';
import { Qualification } from './pages/qualification.js';
import type { Me } from './state.js';

export type Role = Me['role'];

/**
 * One page of the app: its path (preact-iso's pattern), who may open it, whether it needs a chosen
 * customer (an agent picks one first), and its menu entry. The router and the menu both read this
 * table, so a page is added here once.
 */
export interface AppRoute {
  path: string;
  page: () => JSX.Element;
  /** Who may open it; the others see a plain "not for you" state. Default: a customer's and an agent's logins. */
  roles?: readonly Role[];
  /** Shown only with a customer chosen. Default true. */
  needsCustomer?: boolean;
  /** Its menu entry, for the roles given (default: those who may open it). */
  nav?: { label: keyof Texts; roles?: readonly Role[] };
}

const EVERYONE: readonly Role[] = ['customer', 'agent', 'employee'];

export const ROUTES: readonly AppRoute[] = [
  { path: '/app/customers', page: Customers, needsCustomer: false, nav: { label: 'customers', roles: ['agent'] } },
  { path: '/app/sites', page: Sites, nav: { label: 'sites' } },
  { path: '/app/sites/:id', page: SiteView },
  { path: '/app/numbers', page: Numbers, nav: { label: 'numbers' } },
  { path: '/app/numbers/scenarios', page: Scenarios },
  { path: '/app/numbers/lists', page: NumaLists },
  { path: '/app/campaigns', page: Campaigns, nav: { label: 'campaigns' } },
  { path: '/app/campaigns/:id', page: CampaignEditor },
  { path: '/app/pools/:id', page: PoolPage },
  { path: '/app/journal', page: Journal, roles: EVERYONE, nav: { label: 'journal' } },
  { path: '/app/report', page: Report, roles: EVERYONE, nav: { label: 'report' } },
  { path: '/app/team', page: Team, nav: { label: 'team' } },
  { path: '/app/charges', page: Charges, nav: { label: 'charges' } },
  { path: '/app/account', page: Account, needsCustomer: false, nav: { label: 'account' } },
  { path: '/app/webhooks', page: Webhooks, nav: { label: 'webhooks' } },
  // The server's operator (an agent, or a customer without one) connects carriers; a customer of an agent sees its agent's.
  { path: '/app/carriers', page: Carriers, needsCustomer: false, nav: { label: 'carriers' } },
  { path: '/app/api-keys', page: ApiKeys, nav: { label: 'apiKeys' } },
  { path: '/app/conversions', page: Conversions, nav: { label: 'conversions' } },
  // An employee chooses alerts of the sites they serve there (mail/alert-functions.ts).
  { path: '/app/notifications', page: Notifications, roles: EVERYONE, nav: { label: 'notifications' } },
  { path: '/app/costs', page: Costs, nav: { label: 'costs' } },
  { path: '/app/qualification', page: Qualification, nav: { label: 'qualTitle' } },
];

export const rolesOf = (r: AppRoute): readonly Role[] => r.roles ?? ['customer', 'agent'];

/** The menu of a role: the entries of the pages it may open, in the table's order. */
export function menuOf(role: Role, t: Texts): Array<[href: string, label: string]> {
  return ROUTES.filter((r) => r.nav && (r.nav.roles ?? rolesOf(r)).includes(role)).map((r) => [r.path, t[r.nav!.label] as string]);
}
