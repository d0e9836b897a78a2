import { render, type JSX } from 'preact';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { logout, restData, session, setMessageLanguage, whenSignedOut } from './api.js';
import { dictionaries, initialLang, saveLang, type Lang } from './i18n.js';
import { Account } from './pages/account.js';
import { Campaigns } from './pages/campaigns.js';
import { CampaignEditor } from './pages/campaign-editor.js';
import { Charges } from './pages/charges.js';
import { Customers } from './pages/customers.js';
import { Journal } from './pages/journal.js';
import { Numbers } from './pages/numbers.js';
import { NumaLists } from './pages/numa-lists.js';
import { Scenarios } from './pages/scenarios.js';
import { Report } from './pages/report.js';
import { SignIn } from './pages/sign-in.js';
import { SiteView } from './pages/site.js';
import { Sites } from './pages/sites.js';
import { Team } from './pages/team.js';
import { Webhooks } from './pages/webhooks.js';
import { NeedsCustomer, NotForEmployees, Shell } from './shell.js';
import { AppContext, useApp, type AppState } from './state.js';
import type { Customer, Me } from './types.js';

/**
 * The site owner's app: sign-in with a REST login, then a page per object (Plausible's and Umami's
 * dashboards are the models). Every view is a URL under /app/, so it can be linked and reloaded.
 */

function Home() {
  const { me } = useApp();
  const loc = useLocation();
  const home =
    me.role === 'employee' ? '/app/journal' : me.role === 'agent' && session.customerId() == null ? '/app/customers' : '/app/sites';
  useEffect(() => loc.route(home, true), []);
  return null;
}

function NotFound() {
  return <p class="empty">{useApp().t.notFound}</p>;
}

const guarded = (Page: () => JSX.Element, employees = false) =>
  function Guarded() {
    const page = (
      <NeedsCustomer>
        <Page />
      </NeedsCustomer>
    );
    return employees ? page : <NotForEmployees>{page}</NotForEmployees>;
  };

/** A page of the customer's logins and agents only. */
const notForEmployees = (Page: () => JSX.Element) =>
  function Guarded() {
    return (
      <NotForEmployees>
        <Page />
      </NotForEmployees>
    );
  };

const SitesPage = guarded(Sites);
const SitePage = guarded(SiteView);
const NumbersPage = guarded(Numbers);
const ScenariosPage = guarded(Scenarios);
const NumaListsPage = guarded(NumaLists);
const CampaignsPage = guarded(Campaigns);
const CampaignPage = guarded(CampaignEditor);
const JournalPage = guarded(Journal, true);
const ReportPage = guarded(Report, true);
const CustomersPage = notForEmployees(Customers);
const AccountPage = notForEmployees(Account);
const TeamPage = guarded(Team);
const ChargesPage = guarded(Charges);
const WebhooksPage = guarded(Webhooks);

function App() {
  const [lang, setLangState] = useState<Lang>(initialLang());
  const [me, setMe] = useState<Me | null>(null);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [signedIn, setSignedIn] = useState(!!session.key());
  const [n, setN] = useState(0);
  const loc = useLocation();
  const t = dictionaries[lang];
  setMessageLanguage(lang);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => whenSignedOut(() => setSignedIn(false)), []);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    (async () => {
      const m = await restData<Me>('me');
      let c = m.customer;
      const chosen = session.customerId();
      if (m.role === 'agent') c = chosen != null && m.customers.some((x) => x.id === chosen) ? await restData<Customer>('customer') : null;
      if (!live) return;
      setMe(m);
      setCustomer(c);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [signedIn, n]);

  if (!signedIn)
    return (
      <SignIn
        t={t}
        onSignedIn={() => {
          setMe(null);
          setSignedIn(true);
        }}
      />
    );
  if (!me)
    return (
      <p class="muted" role="status">
        {t.loading}
      </p>
    );

  const state: AppState = {
    me,
    customer,
    lang,
    t,
    setLang: (l) => {
      saveLang(l);
      setLangState(l);
    },
    chooseCustomer: (id) => {
      session.setCustomer(id);
      setN((x) => x + 1);
    },
    refresh: () => setN((x) => x + 1),
    signOut: () => {
      void logout();
      setMe(null);
      setCustomer(null);
      setSignedIn(false);
      loc.route('/app/', true);
    },
  };
  return (
    <AppContext.Provider value={state}>
      <Shell>
        <Router>
          <Route path="/app/" component={Home} />
          <Route path="/app/customers" component={CustomersPage} />
          <Route path="/app/sites" component={SitesPage} />
          <Route path="/app/sites/:id" component={SitePage} />
          <Route path="/app/numbers" component={NumbersPage} />
          <Route path="/app/numbers/scenarios" component={ScenariosPage} />
          <Route path="/app/numbers/lists" component={NumaListsPage} />
          <Route path="/app/campaigns" component={CampaignsPage} />
          <Route path="/app/campaigns/:id" component={CampaignPage} />
          <Route path="/app/journal" component={JournalPage} />
          <Route path="/app/report" component={ReportPage} />
          <Route path="/app/team" component={TeamPage} />
          <Route path="/app/charges" component={ChargesPage} />
          <Route path="/app/account" component={AccountPage} />
          <Route path="/app/webhooks" component={WebhooksPage} />
          <Route default component={NotFound} />
        </Router>
      </Shell>
    </AppContext.Provider>
  );
}

render(
  <LocationProvider scope="/app/">
    <App />
  </LocationProvider>,
  document.getElementById('app')!,
);
