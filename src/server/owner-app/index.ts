import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiSessions } from '../api/sessions.js';
import type { LoginGuard } from '../sign-in/login-guard.js';
import { errors } from '../http/errors.js';
import { ensureTag } from '../reports/tags.js';
import { customersOfAgent } from '../customers/queries.js';
import { siteById } from '../sites/sites.js';
import type { Store } from '../store/open.js';
import { callerOf, customerOf, employeeCustomer, ownerSessions, SESSION_HEADER, siteReaderOf } from './access.js';
import { journalPage } from './journal.js';
import { appPage, PAGE_HEADERS } from './page.js';
import { lastPageViewMs, regionsWithFreeNumbers } from './queries.js';
import { DailyQuery, JournalQuery, parse, SiteParams, SiteQuery, STANDARD_TAGS } from './schemas.js';
import { dailyCalls } from './daily.js';
import { serveAppFile } from './files.js';
import { readSiteSettings, SiteSettings, writeSiteSettings } from './site-settings.js';
import { employeeWriteRoutes } from './employee-writes.js';
import { apiLoginRoutes } from './api-logins.js';
import { ownPasswordRoutes } from './own-password.js';
import { timeZoneRoutes } from './time-zone.js';
import { scenarioRoutes } from './scenarios.js';
import { employeeAppSessions } from '../operators/app-sessions.js';
import { employeeSignInRoutes } from './employee-sign-in.js';
import { employeeFunctionRoutes } from './employee-functions.js';

/**
 * The site owner's app (src/app, built to dist/app.js): its page at `/app/` and every path under
 * it, its files, and the few reads the REST API lacks, under `/app/api/`. Everything else the app
 * does goes through the REST API itself, with the same session key.
 */
export interface OwnerAppOptions {
  store: Store;
  /** The sign-in guard the REST login uses (the app signs in through the REST API). */
  loginGuard: LoginGuard;
  /** The REST API's clock (sessions expire by it). Default Date.now. */
  now?: (() => number) | undefined;
  bundleDir: string;
}

const FILES: Record<string, [string, string]> = {
  'app.js': ['app.js', 'text/javascript; charset=utf-8'],
  'app.css': ['app.css', 'text/css; charset=utf-8'],
  'uplot.css': ['op-uplot.css', 'text/css; charset=utf-8'],
};

export async function ownerAppFeature(app: FastifyInstance, opts: OwnerAppOptions): Promise<void> {
  const { db } = opts.store;
  const now = opts.now ?? Date.now;
  // Employees' sessions share the console's table, and so its clock (the real one).
  const employees = employeeAppSessions(db, opts.loginGuard);
  // Every route below refuses an employee's key with 403, unless it takes employees itself.
  const sessions = ownerSessions(apiSessions(opts.store, opts.loginGuard, now), employees);

  const page = async (_req: unknown, reply: FastifyReply) => reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(appPage());
  app.get('/app', (_req, reply) => reply.redirect('/app/'));
  app.get('/app/', page);
  for (const [name, [file, type]] of Object.entries(FILES)) serveAppFile(app, '/app/' + name, opts.bundleDir, file, type, PAGE_HEADERS);
  // Every other path is a view of the app (the API's unknown paths stay 404s).
  app.get('/app/*', async (req, reply) => {
    if (req.url.startsWith('/app/api/')) throw errors.notFound();
    return page(req, reply);
  });

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/app/api/')) reply.header('Cache-Control', 'no-store');
  });

  /** Who is signed in: a customer's user or an employee (its customer), or an agent (its customers). */
  app.get('/app/api/me', async (req) => {
    const emp = await employees.employee(req.headers[SESSION_HEADER]);
    if (emp) {
      const c = await employeeCustomer(db, emp, undefined);
      return {
        success: true,
        data: { role: 'employee', customer: { id: c.id, name: c.name, state: c.state, time_zone: c.time_zone }, customers: [] },
      };
    }
    const caller = await callerOf(sessions, req);
    if (caller.agentId != null) {
      const customers = await customersOfAgent(db, caller.agentId, { limit: 1000, offset: 0 });
      return { success: true, data: { role: 'agent', customer: null, customers } };
    }
    const c = await customerOf(db, sessions, req);
    return {
      success: true,
      data: { role: 'customer', customer: { id: c.id, name: c.name, state: c.state, time_zone: c.time_zone }, customers: [] },
    };
  });

  /** One customer of an agent, with its time zone (the agent's switcher). */
  app.get('/app/api/customer', async (req) => {
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: { id: c.id, name: c.name, state: c.state, time_zone: c.time_zone } };
  });

  /** When the server last saw a page view from the site: the snippet is installed. */
  app.get<{ Params: { id: string } }>('/app/api/sites/:id/installation', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    const site = await siteById(db, id);
    if (!site || site.customer_id !== c.id) throw errors.notFound();
    const ms = await lastPageViewMs(db, id);
    return { success: true, data: { last_page_view: ms == null ? null : new Date(ms).toISOString() } };
  });

  /** Regions of the number capacity and how many numbers each has free (buying by region). */
  app.get('/app/api/regions', async (req) => {
    const q = parse(SiteQuery, req.query);
    await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: await regionsWithFreeNumbers(db) };
  });

  /** Calls, call-backs, chats, requests and goals in one list, newest first, paged in SQL. */
  app.get('/app/api/journal', async (req) => {
    const q = parse(JournalQuery, req.query);
    const c = await siteReaderOf(db, sessions, employees, req, q.site_id, q.customer_id);
    return { success: true, data: await journalPage(db, c, q) };
  });

  /** Calls per campaign per day, for the campaign report's chart. */
  app.get('/app/api/daily', async (req) => {
    const q = parse(DailyQuery, req.query);
    const c = await siteReaderOf(db, sessions, employees, req, q.site_id, q.customer_id);
    return { success: true, data: await dailyCalls(db, c, q) };
  });

  /**
   * The journal's tags Target and Not target, made for the customer when it has none of that name
   * (the REST API lists tags but makes none; `tag_communication_sale` makes Sale the same way).
   */
  app.post('/app/api/standard-tags', async (req) => {
    const q = parse(SiteQuery, req.body);
    // An employee tags the journal of their sites, so they may make these tags too.
    const emp = await employees.employee(req.headers[SESSION_HEADER]);
    const c = emp ? await employeeCustomer(db, emp, q.customer_id) : await customerOf(db, sessions, req, q.customer_id);
    const tags = await db.transaction().execute(async (tx) => {
      const out = [];
      for (const name of STANDARD_TAGS) out.push({ id: await ensureTag(tx, c.id, name), name });
      return out;
    });
    return { success: true, data: tags };
  });

  /** A site's settings, and the customer's scenarios the call-back may use. */
  app.get<{ Params: { id: string } }>('/app/api/sites/:id/settings', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: await readSiteSettings(opts.store, c, id) };
  });

  app.put<{ Params: { id: string } }>('/app/api/sites/:id/settings', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const { customer_id: customerId, ...body } = (req.body ?? {}) as Record<string, unknown>;
    const q = parse(SiteQuery, { customer_id: customerId });
    const c = await customerOf(db, sessions, req, q.customer_id);
    await writeSiteSettings(opts.store, c, id, parse(SiteSettings, body));
    return { success: true, data: {} };
  });

  employeeSignInRoutes(app, { db, employees });
  employeeFunctionRoutes(app, { store: opts.store, employees, now });
  employeeWriteRoutes(app, { db, sessions });
  apiLoginRoutes(app, { db, sessions });
  ownPasswordRoutes(app, { db, sessions, loginGuard: opts.loginGuard });
  timeZoneRoutes(app, { db, sessions });
  scenarioRoutes(app, { db, sessions });
}
