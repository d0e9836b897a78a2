import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_LIMIT, parseArgs, parsePage } from '../api/args.js';
import type { ApiFunction, CustomerContext, EmployeeAccess, ServiceName } from '../api/function.js';
import { employeeAppFunctions, paged } from '../api/openapi.js';
import { errors } from '../http/errors.js';
import type { AppEmployee, EmployeeAppSessions } from '../identity/app-sessions.js';
import { siteOfCommunication } from '../reports/communications.js';
import { API_FUNCTIONS } from '../rest-functions.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import { appUnauthorized, asAppError, employeeCustomer, notYourSite, SESSION_HEADER } from './access.js';

/**
 * The REST functions an employee's journal and report use, at `/app/api/employee/<function>`,
 * answered by the REST functions themselves (one source of truth) behind the employee's rule:
 * only the sites they serve. Each function open to employees says so in its declaration
 * (`employee`, api/function.ts). A function naming a site or a communication of another site is
 * refused with 403; a listing without a site lists only theirs; any other function is refused
 * with 403. Parameters and answers are the REST API's (a GET's in the query, a POST's in `args`);
 * the key is the app's header. `me` answers the employee and their customer.
 */

type Args = Record<string, unknown>;
type CustomerFunction = Extract<ApiFunction, { scope: 'customer' }>;

/** Refuses arguments that reach beyond the employee's sites, by the declaration's check. */
type SiteCheck = (db: Queryable, emp: AppEmployee, args: Args) => Promise<void>;

const namedSite: SiteCheck = async (_db, emp, a) => {
  if (!emp.sites.includes(a.site_id as number)) throw notYourSite(a.site_id);
};
const SITE_CHECKS: Readonly<Record<EmployeeAccess['site'], SiteCheck | undefined>> = {
  named: namedSite,
  optional: async (db, emp, a) => {
    if (a.site_id !== undefined) await namedSite(db, emp, a);
  },
  communication: async (db, emp, a) => {
    const siteId = await siteOfCommunication(db, a.object_type as 'goal', a.object_id as number);
    if (siteId == null || !emp.sites.includes(siteId)) throw notYourSite(siteId ?? 'of the communication');
  },
  none: undefined,
};

interface Allowed {
  fn: CustomerFunction;
  access: EmployeeAccess;
}

const ALLOWED = new Map<string, Allowed>(
  API_FUNCTIONS.flatMap((fn) => {
    if (fn.scope !== 'customer' || !fn.employee) return [];
    // This route gives a function no services: one that needs them is not for employees yet.
    if (fn.needs?.length) throw new Error(`REST function ${fn.name} needs services an employee's route does not give`);
    return [[fn.name, { fn, access: fn.employee }] as const];
  }),
);

/** Every function an employee's key runs here (the API reference lists them: api/openapi.ts). */
export const EMPLOYEE_FUNCTION_NAMES: readonly string[] = employeeAppFunctions(API_FUNCTIONS);

export function employeeFunctionRoutes(app: FastifyInstance, deps: { store: Store; employees: EmployeeAppSessions; now: () => number }) {
  const { store, employees, now } = deps;
  const db = store.db;

  const run = async (req: FastifyRequest<{ Params: { fn: string } }>, reply: FastifyReply) => {
    const emp = await employees.employee(req.headers[SESSION_HEADER]);
    if (!emp) throw appUnauthorized();
    if (req.params.fn === 'me' && req.method !== 'POST') {
      const c = await asAppError(() => employeeCustomer(db, emp, undefined));
      const customer = { id: c.id, name: c.name, state: c.state, time_zone: c.time_zone };
      return { success: true, data: { role: 'employee', customer, customers: [] } };
    }
    const allowed = ALLOWED.get(req.params.fn);
    const verb = req.method === 'GET' ? 'GET' : 'POST';
    // Every change comes as a POST (a PUT's too): a function open to employees has one verb.
    if (!allowed || (allowed.fn.verb === 'GET') !== (verb === 'GET')) throw notYourSite(null);
    const { fn, access } = allowed;
    const raw = (verb === 'GET' ? req.query : ((req.body as { args?: unknown } | null)?.args ?? {})) as Args;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw errors.invalid('args');
    return asAppError(async () => {
      const { customer_id: customerId, limit, offset, ...params } = raw;
      const customer = await employeeCustomer(db, emp, customerId);
      const args = parseArgs(fn.args, params) as Args;
      await SITE_CHECKS[access.site]?.(db, emp, args);
      const page = paged(fn) ? parsePage(limit, offset) : { limit: MAX_LIMIT, offset: 0 };
      const filter = access.siteOfRow !== undefined && args.site_id === undefined ? access.siteOfRow : null;
      let total: number | undefined;
      const ctx: CustomerContext = {
        store,
        // None: ALLOWED holds no function that needs a service.
        services: {},
        // An employee is no REST login: functions that record who acted are not among these.
        caller: { userId: 0, customerId: customer.id, agentId: null, employee: { id: emp.id, sites: emp.sites } },
        customer,
        page: filter ? { limit: MAX_LIMIT, offset: 0 } : page,
        setTotal: (n) => {
          total = n;
        },
        now,
        ip: req.ip,
      };
      let data = (await fn.run(ctx as CustomerContext<ServiceName>, args)) as unknown;
      // A list cut to the employee's sites is read whole, a page at a time, before it is paged.
      for (let offset = MAX_LIMIT; filter && fn.list && Array.isArray(data) && data.length === offset; offset += MAX_LIMIT) {
        const more = (await fn.run({ ...ctx, page: { limit: MAX_LIMIT, offset } } as CustomerContext<ServiceName>, args)) as unknown[];
        data = [...data, ...more];
      }
      if (Array.isArray(data)) {
        let rows = data as Array<Record<string, unknown>>;
        if (filter) rows = rows.filter((r) => emp.sites.includes(r[filter] as number));
        if (filter || total === undefined) {
          total = rows.length;
          rows = rows.slice(page.offset, page.offset + page.limit);
        }
        data = rows;
        reply.header('X-Total-Count', String(total));
      }
      return data === undefined ? { success: true } : { success: true, data };
    });
  };

  app.get<{ Params: { fn: string } }>('/app/api/employee/:fn', run);
  app.post<{ Params: { fn: string } }>('/app/api/employee/:fn', run);
}
