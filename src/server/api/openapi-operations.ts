/**
 * The words of the API reference (`/api/docs`) for each REST function: its subject (the tag it is
 * listed under), a one-line summary and a short description, in the contract's terms
 * (docs/spec/rest-api.md). Keyed by the function's name; a function with several verbs
 * (number_block) has one entry per verb, `<name> <VERB>`. The reference refuses to build without
 * an entry, so a new function is described when it is added.
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

const PERIOD = 'Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.';

export const OPERATION_WORDS: Readonly<Record<string, OperationWords>> = {
  login: {
    tag: 'session',
    summary: 'Log in',
    description:
      'Checks a system user’s login and password and opens a session. Its `session_key` lives 3 hours; pass it with every ' +
      'other call (as `session_key`, or in the `Authorization: Bearer` header). Also accepts form fields (urlencoded or multipart).',
  },
  logout: { tag: 'session', summary: 'Log out', description: 'Ends the session: its key is refused from then on.' },

  customer_list: { tag: 'agents', summary: 'List the agent’s customers', description: 'The agent’s customers: `{id, name, state}`.' },
  agent_tp: { tag: 'agents', summary: 'List tariff plans', description: 'The tariff plans an agent can give a customer: `{id, name}`.' },
  create_agent_customer: {
    tag: 'agents',
    summary: 'Create a customer',
    description:
      'Creates a customer of the agent with its limits and login (`email`, `password`). It waits until ' +
      '`activate_agent_customer`. Answers `{customer_id}`.',
  },
  activate_agent_customer: {
    tag: 'agents',
    summary: 'Activate a customer',
    description: 'Makes a waiting customer active; the agent is charged for the current day by the customer’s tariff plan.',
  },

  site: {
    tag: 'sites',
    summary: 'List sites',
    description: 'The customer’s sites: `{id, domain}`, and `site_key`, `widget_key` (extension).',
  },
  create_site: {
    tag: 'sites',
    summary: 'Create a site',
    description: 'Adds a site; it gets its site key and widget key and works with the snippet at once. Answers `{id}`.',
  },

  ac: { tag: 'campaigns', summary: 'List ad campaigns', description: 'The customer’s ad campaigns, of one site (`site_id`) or all.' },
  create_ac: {
    tag: 'campaigns',
    summary: 'Create an ad campaign',
    description: 'Adds an ad campaign to a site. Answers `{ac_id}`; a name the site already has is `100502`.',
  },
  ac_condition: {
    tag: 'campaigns',
    summary: 'Read a campaign’s settings',
    description: 'The settings of campaign `id`: its conditions and number blocks, both lists as JSON text.',
  },
  create_ac_condition_group: {
    tag: 'campaigns',
    summary: 'Add a condition group',
    description:
      'Adds a condition group to a campaign; the campaign matches a visit when any of its groups holds. Answers `{ac_condition_group_id}`.',
  },
  create_ac_condition: {
    tag: 'campaigns',
    summary: 'Add a condition',
    description:
      'Adds a condition to a group; a group holds when all its conditions hold. `ac_parameter` names what is compared ' +
      '(for example `utm_source`, `referrer`), `ac_operator` how. Answers `{ac_condition_id}`.',
  },
  delete_ac_condition: { tag: 'campaigns', summary: 'Delete a condition', description: 'Deletes a condition of a campaign.' },
  'number_block GET': {
    tag: 'campaigns',
    summary: 'List number blocks (extension)',
    description: 'A campaign’s number blocks (`ac_id`) or a site’s default blocks (`site_id`). Not in the REST document.',
  },
  'number_block POST': {
    tag: 'campaigns',
    summary: 'Add a number block (extension)',
    description:
      'Adds a number block to a campaign (`ac_id`) or to a site’s defaults (`site_id`). Its numbers must be the customer’s ' +
      '(`100403`). Answers `{id}`. Not in the REST document.',
  },
  'number_block PUT': {
    tag: 'campaigns',
    summary: 'Change a number block (extension)',
    description: 'Sets the fields given; `dt_pool_numbers` replaces the pool. Not in the REST document.',
  },
  'number_block DELETE': {
    tag: 'campaigns',
    summary: 'Delete a number block (extension)',
    description: 'Deletes a number block and its DT pool. Not in the REST document.',
  },

  tag: { tag: 'tags', summary: 'List tags', description: 'The customer’s tags: `{id, name}`.' },
  tag_communication: {
    tag: 'tags',
    summary: 'Tag a communication',
    description: 'Sets tag `mark_id` on a communication (`object_id`, `object_type`); setting it again changes nothing.',
  },
  tag_communication_sale: {
    tag: 'tags',
    summary: 'Record a sale',
    description: 'Sets the Sale tag on a communication with the deal date and sum; again, it replaces the deal.',
  },
  untag_communication: {
    tag: 'tags',
    summary: 'Untag a communication',
    description: 'Removes a tag set before; removing the Sale tag removes the deal.',
  },

  virtual_numbers: {
    tag: 'numbers',
    summary: 'List virtual numbers',
    description: 'The customer’s numbers with their site and campaign; filters `type`, `phone_number`, `status`.',
  },
  buy_number: {
    tag: 'numbers',
    summary: 'Buy a number',
    description: 'Takes a free number of the region’s capacity (`region`) for the customer. Answers `{numb}`.',
  },
  create_dialing_operation: {
    tag: 'numbers',
    summary: 'Set call forwarding',
    description: 'Forwards calls to one of the customer’s numbers (`svc_phone`) to `user_phone`.',
  },
  scenarios: { tag: 'numbers', summary: 'List scenarios', description: 'The customer’s scenarios with the numbers each answers.' },
  create_numa_list: {
    tag: 'numbers',
    summary: 'Create a numa list',
    description: 'Creates a caller-number list. Answers `{numa_list_id}`.',
  },
  add_number_to_numa_list: {
    tag: 'numbers',
    summary: 'Add a number to a numa list',
    description: 'Adds a number to a caller-number list; a number already on it stays once.',
  },
  remove_number_from_numa_list: {
    tag: 'numbers',
    summary: 'Remove a number from a numa list',
    description: 'Removes a number from a caller-number list (`100410` when it is not on it).',
  },

  media_files: {
    tag: 'media',
    summary: 'List media files',
    description: 'The customer’s media files (an agent without `customer_id`: all its customers’); `name` keeps those starting with it.',
  },
  system_media_files: {
    tag: 'media',
    summary: 'List system media files',
    description: 'The system’s media files; `name` keeps those starting with it.',
  },
  employee: {
    tag: 'employees',
    summary: 'List employees',
    description: 'The customer’s employees, filtered by `id`, `sip_line`, `last_name`, `first_name`, `patronymic`.',
  },
  sip_lines: {
    tag: 'employees',
    summary: 'List SIP lines',
    description: 'The customer’s SIP lines with their states, owners, calls and talk time; filter `phone`.',
  },

  stat: {
    tag: 'reports',
    summary: 'Site statistics',
    description: `One record of a site’s figures for the period: visits, calls, call-backs, chats, requests, goals. ${PERIOD}`,
  },
  communication: {
    tag: 'reports',
    summary: 'List communications',
    description: `A site’s communications of every kind in the period, oldest first. ${PERIOD}`,
  },
  goal: {
    tag: 'reports',
    summary: 'List goals',
    description: `Goals (custom events) reached in the period, with their visitor context. ${PERIOD}`,
  },
  call: {
    tag: 'reports',
    summary: 'List calls',
    description: `Calls and call-back requests in the period, with their visitor context; \`direction\` \`in\` or \`out\`. ${PERIOD}`,
  },
  get_cdr_in: {
    tag: 'reports',
    summary: 'List incoming call legs',
    description: `Incoming call legs of the period, each followed by the outgoing legs it was forwarded on. ${PERIOD}`,
  },
  get_cdr_out: {
    tag: 'reports',
    summary: 'List outgoing call legs',
    description: `Outgoing call legs of the period: forwarded calls and the legs call-backs dialled. ${PERIOD}`,
  },
  chat: {
    tag: 'reports',
    summary: 'List chats',
    description: 'Chats started before `date_till` (and from `date_from` when given), with their visitor context.',
  },
  chat_messages: {
    tag: 'reports',
    summary: 'Read a chat’s messages',
    description: 'The messages of chat `chat_id` in the order they were written.',
  },
  offline_message: {
    tag: 'reports',
    summary: 'List offline requests',
    description: `Offline requests (request forms) of the period, with their visitor context. ${PERIOD}`,
  },
  advertising_sales: {
    tag: 'reports',
    summary: 'Advertising sales',
    description: `A site’s campaigns in the period: sessions, communications, sales and revenue. ${PERIOD}`,
  },
  callapi_request: {
    tag: 'reports',
    summary: 'List telephony API requests',
    description: `Requests made to the telephony platform in the period by \`method\`, optionally of one call. ${PERIOD}`,
  },

  person_by_visitor: {
    tag: 'visitors',
    summary: 'Find a visitor’s person',
    description: 'The person of visitor `id`: visitors who called from one number or left one login are one person.',
  },
  visitors_by_person: {
    tag: 'visitors',
    summary: 'List a person’s visitors',
    description: 'The visitors of person `id`, as JSON text of their ids.',
  },
  visitor: {
    tag: 'visitors',
    summary: 'Read a visitor',
    description: 'A visitor: contacts, properties, campaigns and sessions, as an array of one record.',
  },
  session_info: {
    tag: 'visitors',
    summary: 'Read a session',
    description: 'A session: where it came from, its page views and its communications.',
  },
  erase_visitor: {
    tag: 'visitors',
    summary: 'Erase a visitor (extension)',
    description:
      'Erases a visitor (`visitor_id`) or a person (`person_id`) on request: its data go, its calls stay without the ' +
      'caller’s number. Not in the REST document.',
  },

  webhook: {
    tag: 'webhooks',
    summary: 'List webhooks (extension)',
    description:
      'The customer’s webhook endpoints: URL, events, whether on, and why the server switched one off. Secrets are not shown. ' +
      'Not in the REST document.',
  },
  create_webhook: {
    tag: 'webhooks',
    summary: 'Add a webhook (extension)',
    description:
      'Adds an endpoint for the `events` named; `url` must be `https` to a public address. Answers `{secret, id}`: the secret ' +
      'signs every delivery and is shown only here. Not in the REST document.',
  },
  change_webhook: {
    tag: 'webhooks',
    summary: 'Change a webhook (extension)',
    description:
      'Sets `url`, `events` or `is_enabled` (true switches an endpoint the server switched off on again). Not in the REST document.',
  },
  delete_webhook: {
    tag: 'webhooks',
    summary: 'Delete a webhook (extension)',
    description: 'Deletes an endpoint, its events not yet sent and its delivery log. Not in the REST document.',
  },
  rotate_webhook_secret: {
    tag: 'webhooks',
    summary: 'Rotate a webhook’s secret (extension)',
    description: 'Gives the endpoint a new secret and answers it; deliveries from then on are signed with it. Not in the REST document.',
  },
  webhook_delivery: {
    tag: 'webhooks',
    summary: 'List a webhook’s deliveries (extension)',
    description:
      'The endpoint’s delivery attempts, newest first: the event’s id and type, when, the status code or the error. Not in the REST document.',
  },
  resend_webhook_event: {
    tag: 'webhooks',
    summary: 'Send an event again (extension)',
    description: 'Sends an event (`event_id` as `webhook_delivery` lists it) again, with the same id and body. Not in the REST document.',
  },
  test_webhook: {
    tag: 'webhooks',
    summary: 'Send a test event (extension)',
    description: 'Sends an event of type `test`, without a record, to the endpoint. Answers `{event_id}`. Not in the REST document.',
  },

  daily_sdr: {
    tag: 'charges',
    summary: 'Daily charges',
    description: `Charges per calendar day of the period, one record per day, at most 366 days. ${PERIOD}`,
  },
  cdr_in_cost: {
    tag: 'charges',
    summary: 'Rated incoming calls',
    description: `Rated incoming call legs of the period; filters \`call_session_id\`, \`numa\`, \`numb\`, \`prefix_type\`. ${PERIOD}`,
  },
  cdr_out_cost: {
    tag: 'charges',
    summary: 'Rated outgoing calls',
    description: `Rated outgoing call legs (forwarding, call-backs, consultant calls) of the period; the filters of \`cdr_in_cost\`. ${PERIOD}`,
  },

  // The site owner's app's needs (docs/rest-api.md, "Extensions for the site owner's app").
  me: {
    tag: 'account',
    summary: 'Who the session is (extension)',
    description:
      "A customer's login: `{role: customer, customer: {id, name, state, time_zone}, customers: []}`; an agent: `{role: agent, customer: null, customers}` (all its customers; a `customer_id` is checked, not used). Not in the REST document.",
  },
  customer: {
    tag: 'account',
    summary: 'The acting customer (extension)',
    description: "The customer acted on (an agent's `customer_id`): `{id, name, state, time_zone}`. Not in the REST document.",
  },
  customer_time_zone: {
    tag: 'account',
    summary: 'Set the customer’s time zone (extension)',
    description:
      "Sets `time_zone` (IANA, `Europe/Moscow`): the REST API's, the console's and the app's dates are written in it and its days begin with its midnight. Answers `{time_zone}`. Not in the REST document.",
  },
  'api_login GET': {
    tag: 'account',
    summary: 'List the customer’s logins (extension)',
    description:
      "The customer's logins of the REST API: `{id, login, current}`, `current` true for the caller's own. Not in the REST document.",
  },
  'api_login POST': {
    tag: 'account',
    summary: 'Add a login (extension)',
    description:
      'Adds a login of the customer (`login` without spaces, `password` of 8 characters or more). Answers `{id}`; a login taken is `100422`. Not in the REST document.',
  },
  'api_login PUT': {
    tag: 'account',
    summary: 'Set a login’s password (extension)',
    description: "Sets the password of the customer's login `id`; its sessions end, except the caller's own. Not in the REST document.",
  },
  'api_login DELETE': {
    tag: 'account',
    summary: 'Remove a login (extension)',
    description:
      "Removes the customer's login `id` and ends its sessions; the customer's last login is `409 100409`. Not in the REST document.",
  },
  change_password: {
    tag: 'account',
    summary: 'Change one’s own password (extension)',
    description:
      "The session's own login (a customer's or an agent's) gets `new_password` (8 characters or more) given `old_password`. Wrong old passwords count as failed logins (`102429` after too many). Its other sessions end; this one stays. Not in the REST document.",
  },
  site_installation: {
    tag: 'sites',
    summary: 'When the site was last seen (extension)',
    description:
      '`{last_page_view}`: when the server last saw a page view of `site_id` (ISO 8601, UTC), or null: whether its snippet is installed. Not in the REST document.',
  },
  'site_settings GET': {
    tag: 'sites',
    summary: 'A site’s settings (extension)',
    description:
      "`{settings: {lang, captcha, callback_scenario, dt_lease_minutes, dt_overflow, dt_reserved_number}, scenarios}`: the site's widget language and captcha, its call-back scenario, how long a pool number stays with a visit, what a dry pool shows; and the names of the customer's scenarios. Not in the REST document.",
  },
  'site_settings PUT': {
    tag: 'sites',
    summary: 'Change a site’s settings (extension)',
    description:
      'Sets every setting `site_settings` GET answers; `callback_scenario` must be a scenario of the customer, `dt_reserved_number` a number it holds (needed when `dt_overflow` is `reserved`). Page views take the change from the next one. Not in the REST document.',
  },
  region: {
    tag: 'numbers',
    summary: 'Regions with free numbers (extension)',
    description:
      'The regions `buy_number` takes: `{region, category, free}`, `free` the numbers still to be had. Not in the REST document.',
  },
  numa_list: {
    tag: 'numbers',
    summary: 'List numa lists (extension)',
    description: "The customer's caller-number lists with their numbers: `{id, name, numbers}`. Not in the REST document.",
  },
  scenario_detail: {
    tag: 'numbers',
    summary: 'Scenarios in full (extension)',
    description:
      "Each of the customer's scenarios with `forward_to`, the `numbers` it answers and its `routes` (`{id, numa_list_id, list_name, forward_to}`, tried in this order). Not in the REST document.",
  },
  create_scenario: {
    tag: 'numbers',
    summary: 'Create a scenario (extension)',
    description:
      "Makes a scenario with `name`, `forward_to` (a phone, or null) and `numbers`: the customer's own, answered by no other of its scenarios (else `100422` naming the number). Answers `{id}`. Not in the REST document.",
  },
  change_scenario: {
    tag: 'numbers',
    summary: 'Change a scenario (extension)',
    description:
      'Sets the `name`, `forward_to` and `numbers` of scenario `id`, as `create_scenario` checks them. Not in the REST document.',
  },
  'scenario_route POST': {
    tag: 'numbers',
    summary: 'Add a scenario route (extension)',
    description:
      "Callers on the customer's numa list `numa_list_id` ring `forward_to` when they call scenario `scenario_id`'s numbers, after its routes added before. Not in the REST document.",
  },
  'scenario_route DELETE': {
    tag: 'numbers',
    summary: 'Remove a scenario route (extension)',
    description: 'Removes route `id` of scenario `scenario_id`. Not in the REST document.',
  },
  employee_assignment: {
    tag: 'employees',
    summary: 'Employees and their sites (extension)',
    description:
      "Each of the customer's employees: `{id, first_name, last_name, sites}`, `sites` the ids of the sites they serve. Not in the REST document.",
  },
  create_employee: {
    tag: 'employees',
    summary: 'Add an employee (extension)',
    description:
      "Adds an employee with `first_name`, `last_name`, `email` and `password` (their console sign-in), `sites` and `sip_line_id` of the customer's. Answers `{id}`. Not in the REST document.",
  },
  change_employee: {
    tag: 'employees',
    summary: 'Change an employee (extension)',
    description: 'Sets the names, `sites` and `sip_line_id` of employee `id`. Not in the REST document.',
  },
  employee_password: {
    tag: 'employees',
    summary: 'Set an employee’s password (extension)',
    description: 'Sets the console password of employee `id`; their console and app sessions end. Not in the REST document.',
  },
  delete_employee: {
    tag: 'employees',
    summary: 'Remove an employee (extension)',
    description:
      "Removes employee `id`; their sessions end. Answers `{unserved}`: the domains of the customer's sites no employee serves now. Not in the REST document.",
  },
  journal: {
    tag: 'reports',
    summary: 'The journal (extension)',
    description:
      "A site's calls, call-backs, chats, requests and goals of the days `date_from`…`date_till` (both included, `YYYY-MM-DD` in the customer's time zone), newest first, with campaign, visit, tags and sale; filters `ac_id`, `tag_id`, `type`. `limit` up to 100; the count of all pages in `X-Total-Count`. Not in the REST document.",
  },
  daily_report: {
    tag: 'reports',
    summary: 'Calls per campaign per day (extension)',
    description:
      "`{days, campaigns, calls}` of a site, the days `date_from`…`date_till` (both included, up to 366): `calls[i][d]` is campaign `campaigns[i]`'s calls on `days[d]`. Not in the REST document.",
  },
  create_standard_tags: {
    tag: 'tags',
    summary: 'Make the standard tags (extension)',
    description:
      'Makes the tags Target and Not target where the customer has none of that name, and answers both: `{id, name}`. Not in the REST document.',
  },
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
};
