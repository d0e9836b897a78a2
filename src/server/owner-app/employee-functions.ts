import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_LIMIT, parseArgs, parsePage } from '../api/args.js';
import type { ApiFunction, CustomerContext } from '../api/function.js';
import { paged } from '../api/openapi.js';
import { errors } from '../http/errors.js';
import type { AppEmployee, EmployeeAppSessions } from '../operators/app-sessions.js';
import { siteOfCommunication } from '../reports/communications.js';
import { advertisingSales, stat } from '../reports/report-functions.js';
import { tag } from '../reports/tag-functions.js';
import { tagCommunication, tagCommunicationSale, untagCommunication } from '../reports/tagging-functions.js';
import { ac } from '../sites/campaign-functions.js';
import { site } from '../sites/site-functions.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import { appUnauthorized, asAppError, employeeCustomer, notYourSite, SESSION_HEADER } from './access.js';
import { dailyReport } from './daily-report-function.js';
import { journal } from './journal-function.js';
import { createStandardTags } from './standard-tags-function.js';

/**
 * The REST functions an employee's journal and report use, at `/app/api/employee/<function>`,
 * answered by the REST functions themselves (one source of truth) behind the employee's rule:
 * only the sites they serve. A function naming a site or a communication of another site is
 * refused with 403; a listing without a site lists only theirs; any other function is refused
 * with 403. Parameters and answers are the REST API's (a GET's in the query, a POST's in `args`);
 * the key is the app's header. `me` answers the employee and their customer.
 */

type Args = Record<string, unknown>;

interface Allowed {
  fn: ApiFunction;
  /** Refuses arguments that reach beyond the employee's sites. */
  check?: (db: Queryable, emp: AppEmployee, args: Args) => Promise<void>;
  /** The site of each row of a listing that may span sites: other sites' rows are left out. */
  siteOfRow?: (row: Record<string, unknown>) => unknown;
}

const namedSite = async (_db: Queryable, emp: AppEmployee, a: Args) => {
  if (!emp.sites.includes(a.site_id as number)) throw notYourSite(a.site_id);
};
const optionalSite = async (db: Queryable, emp: AppEmployee, a: Args) => {
  if (a.site_id !== undefined) await namedSite(db, emp, a);
};
const communicationSite = async (db: Queryable, emp: AppEmployee, a: Args) => {
  const siteId = await siteOfCommunication(db, a.object_type as 'goal', a.object_id as number);
  if (siteId == null || !emp.sites.includes(siteId)) throw notYourSite(siteId ?? 'of the communication');
};

const ALLOWED = new Map<string, Allowed>([
  ['journal', { fn: journal, check: namedSite }],
  ['daily_report', { fn: dailyReport, check: namedSite }],
  // An employee tags the journal of their sites, so they may make the standard tags too.
  ['create_standard_tags', { fn: createStandardTags }],
  ['site', { fn: site, siteOfRow: (r) => r.id }],
  ['ac', { fn: ac, check: optionalSite, siteOfRow: (r) => r.site_id }],
  ['tag', { fn: tag }],
  ['stat', { fn: stat, check: namedSite }],
  ['advertising_sales', { fn: advertisingSales, check: namedSite }],
  ['tag_communication', { fn: tagCommunication, check: communicationSite }],
  ['untag_communication', { fn: untagCommunication, check: communicationSite }],
  ['tag_communication_sale', { fn: tagCommunicationSale, check: communicationSite }],
]);

/** Every function an employee's key runs here (the API reference lists them: api/openapi.ts). */
export const EMPLOYEE_FUNCTION_NAMES: readonly string[] = ['me', ...ALLOWED.keys()];

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
    if (!allowed || allowed.fn.verb !== verb) throw notYourSite(null);
    const { fn } = allowed;
    const raw = (verb === 'GET' ? req.query : ((req.body as { args?: unknown } | null)?.args ?? {})) as Args;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw errors.invalid('args');
    return asAppError(async () => {
      const { customer_id: customerId, limit, offset, ...params } = raw;
      const customer = await employeeCustomer(db, emp, customerId);
      const args = parseArgs(fn.args, params) as Args;
      await allowed.check?.(db, emp, args);
      const page = paged(fn) ? parsePage(limit, offset) : { limit: MAX_LIMIT, offset: 0 };
      const filter = allowed.siteOfRow && args.site_id === undefined ? allowed.siteOfRow : null;
      let total: number | undefined;
      const ctx: CustomerContext = {
        store,
        // An employee is no REST login: functions that record who acted are not among these.
        caller: { userId: 0, customerId: customer.id, agentId: null },
        customer,
        page: filter ? { limit: MAX_LIMIT, offset: 0 } : page,
        setTotal: (n) => {
          total = n;
        },
        now,
        ip: req.ip,
      };
      let data = (await (fn as Extract<ApiFunction, { scope: 'customer' }>).run(ctx, args)) as unknown;
      if (Array.isArray(data)) {
        let rows = data as Array<Record<string, unknown>>;
        if (filter) rows = rows.filter((r) => emp.sites.includes(filter(r) as number));
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
