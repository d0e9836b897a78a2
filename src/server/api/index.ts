import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errors } from '../http/errors.js';
import type { Store } from '../store/open.js';
import { actingCustomer, reachedCustomers } from './access.js';
import { asKeyAllows, type SiteOfCommunication } from './api-key-limits.js';
import { DEFAULT_LIMIT, parseArgs, parseCustomerId, parsePage } from './args.js';
import { apiErrors } from './errors.js';
import type { ApiFunction, Caller, Context, ServiceName, Services, Verb } from './function.js';
import type { Page } from '../store/page.js';
import { JSON_FORMAT, requestedFormat, send, sendError, type Format } from './output.js';
import { paged, registerApiReference, TOTAL_HEADER } from './openapi.js';
import type { LoginGuard } from '../identity/login-guard.js';
import { apiSessions, loginSchema, presentedSessionKey, type ApiSessions } from './sessions.js';
import { nameRoute } from '../http/route-label.js';

/**
 * The REST API (docs/spec/rest-api.md): `/api/login/`, `/api/logout/` and every function at
 * `/api/v1/<function>/` (also without the trailing slash). GET takes its parameters in the query;
 * POST a JSON body `{session_key, action?, args}`, where `action` (GET, PUT, DELETE) makes it act
 * as that verb; PUT and DELETE take the same body. The session key may also come in an
 * `Authorization: Bearer` header (sessions.ts). The answer is JSON or XML by `Accept`. The API
 * reference (`/api/docs`) is openapi.ts's.
 */

export interface ApiOptions {
  store: Store;
  /** The sign-in guard the console's login shares (identity/login-guard.ts). */
  loginGuard: LoginGuard;
  /** The API's clock, epoch ms (tests move it to expire sessions). Default Date.now. */
  now?: (() => number) | undefined;
  /** The functions answered at /api/v1/<name>/, each defined in its feature (src/server/rest-functions.ts lists them). */
  functions: readonly ApiFunction[];
  /** The running services the functions declare they need (`needs`), from their features. */
  services: Services;
  /** Where an API key limited to sites finds the site of a communication it tags (reports/). */
  siteOfCommunication: SiteOfCommunication;
}

export { TOTAL_HEADER };

const VERBS: readonly Verb[] = ['GET', 'POST', 'PUT', 'DELETE'];

type Params = Record<string, unknown>;

/** What a request says: the session key, the verb it acts as, the parameters. */
interface Call {
  sessionKey: unknown;
  verb: Verb;
  params: Params;
}

const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);

function readCall(req: FastifyRequest): Call {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const { session_key: sessionKey, accept: _accept, ...params } = (req.query ?? {}) as Params;
    return { sessionKey, verb: 'GET', params };
  }
  const body = req.body;
  if (!isObject(body)) throw apiErrors.malformed();
  const { session_key: sessionKey, action, args = {}, ...rest } = body;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw apiErrors.unknownParameter(extra);
  if (!isObject(args)) throw apiErrors.invalid('args', 'an object');
  let verb = req.method as Verb;
  if (action !== undefined) {
    if (req.method !== 'POST' || typeof action !== 'string' || !VERBS.includes(action.toUpperCase() as Verb)) {
      throw apiErrors.invalid('action', 'GET, PUT or DELETE on a POST');
    }
    verb = action.toUpperCase() as Verb;
  }
  return { sessionKey, verb, params: args };
}

/**
 * The format of the answer; a GET without `Accept`, or whose `Accept` admits neither JSON nor XML,
 * gets the document's 502. A POST without one answers JSON.
 */
function formatOf(req: FastifyRequest): Format {
  const f = requestedFormat(req);
  if (f) return f;
  if (req.method === 'GET' || req.method === 'HEAD') throw apiErrors.notAcceptable();
  return JSON_FORMAT;
}

function fail(req: FastifyRequest, reply: FastifyReply, e: unknown): FastifyReply {
  if (!(e instanceof ApiError)) {
    req.log.error(e);
    e = new ApiError(500, 100500, 'Internal error');
  }
  return sendError(reply, requestedFormat(req) ?? JSON_FORMAT, e as ApiError);
}

export async function apiFeature(app: FastifyInstance, opts: ApiOptions): Promise<void> {
  const { store, services, loginGuard } = opts;
  const now = opts.now ?? Date.now;
  const sessions = apiSessions(store, loginGuard, now);
  await registerApiReference(app, opts.functions);
  app.setErrorHandler(answerApiError);
  await registerSessionRoutes(app, sessions);
  registerFunctionRoutes(app, functionsByName(opts.functions), {
    store,
    services,
    sessions,
    loginGuard,
    now,
    siteOfCommunication: opts.siteOfCommunication,
  });
}

/** Errors Fastify meets before a handler runs answer in the API's codes and format. */
function answerApiError(err: Error, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const code = String((err as { code?: unknown }).code ?? '');
  // The server's JSON parser refuses bad JSON as 400001; the API's code for it is 100401.
  let e: unknown = err;
  if (err instanceof ApiError) e = err.code === 400001 ? apiErrors.malformed() : err;
  else if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') e = errors.tooLarge();
  else if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') e = errors.unsupportedType();
  else if (code.startsWith('FST_ERR_CTP') || ((err as { statusCode?: number }).statusCode ?? 500) < 500) e = apiErrors.malformed();
  return fail(req, reply, e);
}

/** The session functions: `/api/login/` and `/api/logout/`, with or without the slash, GET or POST. */
async function registerSessionRoutes(app: FastifyInstance, sessions: ApiSessions): Promise<void> {
  const login = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const format = formatOf(req);
      let raw: Params;
      if (req.method === 'GET') {
        const { accept: _a, ...q } = (req.query ?? {}) as Params;
        raw = q;
      } else {
        if (!isObject(req.body)) throw apiErrors.malformed();
        raw = isObject(req.body.args) ? req.body.args : req.body;
      }
      const a = parseArgs(loginSchema, raw);
      const sessionKey = await sessions.login(a.login, a.password, req.ip, reply);
      return send(reply, format, 200, { success: true, data: { session_key: sessionKey } });
    } catch (e) {
      return fail(req, reply, e);
    }
  };
  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const format = formatOf(req);
      const call = readCall(req);
      const extra = Object.keys(call.params)[0];
      if (extra !== undefined) throw apiErrors.unknownParameter(extra);
      await sessions.logout(presentedSessionKey(req.headers.authorization, call.sessionKey));
      return send(reply, format, 200, { success: true, data: {} });
    } catch (e) {
      return fail(req, reply, e);
    }
  };
  await app.register(async (scope) => {
    // login also takes form fields, urlencoded or multipart, as the vendor's clients send them; only
    // here, so no other route parses multipart. Fields only: a file part is refused (100401).
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fields: 10, fieldSize: 2048, files: 0, parts: 10, headerPairs: 20 },
    });
    for (const url of ['/api/login/', '/api/login']) {
      scope.get(url, login);
      scope.post(url, login);
    }
  });
  for (const url of ['/api/logout/', '/api/logout']) {
    app.get(url, logout);
    app.post(url, logout);
  }
}

/** Each function name with its verbs; a verb defined twice for one name is refused at start. */
function functionsByName(functions: readonly ApiFunction[]): ReadonlyMap<string, ReadonlyMap<Verb, ApiFunction>> {
  const byName = new Map<string, Map<Verb, ApiFunction>>();
  for (const fn of functions) {
    const verbs = byName.get(fn.name) ?? new Map<Verb, ApiFunction>();
    if (verbs.has(fn.verb)) throw new Error(`REST function ${fn.verb} ${fn.name} defined twice`);
    verbs.set(fn.verb, fn);
    byName.set(fn.name, verbs);
  }
  return byName;
}

/** What running a function takes, beyond the request. */
interface FunctionRuntime {
  store: Store;
  services: Services;
  sessions: ApiSessions;
  loginGuard: LoginGuard;
  now: () => number;
  siteOfCommunication: SiteOfCommunication;
}

/**
 * Four patterns serve every function: a route per function, URL form and method made 356 of a
 * server's 467 routes and a third of the CPU of building it. POST runs any function (its body may
 * name the verb); HEAD is a GET.
 */
function registerFunctionRoutes(
  app: FastifyInstance,
  byName: ReadonlyMap<string, ReadonlyMap<Verb, ApiFunction>>,
  runtime: FunctionRuntime,
): void {
  const dispatch = (req: FastifyRequest, reply: FastifyReply) => {
    const { function: name, value } = req.params as { function: string; value?: string };
    const verbs = byName.get(name);
    const method = req.method === 'HEAD' ? 'GET' : (req.method as Verb);
    // A value in the path only where the document shows one (`visitor/<visitor_id>`).
    const strayValue = value !== undefined && ![...(verbs?.values() ?? [])].some((f) => f.pathParam);
    if (!verbs || strayValue || !(method === 'POST' || verbs.has(method))) {
      return runsNothing(req, reply, byName, value === undefined ? name : `${name}/${value}`);
    }
    nameRoute(req, `/api/v1/${name}/`);
    return runFunction(runtime, req, reply, name, verbs, value);
  };
  for (const url of ['/api/v1/:function/', '/api/v1/:function', '/api/v1/:function/:value/', '/api/v1/:function/:value']) {
    app.route({ method: VERBS as Verb[], url, handler: dispatch });
  }
  // Any other path under /api/v1/ (no function name, or more than a name and a value).
  app.all('/api/v1/*', (req, reply) => runsNothing(req, reply, byName, (req.params as { '*': string })['*'].replace(/\/$/, '')));
}

/** What any path under /api/v1/ that runs no function answers: an unknown function, or a method its function does not take. */
function runsNothing(
  req: FastifyRequest,
  reply: FastifyReply,
  byName: ReadonlyMap<string, ReadonlyMap<Verb, ApiFunction>>,
  name: string,
): FastifyReply {
  try {
    formatOf(req);
  } catch (e) {
    return fail(req, reply, e);
  }
  if (byName.has(name))
    return fail(req, reply, apiErrors.wrongMethod(name, [...new Set([...byName.get(name)!.keys(), 'POST'])].join(', ')));
  return fail(req, reply, apiErrors.unknownFunction(name.slice(0, 100)));
}

/** One call of a function: its verb and parameters, the caller's session, its scope, its page of the answer. */
async function runFunction(
  runtime: FunctionRuntime,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  verbs: ReadonlyMap<Verb, ApiFunction>,
  pathValue: string | undefined,
): Promise<FastifyReply> {
  try {
    const format = formatOf(req);
    const call = readCall(req);
    const declared = verbs.get(call.verb);
    if (!declared) throw apiErrors.wrongMethod(name, [...verbs.keys()].join(', '));
    takePathValue(declared, call.params, pathValue);
    const sessionKey = presentedSessionKey(req.headers.authorization, call.sessionKey);
    const caller = await runtime.sessions.caller(sessionKey);
    const fn = asKeyAllows(declared, caller, runtime.siteOfCommunication);
    const { customer_id: customerIdRaw, limit, offset, ...params } = call.params;
    const page = pageOf(fn, limit, offset);
    let total: number | undefined;
    const setTotal = (n: number) => {
      total = n;
    };
    const { store, services, now, loginGuard } = runtime;
    const context: ScopelessContext = { store, services, page, setTotal, now, ip: req.ip, sessionKey: sessionKey as string, loginGuard };
    let data = await runInScope(fn, name, caller, customerIdRaw, params, context);
    if (!fn.list && paged(fn) && Array.isArray(data)) {
      total = data.length;
      data = data.slice(page.offset, page.offset + page.limit);
    }
    if (paged(fn)) {
      // The total of every page, in a header so that v1's envelope stays the document's.
      if (total === undefined) throw new Error(`REST list ${name} did not count its records`);
      reply.header(TOTAL_HEADER, String(total));
    }
    return send(reply, format, 200, data === undefined ? { success: true } : { success: true, data });
  } catch (e) {
    return fail(req, reply, e);
  }
}

/** A value in the path (`visitor/<visitor_id>`) is the parameter its function names there, given once. */
function takePathValue(fn: ApiFunction, params: Params, pathValue: string | undefined): void {
  if (!fn.pathParam || pathValue === undefined) return;
  if (params[fn.pathParam] !== undefined) throw apiErrors.invalid(fn.pathParam, 'given in the path and again');
  params[fn.pathParam] = pathValue;
}

/** `limit` and `offset` of a function that pages its answer; refused by one that does not. */
function pageOf(fn: ApiFunction, limit: unknown, offset: unknown): Page {
  if (paged(fn)) return parsePage(limit, offset);
  if (limit !== undefined || offset !== undefined) throw apiErrors.unknownParameter(limit !== undefined ? 'limit' : 'offset');
  return { limit: DEFAULT_LIMIT, offset: 0 };
}

/** A function's context before its scope names the caller and the customers it acts on. */
type ScopelessContext = Omit<Context<ServiceName>, 'caller' | 'customer'>;

/** Runs the function as its scope says: an agent's own, an account's customers, or one customer. */
async function runInScope(
  fn: ApiFunction,
  name: string,
  caller: Caller,
  customerIdRaw: unknown,
  params: Params,
  context: ScopelessContext,
): Promise<unknown> {
  const db = context.store.db;
  if (fn.scope === 'agent') {
    if (caller.agentId == null) throw apiErrors.accessDenied(`${name} is an agent function`);
    if (customerIdRaw !== undefined) params.customer_id = customerIdRaw;
    const args = parseArgs(fn.args, params);
    const ctx: Context<ServiceName> & { caller: { agentId: number } } = {
      ...context,
      caller: { ...caller, agentId: caller.agentId },
      customer: null,
    };
    return fn.run(ctx, args);
  }
  if (fn.scope === 'account') {
    const customerId = parseCustomerId(customerIdRaw);
    const customers = await reachedCustomers(db, caller, customerId);
    const args = parseArgs(fn.args, params);
    const customer = caller.agentId != null && customerId === undefined ? null : customers[0]!;
    return fn.run({ ...context, caller, customer, customers }, args);
  }
  const customer = await actingCustomer(db, caller, parseCustomerId(customerIdRaw));
  const args = parseArgs(fn.args, params);
  return fn.run({ ...context, caller, customer }, args);
}
