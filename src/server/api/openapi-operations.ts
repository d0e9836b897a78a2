/**
 * The subjects of the API reference (`/api/docs`) and the words of its routes that are no REST
 * function: the session's `login` and `logout` and the employee app's routes. A REST function
 * carries its own words (tag, summary, description) in its declaration (function.ts).
 */

/** The subjects, in the order the reference lists them. */
export const API_TAGS = [
  { name: 'session', description: 'Logging in and out: the session key every other function needs.' },
  { name: 'agents', description: "Agent accounts: their customers and tariff plans (agents' sessions only)." },
  {
    name: 'account',
    description: "Who the session is, the customer's record and time zone, its logins and one's own password (extensions).",
  },
  { name: 'sites', description: "The customer's sites." },
  { name: 'campaigns', description: 'Ad campaigns, their condition groups and conditions, and their number blocks.' },
  { name: 'numbers', description: 'Virtual numbers, forwarding, scenarios and caller-number (numa) lists.' },
  { name: 'media', description: 'Media files for scenarios: the customer’s own and the system’s.' },
  { name: 'employees', description: 'Employees and SIP lines.' },
  { name: 'reports', description: 'Site statistics, communications, goals, calls, call legs, chats, offline requests, sales.' },
  { name: 'visitors', description: 'Visitors, persons and sessions; erasure on request.' },
  { name: 'tags', description: 'Tags and the tagging of communications.' },
  { name: 'charges', description: 'Daily charges and rated calls.' },
  {
    name: 'employee app',
    description: "An employee's sign-in to the site owner's app and the functions open to them, for the sites they serve (extensions).",
  },
  {
    name: 'webhooks',
    description: 'Endpoints that receive every call, chat, request, call-back, goal, tag and sale as it happens, signed.',
  },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

export interface OperationWords {
  tag: ApiTag;
  summary: string;
  description: string;
}

/** The period of a report, said alike in each one's description. */
export const PERIOD = 'Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.';

/** The words of the routes that are no REST function, by operation. */
export const ROUTE_WORDS = {
  login: {
    tag: 'session',
    summary: 'Log in',
    description:
      'Checks a system user’s login and password and opens a session. Its `session_key` lives 3 hours; pass it with every ' +
      'other call (as `session_key`, or in the `Authorization: Bearer` header). Also accepts form fields (urlencoded or multipart).',
  },
  logout: { tag: 'session', summary: 'Log out', description: 'Ends the session: its key is refused from then on.' },

  app_sign_in: {
    tag: 'employee app',
    summary: "The app's sign-in (extension)",
    description:
      "`login` is a REST login or an employee's console e-mail (a REST login of that name wins), its password checked once. " +
      "`employee`: the key is an employee's, for `X-Session-Key`. Refusals: 401002, 429001 and 503001 (with `Retry-After`), 403100 " +
      '(customer not active). Not in the REST document.',
  },
  employee_sign_in: {
    tag: 'employee app',
    summary: 'Employee sign-in (extension)',
    description:
      "An employee signs in with the operator console's e-mail and password (the console's attempts and locks; 401002, 429001) " +
      'and gets a key for the header `X-Session-Key`; an employee of a customer that is not active is refused (403100). Not in the REST document.',
  },
  employee_sign_out: {
    tag: 'employee app',
    summary: 'Employee sign-out (extension)',
    description: "Ends the employee's session of the `X-Session-Key` header (401100 when it is unknown). Not in the REST document.",
  },
  employee_function: {
    tag: 'employee app',
    summary: 'A function open to employees (extension)',
    description:
      'Runs one of the REST functions open to employees with their key in `X-Session-Key`: parameters and answer are the ' +
      "function's (a GET's in the query, a POST's in `args`), limited to the sites the employee serves: a site or communication " +
      'of another site, and every other function, is refused with 403 (403100), not 401; a list without a site lists only theirs. ' +
      "`me` answers `{role: employee, customer, customers: []}`. Errors carry the server's codes (401100, 403100, 404100, 400100…). " +
      'Not in the REST document.',
  },
} satisfies Record<string, OperationWords>;
