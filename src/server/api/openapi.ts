import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LIMIT, MAX_LIMIT } from './args.js';
import { acknowledgement, type ApiFunction, type Verb } from './function.js';
import { keyMayCall } from './api-key-limits.js';
import storedExamples from './openapi-examples.json' with { type: 'json' };
import { API_TAGS, ROUTE_WORDS, type OperationWords } from './openapi-operations.js';
import { appSignInSchema, loginSchema } from './sessions.js';
import { API_ERROR_CODES, errorEnvelope, successEnvelope } from './responses.js';

/**
 * The API reference: the OpenAPI 3.0 document of every REST function (`/api/docs/json`) and its
 * Swagger UI page (`/api/docs`). It is made from the zod schemas the functions validate and answer
 * with and the words they declare (function.ts), the routes' words of openapi-operations.ts and the real answers stored by
 * `node scripts/openapi-examples.mjs` (openapi-examples.json), so the reference cannot drift from the code.
 * Records a function answers are named components (`Site`, `Call`…), referenced from every answer
 * that holds them.
 */

/** The header of a list's answer that says how many records all its pages hold. */
export const TOTAL_HEADER = 'X-Total-Count';

/** An answer stored from a real session: the parameters sent and the envelope received. */
export interface StoredExample {
  query: Record<string, string | number | boolean>;
  answer: unknown;
}

export const API_EXAMPLES: Readonly<Record<string, StoredExample>> = storedExamples as Record<string, StoredExample>;

/** The record each function's answer holds, by function name (or `<name> <VERB>`): a named component. */
const RECORD_NAMES: Readonly<Record<string, string>> = {
  customer_list: 'Customer',
  agent_tp: 'TariffPlan',
  site: 'Site',
  ac: 'Campaign',
  ac_condition: 'CampaignSettings',
  'number_block GET': 'NumberBlock',
  tag: 'Tag',
  virtual_numbers: 'VirtualNumber',
  scenarios: 'Scenario',
  media_files: 'MediaFile',
  system_media_files: 'SystemMediaFile',
  employee: 'Employee',
  sip_lines: 'SipLine',
  stat: 'SiteStatistics',
  communication: 'Communication',
  goal: 'Goal',
  call: 'Call',
  get_cdr_in: 'IncomingCallLeg',
  get_cdr_out: 'OutgoingCallLeg',
  chat: 'Chat',
  chat_messages: 'ChatMessage',
  offline_message: 'OfflineRequest',
  visitor: 'Visitor',
  session_info: 'SessionInfo',
  advertising_sales: 'AdvertisingSales',
  callapi_request: 'ApiRequestLogRecord',
  daily_sdr: 'DailyCharges',
  cdr_in_cost: 'CallCharge',
  cdr_out_cost: 'CallCharge',
  me: 'Me',
  journal: 'JournalItem',
  daily_report: 'DailyReport',
  'site_settings GET': 'SiteSettings',
  region: 'Region',
  'api_login GET': 'ApiLogin',
  employee_assignment: 'EmployeeAssignment',
  scenario_detail: 'ScenarioDetail',
  numa_list: 'NumaList',
};

type Json = Record<string, unknown>;
type Interceptor = NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor']>;

/** Takes `limit` and `offset`: every list, and every function that answers an array (index.ts pages them alike). */
export const paged = (fn: ApiFunction): boolean => !!fn.list || fn.response instanceof z.ZodArray;

/** The words a function declares; one without them is refused as the reference is built. */
export function operationWords(fn: ApiFunction): OperationWords {
  const { tag, summary, description } = fn;
  if (!API_TAGS.some((t) => t.name === tag) || !summary || !description) {
    throw new Error(`REST function ${fn.verb} ${fn.name} lacks its tag, summary or description`);
  }
  return { tag, summary, description };
}

const SESSION_KEY_TEXT = 'the session key from login; or send it in the `Authorization: Bearer <session_key>` header';

/** The parameters a function takes besides its own: the session key, `customer_id`, paging. */
function commonArgs(fn: ApiFunction): z.ZodRawShape {
  return {
    ...(fn.scope === 'customer'
      ? { customer_id: z.number().int().min(1).optional().describe('agents: the customer acted on (required for agents)') }
      : {}),
    ...(fn.scope === 'account'
      ? {
          customer_id: z.number().int().min(1).optional().describe('agents: the customer acted on (without it, all the agent’s customers)'),
        }
      : {}),
    ...(paged(fn)
      ? {
          limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).optional().describe('records per page'),
          offset: z.number().int().min(0).default(0).optional().describe('records skipped'),
        }
      : {}),
  };
}

/**
 * Converts zod schemas to OpenAPI 3.0 schemas; a record registered here becomes a component and
 * every schema that holds it a `$ref` to it.
 */
class SchemaBook {
  private readonly ids = new Map<z.ZodType, string>();
  /** The descriptions every schema has (zod's global registry), plus the component names given here. */
  private readonly metadata = {
    get: (schema: z.ZodType) => {
      const id = this.ids.get(schema);
      const meta = z.globalRegistry.get(schema);
      return id ? { ...meta, id } : meta;
    },
  };
  readonly components: Record<string, Json> = {};

  name(schema: z.ZodType, id: string): void {
    if (!this.ids.has(schema)) this.ids.set(schema, id);
  }

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const out = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', metadata: this.metadata as never }) as Json;
    const { definitions, ...rest } = out as Json & { definitions?: Record<string, Json> };
    for (const [id, def] of Object.entries(definitions ?? {})) {
      const known = this.components[id];
      const body = refsToComponents(def) as Json;
      if (known && JSON.stringify(known) !== JSON.stringify(body)) throw new Error(`OpenAPI component ${id} is two different schemas`);
      this.components[id] = body;
    }
    return refsToComponents(rest) as Json;
  }
}

/**
 * zod writes a named schema as `#/definitions/<id>`; OpenAPI keeps them under components. The bounds
 * of a safe integer (±(2^53 - 1), every id and count) are said once in the document's description
 * rather than on each of some 500 integers.
 */
function refsToComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(refsToComponents);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if ((k === 'minimum' || k === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/definitions/', '#/components/schemas/') : refsToComponents(v);
  }
  return out;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** A JSON answer and the same envelope as XML. */
function content(schema: Json, example?: unknown): Json {
  return {
    'application/json': { schema, ...(example !== undefined ? { example } : {}) },
    'application/xml': {
      schema: { type: 'string', description: 'the same envelope as XML: `<root>` holding `<success>` and `<data>`, lists as `<item>`s' },
    },
  };
}

/** The answers of an operation: its success envelope, then the shared errors. */
function responses(success: Json, list: boolean, example?: unknown): Json {
  return {
    200: {
      description: 'success',
      content: content(success, example),
      ...(list ? { headers: { [TOTAL_HEADER]: { $ref: `#/components/headers/${TOTAL_HEADER}` } } } : {}),
    },
    '4XX': { $ref: '#/components/responses/Error' },
    '5XX': { $ref: '#/components/responses/ServerError' },
  };
}

/** Query or path parameters from an object schema, each property's description on the parameter. */
function parameters(object: Json, where: 'query' | 'path', examples: Json = {}): Json[] {
  const props = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(props).map(([name, { description, ...schema }]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(description ? { description } : {}),
    schema,
    ...(examples[name] !== undefined ? { example: examples[name] } : {}),
  }));
}

const GET_SECURITY = [{ sessionKey: [] }, { bearerAuth: [] }];
const BODY_SECURITY = [{ bearerAuth: [] }];
/** A function an API key may call also lists the key's scheme (api-key-limits.ts). */
const securityOf = (fn: ApiFunction, base: readonly object[]) => (keyMayCall(fn) ? [...base, { apiKey: [] }] : base);

interface Route {
  path: string;
  method: 'get' | 'post' | 'put' | 'delete';
  operation: Json;
}

/** An operation of a function: its words and answers, with the given id and extras. */
type Operation = (fn: ApiFunction, id: string, extra: Json, showExample?: boolean) => Json;

/** The operations of one function name (all its verbs), as index.ts routes them. */
function functionRoutes(name: string, verbs: ReadonlyMap<Verb, ApiFunction>, book: SchemaBook): Route[] {
  for (const fn of verbs.values()) {
    const record = RECORD_NAMES[`${name} ${fn.verb}`] ?? RECORD_NAMES[name];
    if (record) book.name(fn.response instanceof z.ZodArray ? (fn.response.element as z.ZodType) : fn.response, record);
  }
  const operation = operationOf(name, verbs, book);
  const idOf = (fn: ApiFunction) => (verbs.size > 1 ? `${name}_${fn.verb.toLowerCase()}` : name);
  const routes = [...verbs.values()].filter((fn) => fn.verb !== 'POST').flatMap((fn) => verbRoutes(fn, name, book, operation, idOf(fn)));
  return [...routes, postRoute(name, verbs, book, operation, idOf)];
}

/** The stored answer is shown once, on the GET itself (not on the POST that acts as it). */
function operationOf(name: string, verbs: ReadonlyMap<Verb, ApiFunction>, book: SchemaBook): Operation {
  const extension = [...verbs.values()].some((f) => f.extension);
  return (fn, id, extra, showExample = true) => {
    const words = operationWords(fn);
    const success = fn.response === acknowledgement ? ref('Acknowledgement') : book.convert(successEnvelope(fn), 'output');
    const example = fn.verb === 'GET' && showExample ? API_EXAMPLES[name] : undefined;
    return {
      operationId: id,
      summary: words.summary,
      description: words.description,
      tags: [words.tag],
      ...(extension ? { 'x-extension': true } : {}),
      ...extra,
      responses: responses(success, paged(fn), example?.answer),
    };
  };
}

/** The routes of a GET, PUT or DELETE; a GET that takes a value in its path has both forms. */
function verbRoutes(fn: ApiFunction, name: string, book: SchemaBook, operation: Operation, id: string): Route[] {
  const base = `/api/v1/${name}/`;
  const args = book.convert(z.object({ ...fn.args.shape, ...commonArgs(fn) }), 'input');
  const example = fn.verb === 'GET' ? (API_EXAMPLES[name]?.query as Json | undefined) : undefined;
  if (fn.verb === 'GET' && fn.pathParam) {
    const props = args.properties as Record<string, Json>;
    const { [fn.pathParam]: inPath, ...others } = props;
    const inQuery = { ...args, properties: others, required: ((args.required ?? []) as string[]).filter((r) => r !== fn.pathParam) };
    return [
      {
        path: `${base}{${fn.pathParam}}/`,
        method: 'get',
        operation: operation(fn, id, {
          security: securityOf(fn, GET_SECURITY),
          parameters: [
            ...parameters({ properties: { [fn.pathParam]: inPath } }, 'path', example),
            ...parameters(inQuery, 'query', example),
          ],
        }),
      },
      {
        path: base,
        method: 'get',
        operation: operation(fn, `${id}_query`, { security: securityOf(fn, GET_SECURITY), parameters: parameters(args, 'query', example) }),
      },
    ];
  }
  if (fn.verb === 'GET') {
    return [
      {
        path: base,
        method: 'get',
        operation: operation(fn, id, { security: securityOf(fn, GET_SECURITY), parameters: parameters(args, 'query', example) }),
      },
    ];
  }
  return [
    {
      path: base,
      method: fn.verb === 'PUT' ? 'put' : 'delete',
      operation: operation(fn, id, { security: securityOf(fn, BODY_SECURITY), requestBody: body(args, []) }),
    },
  ];
}

/** Every function also answers a POST: its own, or one whose `action` names the verb it acts as. */
function postRoute(
  name: string,
  verbs: ReadonlyMap<Verb, ApiFunction>,
  book: SchemaBook,
  operation: Operation,
  idOf: (fn: ApiFunction) => string,
): Route {
  const others = [...verbs.keys()].filter((v) => v !== 'POST');
  const own = verbs.get('POST');
  const shown = own ?? verbs.get('GET') ?? [...verbs.values()][0]!;
  const args = book.convert(z.object({ ...shown.args.shape, ...commonArgs(shown) }), 'input');
  const words = operationWords(shown);
  return {
    path: `/api/v1/${name}/`,
    method: 'post',
    operation: operation(
      shown,
      own ? idOf(own) : `${name}_post`,
      {
        ...(own
          ? {}
          : {
              summary: `${words.summary} (POST)`,
              description: `${words.description}\n\nThe POST form: \`action\` ${others.join(' or ')}.`,
            }),
        security: securityOf(shown, BODY_SECURITY),
        requestBody: body(args, others, !own),
      },
      false,
    ),
  };
}

/** A POST body: `{session_key, action, args}` (rest-api.md, "Conventions"). */
function body(args: Json, actions: readonly Verb[], actionRequired = false): Json {
  const hasRequired = ((args.required ?? []) as string[]).length > 0;
  const schema: Json = {
    type: 'object',
    properties: {
      session_key: { type: 'string', description: SESSION_KEY_TEXT },
      ...(actions.length
        ? { action: { type: 'string', enum: actions, description: `the verb this POST acts as${actionRequired ? '' : ' (optional)'}` } }
        : {}),
      args,
    },
    required: [...(actionRequired ? ['action'] : []), ...(hasRequired ? ['args'] : [])],
    additionalProperties: false,
  };
  if (!(schema.required as string[]).length) delete schema.required;
  return { required: true, content: { 'application/json': { schema } } };
}

/** The session functions, `/api/login/` and `/api/logout/`. */
function sessionRoutes(book: SchemaBook): Route[] {
  const loginArgs = book.convert(loginSchema, 'input');
  const key = z.strictObject({ session_key: z.string().describe('lives 3 hours') });
  const loginAnswer = book.convert(z.strictObject({ success: z.literal(true), data: key }), 'output');
  const logoutAnswer = book.convert(z.strictObject({ success: z.literal(true), data: z.strictObject({}) }), 'output');
  const login = ROUTE_WORDS.login;
  const logout = ROUTE_WORDS.logout;
  const example = API_EXAMPLES.login;
  const op = (words: OperationWords, id: string, extra: Json, answer: Json, ex?: StoredExample): Json => ({
    operationId: id,
    summary: words.summary,
    description: words.description,
    tags: [words.tag],
    ...extra,
    responses: responses(answer, false, ex?.answer),
  });
  const form = { schema: loginArgs };
  return [
    {
      path: '/api/login/',
      method: 'post',
      operation: op(
        login,
        'login',
        {
          security: [],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: loginArgs, ...(example ? { example: example.query } : {}) },
              'application/x-www-form-urlencoded': form,
              'multipart/form-data': form,
            },
          },
        },
        loginAnswer,
        example,
      ),
    },
    {
      path: '/api/login/',
      method: 'get',
      operation: op(
        { ...login, summary: `${login.summary} (GET)` },
        'login_get',
        { security: [], parameters: parameters(loginArgs, 'query', example?.query) },
        loginAnswer,
      ),
    },
    {
      path: '/api/logout/',
      method: 'get',
      operation: op(logout, 'logout', { security: GET_SECURITY }, logoutAnswer),
    },
    {
      path: '/api/logout/',
      method: 'post',
      operation: op(
        { ...logout, summary: `${logout.summary} (POST)` },
        'logout_post',
        {
          security: BODY_SECURITY,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { session_key: { type: 'string', description: SESSION_KEY_TEXT } },
                  additionalProperties: false,
                },
              },
            },
          },
        },
        logoutAnswer,
      ),
    },
  ];
}

/**
 * The functions an employee's key runs at `/app/api/employee/<function>` (owner-app/
 * employee-functions.ts): `me`, which that route answers itself, and each function that declares
 * its `employee` access.
 */
export function employeeAppFunctions(functions: readonly ApiFunction[]): string[] {
  return ['me', ...functions.flatMap((f) => (f.scope === 'customer' && f.employee ? [f.name] : []))];
}

const EMPLOYEE_SECURITY = [{ employeeKey: [] }];

/**
 * The employee's routes of the site owner's app (extensions): sign-in with the operator console's
 * e-mail and password, sign-out, and the REST functions open to employees, limited to their sites.
 */
function employeeRoutes(book: SchemaBook, functions: readonly ApiFunction[]): Route[] {
  return [...appSessionRoutes(book), ...employeeFunctionRoutes(functions)];
}

/** An operation of the site owner's app, in the words of openapi-operations.ts. */
function appOperation(name: keyof typeof ROUTE_WORDS, id: string, extra: Json, answer: Json): Json {
  const words = ROUTE_WORDS[name];
  return {
    operationId: id,
    summary: words.summary,
    description: words.description,
    tags: [words.tag],
    'x-extension': true,
    ...extra,
    responses: responses(answer, false),
  };
}

/** The app's sign-in (an owner's or an employee's key), the employee's own sign-in and sign-out. */
function appSessionRoutes(book: SchemaBook): Route[] {
  const signInArgs = book.convert(
    z.strictObject({ email: z.string().min(1).max(200).describe('the console e-mail'), password: z.string().min(1).max(1000) }),
    'input',
  );
  const key = book.convert(z.strictObject({ success: z.literal(true), data: z.strictObject({ session_key: z.string() }) }), 'output');
  const appSignInArgs = book.convert(appSignInSchema, 'input');
  const appKey = book.convert(
    z.strictObject({
      success: z.literal(true),
      data: z.strictObject({ session_key: z.string(), employee: z.boolean().describe("true: an employee's key (X-Session-Key)") }),
    }),
    'output',
  );
  return [
    {
      path: '/app/api/session',
      method: 'post',
      operation: appOperation(
        'app_sign_in',
        'app_sign_in',
        { security: [], requestBody: { required: true, content: { 'application/json': { schema: appSignInArgs } } } },
        appKey,
      ),
    },
    {
      path: '/app/api/employee-session',
      method: 'post',
      operation: appOperation(
        'employee_sign_in',
        'employee_sign_in',
        { security: [], requestBody: { required: true, content: { 'application/json': { schema: signInArgs } } } },
        key,
      ),
    },
    {
      path: '/app/api/employee-session',
      method: 'delete',
      operation: appOperation('employee_sign_out', 'employee_sign_out', { security: EMPLOYEE_SECURITY }, ref('Acknowledgement')),
    },
  ];
}

/** `/app/api/employee/{function}`: the REST functions open to employees, GET or POST. */
function employeeFunctionRoutes(functions: readonly ApiFunction[]): Route[] {
  const fn = {
    name: 'function',
    in: 'path',
    required: true,
    description: 'one of the functions open to employees',
    schema: { type: 'string', enum: employeeAppFunctions(functions) },
  };
  const anyAnswer = { type: 'object', properties: { success: { type: 'boolean' }, data: {} }, description: 'the function’s own answer' };
  return [
    {
      path: '/app/api/employee/{function}',
      method: 'get',
      operation: appOperation('employee_function', 'employee_function', { security: EMPLOYEE_SECURITY, parameters: [fn] }, anyAnswer),
    },
    {
      path: '/app/api/employee/{function}',
      method: 'post',
      operation: appOperation(
        'employee_function',
        'employee_function_post',
        {
          security: EMPLOYEE_SECURITY,
          parameters: [fn],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', properties: { args: { type: 'object', description: 'the function’s parameters' } } },
              },
            },
          },
        },
        anyAnswer,
      ),
    },
  ];
}

const DESCRIPTION = `The REST API v1 of the call-tracking service (rest-api.md), with this server's extensions marked.

- **Session**: \`login\` answers a \`session_key\` that lives 3 hours. Pass it with every other call: as the
  \`session_key\` query parameter of a GET or the top-level \`session_key\` of a POST body, as the contract has it,
  or in the header \`Authorization: Bearer <session_key>\` (an extension: the key stays out of URLs and logs).
  When both are sent they must be the same key.
- **Answers** are envelopes: \`{success: true, data}\`, \`{success: true}\`, or \`{success: false, message: "<code>: <text>"}\`.
  JSON or XML by \`Accept\`; a GET whose \`Accept\` admits neither is answered 502 (\`111406\`).
- **POST** carries \`{session_key, action, args}\`; \`action\` (GET, PUT, DELETE) makes it act as that verb.
- **Lists** take \`limit\` (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}) and \`offset\`; the header \`${TOTAL_HEADER}\` says how many records all pages hold.
- **Agents** act on a customer with \`customer_id\` (from \`customer_list\`).
- **Integers** (ids, counts) are at most 2^53 - 1 in size, as JSON numbers carry them exactly.

The examples are real answers of the demo data.`;

/** Builds the OpenAPI document of these functions. */
export function apiDocument(functions: readonly ApiFunction[]): Json {
  const book = new SchemaBook();
  const byName = new Map<string, Map<Verb, ApiFunction>>();
  for (const fn of functions) {
    const verbs = byName.get(fn.name) ?? new Map<Verb, ApiFunction>();
    verbs.set(fn.verb, fn);
    byName.set(fn.name, verbs);
  }
  const routes = [
    ...sessionRoutes(book),
    ...[...byName].flatMap(([name, verbs]) => functionRoutes(name, verbs, book)),
    ...employeeRoutes(book, functions),
  ];
  const paths: Record<string, Json> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method] = r.operation;

  const error = book.convert(errorEnvelope, 'output');
  const errorContent = (status: string) => content(ref('ErrorEnvelope'), { success: false, message: status });
  return {
    openapi: '3.0.3',
    info: { title: 'Call-tracking REST API v1', version: '1', description: DESCRIPTION },
    tags: API_TAGS,
    paths,
    components: {
      schemas: {
        ...book.components,
        Acknowledgement: book.convert(z.strictObject({ success: z.literal(true) }).describe('success without data'), 'output'),
        ErrorEnvelope: {
          ...error,
          'x-error-codes': API_ERROR_CODES.map((e) => ({ code: e.code, status: e.status, text: e.text })),
          example: { success: false, message: '102401: Unauthorized' },
        },
      },
      responses: {
        Error: {
          description: `an error of the request; \`message\` is \`<code>: <text>\`:\n\n${codeTable((s) => s < 500)}`,
          content: errorContent('100422: Invalid parameter site_id: Too small: expected number to be >=1'),
        },
        ServerError: {
          description: `a GET without a usable \`Accept\` (502), login busy (503), or an internal error (500):\n\n${codeTable((s) => s >= 500)}`,
          content: errorContent('111406: Not acceptable: send Accept application/json or application/xml'),
        },
      },
      headers: {
        [TOTAL_HEADER]: { description: 'how many records all pages of the list hold (extension)', schema: { type: 'integer', minimum: 0 } },
      },
      securitySchemes: {
        sessionKey: {
          type: 'apiKey',
          in: 'query',
          name: 'session_key',
          description: 'The session key from `login` as the `session_key` query parameter of a GET (a POST carries it in its body).',
        },
        employeeKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Session-Key',
          description: "An employee's key from `/app/api/session` or `/app/api/employee-session` (extensions of the site owner's app).",
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The session key from `login` in the header `Authorization: Bearer <session_key>` (an extension), for every verb. ' +
            'When the request also carries `session_key`, both must be the same key.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_<key_id>_<secret>',
          description:
            'An API key from `create_api_key` (an extension, docs/api-keys.md) in `Authorization: Bearer <key>`: long-lived, for integrations. ' +
            'It stands for its customer; a read-only key runs GET functions only, a key limited to sites reaches only those sites ' +
            '(`403 102403` otherwise); a revoked key is `102401`. Login, key and password functions take a session instead.',
        },
      },
    },
  };
}

function codeTable(which: (status: number) => boolean): string {
  const seen = new Set<number>();
  const rows = API_ERROR_CODES.filter((e) => which(e.status) && !seen.has(e.code) && seen.add(e.code));
  return ['| code | HTTP | text |', '|---|---|---|', ...rows.map((e) => `| ${e.code} | ${e.status} | ${e.text} |`)].join('\n');
}

/**
 * Try it out sends `Accept: *\/*` unless a media type is picked from an answer's list; the API is
 * documented as answering `application/json` first, so that is what it asks for. Runs in the
 * page: @fastify/swagger-ui writes the function's source into its initializer.
 */
const acceptJson: Interceptor = (req) => {
  const headers = (req as unknown as { headers: Record<string, string> }).headers;
  const name = Object.keys(headers).find((h) => h.toLowerCase() === 'accept');
  if (!name || headers[name] === '*/*') {
    if (name) delete headers[name];
    headers.Accept = 'application/json';
  }
  return req;
};

/**
 * Documents built, per list of functions: the list is fixed for a process, and turning every zod
 * schema into JSON Schema is most of what building the reference costs. One document serves every
 * server of the process: a copy (the module constants it holds stay as they are), frozen, since the
 * swagger plugins only read it (static mode), so that nothing can change it for the others.
 */
const builtDocuments = new WeakMap<readonly ApiFunction[], Json>();

function documentOf(functions: readonly ApiFunction[]): Json {
  let document = builtDocuments.get(functions);
  if (!document) builtDocuments.set(functions, (document = deepFreeze(structuredClone(apiDocument(functions)))));
  return document;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Serves the document at `/api/docs/json` and Swagger UI at `/api/docs`. The subjects open
 * closed: Swagger UI drew no operation at all when asked to list all 140 at once.
 *
 * The document is built when the reference is first asked for, not at start: it was a tenth of
 * each start's second, and most processes (a CLI, one of several server processes) never serve
 * it. @fastify/swagger keeps the object it is given and serves that one, so the object is filled
 * and frozen by a hook of the reference's routes before their handlers read it.
 */
export async function registerApiReference(app: FastifyInstance, functions: readonly ApiFunction[]): Promise<void> {
  const document: Json = {};
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(async (reference) => {
    reference.addHook('onRequest', async () => {
      if (!Object.isFrozen(document)) Object.freeze(Object.assign(document, documentOf(functions)));
    });
    await reference.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { displayOperationId: true, docExpansion: 'none', defaultModelsExpandDepth: 0, requestInterceptor: acceptJson },
    });
  });
}
