import { z } from 'zod';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { employeeEmail } from '../identity/operators.js';
import { apiLoginById } from '../identity/rest-logins.js';
import { sitesOfCustomer } from '../sites/sites.js';
import { ALERT_KINDS, WIRED_KINDS } from './alert-kinds.js';
import { alertChoices, setAlertChoices, type AlertOwner } from './alert-subscriptions.js';

/**
 * EXTENSION (docs/notifications.md, "Alerts"; docs/rest-api.md, "Notifications"): the session's
 * login chooses which alerts it gets by mail, per site of the customer (site 0: every site), at
 * which address and in which language.
 */

const owner = (ctx: CustomerContext): AlertOwner =>
  ctx.caller.employee
    ? { customerId: ctx.customer.id, account: 'employee', accountId: ctx.caller.employee.id }
    : { customerId: ctx.customer.id, account: 'rest', accountId: ctx.caller.userId };

/** What an employee may choose: the kinds of their sites' records (an endpoint or a carrier is the customer's). */
const EMPLOYEE_KINDS: ReadonlySet<string> = new Set(['missed_call', 'request', 'chat_unanswered', 'qualified', 'pool_dry']);

/** Where the mails go until the user says: the login if it is an address, else the customer's e-mail. */
async function defaultAddress(ctx: CustomerContext): Promise<string> {
  // An employee's sign-in is their e-mail.
  if (ctx.caller.employee) return (await employeeEmail(ctx.store.db, ctx.caller.employee.id)) ?? '';
  const login = (await apiLoginById(ctx.store.db, ctx.caller.userId))?.login ?? '';
  return login.includes('@') ? login : (ctx.customer.email ?? '');
}

const choice = z.strictObject({
  site_id: z.number().int().min(0).describe('a site of the customer, or 0 for every site'),
  kind: z.enum(ALERT_KINDS),
});

export const alertSettings = apiFunction({
  name: 'alert_settings',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Get one’s mail alerts (extension)',
  description:
    'The alerts the session’s login gets by mail for the customer: `email`, `lang`, `subscriptions` `[{site_id, kind}]` (site 0: every site), and the `kinds` there are, each with `wired` (always true: every kind is sent). An employee (the app’s key) gets those of the sites they serve (site 0: each of them), of the kinds a site’s records make. Not in the REST document.',
  employee: { site: 'none' },
  args: z.object({}),
  response: z.strictObject({
    email: z.string(),
    lang: z.enum(['en', 'ru']),
    subscriptions: z.array(z.strictObject({ site_id: z.number().int(), kind: z.string() })),
    kinds: z.array(z.strictObject({ kind: z.string(), wired: z.boolean() })),
  }),
  async run(ctx) {
    const c = await alertChoices(ctx.store.db, owner(ctx));
    return {
      email: c?.email ?? (await defaultAddress(ctx)),
      lang: c?.lang === 'ru' ? ('ru' as const) : ('en' as const),
      subscriptions: c?.subscriptions ?? [],
      kinds: ALERT_KINDS.filter((k) => !ctx.caller.employee || EMPLOYEE_KINDS.has(k)).map((kind) => ({
        kind,
        wired: WIRED_KINDS.has(kind),
      })),
    };
  },
});

export const setAlertSettings = apiFunction({
  name: 'set_alert_settings',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Choose one’s mail alerts (extension)',
  description:
    'Replaces the alerts the session’s login gets for the customer: `subscriptions` `[{site_id, kind}]` (site 0: every site; at most 500), mailed to `email` in `lang`. At most one mail per kind a minute; the rest are counted in it. An employee chooses among the sites they serve (another site: 404) and the kinds of a site’s records (`webhook_off`, `carrier_failing`: 403). Not in the REST document.',
  employee: { site: 'none' },
  args: z.object({
    email: z.string().trim().max(254).email(),
    lang: z.enum(['en', 'ru']).default('en'),
    subscriptions: z.array(choice).max(500),
  }),
  response: acknowledgement,
  async run(ctx, a) {
    const emp = ctx.caller.employee;
    const sites = new Set(
      emp ? emp.sites : (await sitesOfCustomer(ctx.store.db, ctx.customer.id, { limit: 100_000, offset: 0 })).map((s) => s.id),
    );
    for (const s of a.subscriptions) {
      if (s.site_id !== 0 && !sites.has(s.site_id)) throw apiErrors.notFound('site', s.site_id);
      if (emp && !EMPLOYEE_KINDS.has(s.kind)) throw apiErrors.accessDenied(`${s.kind} alerts are the customer’s, not an employee’s`);
    }
    const unique = [...new Map(a.subscriptions.map((s) => [`${s.site_id} ${s.kind}`, s])).values()];
    await setAlertChoices(ctx.store.db, owner(ctx), { email: a.email, lang: a.lang, subscriptions: unique });
    return undefined;
  },
});
