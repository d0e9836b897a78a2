import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { LIMITS } from '../protocol.js';
import { serveBundles } from './http/bundles.js';
import { endStreams, sseSupport, type StreamLimits } from './http/sse.js';
import { trackConnections, type Connections } from './http/connections.js';
import { callbackFeature } from './callback/routes.js';
import { queuePlatform, type CallbackPlatform } from './callback/platform.js';
import { consultantFeature } from './consultant/index.js';
import { createHub, type Hub } from './consultant/chat/hub.js';
import { createLoginGuard, type LoginGuard, type LoginGuardOptions } from './identity/login-guard.js';
import { openStore, type Store } from './store/open.js';
import type { RowHandle } from './store/rows.js';
import { ApiError, errors } from './http/errors.js';
import { parseSiteConfig, readSiteConfig, type SiteConfig } from './site-import/site-config.js';
import { siteConfigOnStart } from './site-import/start.js';
import { createSiteLookup, type SiteLookup } from './sites/lookup.js';
import { corsByRoute } from './sites/cors.js';
import { visitorsFeature } from './visitors/routes.js';
import type { CredentialGuardOptions } from './visitors/credential-guard.js';
import { windowCounters } from './store/window-counters.js';
import { createPropertyQuota, type PropertyQuotaOptions } from './visitors/property-quota.js';
import { writeRoute } from './ingest/route.js';
import { pageViewDeps } from './page-view/pipeline.js';
import { writeHandlers } from './write-handlers.js';
import { firstVisitLimit, type FirstVisitLimit } from './tracking/first-visits.js';
import { reportUnusablePatterns } from './tracking/campaign-match.js';
import { hitOfSite } from './tracking/queries.js';
import { createLeasePolicy, type LeasePolicy, type LeasePolicyOptions } from './leases/lease-policy.js';
import { writeLimits, type WriteLimits } from './http/rate-limits.js';
import { holdRefusals, type RefusalHold } from './http/refusal-hold.js';
import { logRequests, quietRequestLogs, serverLogger, type LoggerOption } from './http/request-log.js';
import { compressAnswers } from './http/compress.js';
import { proxyTrust, type ProxyTrust, type TrustedProxies } from './http/trusted-proxy.js';
import { apiFeature } from './api/index.js';
import { telephonyFeature, type TelephonyOptions } from './telephony/routes.js';
import { screenPopReader } from './telephony/screen-pop.js';
import { createCallbackDispatcher, type CallbackDispatcher } from './callback/dispatch.js';
import { seedApi, type ApiSeed } from './accounts/api-seed.js';
import { API_FUNCTIONS } from './rest-functions.js';
import { routeIncomingCall } from './numbers/routing.js';
import { qualifyingEvents } from './qualification/qualifying-events.js';
import { seedTelephony, type TelephonySeed } from './site-import/telephony-seed.js';
import { enterAllSiteNumbers } from './numbers/site-numbers.js';
import { timestamp } from './store/time.js';
import { createMetrics, instrumentServer, type ServerMetrics } from './ops/metrics.js';
import { listenMetrics, type MetricsListener, type MetricsListenerOptions } from './ops/metrics-listener.js';
import { healthRoutes } from './ops/readiness.js';
import { retentionHeader, trafficRetention } from './ops/retention.js';
import { ownerAppFeature } from './owner-app/index.js';
import { setupToken, type SetupToken } from './identity/setup-token.js';
import { reportSignInClashes } from './identity/sign-in-names.js';
import { createWebhooks, type WebhookOptions, type Webhooks } from './webhooks/index.js';
import { createConversions, type ConversionOptions, type Conversions } from './conversions/index.js';
import { webhookRecordFunctions } from './reports/webhook-records.js';
import { siteOfCommunication } from './reports/communications.js';
import type { CommunicationObjectType } from './store/tables/tagging.js';
import { createCarrierService, type CarrierOptions, type CarrierService } from './carriers/service.js';
import { CARRIER_MODULES } from './carriers/modules.js';
import { carrierCallbackPlatform } from './carriers/callback-platform.js';
import { carriersFeature } from './carriers/feature.js';
import { mailRoutes, mailService, startNotifications, type NotificationOptions, type NotificationRounds } from './mail/index.js';
import { alertingEvents } from './mail/alerting-events.js';
import { carrierFailingAlerts, poolDryAlerts, webhookOffAlerts } from './mail/alert-facts.js';
import { connectionHealth } from './carriers/connection-health.js';
import type { MailOptions } from './mail/mailer.js';
import type { ResetLimits } from './mail/reset-routes.js';
import type { MailService } from './mail/service.js';

export interface ServerOptions {
  /** SQLite file path, or `:memory:`; a `postgres://` URL runs the server on PostgreSQL. */
  dbPath: string;
  /**
   * Site configuration: a JSON file path, or the object. It seeds a database without customers (a
   * first start; every test's fresh database) and nothing more: the database is the source of
   * truth. A different file on a later start is reported to `onWarning` and not applied; the
   * import command applies it (config/start.ts, config/import.ts).
   */
  siteConfig?: string | SiteConfig;
  /** Hears one-line warnings at start (a site configuration not applied, a stored pattern RE2 cannot run). Default: stderr. */
  onWarning?: (line: string) => void;
  /** Folder holding svc.js and the other built bundles. */
  bundleDir: string;
  /** Public base URL of this server (ending with a slash); derived from each request when absent. */
  publicUrl?: string;
  /**
   * Reverse proxies whose `X-Forwarded-*` and `X-Svc-Country/Region/City` headers are believed
   * (http/trusted-proxy.ts): a hop count or addresses/CIDRs; `true` trusts every hop (tests only).
   * Default false.
   */
  trustProxy?: TrustedProxies | true;
  /**
   * Logging, every line with its tokens and session keys redacted (http/log-redaction.ts): `true`
   * or a stream at `info`, or `{ level }` (http/request-log.ts). One line per request. Default false.
   */
  logger?: LoggerOption;
  /**
   * The telephony platform that dials call-back requests, after their write commits. Default: the
   * site's carrier (carriers/callback-platform.ts), or queue them when it has none (callback/platform.ts).
   */
  callbackPlatform?: CallbackPlatform;
  /** Limit of failed credential checks on `vc/s/` and `api/add_offline_message/` (visitors/credential-guard.ts). */
  credentialGuard?: CredentialGuardOptions;
  /** Quotas of visitor properties (visitors/property-quota.ts). */
  propertyQuota?: PropertyQuotaOptions;
  /** Caps on open event streams (http/sse.ts). */
  streamLimits?: StreamLimits;
  /**
   * Who may lease DT pool numbers, and for how long (leases/lease-policy.ts): shares per address and
   * user-agent family, bots skipped, short first leases. `false`: none (every visitor leases at once, in full).
   */
  leasePolicy?: LeasePolicyOptions | false;
  /** Group-commit lanes on PostgreSQL (ingest/group-commit.ts), 1 to 8; default 4. */
  postgresLanes?: number;
  /** Limits of sign-in attempts (identity/login-guard.ts). */
  loginGuard?: LoginGuardOptions;
  /** Operator console session lifetime in ms. Default 3 h. */
  operatorSessionMs?: number;
  /** How long an operator whose console disconnected still counts as online, in ms. Default 10 s. */
  operatorGraceMs?: number;
  /** Per-IP and per-visitor rate limits of the write endpoints (http/rate-limits.ts). */
  rateLimits?: WriteLimits;
  /**
   * How long a 429 is held before it is sent (http/refusal-hold.ts). Off unless given: the server
   * command (main.ts) turns it on, 1 s by default (`SVC_REFUSAL_HOLD_MS`); tests and embedders that
   * count refusals get them at once.
   */
  refusalHold?: RefusalHold;
  /** Sees every statement the query layer runs (the query-plan test collects them). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /**
   * REST API users, agents, tariff plans and tags (demo-site/api-seed.json): applied with the site
   * configuration's seed of an empty database, never to a database that already has customers.
   */
  apiSeed?: string | ApiSeed;
  /** The REST API's clock in epoch ms (tests move it to expire sessions). Default Date.now. */
  apiClock?: () => number;
  /**
   * Number capacity, tariffs, media files, SIP lines and scenarios (demo-site/telephony-seed.json,
   * config/telephony-seed.ts): applied with the site configuration's seed of an empty database, as apiSeed.
   */
  telephonySeed?: string | TelephonySeed;
  /** The telephony boundary (telephony/): the events' secret, the lost-call timeout, the routing seams. */
  telephony?: TelephonyOptions;
  /** Serves the Prometheus metrics on a listener of its own (ops/metrics-listener.ts). Default: none (the registry is still kept). */
  metricsListener?: MetricsListenerOptions;
  /**
   * Page views and sessions older than this many days are deleted hourly, except those a
   * communication happened on (ops/retention.ts). Default: kept forever.
   */
  retentionDays?: number;
  /** Webhooks' delivery (webhooks/): http and loopback targets, the clock, the polling. Default: https to public addresses only. */
  webhooks?: WebhookOptions;
  /** Phone carriers (carriers/): the modules, the key sealing their credentials (SVC_SECRET_KEY), the calls' time limit. */
  carriers?: CarrierOptions;
  /**
   * Conversions sent to Google Ads, Metrica and GA4 (conversions/): the worker's clock and polling;
   * the sealing key and the platforms' base URLs default to the carriers' (SVC_SECRET_KEY, SVC_CARRIER_API_BASES).
   */
  conversions?: ConversionOptions;
  /** Outgoing mail (mail/): the SMTP server and the sender. Default: off, mails go to the log. */
  mail?: MailOptions;
  /** Limits of the password reset's requests (mail/reset-routes.ts). */
  passwordReset?: ResetLimits;
  /** How often the alerts and scheduled reports are mailed (mail/index.ts). */
  notifications?: NotificationOptions;
}

/** A route as registered: method and URL pattern (`/w/:siteKey`). */
export interface RouteInfo {
  method: string;
  url: string;
}

export interface ConsultantServer {
  app: FastifyInstance;
  /** The database every feature was given. */
  store: Store;
  /**
   * SQLite's own handle (store.sqlite): tests read and arrange rows through it. On PostgreSQL the
   * server has no synchronous handle; a test that wants one sets its own (test/support).
   */
  db: RowHandle;
  /** Every route the server registered, HEAD and OPTIONS included (the fuzz test covers each). */
  routes: readonly RouteInfo[];
  /** The routes that declared a per-visitor rate limit ("METHOD url"). */
  limitedRoutes: readonly string[];
  /** Resolves when the call-back requests stored so far have been handed to the platform. */
  callbacksDispatched: CallbackDispatcher['idle'];
  /** This server's Prometheus metrics (ops/metrics.ts): its own registry. */
  metrics: ServerMetrics;
  /** The webhooks' outbox and worker (tests drain it). */
  webhooks: Webhooks;
  /** The conversions' worker (tests drain it). */
  conversions: Conversions;
  /** The metrics listener's scrape address once `listen` has started it; null without one. */
  metricsUrl(): string | null;
  /** The secret of the setup link that makes the first account in the app (owner-app/setup.ts). */
  setupToken: SetupToken;
  /** The rounds that mail the alerts and reports (tests run them). */
  notifications: NotificationRounds;
  /** Starts listening; resolves with the base URL (ending with a slash). Port 0 picks a free one. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** close() after ending event streams and letting keep-alive clients finish (http/connections.ts): for SIGTERM. */
  shutdown(): Promise<void>;
}

/**
 * Builds the consultant server: database, site configuration, routes. Does not listen yet. The
 * order is Fastify's: a hook applies to the routes registered after it.
 */
export async function createServer(opts: ServerOptions): Promise<ConsultantServer> {
  const store = await openStore({ path: opts.dbPath, ...(opts.onQuery ? { onQuery: opts.onQuery } : {}) });
  const warn = opts.onWarning ?? ((line: string) => console.error(line));
  const seeded = await applySiteConfig(store, opts.siteConfig, warn);
  await reportUnusablePatterns(store.db, warn);
  const trust = proxyTrust(opts.trustProxy);
  const app = createApp(opts.logger, trust);
  logRequests(app);
  // Before the routes: the compression hook applies to routes registered after it.
  await compressAnswers(app);
  const connections = endIdleConnectionsOnClose(app);
  const routes = collectRoutes(app);
  parseJsonBodies(app);
  const sites = createSiteLookup(store);
  await corsByRoute(app, sites);
  answerWithEnvelopes(app);
  // Operations (ops/): metrics of this server alone. Each guard gets the one call that counts its refusals.
  const metrics = createMetrics();
  const refusedBy: RefusedBy = (guard) => () => metrics.refused(guard);
  const limitedRoutes = await registerGuards(app, store, refusedBy, opts);
  registerServing(app, store, metrics, opts);
  // Phone carriers (carriers/): their modules and connections, for the REST API, call-backs and their routes.
  // A connection turning failing queues the users' alerts (carriers/connection-health.ts).
  const health = connectionHealth(store, carrierFailingAlerts, opts.apiClock);
  const carriers = createCarrierService(opts.carriers ?? {}, opts.publicUrl, CARRIER_MODULES, opts.apiClock, health);
  const shared = await sharedServices(app.log, store, refusedBy, {
    ...opts,
    callbackPlatform: opts.callbackPlatform ?? carrierCallbackPlatform(store, carriers),
  });
  await registerVisitorFeatures(app, { store, sites, trust, metrics, refusedBy, ...shared }, opts);
  // The API's demo users go only into the database the site configuration has just seeded: never
  // known passwords on a database with customers of its own.
  if (seeded && opts.apiSeed) await seedApi(store, opts.apiSeed);
  await reportSignInClashes(store.db, warn);
  const mail = mailService(store, opts.mail, opts.publicUrl, opts.carriers?.secretKey, app.log);
  await registerRestApi(
    app,
    store,
    { loginGuard: shared.loginGuard, webhooks: shared.webhooks, carriers, conversions: shared.conversions, mail },
    opts,
  );
  await mailRoutes(app, { store, mail, now: opts.apiClock, resetLimits: opts.passwordReset, loginGuard: shared.loginGuard });
  const notifications = startNotifications({ store, mail, now: opts.apiClock, log: app.log }, opts.notifications);
  const setup = setupToken();
  await app.register(ownerAppFeature, {
    store,
    setupToken: setup,
    loginGuard: shared.loginGuard,
    now: opts.apiClock,
    bundleDir: opts.bundleDir,
    publicUrl: opts.publicUrl,
  });
  await enterNumbers(store, seeded, opts);
  await registerTelephony(app, store, { hub: shared.hub, webhooks: shared.webhooks, carriers }, opts.telephony);
  return serverHandle(
    app,
    { store, routes, limitedRoutes, metrics, connections, setupToken: setup, mail, notifications, ...shared },
    opts.metricsListener,
  );
}

/** Counts a refusal of one guard (ops/metrics.ts). */
type RefusedBy = (guard: Parameters<ServerMetrics['refused']>[0]) => () => void;

/** Seeds a database without customers from the site configuration; true when it did. */
async function applySiteConfig(store: Store, siteConfig: ServerOptions['siteConfig'], warn: (line: string) => void): Promise<boolean> {
  if (!siteConfig) return false;
  const source = typeof siteConfig === 'string' ? siteConfig : 'createServer({ siteConfig })';
  const config = typeof siteConfig === 'string' ? readSiteConfig(siteConfig) : parseSiteConfig(siteConfig, source);
  return (await siteConfigOnStart(store, config, source, warn)) === 'seeded';
}

/** The Fastify instance, its logger and the envelope for requests that never reach a route. */
function createApp(logger: LoggerOption | undefined, trust: ProxyTrust | false): FastifyInstance {
  return Fastify({
    logger: serverLogger(logger),
    // One line per request instead of two (http/request-log.ts).
    logController: quietRequestLogs(),
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: trust,
    // Requests Node's HTTP parser cannot read (bad syntax, headers too large) never reach Fastify's
    // routes; they get the envelope too, written on the socket.
    clientErrorHandler: (err, socket) => {
      if ((err as { code?: string }).code === 'ECONNRESET' || socket.destroyed) return;
      const code = (err as { code?: string }).code;
      const e =
        code === 'HPE_HEADER_OVERFLOW'
          ? new ApiError(431, 431001, 'Request headers too large')
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? new ApiError(408, 408001, 'Request timeout')
            : new ApiError(400, 400004, 'Bad request: unreadable HTTP');
      const body = JSON.stringify(e.envelope());
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(err);
    },
    // Errors Fastify meets before a route runs (a path with bad %-escapes) get the envelope too.
    frameworkErrors: (err, _req, reply) => {
      const e = new ApiError(400, 400003, 'Bad request: ' + (err.code === 'FST_ERR_BAD_URL' ? 'malformed URL' : 'unreadable request'));
      void (reply as FastifyReply).status(e.status).send(e.envelope());
    },
  });
}

/** A browser's unused or kept-alive connections would otherwise hold close() (http/connections.ts). */
function endIdleConnectionsOnClose(app: FastifyInstance): Connections {
  const connections = trackConnections(app.server);
  app.addHook('preClose', (done) => {
    connections.endIdle();
    done();
  });
  return connections;
}

/** Every route registered from here on, HEAD and OPTIONS included. */
function collectRoutes(app: FastifyInstance): RouteInfo[] {
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) routes.push({ method, url: r.url });
  });
  return routes;
}

/**
 * The snippet sends JSON as text/plain (a CORS simple request); server-side callers may send
 * application/json. Both are parsed here so that bad JSON gets the same envelope.
 */
function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (req, body, done) => {
    // Bodies are read as UTF-8 (what fetch and sendBeacon send); another charset would be misread.
    const charset = /;\s*charset=["']?([^;"'\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) return done(errors.unsupportedType(), undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(errors.malformed(), undefined);
    }
  });
}

/** Errors and unknown paths answer the error envelope, never a stack trace. */
function answerWithEnvelopes(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    let e: ApiError;
    if (err instanceof ApiError) e = err;
    else if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') e = errors.tooLarge();
    else if ((err as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') e = errors.unsupportedType();
    else if (typeof (err as { statusCode?: number }).statusCode === 'number' && (err as { statusCode: number }).statusCode < 500) {
      const status = (err as { statusCode: number }).statusCode;
      e = new ApiError(status, status * 1000, 'Bad request');
    } else {
      req.log.error(err);
      e = errors.internal();
    }
    return reply.status(e.status).send(e.envelope());
  });
  app.setNotFoundHandler((_req, reply) => {
    const e = errors.notFound();
    return reply.status(e.status).send(e.envelope());
  });
}

/** The server-wide limits; resolves with the routes that declared a per-visitor limit. */
async function registerGuards(
  app: FastifyInstance,
  store: Store,
  refusedBy: RefusedBy,
  opts: Pick<ServerOptions, 'refusalHold' | 'rateLimits' | 'streamLimits'>,
): Promise<string[]> {
  // Before any limit answers: every 429 of the server is held (http/refusal-hold.ts).
  holdRefusals(app, opts.refusalHold ?? { ms: 0 });
  const limitedRoutes = await writeLimits(app, opts.rateLimits, store, refusedBy('rate_limit'));
  // Event streams are capped per address and in total (http/sse.ts).
  sseSupport(app, opts.streamLimits);
  return limitedRoutes;
}

/** Metrics, liveness and readiness, traffic retention (ops/), and the built bundles. */
function registerServing(
  app: FastifyInstance,
  store: Store,
  metrics: ServerMetrics,
  opts: Pick<ServerOptions, 'retentionDays' | 'bundleDir'>,
): void {
  instrumentServer(app, metrics, store.pool);
  healthRoutes(app, store);
  if (opts.retentionDays && opts.retentionDays > 0) trafficRetention(app, store, opts.retentionDays);
  serveBundles(app, opts.bundleDir);
}

/** What several features share, made once: the events, the chat hub, the call-backs, the guards. */
interface SharedServices {
  webhooks: Webhooks;
  conversions: Conversions;
  hub: Hub;
  callbackDispatcher: CallbackDispatcher;
  loginGuard: LoginGuard;
  leasePolicy: LeasePolicy;
  firstVisits: FirstVisitLimit;
}

async function sharedServices(
  log: FastifyBaseLogger,
  store: Store,
  refusedBy: RefusedBy,
  opts: Pick<
    ServerOptions,
    | 'webhooks'
    | 'operatorGraceMs'
    | 'callbackPlatform'
    | 'apiClock'
    | 'loginGuard'
    | 'leasePolicy'
    | 'rateLimits'
    | 'carriers'
    | 'conversions'
  >,
): Promise<SharedServices> {
  // Events reach the customers' endpoints from the outbox, shaped by the REST reports' own functions.
  // Qualification rules mark what an event announces in the event's own transaction (qualification/).
  // Then what is qualified (or ends) is stored for the site's conversion destinations (conversions/),
  // and the users' mail alerts are queued, reading the records qualified (mail/).
  const conversions = createConversions(store, {
    secretKey: opts.carriers?.secretKey,
    apiBases: opts.carriers?.apiBases,
    onError: (e) => log.error(e),
    ...opts.conversions,
  });
  const webhooks = conversions.withEvents(
    alertingEvents(
      qualifyingEvents(
        await createWebhooks(store, webhookRecordFunctions, { ...webhookLogs(log), onEndpointOff: webhookOffAlerts, ...opts.webhooks }),
      ),
      opts.apiClock,
    ),
  );
  const hub = await createHub(store, { graceMs: opts.operatorGraceMs, events: webhooks });
  // Call-back requests reach the platform after their write commits (callback/dispatch.ts).
  const callbackDispatcher = createCallbackDispatcher(store, opts.callbackPlatform ?? queuePlatform, webhooks);
  // One guard of password checks for every way to sign in (the console; the REST API's login).
  const loginGuard = createLoginGuard(windowCounters(store), {
    ...(opts.apiClock ? { now: opts.apiClock } : {}),
    ...opts.loginGuard,
    onRefuse: refusedBy('login'),
  });
  const leasePolicy = createLeasePolicy(opts.leasePolicy, refusedBy('lease_policy'));
  const firstVisits = firstVisitLimit(windowCounters(store), opts.rateLimits?.firstVisits, refusedBy('first_visit'));
  return { webhooks, conversions, hub, callbackDispatcher, loginGuard, leasePolicy, firstVisits };
}

/** What the webhooks' worker tells the server's log. */
function webhookLogs(log: FastifyBaseLogger): WebhookOptions {
  return {
    onError: (e) => log.error(e),
    onDropped: (customerId, dropped) =>
      log.warn(
        { customerId, dropped: Object.fromEntries(dropped) },
        'webhooks: backlog over its cap, the oldest pending events given up (per endpoint)',
      ),
    onVisitorLimited: (siteId, visitorId) =>
      log.warn({ siteId, visitorId }, 'webhooks: a visitor passed the events an hour; later ones are stored without an event'),
  };
}

/** Each feature the snippet and the console reach is a Fastify plugin, registered with what it needs. */
async function registerVisitorFeatures(
  app: FastifyInstance,
  deps: SharedServices & {
    store: Store;
    sites: SiteLookup;
    trust: ProxyTrust | false;
    metrics: ServerMetrics;
    refusedBy: RefusedBy;
  },
  opts: Pick<
    ServerOptions,
    'propertyQuota' | 'publicUrl' | 'postgresLanes' | 'rateLimits' | 'credentialGuard' | 'bundleDir' | 'operatorSessionMs'
  >,
): Promise<void> {
  const { store, sites, hub, webhooks } = deps;
  await app.register(writeRoute, {
    store,
    sites,
    handlers: writeHandlers({
      pageView: pageViewDeps(store, deps.leasePolicy, deps.firstVisits, poolDryAlerts),
      hub,
      callbackDispatcher: deps.callbackDispatcher,
      propertyQuota: createPropertyQuota(windowCounters(store), opts.propertyQuota),
      events: webhooks,
    }),
    firstVisits: deps.firstVisits,
    leasePolicy: deps.leasePolicy,
    publicUrl: opts.publicUrl,
    trustGeoHeaders: deps.trust,
    postgresLanes: opts.postgresLanes,
    heavyWritesPerMinute: opts.rateLimits?.heavyWrites,
    metrics: deps.metrics,
  });
  await app.register(visitorsFeature, {
    store,
    sites,
    hub,
    hitOfSite,
    publicUrl: opts.publicUrl,
    credentialGuard: { ...opts.credentialGuard, onRefuse: deps.refusedBy('credential') },
    events: webhooks,
  });
  await app.register(callbackFeature, { store });
  await app.register(consultantFeature, {
    store,
    hub,
    sites,
    bundleDir: opts.bundleDir,
    publicUrl: opts.publicUrl,
    sessionMs: opts.operatorSessionMs,
    loginGuard: deps.loginGuard,
    screenPop: screenPopReader,
    events: webhooks,
  });
}

/** The REST API in a scope of its own, so that its hooks touch its answers only. */
async function registerRestApi(
  app: FastifyInstance,
  store: Store,
  {
    loginGuard,
    webhooks,
    carriers,
    conversions,
    mail,
  }: { loginGuard: LoginGuard; webhooks: Webhooks; carriers: CarrierService; conversions: Conversions; mail: MailService },
  opts: Pick<ServerOptions, 'retentionDays' | 'apiClock'>,
): Promise<void> {
  await app.register(async (rest) => {
    // The REST API's answers, and only those, say from when traffic is kept (ops/retention.ts).
    if (opts.retentionDays && opts.retentionDays > 0) rest.addHook('onSend', retentionHeader(opts.retentionDays));
    await rest.register(apiFeature, {
      store,
      loginGuard,
      functions: API_FUNCTIONS,
      // Each feature's services its functions declare they need (api/function.ts, `needs`).
      services: { webhooks: webhooks.control, carriers, conversions: conversions.control, mail },
      siteOfCommunication: (db, type, id) => siteOfCommunication(db, type as CommunicationObjectType, id),
      now: opts.apiClock,
    });
  });
}

/**
 * The telephony seed follows the API seed (its scenarios and lines name the seeded customers); the
 * numbers the sites use are the customers' from the first start that sees them.
 */
async function enterNumbers(store: Store, seeded: boolean, opts: Pick<ServerOptions, 'apiClock' | 'telephonySeed'>): Promise<void> {
  const nowMs = (opts.apiClock ?? Date.now)();
  if (seeded && opts.telephonySeed) await seedTelephony(store, opts.telephonySeed, nowMs);
  await enterAllSiteNumbers(store.db, timestamp(nowMs));
}

/**
 * Calls are routed by the customers' scenarios, numa lists and forwarding targets (numbers/routing.ts);
 * their events come signed to the telephony boundary, or from a carrier to its own routes (carriers/).
 */
async function registerTelephony(
  app: FastifyInstance,
  store: Store,
  { hub, webhooks, carriers }: { hub: Hub; webhooks: Webhooks; carriers: CarrierService },
  telephony: TelephonyOptions | undefined,
): Promise<void> {
  const counters = telephony?.counters ?? { refusedUnknownNumber: 0 };
  const routing = telephony?.routing ?? routeIncomingCall;
  await app.register(telephonyFeature, { store, hub, ...telephony, counters, routing, events: webhooks });
  await app.register(carriersFeature, { store, carriers, accept: { store, hub, routing, events: webhooks, counters } });
}

/** The server as its callers hold it: listen, close in order, shut down gracefully. */
function serverHandle(
  app: FastifyInstance,
  parts: {
    store: Store;
    routes: readonly RouteInfo[];
    limitedRoutes: readonly string[];
    metrics: ServerMetrics;
    connections: Connections;
    callbackDispatcher: CallbackDispatcher;
    webhooks: Webhooks;
    conversions: Conversions;
    hub: Hub;
    setupToken: SetupToken;
    mail: MailService;
    notifications: NotificationRounds;
  },
  metricsListenerOptions: MetricsListenerOptions | undefined,
): ConsultantServer {
  const { store, metrics, callbackDispatcher, webhooks, hub } = parts;
  let metricsListener: MetricsListener | null = null;
  const close = async () => {
    await metricsListener?.close();
    await app.close();
    await callbackDispatcher.idle();
    await webhooks.close();
    await parts.conversions.close();
    await hub.close();
    await parts.notifications.close();
    parts.mail.mailer.close();
    await store.close();
  };
  return {
    app,
    store,
    db: store.sqlite ?? noRowHandle,
    routes: parts.routes,
    limitedRoutes: parts.limitedRoutes,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      if (metricsListenerOptions && !metricsListener) metricsListener = await listenMetrics(metrics.registry, metricsListenerOptions);
      const addr = app.server.address();
      const p = typeof addr === 'object' && addr ? addr.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${p}/`;
    },
    callbacksDispatched: () => callbackDispatcher.idle(),
    metrics,
    webhooks,
    conversions: parts.conversions,
    metricsUrl: () => metricsListener?.url ?? null,
    setupToken: parts.setupToken,
    notifications: parts.notifications,
    close,
    async shutdown() {
      endStreams(app);
      await parts.connections.drain();
      await close();
    },
  };
}

const refuse = (): never => {
  throw new Error('server.db is SQLite-only: on PostgreSQL use store.db (Kysely) or a test handle');
};
const noRowHandle: RowHandle = { prepare: refuse, exec: refuse };
