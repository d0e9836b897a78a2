import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, errors } from '../http/errors.js';
import type { Store } from '../store/open.js';
import { actingCustomer, reachedCustomers } from './access.js';
import { DEFAULT_LIMIT, MAX_LIMIT, parseArgs, parseCustomerId, parsePage } from './args.js';
import { apiErrors } from './errors.js';
import type { ApiFunction, Context, Verb } from './function.js';
import { JSON_FORMAT, requestedFormat, send, sendError, type Format } from './output.js';
import { errorEnvelope, successEnvelope } from './responses.js';
import type { LoginGuard } from '../sign-in/login-guard.js';
import { apiSessions } from './sessions.js';

/**
 * The REST API (../shared/spec/rest-api.md): `/api/login/`, `/api/logout/` and every function at
 * `/api/v1/<function>/` (also without the trailing slash). GET takes its parameters in the query;
 * POST a JSON body `{session_key, action?, args}`, where `action` (GET, PUT, DELETE) makes it act
 * as that verb; PUT and DELETE take the same body. The answer is JSON or XML by `Accept`. The
 * OpenAPI document (`/api/docs/json`) and its reference page (`/api/docs`) are made from the same
 * zod schemas that validate the parameters.
 */

export interface ApiOptions {
  store: Store;
  /** The sign-in guard the console's login shares (sign-in/login-guard.ts). */
  loginGuard: LoginGuard;
  /** The API's clock, epoch ms (tests move it to expire sessions). Default Date.now. */
  now?: (() => number) | undefined;
  /** The functions answered at /api/v1/<name>/, each defined in its feature (src/server/rest-functions.ts lists them). */
  functions: readonly ApiFunction[];
}

/** The header of a list's answer that says how many records all its pages hold. */
export const TOTAL_HEADER = 'X-Total-Count';

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

/**
 * Takes `limit` and `offset`: every list, and every other function that answers an array (a
 * report of one record, a day per record…), whose answer is paged here with the same bounds.
 */
const paged = (fn: ApiFunction): boolean => !!fn.list || fn.response instanceof z.ZodArray;

/** The documentation schema of a function's parameters as a GET sends them. */
function docQuery(fn: ApiFunction): z.ZodObject {
  return z.object({
    session_key: z.string().describe('from login'),
    ...(fn.scope === 'customer' ? { customer_id: z.number().int().optional().describe('agents: the customer acted on (required)') } : {}),
    ...(fn.scope === 'account'
      ? {
          customer_id: z
            .number()
            .int()
            .optional()
            .describe('agents: the customer acted on (optional; without it, all the agent’s customers)'),
        }
      : {}),
    ...(paged(fn)
      ? {
          limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).optional(),
          offset: z.number().int().min(0).default(0).optional(),
        }
      : {}),
    ...fn.args.shape,
  });
}

const jsonSchema = (s: z.ZodType, io: 'input' | 'output' = 'input') =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;

/** The answers of a route for the OpenAPI document: its success envelope and the error envelope. */
function responses(success: z.ZodType, list = false): Record<string, unknown> {
  const error = jsonSchema(errorEnvelope, 'output');
  const headers = {
    [TOTAL_HEADER]: { type: 'integer', minimum: 0, description: 'EXTENSION: how many records all pages of the list hold' },
  };
  return {
    200: { description: 'success (JSON, or the same as XML by Accept)', ...jsonSchema(success, 'output'), ...(list ? { headers } : {}) },
    '4XX': { description: 'an error of the request', ...error },
    '5XX': { description: '502 for a GET without Accept, or whose Accept admits neither JSON nor XML; 500 internal', ...error },
  };
}

export async function apiFeature(app: FastifyInstance, opts: ApiOptions): Promise<void> {
  const { store } = opts;
  const now = opts.now ?? Date.now;
  const sessions = apiSessions(store, opts.loginGuard, now);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Call-tracking REST API v1',
        version: '1',
        description:
          'Functions of rest-api.md. Every answer is an envelope: `{success: true, data}`, `{success: true}` or ' +
          '`{success: false, message: "<code>: <text>"}`; JSON or XML by `Accept`. Functions marked EXTENSION are this ' +
          "server's, not the document's.",
      },
      tags: [{ name: 'session' }, { name: 'functions' }, { name: 'extensions' }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Validation is zod's (parseArgs), with the API's own error codes; the JSON schemas on the routes
  // are made from the same zod schemas and only describe them for the OpenAPI document.
  app.setValidatorCompiler(() => () => true);
  // Answers are sent as text (output.ts); the response schemas only describe them for the document.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((err, req, reply) => {
    const code = String((err as { code?: unknown }).code ?? '');
    // The server's JSON parser refuses bad JSON as 400001; the API's code for it is 100401.
    let e: unknown = err;
    if (err instanceof ApiError) e = err.code === 400001 ? apiErrors.malformed() : err;
    else if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') e = errors.tooLarge();
    else if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') e = errors.unsupportedType();
    else if (code.startsWith('FST_ERR_CTP') || ((err as { statusCode?: number }).statusCode ?? 500) < 500) e = apiErrors.malformed();
    return fail(req, reply, e);
  });

  // Session functions ------------------------------------------------------------------------
  const loginArgs = z.object({ login: z.string().min(1).max(200), password: z.string().min(1).max(1000) });
  const loginAnswer = responses(z.strictObject({ success: z.literal(true), data: z.strictObject({ session_key: z.string() }) }));
  const logoutAnswer = responses(z.strictObject({ success: z.literal(true), data: z.strictObject({}) }));
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
      const a = parseArgs(loginArgs, raw);
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
      await sessions.logout(call.sessionKey);
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
      const hide = !url.endsWith('/');
      scope.get(
        url,
        {
          schema: {
            hide,
            tags: ['session'],
            summary: 'login: opens a session (3 h)',
            querystring: jsonSchema(loginArgs),
            response: loginAnswer,
          },
        },
        login,
      );
      scope.post(
        url,
        {
          schema: {
            hide,
            tags: ['session'],
            summary: 'login: opens a session (3 h); JSON or form fields (urlencoded or multipart)',
            body: jsonSchema(loginArgs),
            response: loginAnswer,
          },
        },
        login,
      );
    }
  });
  for (const url of ['/api/logout/', '/api/logout']) {
    const hide = !url.endsWith('/');
    const query = jsonSchema(z.object({ session_key: z.string() }));
    const schema = { hide, tags: ['session'], summary: 'logout: ends the session', response: logoutAnswer };
    app.get(url, { schema: { ...schema, querystring: query } }, logout);
    app.post(url, { schema: { ...schema, body: query } }, logout);
  }

  // Functions --------------------------------------------------------------------------------
  const byName = new Map<string, Map<Verb, ApiFunction>>();
  for (const fn of opts.functions) {
    const verbs = byName.get(fn.name) ?? new Map<Verb, ApiFunction>();
    if (verbs.has(fn.verb)) throw new Error(`REST function ${fn.verb} ${fn.name} defined twice`);
    verbs.set(fn.verb, fn);
    byName.set(fn.name, verbs);
  }

  const run = async (req: FastifyRequest, reply: FastifyReply, name: string) => {
    try {
      const format = formatOf(req);
      const verbs = byName.get(name);
      if (!verbs) throw apiErrors.unknownFunction(name);
      const call = readCall(req);
      const fn = verbs.get(call.verb);
      if (!fn) throw apiErrors.wrongMethod(name, [...verbs.keys()].join(', '));
      const fromPath = fn.pathParam ? (req.params as Record<string, string | undefined>)[fn.pathParam] : undefined;
      if (fn.pathParam && fromPath !== undefined) {
        if (call.params[fn.pathParam] !== undefined) throw apiErrors.invalid(fn.pathParam, 'given in the path and again');
        call.params[fn.pathParam] = fromPath;
      }
      const caller = await sessions.caller(call.sessionKey);
      const { customer_id: customerIdRaw, limit, offset, ...params } = call.params;
      const page = paged(fn) ? parsePage(limit, offset) : { limit: DEFAULT_LIMIT, offset: 0 };
      if (!paged(fn) && (limit !== undefined || offset !== undefined))
        throw apiErrors.unknownParameter(limit !== undefined ? 'limit' : 'offset');
      let data: unknown;
      let total: number | undefined;
      const setTotal = (n: number) => {
        total = n;
      };
      if (fn.scope === 'agent') {
        if (caller.agentId == null) throw apiErrors.accessDenied(`${name} is an agent function`);
        if (customerIdRaw !== undefined) params.customer_id = customerIdRaw;
        const args = parseArgs(fn.args, params);
        const ctx: Context & { caller: { agentId: number } } = {
          store,
          caller: { ...caller, agentId: caller.agentId },
          customer: null,
          page,
          setTotal,
          now,
          ip: req.ip,
        };
        data = await fn.run(ctx, args);
      } else if (fn.scope === 'account') {
        const customerId = parseCustomerId(customerIdRaw);
        const customers = await reachedCustomers(store.db, caller, customerId);
        const args = parseArgs(fn.args, params);
        const customer = caller.agentId != null && customerId === undefined ? null : customers[0]!;
        data = await fn.run({ store, caller, customer, customers, page, setTotal, now, ip: req.ip }, args);
      } else {
        const customer = await actingCustomer(store.db, caller, parseCustomerId(customerIdRaw));
        const args = parseArgs(fn.args, params);
        data = await fn.run({ store, caller, customer, page, setTotal, now, ip: req.ip }, args);
      }
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
  };

  for (const [name, verbs] of byName) {
    const handler = (req: FastifyRequest, reply: FastifyReply) => run(req, reply, name);
    const param = [...verbs.values()].find((f) => f.pathParam)?.pathParam;
    const urls = [`/api/v1/${name}/`, `/api/v1/${name}`];
    // The document's `visitor/<visitor_id>`: the id in the path (shown in the document), or as a parameter.
    if (param) urls.unshift(`/api/v1/${name}/:${param}/`, `/api/v1/${name}/:${param}`);
    for (const url of urls) {
      const inPath = !!param && url.includes(':');
      const hide = !url.endsWith('/');
      const routes: Verb[] = [...new Set<Verb>([...verbs.keys(), 'POST'])];
      for (const method of routes) {
        const fn = verbs.get(method);
        const shown = fn ?? verbs.get('GET') ?? [...verbs.values()][0]!;
        const tags = [shown.extension ? 'extensions' : 'functions'];
        const summary = `${shown.extension ? 'EXTENSION. ' : ''}${name}: ${shown.summary}`;
        const response = responses(successEnvelope(shown), paged(shown));
        if (method === 'GET') {
          const query = docQuery(shown);
          const { [param ?? '']: inPathSchema, ...others } = query.shape;
          const path =
            inPath && inPathSchema
              ? { params: jsonSchema(z.object({ [param!]: inPathSchema })), querystring: jsonSchema(z.object(others)) }
              : {};
          app.get(url, { schema: { hide, tags, summary, querystring: jsonSchema(query), response, ...path } }, handler);
          continue;
        }
        const { session_key: _k, ...argShape } = docQuery(shown).shape;
        const others = [...verbs.keys()].filter((v) => v !== 'POST');
        const body = z.object({
          session_key: z.string(),
          ...(fn ? {} : { action: z.enum(others as [string, ...string[]]).describe('the verb this POST acts as') }),
          ...(fn && method === 'POST' && others.length ? { action: z.enum(others as [string, ...string[]]).optional() } : {}),
          args: z.object(argShape),
        });
        const description = fn ? undefined : `POST with action ${others.join('/')} acts as that verb.`;
        app.route({
          method,
          url,
          handler,
          schema: { hide, tags, summary, body: jsonSchema(body), response, ...(description ? { description } : {}) },
        });
      }
    }
  }
  // Any other path under /api/v1/: an unknown function, or a method its function does not take.
  app.all('/api/v1/*', { schema: { hide: true } }, (req, reply) => {
    try {
      formatOf(req);
    } catch (e) {
      return fail(req, reply, e);
    }
    const name = (req.params as { '*': string })['*'].replace(/\/$/, '');
    if (byName.has(name))
      return fail(req, reply, apiErrors.wrongMethod(name, [...new Set([...byName.get(name)!.keys(), 'POST'])].join(', ')));
    return fail(req, reply, apiErrors.unknownFunction(name.slice(0, 100)));
  });
}
