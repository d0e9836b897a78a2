import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginGuard } from '../identity/login-guard.js';
import { errors } from '../http/errors.js';
import type { Store } from '../store/open.js';
import { appPage, PAGE_HEADERS } from './page.js';
import { serveAppFile } from './files.js';
import { employeeAppSessions } from '../identity/app-sessions.js';
import { employeeSignInRoutes } from './employee-sign-in.js';
import { appSignInRoutes } from './app-sign-in.js';
import { apiSessions } from '../api/sessions.js';
import { employeeFunctionRoutes } from './employee-functions.js';
import { setupRoutes } from './setup.js';
import type { SetupToken } from '../identity/setup-token.js';

/**
 * The site owner's app (src/app, built to dist/app.js): its page at `/app/` and every path under
 * it, and its files. Everything the app reads and writes goes through the REST functions
 * (`/api/v1/`, the app's own as documented extensions), with the REST session key. Its sign-in form
 * takes a REST login or an employee's e-mail (app-sign-in.ts); an employee calls the few functions
 * open to them under `/app/api/` (employee-functions.ts), where the rule "only the sites they serve"
 * is kept.
 */
export interface OwnerAppOptions {
  store: Store;
  /** The sign-in guard every password check goes through (the REST login, the console). */
  loginGuard: LoginGuard;
  /** The REST API's clock (sessions expire by it). Default Date.now. */
  now?: (() => number) | undefined;
  bundleDir: string;
  /** The server's public base URL: with https, the sign-in's device cookie is `Secure`. */
  publicUrl?: string | undefined;
  /** The secret of the setup link that makes the first account (setup.ts). */
  setupToken: SetupToken;
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
  const employees = employeeAppSessions(db, opts.loginGuard, { publicUrl: opts.publicUrl });

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

  employeeSignInRoutes(app, { db, employees });
  appSignInRoutes(app, { db, employees, sessions: apiSessions(opts.store, opts.loginGuard, now) });
  employeeFunctionRoutes(app, { store: opts.store, employees, now });
  setupRoutes(app, { store: opts.store, token: opts.setupToken });
}
