import { render } from 'preact';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { call, logout, session, setMessageLanguage, whenSignedOut } from './api.js';
import { dictionaries, initialLang, saveLang, type Lang } from './i18n.js';
import { SignIn } from './pages/sign-in.js';
import { Setup } from './pages/setup.js';
import { ForgotPassword, ResetPassword } from './pages/password-reset.js';
import { ROUTES, rolesOf, type AppRoute } from './routes.js';
import { NeedsCustomer, NotForEmployees, Shell } from './shell.js';
import { AppContext, useApp, type AppState, type Customer, type Me } from './state.js';

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

/** A route's page behind its guards: not for employees unless the route says so, a customer chosen where it needs one. */
function guarded(route: AppRoute) {
  return function Guarded() {
    const Page = route.page;
    const page =
      route.needsCustomer === false ? (
        <Page />
      ) : (
        <NeedsCustomer>
          <Page />
        </NeedsCustomer>
      );
    return rolesOf(route).includes('employee') ? page : <NotForEmployees>{page}</NotForEmployees>;
  };
}

const PAGES = ROUTES.map((r) => ({ path: r.path, component: guarded(r) }));

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
      const m = await call('me');
      let c = m.customer;
      const chosen = session.customerId();
      if (m.role === 'agent') c = chosen != null && m.customers.some((x) => x.id === chosen) ? await call('customer') : null;
      if (!live) return;
      setMe(m);
      setCustomer(c);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [signedIn, n]);

  // The password reset works signed in or out: the mail's link may open in a tab with a session.
  if (loc.path === '/app/forgot') return <ForgotPassword t={t} lang={lang} />;
  if (loc.path === '/app/reset') return <ResetPassword t={t} token={loc.query.token ?? ''} />;
  // The first account's form, from the link a fresh server prints; it signs in when done.
  if (!signedIn && loc.path === '/app/setup')
    return (
      <Setup
        t={t}
        token={loc.query.token ?? ''}
        onSignedIn={() => {
          setMe(null);
          setSignedIn(true);
        }}
      />
    );
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
          {/* A setup link opened while signed in: the account exists, so home. */}
          <Route path="/app/setup" component={Home} />
          {PAGES.map((p) => (
            <Route key={p.path} path={p.path} component={p.component} />
          ))}
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
