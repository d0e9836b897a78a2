// Generated from the API reference (/api/docs/json) by `npm run api-types`; do not edit.
export interface paths {
  '/api/login/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Log in (GET)
     * @description Checks a system user’s login and password and opens a session. Its `session_key` lives 3 hours; pass it with every other call (as `session_key`, or in the `Authorization: Bearer` header). Also accepts form fields (urlencoded or multipart).
     */
    get: operations['login_get'];
    put?: never;
    /**
     * Log in
     * @description Checks a system user’s login and password and opens a session. Its `session_key` lives 3 hours; pass it with every other call (as `session_key`, or in the `Authorization: Bearer` header). Also accepts form fields (urlencoded or multipart).
     */
    post: operations['login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/logout/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Log out
     * @description Ends the session: its key is refused from then on.
     */
    get: operations['logout'];
    put?: never;
    /**
     * Log out (POST)
     * @description Ends the session: its key is refused from then on.
     */
    post: operations['logout_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customer_list/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the agent’s customers
     * @description The agent’s customers: `{id, name, state}`.
     */
    get: operations['customer_list'];
    put?: never;
    /**
     * List the agent’s customers (POST)
     * @description The agent’s customers: `{id, name, state}`.
     *
     *     The POST form: `action` GET.
     */
    post: operations['customer_list_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent_tp/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List tariff plans
     * @description The tariff plans an agent can give a customer: `{id, name}`.
     */
    get: operations['agent_tp'];
    put?: never;
    /**
     * List tariff plans (POST)
     * @description The tariff plans an agent can give a customer: `{id, name}`.
     *
     *     The POST form: `action` GET.
     */
    post: operations['agent_tp_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_agent_customer/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a customer
     * @description Creates a customer of the agent with its limits and login (`email`, `password`). It waits until `activate_agent_customer`. Answers `{customer_id}`.
     */
    post: operations['create_agent_customer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/activate_agent_customer/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Activate a customer
     * @description Makes a waiting customer active; the agent is charged for the current day by the customer’s tariff plan.
     */
    post: operations['activate_agent_customer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List sites
     * @description The customer’s sites: `{id, domain}`, and `site_key`, `widget_key` (extension).
     */
    get: operations['site'];
    put?: never;
    /**
     * List sites (POST)
     * @description The customer’s sites: `{id, domain}`, and `site_key`, `widget_key` (extension).
     *
     *     The POST form: `action` GET.
     */
    post: operations['site_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_site/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a site
     * @description Adds a site; it gets its site key and widget key and works with the snippet at once. Answers `{id}`. A domain another of the customer’s sites has is `409 100503`.
     */
    post: operations['create_site'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/ac/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List ad campaigns
     * @description The customer’s ad campaigns, of one site (`site_id`) or all.
     */
    get: operations['ac'];
    put?: never;
    /**
     * List ad campaigns (POST)
     * @description The customer’s ad campaigns, of one site (`site_id`) or all.
     *
     *     The POST form: `action` GET.
     */
    post: operations['ac_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_ac/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an ad campaign
     * @description Adds an ad campaign to a site. Answers `{ac_id}`; a name the site already has is `100502`.
     */
    post: operations['create_ac'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/ac_condition/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a campaign’s settings
     * @description The settings of campaign `id`: its conditions and number blocks, both lists as JSON text.
     */
    get: operations['ac_condition'];
    put?: never;
    /**
     * Read a campaign’s settings (POST)
     * @description The settings of campaign `id`: its conditions and number blocks, both lists as JSON text.
     *
     *     The POST form: `action` GET.
     */
    post: operations['ac_condition_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_ac_condition_group/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a condition group
     * @description Adds a condition group to a campaign; the campaign matches a visit when any of its groups holds. Answers `{ac_condition_group_id}`.
     */
    post: operations['create_ac_condition_group'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_ac_condition/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a condition
     * @description Adds a condition to a group; a group holds when all its conditions hold. `ac_parameter` names what is compared (for example `utm_source`, `referrer`), `ac_operator` how. Answers `{ac_condition_id}`.
     */
    post: operations['create_ac_condition'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_ac_condition/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a condition
     * @description Deletes a condition of a campaign.
     */
    post: operations['delete_ac_condition'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tag/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List tags
     * @description The customer’s tags: `{id, name}`.
     */
    get: operations['tag'];
    put?: never;
    /**
     * List tags (POST)
     * @description The customer’s tags: `{id, name}`.
     *
     *     The POST form: `action` GET.
     */
    post: operations['tag_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/virtual_numbers/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List virtual numbers
     * @description The customer’s numbers with their site and campaign; filters `type`, `phone_number`, `status`.
     */
    get: operations['virtual_numbers'];
    put?: never;
    /**
     * List virtual numbers (POST)
     * @description The customer’s numbers with their site and campaign; filters `type`, `phone_number`, `status`.
     *
     *     The POST form: `action` GET.
     */
    post: operations['virtual_numbers_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/buy_number/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Buy a number
     * @description Takes a free number of the region’s capacity (`region`) for the customer. Answers `{numb}`.
     */
    post: operations['buy_number'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_dialing_operation/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set call forwarding
     * @description Forwards calls to one of the customer’s numbers (`svc_phone`) to `user_phone`.
     */
    post: operations['create_dialing_operation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/scenarios/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List scenarios
     * @description The customer’s scenarios with the numbers each answers.
     */
    get: operations['scenarios'];
    put?: never;
    /**
     * List scenarios (POST)
     * @description The customer’s scenarios with the numbers each answers.
     *
     *     The POST form: `action` GET.
     */
    post: operations['scenarios_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_numa_list/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a numa list
     * @description Creates a caller-number list. Answers `{numa_list_id}`.
     */
    post: operations['create_numa_list'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/add_number_to_numa_list/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a number to a numa list
     * @description Adds a number to a caller-number list; a number already on it stays once.
     */
    post: operations['add_number_to_numa_list'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/remove_number_from_numa_list/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove a number from a numa list
     * @description Removes a number from a caller-number list (`100410` when it is not on it).
     */
    post: operations['remove_number_from_numa_list'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/media_files/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List media files
     * @description The customer’s media files (an agent without `customer_id`: all its customers’); `name` keeps those starting with it.
     */
    get: operations['media_files'];
    put?: never;
    /**
     * List media files (POST)
     * @description The customer’s media files (an agent without `customer_id`: all its customers’); `name` keeps those starting with it.
     *
     *     The POST form: `action` GET.
     */
    post: operations['media_files_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/system_media_files/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List system media files
     * @description The system’s media files; `name` keeps those starting with it.
     */
    get: operations['system_media_files'];
    put?: never;
    /**
     * List system media files (POST)
     * @description The system’s media files; `name` keeps those starting with it.
     *
     *     The POST form: `action` GET.
     */
    post: operations['system_media_files_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/employee/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List employees
     * @description The customer’s employees, filtered by `id`, `sip_line`, `last_name`, `first_name`, `patronymic`.
     */
    get: operations['employee'];
    put?: never;
    /**
     * List employees (POST)
     * @description The customer’s employees, filtered by `id`, `sip_line`, `last_name`, `first_name`, `patronymic`.
     *
     *     The POST form: `action` GET.
     */
    post: operations['employee_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sip_lines/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List SIP lines
     * @description The customer’s SIP lines with their states, owners, calls and talk time; filter `phone`.
     */
    get: operations['sip_lines'];
    put?: never;
    /**
     * List SIP lines (POST)
     * @description The customer’s SIP lines with their states, owners, calls and talk time; filter `phone`.
     *
     *     The POST form: `action` GET.
     */
    post: operations['sip_lines_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/stat/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Site statistics
     * @description One record of a site’s figures for the period: visits, calls, call-backs, chats, requests, goals. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['stat'];
    put?: never;
    /**
     * Site statistics (POST)
     * @description One record of a site’s figures for the period: visits, calls, call-backs, chats, requests, goals. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['stat_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/communication/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List communications
     * @description A site’s communications of every kind in the period, oldest first. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['communication'];
    put?: never;
    /**
     * List communications (POST)
     * @description A site’s communications of every kind in the period, oldest first. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['communication_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/goal/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List goals
     * @description Goals (custom events) reached in the period, with their visitor context. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['goal'];
    put?: never;
    /**
     * List goals (POST)
     * @description Goals (custom events) reached in the period, with their visitor context. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['goal_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/call/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List calls
     * @description Calls and call-back requests in the period, with their visitor context; `direction` `in` or `out`. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['call'];
    put?: never;
    /**
     * List calls (POST)
     * @description Calls and call-back requests in the period, with their visitor context; `direction` `in` or `out`. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['call_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/get_cdr_in/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List incoming call legs
     * @description Incoming call legs of the period, each followed by the outgoing legs it was forwarded on. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['get_cdr_in'];
    put?: never;
    /**
     * List incoming call legs (POST)
     * @description Incoming call legs of the period, each followed by the outgoing legs it was forwarded on. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['get_cdr_in_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/get_cdr_out/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List outgoing call legs
     * @description Outgoing call legs of the period: forwarded calls and the legs call-backs dialled. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['get_cdr_out'];
    put?: never;
    /**
     * List outgoing call legs (POST)
     * @description Outgoing call legs of the period: forwarded calls and the legs call-backs dialled. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['get_cdr_out_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/chat/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List chats
     * @description Chats started before `date_till` (and from `date_from` when given), with their visitor context.
     */
    get: operations['chat'];
    put?: never;
    /**
     * List chats (POST)
     * @description Chats started before `date_till` (and from `date_from` when given), with their visitor context.
     *
     *     The POST form: `action` GET.
     */
    post: operations['chat_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/chat_messages/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a chat’s messages
     * @description The messages of chat `chat_id` in the order they were written.
     */
    get: operations['chat_messages'];
    put?: never;
    /**
     * Read a chat’s messages (POST)
     * @description The messages of chat `chat_id` in the order they were written.
     *
     *     The POST form: `action` GET.
     */
    post: operations['chat_messages_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/offline_message/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List offline requests
     * @description Offline requests (request forms) of the period, with their visitor context. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['offline_message'];
    put?: never;
    /**
     * List offline requests (POST)
     * @description Offline requests (request forms) of the period, with their visitor context. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['offline_message_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/person_by_visitor/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find a visitor’s person
     * @description The person of visitor `id`: visitors who called from one number or left one login are one person.
     */
    get: operations['person_by_visitor'];
    put?: never;
    /**
     * Find a visitor’s person (POST)
     * @description The person of visitor `id`: visitors who called from one number or left one login are one person.
     *
     *     The POST form: `action` GET.
     */
    post: operations['person_by_visitor_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visitors_by_person/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a person’s visitors
     * @description The visitors of person `id`, as JSON text of their ids.
     */
    get: operations['visitors_by_person'];
    put?: never;
    /**
     * List a person’s visitors (POST)
     * @description The visitors of person `id`, as JSON text of their ids.
     *
     *     The POST form: `action` GET.
     */
    post: operations['visitors_by_person_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visitor/{visitor_id}/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a visitor
     * @description A visitor: contacts, properties, campaigns and sessions, as an array of one record.
     */
    get: operations['visitor'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/visitor/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a visitor
     * @description A visitor: contacts, properties, campaigns and sessions, as an array of one record.
     */
    get: operations['visitor_query'];
    put?: never;
    /**
     * Read a visitor (POST)
     * @description A visitor: contacts, properties, campaigns and sessions, as an array of one record.
     *
     *     The POST form: `action` GET.
     */
    post: operations['visitor_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/session_info/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a session
     * @description A session: where it came from, its page views and its communications.
     */
    get: operations['session_info'];
    put?: never;
    /**
     * Read a session (POST)
     * @description A session: where it came from, its page views and its communications.
     *
     *     The POST form: `action` GET.
     */
    post: operations['session_info_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/advertising_sales/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Advertising sales
     * @description A site’s campaigns in the period: sessions, communications, sales and revenue. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['advertising_sales'];
    put?: never;
    /**
     * Advertising sales (POST)
     * @description A site’s campaigns in the period: sessions, communications, sales and revenue. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['advertising_sales_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/callapi_request/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List telephony API requests
     * @description Requests made to the telephony platform in the period by `method`, optionally of one call. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['callapi_request'];
    put?: never;
    /**
     * List telephony API requests (POST)
     * @description Requests made to the telephony platform in the period by `method`, optionally of one call. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['callapi_request_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tag_communication/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Tag a communication
     * @description Sets tag `mark_id` on a communication (`object_id`, `object_type`); setting it again changes nothing.
     */
    post: operations['tag_communication'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tag_communication_sale/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a sale
     * @description Sets the Sale tag on a communication with the deal date and sum; again, it replaces the deal.
     */
    post: operations['tag_communication_sale'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/untag_communication/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Untag a communication
     * @description Removes a tag set before; removing the Sale tag removes the deal.
     */
    post: operations['untag_communication'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/daily_sdr/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Daily charges
     * @description Charges per calendar day of the period, one record per day, at most 366 days. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['daily_sdr'];
    put?: never;
    /**
     * Daily charges (POST)
     * @description Charges per calendar day of the period, one record per day, at most 366 days. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['daily_sdr_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/cdr_in_cost/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Rated incoming calls
     * @description Rated incoming call legs of the period; filters `call_session_id`, `numa`, `numb`, `prefix_type`. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['cdr_in_cost'];
    put?: never;
    /**
     * Rated incoming calls (POST)
     * @description Rated incoming call legs of the period; filters `call_session_id`, `numa`, `numb`, `prefix_type`. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['cdr_in_cost_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/cdr_out_cost/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Rated outgoing calls
     * @description Rated outgoing call legs (forwarding, call-backs, consultant calls) of the period; the filters of `cdr_in_cost`. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     */
    get: operations['cdr_out_cost'];
    put?: never;
    /**
     * Rated outgoing calls (POST)
     * @description Rated outgoing call legs (forwarding, call-backs, consultant calls) of the period; the filters of `cdr_in_cost`. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` in the customer’s time zone; `date_till` is exclusive.
     *
     *     The POST form: `action` GET.
     */
    post: operations['cdr_out_cost_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/number_block/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List number blocks (extension)
     * @description A campaign’s number blocks (`ac_id`) or a site’s default blocks (`site_id`). Not in the REST document.
     */
    get: operations['number_block_get'];
    /**
     * Change a number block (extension)
     * @description Sets the fields given; `dt_pool_numbers` replaces the pool. Not in the REST document.
     */
    put: operations['number_block_put'];
    /**
     * Add a number block (extension)
     * @description Adds a number block to a campaign (`ac_id`) or to a site’s defaults (`site_id`). Its numbers must be the customer’s (`100403`); a number another campaign shows is `409 100409` naming that campaign, unless `allow_shared_number`. Answers `{id}`. Not in the REST document.
     */
    post: operations['number_block_post'];
    /**
     * Delete a number block (extension)
     * @description Deletes a number block and its DT pool. Not in the REST document.
     */
    delete: operations['number_block_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/erase_visitor/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Erase a visitor (extension) (POST)
     * @description Erases a visitor (`visitor_id`) or a person (`person_id`) on request: its data go, its calls stay without the caller’s number. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['erase_visitor_post'];
    /**
     * Erase a visitor (extension)
     * @description Erases a visitor (`visitor_id`) or a person (`person_id`) on request: its data go, its calls stay without the caller’s number. Not in the REST document.
     */
    delete: operations['erase_visitor'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhooks (extension)
     * @description The customer’s webhook endpoints: URL, events, whether on, and why the server switched one off. Secrets are not shown. Not in the REST document.
     */
    get: operations['webhook'];
    put?: never;
    /**
     * List webhooks (extension) (POST)
     * @description The customer’s webhook endpoints: URL, events, whether on, and why the server switched one off. Secrets are not shown. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['webhook_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_webhook/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a webhook (extension)
     * @description Adds an endpoint for the `events` named; `url` must be `https` to a public address. Answers `{secret, id}`: the secret signs every delivery and is shown only here. Not in the REST document.
     */
    post: operations['create_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_webhook/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change a webhook (extension)
     * @description Sets `url`, `events` or `is_enabled` (true switches an endpoint the server switched off on again). Not in the REST document.
     */
    post: operations['change_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_webhook/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a webhook (extension)
     * @description Deletes an endpoint, its events not yet sent and its delivery log. Not in the REST document.
     */
    post: operations['delete_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/rotate_webhook_secret/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate a webhook’s secret (extension)
     * @description Gives the endpoint a new secret and answers it; deliveries from then on are signed with it. Not in the REST document.
     */
    post: operations['rotate_webhook_secret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook_delivery/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook’s deliveries (extension)
     * @description The endpoint’s delivery attempts, newest first: the event’s id and type, when, the status code or the error. Not in the REST document.
     */
    get: operations['webhook_delivery'];
    put?: never;
    /**
     * List a webhook’s deliveries (extension) (POST)
     * @description The endpoint’s delivery attempts, newest first: the event’s id and type, when, the status code or the error. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['webhook_delivery_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/resend_webhook_event/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an event again (extension)
     * @description Sends an event (`event_id` as `webhook_delivery` lists it) again, with the same id and body. Not in the REST document.
     */
    post: operations['resend_webhook_event'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/test_webhook/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event (extension)
     * @description Sends an event of type `test`, without a record, to the endpoint. Answers `{event_id}`. Not in the REST document.
     */
    post: operations['test_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who the session is (extension)
     * @description A customer's login: `{role: customer, customer: {id, name, state, time_zone}, customers: []}`; an agent: `{role: agent, customer: null, customers}` (all its customers; a `customer_id` is checked, not used). Not in the REST document.
     */
    get: operations['me'];
    put?: never;
    /**
     * Who the session is (extension) (POST)
     * @description A customer's login: `{role: customer, customer: {id, name, state, time_zone}, customers: []}`; an agent: `{role: agent, customer: null, customers}` (all its customers; a `customer_id` is checked, not used). Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['me_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customer/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The acting customer (extension)
     * @description The customer acted on (an agent's `customer_id`): `{id, name, state, time_zone}`. Not in the REST document.
     */
    get: operations['customer'];
    put?: never;
    /**
     * The acting customer (extension) (POST)
     * @description The customer acted on (an agent's `customer_id`): `{id, name, state, time_zone}`. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['customer_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customer_time_zone/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the customer’s time zone (extension)
     * @description Sets `time_zone` (IANA, `Europe/Moscow`): the REST API's, the console's and the app's dates are written in it and its days begin with its midnight. Answers `{time_zone}`. Not in the REST document.
     */
    put: operations['customer_time_zone'];
    /**
     * Set the customer’s time zone (extension) (POST)
     * @description Sets `time_zone` (IANA, `Europe/Moscow`): the REST API's, the console's and the app's dates are written in it and its days begin with its midnight. Answers `{time_zone}`. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['customer_time_zone_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site_installation/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * When the site was last seen (extension)
     * @description `{last_page_view, refused_origin}`: when the server last saw a page view of `site_id` (ISO 8601, UTC), or null: whether its snippet is installed; and the last page origin it refused for the site `{origin, at, reason}` (`not_listed`: not its domain, a subdomain or an extra origin; `not_web`: not an http(s) page), or null. Not in the REST document.
     */
    get: operations['site_installation'];
    put?: never;
    /**
     * When the site was last seen (extension) (POST)
     * @description `{last_page_view, refused_origin}`: when the server last saw a page view of `site_id` (ISO 8601, UTC), or null: whether its snippet is installed; and the last page origin it refused for the site `{origin, at, reason}` (`not_listed`: not its domain, a subdomain or an extra origin; `not_web`: not an http(s) page), or null. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['site_installation_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site_settings/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A site’s settings (extension)
     * @description `{settings: {lang, captcha, callback_scenario, dt_lease_minutes, dt_overflow, dt_reserved_number}, scenarios}`: the site's widget language and captcha, its call-back scenario, how long a pool number stays with a visit, what a dry pool shows; and the names of the customer's scenarios. Not in the REST document.
     */
    get: operations['site_settings_get'];
    /**
     * Change a site’s settings (extension)
     * @description Sets every setting `site_settings` GET answers; `callback_scenario` must be a scenario of the customer, `dt_reserved_number` a number it holds (needed when `dt_overflow` is `reserved`). Page views take the change from the next one. Not in the REST document.
     */
    put: operations['site_settings_put'];
    /**
     * A site’s settings (extension) (POST)
     * @description `{settings: {lang, captcha, callback_scenario, dt_lease_minutes, dt_overflow, dt_reserved_number}, scenarios}`: the site's widget language and captcha, its call-back scenario, how long a pool number stays with a visit, what a dry pool shows; and the names of the customer's scenarios. Not in the REST document.
     *
     *     The POST form: `action` GET or PUT.
     */
    post: operations['site_settings_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site_detail/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One site with its origins and phone (extension)
     * @description Site `id`: `{id, domain, origins, user_phone, site_key, widget_key}`. Not in the REST document.
     */
    get: operations['site_detail'];
    put?: never;
    /**
     * One site with its origins and phone (extension) (POST)
     * @description Site `id`: `{id, domain, origins, user_phone, site_key, widget_key}`. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['site_detail_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_site/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change a site (extension)
     * @description Sets the fields given of site `id`: `domain` (another of the customer’s sites’ is `409 100503`), `origins` (replaced), `user_phone`. The next page view takes them. Answers the site as `site_detail` does. Not in the REST document.
     */
    put: operations['change_site'];
    /**
     * Change a site (extension) (POST)
     * @description Sets the fields given of site `id`: `domain` (another of the customer’s sites’ is `409 100503`), `origins` (replaced), `user_phone`. The next page view takes them. Answers the site as `site_detail` does. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['change_site_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/rotate_site_key/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give a site a new snippet key (extension)
     * @description Site `id` gets a new `site_key`; the snippet with the old one stops working at once (its page views are refused as an unknown site) until the pages carry the new one. Answers `{site_key}`. Not in the REST document.
     */
    post: operations['rotate_site_key'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_site/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a site (extension) (POST)
     * @description Deletes site `id`: its snippet and widget stop working, its campaigns are removed (as the journal shows them), its number blocks are deleted, so its numbers are free for other sites and campaigns. Its recorded traffic stays in the database. Answers `{campaigns}`, how many campaigns went with it. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['delete_site_post'];
    /**
     * Delete a site (extension)
     * @description Deletes site `id`: its snippet and widget stop working, its campaigns are removed (as the journal shows them), its number blocks are deleted, so its numbers are free for other sites and campaigns. Its recorded traffic stays in the database. Answers `{campaigns}`, how many campaigns went with it. Not in the REST document.
     */
    delete: operations['delete_site'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_ac/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Rename an ad campaign (extension)
     * @description Renames campaign `id`; a name another campaign of its site has (removed ones too) is `409 100502`. Records keep the campaign’s id, so reports show the new name. Not in the REST document.
     */
    put: operations['change_ac'];
    /**
     * Rename an ad campaign (extension) (POST)
     * @description Renames campaign `id`; a name another campaign of its site has (removed ones too) is `409 100502`. Records keep the campaign’s id, so reports show the new name. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['change_ac_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_ac/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete an ad campaign (extension) (POST)
     * @description Removes campaign `id`: it matches no new visit and is no longer listed; the records it brought keep it (the journal and reports show it as deleted), its name stays taken on its site, and its numbers may go to another campaign. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['delete_ac_post'];
    /**
     * Delete an ad campaign (extension)
     * @description Removes campaign `id`: it matches no new visit and is no longer listed; the records it brought keep it (the journal and reports show it as deleted), its name stays taken on its site, and its numbers may go to another campaign. Not in the REST document.
     */
    delete: operations['delete_ac'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/region/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Regions with free numbers (extension)
     * @description The regions `buy_number` takes: `{region, category, free}`, `free` the numbers still to be had. Not in the REST document.
     */
    get: operations['region'];
    put?: never;
    /**
     * Regions with free numbers (extension) (POST)
     * @description The regions `buy_number` takes: `{region, category, free}`, `free` the numbers still to be had. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['region_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/journal/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The journal (extension)
     * @description A site's calls, call-backs, chats, requests and goals of the days `date_from`…`date_till` (both included, `YYYY-MM-DD` in the customer's time zone), newest first, with campaign (`ac_is_removed`: deleted by its owner), visit, tags and sale; filters `ac_id`, `tag_id`, `type`. `limit` up to 100; the count of all pages in `X-Total-Count`. Not in the REST document.
     */
    get: operations['journal'];
    put?: never;
    /**
     * The journal (extension) (POST)
     * @description A site's calls, call-backs, chats, requests and goals of the days `date_from`…`date_till` (both included, `YYYY-MM-DD` in the customer's time zone), newest first, with campaign (`ac_is_removed`: deleted by its owner), visit, tags and sale; filters `ac_id`, `tag_id`, `type`. `limit` up to 100; the count of all pages in `X-Total-Count`. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['journal_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/daily_report/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Calls per campaign per day (extension)
     * @description `{days, campaigns, calls}` of a site (a campaign deleted by its owner stays, `is_removed`), the days `date_from`…`date_till` (both included, up to 366): `calls[i][d]` is campaign `campaigns[i]`'s calls on `days[d]`. Not in the REST document.
     */
    get: operations['daily_report'];
    put?: never;
    /**
     * Calls per campaign per day (extension) (POST)
     * @description `{days, campaigns, calls}` of a site (a campaign deleted by its owner stays, `is_removed`), the days `date_from`…`date_till` (both included, up to 366): `calls[i][d]` is campaign `campaigns[i]`'s calls on `days[d]`. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['daily_report_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_standard_tags/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make the standard tags (extension)
     * @description Makes the tags Target and Not target where the customer has none of that name, and answers both: `{id, name}`. Not in the REST document.
     */
    post: operations['create_standard_tags'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/api_login/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the customer’s logins (extension)
     * @description The customer's logins of the REST API: `{id, login, current}`, `current` true for the caller's own. Not in the REST document.
     */
    get: operations['api_login_get'];
    /**
     * Set a login’s password (extension)
     * @description Sets the password of the customer's login `id`; its sessions end, except the caller's own. Not in the REST document.
     */
    put: operations['api_login_put'];
    /**
     * Add a login (extension)
     * @description Adds a login of the customer (`login` without spaces, `password` of 8 characters or more). Answers `{id}`; a login taken is `100422`. Not in the REST document.
     */
    post: operations['api_login_post'];
    /**
     * Remove a login (extension)
     * @description Removes the customer's login `id` and ends its sessions; the customer's last login is `409 100409`. Not in the REST document.
     */
    delete: operations['api_login_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_password/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change one’s own password (extension)
     * @description The session's own login (a customer's or an agent's) gets `new_password` (8 characters or more) given `old_password`. Wrong old passwords count as failed logins (`102429` after too many). Its other sessions end; this one stays. Not in the REST document.
     */
    put: operations['change_password'];
    /**
     * Change one’s own password (extension) (POST)
     * @description The session's own login (a customer's or an agent's) gets `new_password` (8 characters or more) given `old_password`. Wrong old passwords count as failed logins (`102429` after too many). Its other sessions end; this one stays. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['change_password_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/employee_assignment/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Employees and their sites (extension)
     * @description Each of the customer's employees: `{id, first_name, last_name, sites}`, `sites` the ids of the sites they serve. Not in the REST document.
     */
    get: operations['employee_assignment'];
    put?: never;
    /**
     * Employees and their sites (extension) (POST)
     * @description Each of the customer's employees: `{id, first_name, last_name, sites}`, `sites` the ids of the sites they serve. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['employee_assignment_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_employee/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add an employee (extension)
     * @description Adds an employee with `first_name`, `last_name`, `email` and `password` (their console sign-in), `sites` and `sip_line_id` of the customer's. Answers `{id}`. Not in the REST document.
     */
    post: operations['create_employee'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_employee/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change an employee (extension)
     * @description Sets the names, `sites` and `sip_line_id` of employee `id`. Not in the REST document.
     */
    put: operations['change_employee'];
    /**
     * Change an employee (extension) (POST)
     * @description Sets the names, `sites` and `sip_line_id` of employee `id`. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['change_employee_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/employee_password/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set an employee’s password (extension)
     * @description Sets the console password of employee `id`; their console and app sessions end. Not in the REST document.
     */
    put: operations['employee_password'];
    /**
     * Set an employee’s password (extension) (POST)
     * @description Sets the console password of employee `id`; their console and app sessions end. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['employee_password_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_employee/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove an employee (extension) (POST)
     * @description Removes employee `id`; their sessions end. Answers `{unserved}`: the domains of the customer's sites no employee serves now. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['delete_employee_post'];
    /**
     * Remove an employee (extension)
     * @description Removes employee `id`; their sessions end. Answers `{unserved}`: the domains of the customer's sites no employee serves now. Not in the REST document.
     */
    delete: operations['delete_employee'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/scenario_detail/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Scenarios in full (extension)
     * @description Each of the customer's scenarios with `forward_to`, the `numbers` it answers and its `routes` (`{id, numa_list_id, list_name, forward_to}`, tried in this order). Not in the REST document.
     */
    get: operations['scenario_detail'];
    put?: never;
    /**
     * Scenarios in full (extension) (POST)
     * @description Each of the customer's scenarios with `forward_to`, the `numbers` it answers and its `routes` (`{id, numa_list_id, list_name, forward_to}`, tried in this order). Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['scenario_detail_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_scenario/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a scenario (extension)
     * @description Makes a scenario with `name`, `forward_to` (a phone, or null) and `numbers`: the customer's own, answered by no other of its scenarios (else `100422` naming the number). Answers `{id}`. Not in the REST document.
     */
    post: operations['create_scenario'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_scenario/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change a scenario (extension)
     * @description Sets the `name`, `forward_to` and `numbers` of scenario `id`, as `create_scenario` checks them. Not in the REST document.
     */
    put: operations['change_scenario'];
    /**
     * Change a scenario (extension) (POST)
     * @description Sets the `name`, `forward_to` and `numbers` of scenario `id`, as `create_scenario` checks them. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['change_scenario_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/scenario_route/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a scenario route (extension)
     * @description Callers on the customer's numa list `numa_list_id` ring `forward_to` when they call scenario `scenario_id`'s numbers, after its routes added before. Not in the REST document.
     */
    post: operations['scenario_route_post'];
    /**
     * Remove a scenario route (extension)
     * @description Removes route `id` of scenario `scenario_id`. Not in the REST document.
     */
    delete: operations['scenario_route_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/numa_list/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List numa lists (extension)
     * @description The customer's caller-number lists with their numbers: `{id, name, numbers}`. Not in the REST document.
     */
    get: operations['numa_list'];
    put?: never;
    /**
     * List numa lists (extension) (POST)
     * @description The customer's caller-number lists with their numbers: `{id, name, numbers}`. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['numa_list_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/carrier_setup/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What connecting a carrier needs (extension)
     * @description `{ready, missing: [{setting, message}], carriers: [{kind, fields: [{name, secret, optional}]}], can_connect}`: the settings this server still lacks (SVC_SECRET_KEY, SVC_PUBLIC_URL), the carriers it can connect and their credential fields, and whether the caller may connect one. Not in the REST document.
     */
    get: operations['carrier_setup'];
    put?: never;
    /**
     * What connecting a carrier needs (extension) (POST)
     * @description `{ready, missing: [{setting, message}], carriers: [{kind, fields: [{name, secret, optional}]}], can_connect}`: the settings this server still lacks (SVC_SECRET_KEY, SVC_PUBLIC_URL), the carriers it can connect and their credential fields, and whether the caller may connect one. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['carrier_setup_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/carrier_connections/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List carrier connections (extension)
     * @description The carrier accounts connected: an agent’s own; a customer’s own and its agent’s. Credentials are never answered, only which fields are set. Not in the REST document.
     */
    get: operations['carrier_connections'];
    put?: never;
    /**
     * List carrier connections (extension) (POST)
     * @description The carrier accounts connected: an agent’s own; a customer’s own and its agent’s. Credentials are never answered, only which fields are set. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['carrier_connections_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connect_carrier/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Connect a carrier account (extension)
     * @description Connects the carrier `kind` (carrier_setup lists them) under `label` with `credentials`, an object of the carrier’s fields. The credentials are checked with the carrier first (a refusal answers its words and nothing is stored), then stored encrypted. Answers the connection, credentials as field names only. Refused (503) while SVC_SECRET_KEY or SVC_PUBLIC_URL is missing. Not in the REST document.
     */
    post: operations['connect_carrier'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/check_carrier/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a carrier connection (extension)
     * @description Asks the carrier whether `connection_id`’s credentials still work: `{ok, account, balance, message, numbers_routed}`, `message` being the carrier’s words when it refused (a revoked token, no balance). Numbers whose routing to this server had failed are routed again (`numbers_routed`); numbers the carrier account no longer holds (released in its own console) are marked so (`numbers_gone`). Not in the REST document.
     */
    post: operations['check_carrier'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/disconnect_carrier/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Disconnect a carrier account (extension)
     * @description Forgets `connection_id` and its credentials. Refused (409) while numbers are held through it, saying how many: release them first. Nothing changes at the carrier. Not in the REST document.
     */
    post: operations['disconnect_carrier'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/carrier_numbers/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Numbers held at the carrier (extension)
     * @description The numbers the carrier account (`connection_id`, or every connection the customer may use) holds, each marked `imported` when it is the customer’s here, `held_elsewhere` when another customer has it, with `route_error` when its calls could not be routed to this server. Not in the REST document.
     */
    get: operations['carrier_numbers'];
    put?: never;
    /**
     * Numbers held at the carrier (extension) (POST)
     * @description The numbers the carrier account (`connection_id`, or every connection the customer may use) holds, each marked `imported` when it is the customer’s here, `held_elsewhere` when another customer has it, with `route_error` when its calls could not be routed to this server. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['carrier_numbers_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/import_carrier_number/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import a number held at the carrier (extension)
     * @description Makes `phone_number`, which the carrier account already holds, the customer’s here and routes its calls to this server. Answers `{phone_number, connection_id, routed, route_error}`. Not in the REST document.
     */
    post: operations['import_carrier_number'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/search_carrier_numbers/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search numbers for sale at the carrier (extension)
     * @description Numbers the carrier offers in `country` (ISO 3166 alpha-2), optionally in `region`, with `area_code`, or containing the digits `contains`, with their monthly price. buy_carrier_number confirms one at the price shown here. Not in the REST document.
     */
    get: operations['search_carrier_numbers'];
    put?: never;
    /**
     * Search numbers for sale at the carrier (extension) (POST)
     * @description Numbers the carrier offers in `country` (ISO 3166 alpha-2), optionally in `region`, with `area_code`, or containing the digits `contains`, with their monthly price. buy_carrier_number confirms one at the price shown here. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['search_carrier_numbers_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/buy_carrier_number/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Buy a number at the carrier (extension)
     * @description Buys `phone_number`, shown by search_carrier_numbers in the last half hour, from the carrier account: `confirm_price` must be the monthly price shown (its `amount`; null when none was shown), the buyer’s confirmation before money is spent. Then routes its calls to this server. A number someone just bought answers 409. Answers `{phone_number, connection_id, routed, route_error}`. Not in the REST document.
     */
    post: operations['buy_carrier_number'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/route_carrier_number/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Route a carrier number’s calls here again (extension)
     * @description Points the calls of the customer’s carrier number `phone_number` at this server again (after its routing failed, or was changed at the carrier). Answers `{phone_number, connection_id, routed, route_error}`. Not in the REST document.
     */
    post: operations['route_carrier_number'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/release_number/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Release a number (extension)
     * @description Gives up the customer’s `phone_number`: at the carrier too when it came from one (its monthly charge ends there). Refused (409) while a campaign or a site shows it, naming it. The app asks for confirmation first. Not in the REST document.
     */
    post: operations['release_number'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site_call_recording/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A site’s call recording (extension)
     * @description `{call_recording, recording_notice}`: whether calls to the site’s carrier numbers are recorded, and the notice played first. Not in the REST document.
     */
    get: operations['site_call_recording_get'];
    /**
     * Change a site’s call recording (extension)
     * @description Turns recording of the site’s carrier calls on or off (`call_recording`) with the `recording_notice` callers hear first (empty or null: none). Calls after the change follow it. Not in the REST document.
     */
    put: operations['site_call_recording_put'];
    /**
     * A site’s call recording (extension) (POST)
     * @description `{call_recording, recording_notice}`: whether calls to the site’s carrier numbers are recorded, and the notice played first. Not in the REST document.
     *
     *     The POST form: `action` GET or PUT.
     */
    post: operations['site_call_recording_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/preview_link/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A preview link of a campaign (extension)
     * @description `{url, expires_at}`: the site's page `page` (a path, or an address on the site's domain or one of its other addresses; default its front page) with the campaign's tags and `svc_preview`, a token signed by the server that works for one hour: the browser that opens it gets a tracking number of the campaign as a real visitor would, past the share per address and the bot checks; its visit is marked `preview` and is not counted. Not in the REST document.
     */
    get: operations['preview_link'];
    put?: never;
    /**
     * A preview link of a campaign (extension) (POST)
     * @description `{url, expires_at}`: the site's page `page` (a path, or an address on the site's domain or one of its other addresses; default its front page) with the campaign's tags and `svc_preview`, a token signed by the server that works for one hour: the browser that opens it gets a tracking number of the campaign as a real visitor would, past the share per address and the bot checks; its visit is marked `preview` and is not counted. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['preview_link_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/number_reasons/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Why visits kept the site’s number (extension)
     * @description `{visits, kept, reasons, previews}` of the site's visits that began in the last `days` (default 7), of one campaign `ac_id` (-1: of none) or all: how many there were (previews not counted), how many kept the site's own number instead of a tracking number, how many for each reason (`no_campaign`, `dry`: the pool was all leased, `share`: the visitor's address or browser family held its share of the pool, `bot`, `preview_invalid`, `preview_expired`), most first, and the owner's previews. Not in the REST document.
     */
    get: operations['number_reasons'];
    put?: never;
    /**
     * Why visits kept the site’s number (extension) (POST)
     * @description `{visits, kept, reasons, previews}` of the site's visits that began in the last `days` (default 7), of one campaign `ac_id` (-1: of none) or all: how many there were (previews not counted), how many kept the site's own number instead of a tracking number, how many for each reason (`no_campaign`, `dry`: the pool was all leased, `share`: the visitor's address or browser family held its share of the pool, `bot`, `preview_invalid`, `preview_expired`), most first, and the owner's previews. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['number_reasons_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/pool_usage/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How a dynamic pool is used (extension)
     * @description `{size, hours, week, peak_wanted, suggested_size}` of a block with a DT pool: hour by hour over the last `hours` (24 or 168; the running hour last) the most numbers leased at once and the visits that found every number leased; over the last 7 days the visits that found it dry, in how many hours, and the visits refused for the share per address or browser family; the most numbers wanted at once in one hour (leased at once + visits that found it dry) and the size it suggests, 25% above that, rounded up. Not in the REST document.
     */
    get: operations['pool_usage'];
    put?: never;
    /**
     * How a dynamic pool is used (extension) (POST)
     * @description `{size, hours, week, peak_wanted, suggested_size}` of a block with a DT pool: hour by hour over the last `hours` (24 or 168; the running hour last) the most numbers leased at once and the visits that found every number leased; over the last 7 days the visits that found it dry, in how many hours, and the visits refused for the share per address or browser family; the most numbers wanted at once in one hour (leased at once + visits that found it dry) and the size it suggests, 25% above that, rounded up. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['pool_usage_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/qualification_rules/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A site’s qualification rules (extension)
     * @description The site’s rules, in the order they are tried. Not in the REST document.
     */
    get: operations['qualification_rules'];
    put?: never;
    /**
     * A site’s qualification rules (extension) (POST)
     * @description The site’s rules, in the order they are tried. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['qualification_rules_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/set_qualification_rule/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add or change a qualification rule (extension)
     * @description Sets rule `name` of `site_id` (`new_name` renames it); answers `{id, qualified}`, what the rules marked now (last 90 days). Not in the REST document.
     */
    post: operations['set_qualification_rule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_qualification_rule/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a qualification rule (extension) (POST)
     * @description Deletes rule `name` of `site_id`; what it qualified stays so. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['delete_qualification_rule_post'];
    /**
     * Delete a qualification rule (extension)
     * @description Deletes rule `name` of `site_id`; what it qualified stays so. Not in the REST document.
     */
    delete: operations['delete_qualification_rule'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/custom_tags/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the custom tags (extension)
     * @description The tags the customer made: `{id, name}`. Not in the REST document.
     */
    get: operations['custom_tags'];
    put?: never;
    /**
     * List the custom tags (extension) (POST)
     * @description The tags the customer made: `{id, name}`. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['custom_tags_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_custom_tag/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a custom tag (extension)
     * @description Makes tag `name`; a name taken is `409 100503`. Not in the REST document.
     */
    post: operations['create_custom_tag'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/delete_custom_tag/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a custom tag (extension) (POST)
     * @description Deletes custom tag `id` from everywhere; one a rule sets is `409 100409`. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['delete_custom_tag_post'];
    /**
     * Delete a custom tag (extension)
     * @description Deletes custom tag `id` from everywhere; one a rule sets is `409 100409`. Not in the REST document.
     */
    delete: operations['delete_custom_tag'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/api_key/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the customer’s API keys (extension)
     * @description The customer's API keys, revoked ones too: name, `key_id` (the key's visible start), scope, sites, when made, last used and revoked. The keys themselves are never shown. Not in the REST document.
     */
    get: operations['api_key'];
    put?: never;
    /**
     * List the customer’s API keys (extension) (POST)
     * @description The customer's API keys, revoked ones too: name, `key_id` (the key's visible start), scope, sites, when made, last used and revoked. The keys themselves are never shown. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['api_key_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/create_api_key/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make an API key (extension)
     * @description Makes a key for an integration: `name`, `read_only` (GET functions only), `site_ids` (only these sites; omitted: all). Answers `{id, key, key_id}`: `key` is shown only here; send it as `Authorization: Bearer <key>`. At most 20 keys not revoked (`409 100409`). Not in the REST document.
     */
    post: operations['create_api_key'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/revoke_api_key/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke an API key (extension)
     * @description Ends the customer's key `id` at once, on every server; a revoked key answers `102401`. Revoking one already revoked keeps its first time. Not in the REST document.
     */
    post: operations['revoke_api_key'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/conversion_destinations/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A site’s conversion destinations (extension)
     * @description Google Ads, Yandex Metrica and GA4 destinations of `site_id`; credentials as field names only. Not in the REST document.
     */
    get: operations['conversion_destinations'];
    put?: never;
    /**
     * A site’s conversion destinations (extension) (POST)
     * @description Google Ads, Yandex Metrica and GA4 destinations of `site_id`; credentials as field names only. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['conversion_destinations_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connect_conversion_destination/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Connect a conversion destination (extension)
     * @description Connects `platform` (google_ads, metrica, ga4) to `site_id` with its `settings` and `credentials` (docs/conversions.md names each platform’s fields). Credentials are stored encrypted and never answered. GA4 settings are checked against its validation server first. Refused (503) while SVC_SECRET_KEY is missing. Not in the REST document.
     */
    post: operations['connect_conversion_destination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/change_conversion_destination/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change a conversion destination (extension)
     * @description Changes what is given of `destination_id`: `label`, `sends`, `enabled`, `settings` (the whole object), `credentials` (the fields given replace theirs; the others are kept). Not in the REST document.
     */
    post: operations['change_conversion_destination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/disconnect_conversion_destination/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Disconnect a conversion destination (extension) (POST)
     * @description Deletes `destination_id` with its credentials, its unsent items and its log. Not in the REST document.
     *
     *     The POST form: `action` DELETE.
     */
    post: operations['disconnect_conversion_destination_post'];
    /**
     * Disconnect a conversion destination (extension)
     * @description Deletes `destination_id` with its credentials, its unsent items and its log. Not in the REST document.
     */
    delete: operations['disconnect_conversion_destination'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/conversion_log/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What a conversion destination was sent (extension)
     * @description The items of `destination_id`, newest first, each with its last attempt and the platform’s answer. Not in the REST document.
     */
    get: operations['conversion_log'];
    put?: never;
    /**
     * What a conversion destination was sent (extension) (POST)
     * @description The items of `destination_id`, newest first, each with its last attempt and the platform’s answer. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['conversion_log_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/conversion_csv/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A conversion destination’s CSV import file (extension)
     * @description `{file_name, csv}`: the communications given to `destination_id` in [date_from, date_till) (the customer’s zone) as the platform’s import template `template` (google_ads_clicks, google_ads_calls, metrica_conversions, metrica_calls). GA4 has no such import. Not in the REST document.
     */
    get: operations['conversion_csv'];
    put?: never;
    /**
     * A conversion destination’s CSV import file (extension) (POST)
     * @description `{file_name, csv}`: the communications given to `destination_id` in [date_from, date_till) (the customer’s zone) as the platform’s import template `template` (google_ads_clicks, google_ads_calls, metrica_conversions, metrica_calls). GA4 has no such import. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['conversion_csv_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mail_status/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the server sends mail (extension)
     * @description `enabled` false: no SMTP server is set (SVC_SMTP_URL), and mails are written to the server’s log instead. `operator`: whether this login may send a test e-mail. Not in the REST document.
     */
    get: operations['mail_status'];
    put?: never;
    /**
     * Whether the server sends mail (extension) (POST)
     * @description `enabled` false: no SMTP server is set (SVC_SMTP_URL), and mails are written to the server’s log instead. `operator`: whether this login may send a test e-mail. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['mail_status_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/send_test_mail/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test e-mail (extension)
     * @description The server’s operator (an agent’s login, or a customer without an agent) sends a test message to `to`, in `lang` (`en` or `ru`). Answers `{enabled}`: false when mail is off and the message went to the log. `502` with the SMTP server’s words when it refused. Not in the REST document.
     */
    post: operations['send_test_mail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/alert_settings/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one’s mail alerts (extension)
     * @description The alerts the session’s login gets by mail for the customer: `email`, `lang`, `subscriptions` `[{site_id, kind}]` (site 0: every site), and the `kinds` there are, each with `wired` (always true: every kind is sent). An employee (the app’s key) gets those of the sites they serve (site 0: each of them), of the kinds a site’s records make. Not in the REST document.
     */
    get: operations['alert_settings'];
    put?: never;
    /**
     * Get one’s mail alerts (extension) (POST)
     * @description The alerts the session’s login gets by mail for the customer: `email`, `lang`, `subscriptions` `[{site_id, kind}]` (site 0: every site), and the `kinds` there are, each with `wired` (always true: every kind is sent). An employee (the app’s key) gets those of the sites they serve (site 0: each of them), of the kinds a site’s records make. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['alert_settings_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/set_alert_settings/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Choose one’s mail alerts (extension)
     * @description Replaces the alerts the session’s login gets for the customer: `subscriptions` `[{site_id, kind}]` (site 0: every site; at most 500), mailed to `email` in `lang`. At most one mail per kind a minute; the rest are counted in it. An employee chooses among the sites they serve (another site: 404) and the kinds of a site’s records (`webhook_off`, `carrier_failing`: 403). Not in the REST document.
     */
    put: operations['set_alert_settings'];
    /**
     * Choose one’s mail alerts (extension) (POST)
     * @description Replaces the alerts the session’s login gets for the customer: `subscriptions` `[{site_id, kind}]` (site 0: every site; at most 500), mailed to `email` in `lang`. At most one mail per kind a minute; the rest are counted in it. An employee chooses among the sites they serve (another site: 404) and the kinds of a site’s records (`webhook_off`, `carrier_failing`: 403). Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['set_alert_settings_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/report_schedules/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one’s scheduled reports (extension)
     * @description The campaign reports the session’s login gets by mail for the customer: `schedules` `[{period, hour, weekday, email, lang}]`, and the `time_zone` the hours are in. Not in the REST document.
     */
    get: operations['report_schedules'];
    put?: never;
    /**
     * Get one’s scheduled reports (extension) (POST)
     * @description The campaign reports the session’s login gets by mail for the customer: `schedules` `[{period, hour, weekday, email, lang}]`, and the `time_zone` the hours are in. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['report_schedules_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/set_report_schedule/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Schedule a report by mail (extension)
     * @description Mails the customer’s campaign report (totals against the period before, top campaigns, missed calls) `daily` (yesterday’s) or `weekly` (last week’s, on `weekday`, 1 Monday) from `hour` of the customer’s time zone, to `email` in `lang`; `on` false stops it. Each period is mailed once. Not in the REST document.
     */
    put: operations['set_report_schedule'];
    /**
     * Schedule a report by mail (extension) (POST)
     * @description Mails the customer’s campaign report (totals against the period before, top campaigns, missed calls) `daily` (yesterday’s) or `weekly` (last week’s, on `weekday`, 1 Monday) from `hour` of the customer’s time zone, to `email` in `lang`; `on` false stops it. Each period is mailed once. Not in the REST document.
     *
     *     The POST form: `action` PUT.
     */
    post: operations['set_report_schedule_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/import_ad_costs/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import an ad platform’s cost report (extension)
     * @description Reads a Yandex Direct (Reports API TSV, report wizard export) or Google Ads (campaign report CSV) cost report, at most 48 KB, and stores each campaign’s cost per day; a day imported again replaces the one stored. Campaigns not matched are listed, not stored. Not in the REST document.
     */
    post: operations['import_ad_costs'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/map_ad_campaign/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm which campaign an ad platform’s campaign is (extension)
     * @description Stores, once, that the platform’s campaign (its id, else its name as the export writes it) is campaign `ac_id` of the site; the next import stores its costs. Not in the REST document.
     */
    post: operations['map_ad_campaign'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/set_ad_cost/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Enter a campaign’s cost by hand (extension)
     * @description Sets campaign `ac_id`’s cost for the day `date_from`, or spread evenly over the days `date_from` to `date_till` (both included), replacing the costs entered by hand for those days. Not in the REST document.
     */
    post: operations['set_ad_cost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/campaign_costs_report/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Ad costs and return on spend (extension)
     * @description Per campaign (or source, keyword, landing page) of the site in the days `[date_from, date_till)`: cost, calls, qualified leads, cost per call and per qualified lead, revenue and return on spend, with the same figures of the period of the same length just before. Not in the REST document.
     */
    get: operations['campaign_costs_report'];
    put?: never;
    /**
     * Ad costs and return on spend (extension) (POST)
     * @description Per campaign (or source, keyword, landing page) of the site in the days `[date_from, date_till)`: cost, calls, qualified leads, cost per call and per qualified lead, revenue and return on spend, with the same figures of the period of the same length just before. Not in the REST document.
     *
     *     The POST form: `action` GET.
     */
    post: operations['campaign_costs_report_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/app/api/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The app's sign-in (extension)
     * @description `login` is a REST login or an employee's console e-mail (a REST login of that name wins), its password checked once. `employee`: the key is an employee's, for `X-Session-Key`. Refusals: 401002, 429001 and 503001 (with `Retry-After`), 403100 (customer not active). Not in the REST document.
     */
    post: operations['app_sign_in'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/app/api/employee-session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Employee sign-in (extension)
     * @description An employee signs in with the operator console's e-mail and password (the console's attempts and locks; 401002, 429001) and gets a key for the header `X-Session-Key`; an employee of a customer that is not active is refused (403100). Not in the REST document.
     */
    post: operations['employee_sign_in'];
    /**
     * Employee sign-out (extension)
     * @description Ends the employee's session of the `X-Session-Key` header (401100 when it is unknown). Not in the REST document.
     */
    delete: operations['employee_sign_out'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/app/api/employee/{function}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A function open to employees (extension)
     * @description Runs one of the REST functions open to employees with their key in `X-Session-Key`: parameters and answer are the function's (a GET's in the query, a POST's in `args`), limited to the sites the employee serves: a site or communication of another site, and every other function, is refused with 403 (403100), not 401; a list without a site lists only theirs. `me` answers `{role: employee, customer, customers: []}`. Errors carry the server's codes (401100, 403100, 404100, 400100…). Not in the REST document.
     */
    get: operations['employee_function'];
    put?: never;
    /**
     * A function open to employees (extension)
     * @description Runs one of the REST functions open to employees with their key in `X-Session-Key`: parameters and answer are the function's (a GET's in the query, a POST's in `args`), limited to the sites the employee serves: a site or communication of another site, and every other function, is refused with 403 (403100), not 401; a list without a site lists only theirs. `me` answers `{role: employee, customer, customers: []}`. Errors carry the server's codes (401100, 403100, 404100, 400100…). Not in the REST document.
     */
    post: operations['employee_function_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Customer: {
      id: number;
      name: string;
      /** @description waiting or active */
      state: string;
    };
    TariffPlan: {
      id: number;
      name: string;
    };
    Site: {
      id: number;
      domain: string;
      /** @description EXTENSION: the key of the snippet */
      site_key: string;
      /** @description EXTENSION: the key of the widget */
      widget_key: string;
    };
    Campaign: {
      id: number;
      name: string;
      /** @description EXTENSION */
      site_id: number;
    };
    CampaignSettings: {
      ac_id: number;
      is_dt_enabled: boolean;
      /** @description JSON text of an array of {ac_condition_group_id, ac_condition_group_name, id, ac_parameter, ac_operator, value, is_negative} */
      ac_conditions: string;
      /** @description JSON text of an array of {id, name, phone_type, numb, forward_numb, is_dt_enabled, dt_number_pool_numbers} */
      site_blocks: string;
    };
    Tag: {
      id: number;
      name: string;
    };
    VirtualNumber: {
      phone_number: string;
      /** @description YYYY-MM-DD HH:MM:SS in the customer’s zone */
      activation_date: string;
      /** @description local, mobile or tollfree */
      category: string;
      /** @enum {string} */
      type: 'Analytics' | 'VA';
      /** @description roubles */
      monthly_charge: number;
      /** @enum {string} */
      status: 'active' | 'blocked';
      site: {
        site_id: number;
        site_domain_name: string;
      } | null;
      campaign: {
        campaign_id: number;
        campaign_name: string;
      } | null;
    };
    Scenario: {
      id: number;
      name: string;
      virtual_number: string[];
    };
    MediaFile: {
      id: number;
      customer_id: number;
      name: string;
      duration: string;
      size: number;
      modify_time: number;
      is_normalize: boolean;
    };
    SystemMediaFile: {
      id: number;
      name: string;
      duration: string;
      modify_time: number;
    };
    Employee: {
      id: number;
      last_name: string | null;
      first_name: string | null;
      patronymic: string | null;
      full_name: string | null;
      email: string | null;
      is_consultant_operator_active: boolean;
      extension: string | null;
      phones: string[];
    };
    SipLine: {
      id: number;
      customer_id: number;
      employee_id: number[];
      phone: string;
      protocol: string;
      /** @enum {string} */
      type: 'Домашний' | 'Мобильный' | 'Рабочий' | 'Факс';
      channels_count: number;
      /** @enum {string} */
      logical_state: 'Доступен' | 'Не беспокоить' | 'Не авторизован';
      /** @enum {string} */
      physical_state: 'Зарегистрирован' | 'Не зарегистрирован' | 'Не доступен';
      /** @enum {string} */
      billing_state:
        | 'waiting'
        | 'active'
        | 'manual_lock'
        | 'limit_lock'
        | 'debt_lock'
        | 'archive'
        | 'freeze'
        | 'cleaning'
        | 'prereserved'
        | 'reserved'
        | 'free';
      forwarding_timeout: number;
      calls_count: number;
      sum_calls_duration: number;
      additional_calling_number: string | null;
    };
    SiteStatistics: {
      /** @description the site's domain */
      url: string;
      visits_count: number;
      calls_count: number;
      sitephone_calls_count: number;
      good_chats_count: number;
      offline_messages_count: number;
      goals_count: number;
    };
    Communication: {
      /** @enum {string} */
      communication_type: 'calls' | 'chats' | 'offline_massages' | 'goals';
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      date_time: string;
      id: number;
    };
    Goal: {
      /** @description this communication's number among the person's communications of every kind, from 1 */
      communication_number: number;
      site_id: number;
      /** @description -1: no campaign */
      ac_id: number;
      visitor_id: number | null;
      session_id: number | null;
      /** @description the visitor's visits up to this communication's session */
      visits_count: number | null;
      /** @description the person had come through other campaigns by then */
      other_adv_contacts: boolean;
      country: string | null;
      region: string | null;
      city: string | null;
      search_engine: string | null;
      search_query: string | null;
      referrer_domain: string | null;
      referrer: string | null;
      ua_client_id: string | null;
      utm_campaign: string | null;
      utm_content: string | null;
      utm_medium: string | null;
      utm_source: string | null;
      utm_term: string | null;
      os_ad_id: string | null;
      os_campaign_id: string | null;
      os_service_name: string | null;
      os_source_id: string | null;
      gclid: string | null;
      yclid: string | null;
      ef_id: string | null;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      sale_date: string | null;
      sale_cost: number | null;
      /** @description the latest search query the visitor came with, up to this session */
      last_query: string | null;
      id: number;
      name: string;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      start_time: string;
      tag_id_array: number[];
      new_visitor: boolean;
      first_ac_name: string | null;
      enter_page: string | null;
    };
    Call: {
      /** @description this communication's number among the person's communications of every kind, from 1 */
      communication_number: number;
      site_id: number;
      /** @description -1: no campaign */
      ac_id: number;
      visitor_id: number | null;
      session_id: number | null;
      /** @description the visitor's visits up to this communication's session */
      visits_count: number | null;
      /** @description the person had come through other campaigns by then */
      other_adv_contacts: boolean;
      country: string | null;
      region: string | null;
      city: string | null;
      search_engine: string | null;
      search_query: string | null;
      referrer_domain: string | null;
      referrer: string | null;
      ua_client_id: string | null;
      utm_campaign: string | null;
      utm_content: string | null;
      utm_medium: string | null;
      utm_source: string | null;
      utm_term: string | null;
      os_ad_id: string | null;
      os_campaign_id: string | null;
      os_service_name: string | null;
      os_source_id: string | null;
      gclid: string | null;
      yclid: string | null;
      ef_id: string | null;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      sale_date: string | null;
      sale_cost: number | null;
      /** @description the latest search query the visitor came with, up to this session */
      last_query: string | null;
      /**
       * @description new: the call came in the visitor’s first visit, or from an unknown caller
       * @enum {string}
       */
      visitor_type: 'new' | 'returning';
      visitor_first_ac: number;
      id: number;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      call_date: string;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      session_start: string | null;
      /** @enum {string} */
      communication_type: 'call' | 'sitephone';
      /**
       * @description null while the call is under way (a call-back: until it ends)
       * @enum {string|null}
       */
      status: 'normal' | 'lost' | null;
      numa: string;
      numb: string | null;
      wait_time: number | null;
      duration: number | null;
      file_link: string[];
      operator_name: string | null;
      coach_name: string | null;
      scenario_name: string | null;
      is_transfer: boolean;
      tags: number[];
      /** @enum {string} */
      direction: 'in' | 'out';
      page_url: string | null;
      is_visitor_by_numa: boolean;
      /** @description EXTENSION */
      qualified: boolean;
      /** @description EXTENSION */
      qualified_at: string | null;
      /** @description EXTENSION */
      qualification_rule_id: number | null;
      /** @description EXTENSION */
      tag_list: {
        id: number;
        tag: string;
      }[];
      /** @description EXTENSION: why it was credited */
      attribution: {
        code: string;
        words: string;
        details: {
          [key: string]: unknown;
        };
      } | null;
    };
    IncomingCallLeg: {
      id: number;
      /** @description null: a call begins with this leg; else the id of the leg it continues */
      cdr_id: number | null;
      /** @description signalling moment */
      setup_time: string;
      /** @description null for a call never connected */
      connect_time: string | null;
      /** @description talk seconds */
      duration: number;
      is_lost: boolean;
      numa: string;
      numb: string;
      /** @description recording link (protocol-relative where the platform sent one so) */
      file_link: string | null;
    };
    OutgoingCallLeg: {
      id: number;
      /** @description null: a call begins with this leg; else the id of the leg it continues */
      cdr_id: number | null;
      /** @description signalling moment */
      setup_time: string;
      /** @description null for a call never connected */
      connect_time: string | null;
      /** @description talk seconds */
      duration: number;
      is_lost: boolean;
      numa: string;
      numb: string;
      /** @description recording link (protocol-relative where the platform sent one so) */
      file_link: string | null;
      /** @description the SIP line that answered or dialled */
      sip_line: string | null;
    };
    Chat: {
      /** @description this communication's number among the person's communications of every kind, from 1 */
      communication_number: number;
      site_id: number;
      /** @description -1: no campaign */
      ac_id: number;
      visitor_id: number | null;
      session_id: number | null;
      /** @description the visitor's visits up to this communication's session */
      visits_count: number | null;
      /** @description the person had come through other campaigns by then */
      other_adv_contacts: boolean;
      country: string | null;
      region: string | null;
      city: string | null;
      search_engine: string | null;
      search_query: string | null;
      referrer_domain: string | null;
      referrer: string | null;
      ua_client_id: string | null;
      utm_campaign: string | null;
      utm_content: string | null;
      utm_medium: string | null;
      utm_source: string | null;
      utm_term: string | null;
      os_ad_id: string | null;
      os_campaign_id: string | null;
      os_service_name: string | null;
      os_source_id: string | null;
      gclid: string | null;
      yclid: string | null;
      ef_id: string | null;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      sale_date: string | null;
      sale_cost: number | null;
      /** @description the latest search query the visitor came with, up to this session */
      last_query: string | null;
      /** @enum {string} */
      visitor_type: 'new' | 'returning';
      visitor_first_ac: number;
      id: number;
      /**
       * @description lost while nobody has answered (also while the chat waits), succeed once an operator has
       * @enum {string}
       */
      status: 'lost' | 'succeed' | 'refused';
      /** @enum {string} */
      initiator: 'Посетитель' | 'Оператор' | 'Автоприглашение';
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      start_time: string;
      /** @description HH:MM:SS from the start to the first answer */
      answer_interval: string | null;
      /** @description seconds, once the chat is over */
      duration: number | null;
      employee_id: number | null;
      operator_name: string | null;
      tags: {
        id: number;
        tag: string;
      }[];
      messages_count: number;
      operator_message_count: number;
      visitor_message_count: number;
      page_url: string;
      /** @description EXTENSION */
      qualified: boolean;
      /** @description EXTENSION */
      qualified_at: string | null;
      /** @description EXTENSION */
      qualification_rule_id: number | null;
    };
    ChatMessage: {
      id: number;
      /**
       * @description the document's spelling
       * @enum {string}
       */
      sourse: 'Оператор' | 'Посетитель';
      /** @description the operator's id, on operator messages only */
      user_id?: number;
      message: string;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      date_time: string;
    };
    OfflineRequest: {
      /** @description this communication's number among the person's communications of every kind, from 1 */
      communication_number: number;
      site_id: number;
      /** @description -1: no campaign */
      ac_id: number;
      visitor_id: number | null;
      session_id: number | null;
      /** @description the visitor's visits up to this communication's session */
      visits_count: number | null;
      /** @description the person had come through other campaigns by then */
      other_adv_contacts: boolean;
      country: string | null;
      region: string | null;
      city: string | null;
      search_engine: string | null;
      search_query: string | null;
      referrer_domain: string | null;
      referrer: string | null;
      ua_client_id: string | null;
      utm_campaign: string | null;
      utm_content: string | null;
      utm_medium: string | null;
      utm_source: string | null;
      utm_term: string | null;
      os_ad_id: string | null;
      os_campaign_id: string | null;
      os_service_name: string | null;
      os_source_id: string | null;
      gclid: string | null;
      yclid: string | null;
      ef_id: string | null;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      sale_date: string | null;
      sale_cost: number | null;
      /** @description the latest search query the visitor came with, up to this session */
      last_query: string | null;
      /** @enum {string} */
      visitor_type: 'new' | 'returning';
      visitor_first_ac: number;
      id: number;
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      date_time: string;
      phone: string | null;
      email: string | null;
      message: string | null;
      /** @description `unprocessed` */
      status: string;
      operator_name: string | null;
      operator_comment: string | null;
      tags: {
        id: number;
        tag: string;
      }[];
      name: string | null;
      page_url: string | null;
      /** @description EXTENSION */
      qualified: boolean;
      /** @description EXTENSION */
      qualified_at: string | null;
      /** @description EXTENSION */
      qualification_rule_id: number | null;
    };
    Visitor: {
      id: number;
      name: string | null;
      phone: string[];
      email: string[];
      company: string | null;
      commentary: string | null;
      /** @description JSON text of an object of property name to value (setProperty) */
      custom_fields: string;
      site_id: number;
      /** @description JSON text of an array of {id, name, is_removed}: the campaigns the visitor came through */
      acs: string;
      visits_count: number;
      /** @description -1: none */
      visitor_first_ac: number;
      session_ids: number[];
    };
    SessionInfo: {
      /** @description YYYY-MM-DD HH:MM:SS in the customer's time zone */
      start_time: string;
      browser_name: string | null;
      browser_version: string | null;
      country: string | null;
      region: string | null;
      city: string | null;
      ip: string | null;
      referrer: string | null;
      search_engine: string | null;
      search_query: string | null;
      entrance_page: string | null;
      /** @description JSON text of an array of {hit_time, duration, url}; duration: seconds to the next page view, null for the last */
      hits: string;
      ua_client_id: string | null;
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
      utm_content: string | null;
      utm_term: string | null;
      os_ad_id: string | null;
      os_campaign_id: string | null;
      os_service_name: string | null;
      os_source_id: string | null;
      os_name: string | null;
      os_version: string | null;
      yclid: string | null;
      gclid: string | null;
      ef_id: string | null;
      /** @description JSON text of an array of {id, communication_type, start_time} */
      communications: string;
    };
    AdvertisingSales: {
      /** @description -1: without campaign */
      ac_id: number;
      name: string;
      /** @description the costs imported or entered for the campaign (extension import_ad_costs); 0: none */
      ac_cost: number;
      sessions_count: number;
      communications_count: number;
      sales_count: number;
      /** @description days from the person's first communication to the sale; null without sales */
      avg_days_before_sale: number | null;
      revenue: number;
    };
    ApiRequestLogRecord: {
      id: number;
      ip: string | null;
      start_time: string;
      error: string | null;
      api_user_id: number | null;
      customer_id: number;
      method: string;
      numa: string | null;
      numb: string | null;
      numc: string | null;
      /** @description shaped by the method */
      result: {
        [key: string]: unknown;
      };
    };
    DailyCharges: {
      /** @description tariff plan fee, roubles */
      charge_tp: number;
      /** @description number rentals, roubles */
      charge_number: number;
      /** @description limit extensions (none are sold: 0), roubles */
      charge_physical_limit: number;
      /** @description call legs, roubles */
      charge_call: number;
      /** @description number connections, roubles */
      charge_activation_number: number;
    };
    CallCharge: {
      id: number;
      start_time: string;
      numa: string;
      numb: string;
      duration: number;
      /** @enum {string} */
      prefix_type: 'internal' | 'local' | 'country' | 'international' | 'zone';
      prefix_type_name: string;
      customer_id: number;
      /** @description total, roubles */
      cost: number;
      /** @description charged to the bonus account, roubles */
      virtual_cost: number;
      /** @description charged to the account, roubles */
      real_cost: number;
    };
    NumberBlock: {
      id: number;
      name: string;
      phone_type: string | null;
      numb: string | null;
      forward_numb: string | null;
      is_dt_enabled: boolean;
      /** @description the DT pool; [null] when the block has none */
      dt_number_pool_numbers: (string | null)[];
      selector: string;
      ac_id: number | null;
      site_id: number;
    };
    Me: {
      /** @enum {string} */
      role: 'customer' | 'agent' | 'employee';
      /** @description the customer's own record; null for an agent */
      customer: {
        id: number;
        name: string;
        state: string;
        time_zone: string;
      } | null;
      /** @description an agent's customers; empty for a customer */
      customers: {
        id: number;
        name: string;
        state: string;
      }[];
    };
    SiteSettings: {
      settings: {
        /** @enum {string} */
        lang: 'ru' | 'en';
        captcha: boolean;
        callback_scenario: string | null;
        dt_lease_minutes: number;
        /** @enum {string} */
        dt_overflow: 'static' | 'reserved';
        dt_reserved_number: string | null;
      };
      scenarios: string[];
    };
    Region: {
      region: string;
      category: string;
      free: number;
    };
    JournalItem: {
      /** @enum {string} */
      type: 'cdr_in' | 'sitephone' | 'chat' | 'offline_message' | 'goal';
      id: number;
      /** @description ISO 8601, UTC */
      at: string;
      ac_id: number;
      ac_name: string;
      /** @description the campaign was deleted by its owner; its records keep it (extension) */
      ac_is_removed: boolean;
      utm_source: string | null;
      utm_medium: string | null;
      utm_campaign: string | null;
      referrer: string | null;
      entrance_page: string | null;
      /** @description caller, goal name, request text…: what the kind has to say */
      detail: string;
      /** @description the number called, for calls */
      numb: string | null;
      duration: number | null;
      status: string | null;
      records: string[];
      tags: {
        id: number;
        tag: string;
      }[];
      /** @description the sale’s amount in roubles */
      sale: number | null;
      /** @description why the visit kept the site’s own number (`no_campaign`, `dry`, `share`, `bot`, `preview_invalid`, `preview_expired`), or `preview`: the owner’s preview; for a call credited to the site with no visit, that of the latest visit live at ring time that kept the site’s number */
      number_reason: string | null;
      /** @description why a call was credited, as `call`’s `attribution.code` (`lease`, `static_block`…); null for other kinds and older calls */
      attribution: string | null;
      /** @description a qualification rule marked it */
      qualified: boolean;
    };
    DailyReport: {
      days: string[];
      campaigns: {
        id: number;
        name: string;
        /** @description the campaign was deleted by its owner; its calls stay (extension) */
        is_removed: boolean;
      }[];
      calls: number[][];
    };
    ApiLogin: {
      id: number;
      login: string;
      current: boolean;
    };
    EmployeeAssignment: {
      id: number;
      first_name: string;
      last_name: string;
      sites: number[];
    };
    ScenarioDetail: {
      id: number;
      name: string;
      forward_to: string | null;
      numbers: string[];
      /** @description tried in this order, before the scenario’s own forwarding */
      routes: {
        id: number;
        numa_list_id: number;
        list_name: string;
        forward_to: string;
      }[];
    };
    NumaList: {
      id: number;
      name: string;
      numbers: string[];
    };
    /** @description success without data */
    Acknowledgement: {
      /** @enum {boolean} */
      success: true;
    };
    /**
     * @description An error: success false and `<code>: <text>`; never a stack trace.
     * @example {
     *       "success": false,
     *       "message": "102401: Unauthorized"
     *     }
     */
    ErrorEnvelope: {
      /** @enum {boolean} */
      success: false;
      /** @description `<code>: <text>`; the codes: 102401 (HTTP 401) Unauthorized; 102402 (HTTP 401) Wrong login or password; 102403 (HTTP 403) Access denied: <name>; 102405 (HTTP 403) Customer is not active; 102429 (HTTP 429) Too many login attempts; try again later; 102503 (HTTP 503) Login is busy; try again in 1 s; 111406 (HTTP 502) Not acceptable: send Accept application/json or application/xml; 100404 (HTTP 404) Unknown function <name>; 100405 (HTTP 405) Function <name> takes <value>; 100400 (HTTP 400) Missing required parameter <name>; 100422 (HTTP 400) Invalid parameter <name>: <value>; 100423 (HTTP 400) Unknown parameter <name>; 100413 (HTTP 400) Invalid parameter limit: at most <name>; 100401 (HTTP 400) Malformed request body; 100410 (HTTP 404) Not found: <name> <value>; 211400 (HTTP 403) Invalid customer for site <name>; 100501 (HTTP 403) Database error; 100502 (HTTP 409) Duplicate ac name; 100503 (HTTP 409) Duplicate <name>; 100403 (HTTP 403) Not a number of the customer: <name> (buy_number, or ask the operator); 100409 (HTTP 409) <name>; 413001 (HTTP 413) Request body too large; 415001 (HTTP 415) Unsupported content type; 100500 (HTTP 500) Internal error */
      message: string;
      /** @description EXTENSION: the argument the error is about (`user_phone`), on argument errors; the message says what it needs */
      field?: string;
    };
  };
  responses: {
    /**
     * @description an error of the request; `message` is `<code>: <text>`:
     *
     *     | code | HTTP | text |
     *     |---|---|---|
     *     | 102401 | 401 | Unauthorized |
     *     | 102402 | 401 | Wrong login or password |
     *     | 102403 | 403 | Access denied: <name> |
     *     | 102405 | 403 | Customer is not active |
     *     | 102429 | 429 | Too many login attempts; try again later |
     *     | 100404 | 404 | Unknown function <name> |
     *     | 100405 | 405 | Function <name> takes <value> |
     *     | 100400 | 400 | Missing required parameter <name> |
     *     | 100422 | 400 | Invalid parameter <name>: <value> |
     *     | 100423 | 400 | Unknown parameter <name> |
     *     | 100413 | 400 | Invalid parameter limit: at most <name> |
     *     | 100401 | 400 | Malformed request body |
     *     | 100410 | 404 | Not found: <name> <value> |
     *     | 211400 | 403 | Invalid customer for site <name> |
     *     | 100501 | 403 | Database error |
     *     | 100502 | 409 | Duplicate ac name |
     *     | 100503 | 409 | Duplicate <name> |
     *     | 100403 | 403 | Not a number of the customer: <name> (buy_number, or ask the operator) |
     *     | 100409 | 409 | <name> |
     *     | 413001 | 413 | Request body too large |
     *     | 415001 | 415 | Unsupported content type |
     */
    Error: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "success": false,
         *       "message": "100422: Invalid parameter site_id: Too small: expected number to be >=1"
         *     }
         */
        'application/json': components['schemas']['ErrorEnvelope'];
        'application/xml': string;
      };
    };
    /**
     * @description a GET without a usable `Accept` (502), login busy (503), or an internal error (500):
     *
     *     | code | HTTP | text |
     *     |---|---|---|
     *     | 102503 | 503 | Login is busy; try again in 1 s |
     *     | 111406 | 502 | Not acceptable: send Accept application/json or application/xml |
     *     | 100500 | 500 | Internal error |
     */
    ServerError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "success": false,
         *       "message": "111406: Not acceptable: send Accept application/json or application/xml"
         *     }
         */
        'application/json': components['schemas']['ErrorEnvelope'];
        'application/xml': string;
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description how many records all pages of the list hold (extension) */
    'X-Total-Count': number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  login_get: {
    parameters: {
      query: {
        /** @example demo */
        login: string;
        /** @example demo-password */
        password: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description lives 3 hours */
              session_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "login": "demo",
         *       "password": "demo-password"
         *     }
         */
        'application/json': {
          login: string;
          password: string;
        };
        'application/x-www-form-urlencoded': {
          login: string;
          password: string;
        };
        'multipart/form-data': {
          login: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": {
           *         "session_key": "ce4632503be6c2f6fadca7375143775d1ec7ffe46c8f0925ce34eed031de7993"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description lives 3 hours */
              session_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: Record<string, never>;
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  logout_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: Record<string, never>;
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  customer_list: {
    parameters: {
      query?: {
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "name": "Demo customer",
           *           "state": "active"
           *         },
           *         {
           *           "id": 2,
           *           "name": "Second customer of the agency",
           *           "state": "active"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Customer'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  customer_list_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Customer'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  agent_tp: {
    parameters: {
      query?: {
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "name": "Start"
           *         },
           *         {
           *           "id": 2,
           *           "name": "Business"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['TariffPlan'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  agent_tp_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['TariffPlan'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_agent_customer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            customer_name: string;
            tp_id: number;
            monthly_base_limit: number;
            monthly_base_notify_limit: number;
            /** Format: email */
            monthly_base_notify_email: string;
            monthly_calls_limit: number;
            monthly_calls_notify_limit: number;
            /** Format: email */
            monthly_calls_notify_email: string;
            daily_calls_limit: number;
            daily_calls_notify_limit: number;
            /** Format: email */
            daily_calls_notify_email: string;
            /** Format: email */
            email: string;
            password: string;
            time_zone?: string;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              customer_id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  activate_agent_customer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            customer_id: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "domain": "localhost",
           *           "site_key": "demo-site",
           *           "widget_key": "wk-demo-7f3a9c"
           *         },
           *         {
           *           "id": 2,
           *           "domain": "localhost",
           *           "site_key": "demo-no-scenario",
           *           "widget_key": "wk-demo-no-scenario"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Site'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Site'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_site: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            domain: string;
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            user_phone: string;
            target_call_min_duration?: number;
            /** @description EXTENSION: extra origins whose pages may use the site: a host (with its subdomains), host:port, or an origin */
            origins?: string[];
            /**
             * @description EXTENSION: the language of its widgets; default ru
             * @enum {string}
             */
            lang?: 'ru' | 'en';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              /** @description EXTENSION */
              site_key: string;
              /** @description EXTENSION */
              widget_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  ac: {
    parameters: {
      query?: {
        /** @example 1 */
        site_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 10,
           *           "name": "Yandex Direct",
           *           "site_id": 1
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Campaign'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  ac_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            site_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Campaign'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_ac: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              ac_id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  ac_condition: {
    parameters: {
      query: {
        /** @example 10 */
        id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "ac_id": 10,
           *           "is_dt_enabled": true,
           *           "ac_conditions": "[{\"ac_condition_group_id\":100,\"ac_condition_group_name\":\"utm\",\"id\":1000,\"ac_parameter\":\"utm_source\",\"ac_operator\":\"=\",\"value\":\"yandex\",\"is_negative\":false},{\"ac_condition_group_id\":101,\"ac_condition_group_name\":\"yclid\",\"id\":1010,\"ac_parameter\":\"yclid\",\"ac_operator\":\"~\",\"value\":\".\",\"is_negative\":false}]",
           *           "site_blocks": "[{\"id\":11,\"name\":\"Main number, DT\",\"phone_type\":null,\"numb\":\"74957770011\",\"forward_numb\":null,\"is_dt_enabled\":true,\"dt_number_pool_numbers\":[\"74990000001\",\"74990000002\",\"74990000003\",\"74990000004\",\"74990000005\"]},{\"id\":12,\"name\":\"Header, DT\",\"phone_type\":null,\"numb\":\"74957770011\",\"forward_numb\":null,\"is_dt_enabled\":true,\"dt_number_pool_numbers\":[\"74990000011\",\"74990000012\",\"74990000013\",\"74990000014\",\"74990000015\"]}]"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['CampaignSettings'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  ac_condition_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['CampaignSettings'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_ac_condition_group: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            ac_id: number;
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              ac_condition_group_id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_ac_condition: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            ac_condition_group_id: number;
            /** @enum {string} */
            ac_parameter:
              | 'utm_source'
              | 'utm_medium'
              | 'utm_campaign'
              | 'utm_content'
              | 'utm_term'
              | 'os_ad_id'
              | 'os_campaign_id'
              | 'os_service_name'
              | 'os_source_id'
              | 'gclid'
              | 'yclid'
              | 'ef_id'
              | 'town'
              | 'country'
              | 'search_engine'
              | 'search_query'
              | 'referrer'
              | 'url';
            /** @enum {string} */
            ac_operator: '=' | '~' | 'sub';
            value: string;
            is_negative: boolean;
            ac_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              ac_condition_id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_ac_condition: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            ac_id: number;
            ac_condition_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  tag: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "name": "Target"
           *         },
           *         {
           *           "id": 2,
           *           "name": "Not target"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Tag'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  tag_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Tag'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  virtual_numbers: {
    parameters: {
      query?: {
        type?: 'Analytics' | 'VA';
        phone_number?: string;
        status?: 'active' | 'blocked';
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "phone_number": "74950000000",
           *           "activation_date": "2026-11-27 03:08:50",
           *           "category": "local",
           *           "type": "VA",
           *           "monthly_charge": 900,
           *           "status": "active",
           *           "site": null,
           *           "campaign": null
           *         },
           *         {
           *           "phone_number": "74957770011",
           *           "activation_date": "2026-11-27 03:08:50",
           *           "category": "local",
           *           "type": "Analytics",
           *           "monthly_charge": 900,
           *           "status": "active",
           *           "site": {
           *             "site_id": 1,
           *             "site_domain_name": "localhost"
           *           },
           *           "campaign": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['VirtualNumber'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  virtual_numbers_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @enum {string} */
            type?: 'Analytics' | 'VA';
            phone_number?: string;
            /** @enum {string} */
            status?: 'active' | 'blocked';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['VirtualNumber'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  buy_number: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            region: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              numb: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_dialing_operation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            svc_phone: string;
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            user_phone: string;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  scenarios: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "name": "Основной",
           *           "virtual_number": [
           *             "74957770011",
           *             "78001112233"
           *           ]
           *         },
           *         {
           *           "id": 2,
           *           "name": "Реклама (DT)",
           *           "virtual_number": [
           *             "74990000001",
           *             "74990000002",
           *             "74990000003"
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Scenario'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  scenarios_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Scenario'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_numa_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              numa_list_id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  add_number_to_numa_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            numa_list_id: number;
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            number: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  remove_number_from_numa_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            numa_list_id: number;
            number: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  media_files: {
    parameters: {
      query?: {
        /** @description prefix of the name (case-sensitive; not trimmed) */
        name?: string;
        /** @description agents: the customer acted on (without it, all the agent’s customers) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 6,
           *           "customer_id": 1,
           *           "name": "Акция месяца",
           *           "duration": "00:00:31",
           *           "size": 496000,
           *           "modify_time": 1795748930,
           *           "is_normalize": false
           *         },
           *         {
           *           "id": 5,
           *           "customer_id": 1,
           *           "name": "Приветствие демо-компании",
           *           "duration": "00:00:12",
           *           "size": 192000,
           *           "modify_time": 1795748930,
           *           "is_normalize": true
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['MediaFile'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  media_files_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description prefix of the name (case-sensitive; not trimmed) */
            name?: string;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['MediaFile'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  system_media_files: {
    parameters: {
      query?: {
        /** @description prefix of the name (case-sensitive; not trimmed) */
        name?: string;
        /** @description agents: the customer acted on (without it, all the agent’s customers) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 3,
           *           "name": "Все операторы заняты",
           *           "duration": "00:00:06",
           *           "modify_time": 1795748930
           *         },
           *         {
           *           "id": 4,
           *           "name": "Нерабочее время",
           *           "duration": "00:00:09",
           *           "modify_time": 1795748930
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SystemMediaFile'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  system_media_files_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description prefix of the name (case-sensitive; not trimmed) */
            name?: string;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SystemMediaFile'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee: {
    parameters: {
      query?: {
        id?: number;
        sip_line?: string;
        last_name?: string;
        first_name?: string;
        patronymic?: string;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "last_name": "Демова",
           *           "first_name": "Ольга",
           *           "patronymic": null,
           *           "full_name": "Демова Ольга",
           *           "email": "operator@demo.test",
           *           "is_consultant_operator_active": false,
           *           "extension": null,
           *           "phones": []
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Employee'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            id?: number;
            sip_line?: string;
            last_name?: string;
            first_name?: string;
            patronymic?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Employee'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  sip_lines: {
    parameters: {
      query?: {
        phone?: string;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "customer_id": 1,
           *           "employee_id": [
           *             1
           *           ],
           *           "phone": "100101",
           *           "protocol": "SIP",
           *           "type": "Рабочий",
           *           "channels_count": 2,
           *           "logical_state": "Доступен",
           *           "physical_state": "Зарегистрирован",
           *           "billing_state": "active",
           *           "forwarding_timeout": 30,
           *           "calls_count": 0,
           *           "sum_calls_duration": 0,
           *           "additional_calling_number": "74957770011"
           *         },
           *         {
           *           "id": 2,
           *           "customer_id": 1,
           *           "employee_id": [],
           *           "phone": "100102",
           *           "protocol": "SIP",
           *           "type": "Мобильный",
           *           "channels_count": 1,
           *           "logical_state": "Не беспокоить",
           *           "physical_state": "Не зарегистрирован",
           *           "billing_state": "active",
           *           "forwarding_timeout": 30,
           *           "calls_count": 0,
           *           "sum_calls_duration": 0,
           *           "additional_calling_number": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SipLine'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  sip_lines_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            phone?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SipLine'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  stat: {
    parameters: {
      query: {
        /** @example 1 */
        site_id: number;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description the campaign of the session; -1: without campaign */
        ac_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "url": "localhost",
           *           "visits_count": 1,
           *           "calls_count": 1,
           *           "sitephone_calls_count": 0,
           *           "good_chats_count": 0,
           *           "offline_messages_count": 1,
           *           "goals_count": 1
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SiteStatistics'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  stat_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /** @description the campaign of the session; -1: without campaign */
            ac_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SiteStatistics'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  communication: {
    parameters: {
      query: {
        /** @example 1 */
        site_id: number;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description the campaign of the session; -1: without campaign */
        ac_id?: number;
        tag_id?: number;
        /** @description false leaves out communications tagged as not target */
        show_not_goal?: boolean;
        /** @description true: each person's first communication only */
        only_first?: boolean;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "communication_type": "calls",
           *           "date_time": "2026-11-27 03:07:51",
           *           "id": 1
           *         },
           *         {
           *           "communication_type": "goals",
           *           "date_time": "2026-11-27 03:08:50",
           *           "id": 1
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Communication'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  communication_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /** @description the campaign of the session; -1: without campaign */
            ac_id?: number;
            tag_id?: number;
            /**
             * @description false leaves out communications tagged as not target
             * @default true
             */
            show_not_goal?: boolean;
            /**
             * @description true: each person's first communication only
             * @default false
             */
            only_first?: boolean;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Communication'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  goal: {
    parameters: {
      query: {
        /** @example 1 */
        site_id: number;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description a goal (communication) id */
        id?: number;
        /** @description the campaign of the session; -1: without campaign */
        ac_id?: number;
        tag_id?: number;
        visitor_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "communication_number": 2,
           *           "site_id": 1,
           *           "ac_id": 10,
           *           "visitor_id": 4138179,
           *           "session_id": 2448354,
           *           "visits_count": 1,
           *           "other_adv_contacts": false,
           *           "country": null,
           *           "region": null,
           *           "city": null,
           *           "search_engine": null,
           *           "search_query": null,
           *           "referrer_domain": null,
           *           "referrer": null,
           *           "ua_client_id": null,
           *           "utm_campaign": null,
           *           "utm_content": null,
           *           "utm_medium": null,
           *           "utm_source": "yandex",
           *           "utm_term": null,
           *           "os_ad_id": null,
           *           "os_campaign_id": null,
           *           "os_service_name": null,
           *           "os_source_id": null,
           *           "gclid": null,
           *           "yclid": null,
           *           "ef_id": null,
           *           "sale_date": null,
           *           "sale_cost": null,
           *           "last_query": null,
           *           "id": 1,
           *           "name": "sent",
           *           "start_time": "2026-11-27 03:08:50",
           *           "tag_id_array": [],
           *           "new_visitor": true,
           *           "first_ac_name": "Yandex Direct",
           *           "enter_page": "http://localhost/?utm_source=yandex"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Goal'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  goal_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /** @description a goal (communication) id */
            id?: number;
            /** @description the campaign of the session; -1: without campaign */
            ac_id?: number;
            tag_id?: number;
            visitor_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Goal'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  call: {
    parameters: {
      query: {
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description both when omitted; a call-back is out */
        direction?: 'in' | 'out';
        id?: number;
        site_id?: number;
        /** @description the campaign of the session; -1: without campaign */
        ac_id?: number;
        tag_id?: number;
        visitor_id?: number;
        /** @description the caller's number, digits compared */
        numa?: string;
        /** @description the service's number, digits compared */
        numb?: string;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "communication_number": 1,
           *           "site_id": 1,
           *           "ac_id": 10,
           *           "visitor_id": 4138179,
           *           "session_id": 2448354,
           *           "visits_count": 1,
           *           "other_adv_contacts": false,
           *           "country": null,
           *           "region": null,
           *           "city": null,
           *           "search_engine": null,
           *           "search_query": null,
           *           "referrer_domain": null,
           *           "referrer": null,
           *           "ua_client_id": null,
           *           "utm_campaign": null,
           *           "utm_content": null,
           *           "utm_medium": null,
           *           "utm_source": "yandex",
           *           "utm_term": null,
           *           "os_ad_id": null,
           *           "os_campaign_id": null,
           *           "os_service_name": null,
           *           "os_source_id": null,
           *           "gclid": null,
           *           "yclid": null,
           *           "ef_id": null,
           *           "sale_date": null,
           *           "sale_cost": null,
           *           "last_query": null,
           *           "visitor_type": "new",
           *           "visitor_first_ac": 10,
           *           "id": 1,
           *           "call_date": "2026-11-27 03:07:51",
           *           "session_start": "2026-11-27 03:08:50",
           *           "communication_type": "call",
           *           "status": "normal",
           *           "numa": "79161234567",
           *           "numb": "74990000001",
           *           "wait_time": 4,
           *           "duration": 42,
           *           "file_link": [],
           *           "operator_name": null,
           *           "coach_name": null,
           *           "scenario_name": "Реклама (DT)",
           *           "is_transfer": false,
           *           "tags": [],
           *           "direction": "in",
           *           "page_url": null,
           *           "is_visitor_by_numa": false,
           *           "qualified": false,
           *           "qualified_at": null,
           *           "qualification_rule_id": null,
           *           "tag_list": [],
           *           "attribution": {
           *             "code": "lease",
           *             "words": "The number was leased to the visit at the time of the call: the call is that visit’s and its campaign’s.",
           *             "details": {
           *               "block_id": 11,
           *               "session_id": 2448354,
           *               "skew_allowance_ms": 0
           *             }
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Call'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  call_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /**
             * @description both when omitted; a call-back is out
             * @enum {string}
             */
            direction?: 'in' | 'out';
            id?: number;
            site_id?: number;
            /** @description the campaign of the session; -1: without campaign */
            ac_id?: number;
            tag_id?: number;
            visitor_id?: number;
            /** @description the caller's number, digits compared */
            numa?: string;
            /** @description the service's number, digits compared */
            numb?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Call'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  get_cdr_in: {
    parameters: {
      query: {
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description the `id` of a call record (`call`) */
        call_session_id?: number;
        /** @description an incoming leg id */
        id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "cdr_id": null,
           *           "setup_time": "2026-11-27 03:07:51",
           *           "connect_time": "2026-11-27 03:07:55",
           *           "duration": 42,
           *           "is_lost": false,
           *           "numa": "79161234567",
           *           "numb": "74990000001",
           *           "file_link": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['IncomingCallLeg'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  get_cdr_in_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /** @description the `id` of a call record (`call`) */
            call_session_id?: number;
            /** @description an incoming leg id */
            id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['IncomingCallLeg'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  get_cdr_out: {
    parameters: {
      query: {
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description the `id` of a call record (`call`) */
        call_session_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": []
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['OutgoingCallLeg'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  get_cdr_out_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /** @description the `id` of a call record (`call`) */
            call_session_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['OutgoingCallLeg'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  chat: {
    parameters: {
      query: {
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from?: string;
        site_id?: number;
        tag_id?: number;
        visitor_id?: number;
        /** @description the operator's (employee's) id */
        user_id?: number;
        /** @description the campaign of the session; -1: without campaign */
        ac_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "communication_number": 4,
           *           "site_id": 1,
           *           "ac_id": 10,
           *           "visitor_id": 4138179,
           *           "session_id": 2448354,
           *           "visits_count": 1,
           *           "other_adv_contacts": false,
           *           "country": null,
           *           "region": null,
           *           "city": null,
           *           "search_engine": null,
           *           "search_query": null,
           *           "referrer_domain": null,
           *           "referrer": null,
           *           "ua_client_id": null,
           *           "utm_campaign": null,
           *           "utm_content": null,
           *           "utm_medium": null,
           *           "utm_source": "yandex",
           *           "utm_term": null,
           *           "os_ad_id": null,
           *           "os_campaign_id": null,
           *           "os_service_name": null,
           *           "os_source_id": null,
           *           "gclid": null,
           *           "yclid": null,
           *           "ef_id": null,
           *           "sale_date": null,
           *           "sale_cost": null,
           *           "last_query": null,
           *           "visitor_type": "new",
           *           "visitor_first_ac": 10,
           *           "id": 1,
           *           "status": "lost",
           *           "initiator": "Посетитель",
           *           "start_time": "2026-11-27 03:08:51",
           *           "answer_interval": null,
           *           "duration": 0,
           *           "employee_id": null,
           *           "operator_name": null,
           *           "tags": [],
           *           "messages_count": 1,
           *           "operator_message_count": 0,
           *           "visitor_message_count": 1,
           *           "page_url": "http://localhost/?utm_source=yandex",
           *           "qualified": false,
           *           "qualified_at": null,
           *           "qualification_rule_id": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Chat'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  chat_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from?: string;
            site_id?: number;
            tag_id?: number;
            visitor_id?: number;
            /** @description the operator's (employee's) id */
            user_id?: number;
            /** @description the campaign of the session; -1: without campaign */
            ac_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Chat'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  chat_messages: {
    parameters: {
      query: {
        /** @example 1 */
        chat_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "sourse": "Посетитель",
           *           "message": "Hello! Do you deliver?",
           *           "date_time": "2026-11-27 03:08:51"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ChatMessage'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  chat_messages_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            chat_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ChatMessage'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  offline_message: {
    parameters: {
      query: {
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        site_id?: number;
        tag_id?: number;
        visitor_id?: number;
        /** @description the campaign of the session; -1: without campaign */
        ac_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "communication_number": 3,
           *           "site_id": 1,
           *           "ac_id": 10,
           *           "visitor_id": 4138179,
           *           "session_id": 2448354,
           *           "visits_count": 1,
           *           "other_adv_contacts": false,
           *           "country": null,
           *           "region": null,
           *           "city": null,
           *           "search_engine": null,
           *           "search_query": null,
           *           "referrer_domain": null,
           *           "referrer": null,
           *           "ua_client_id": null,
           *           "utm_campaign": null,
           *           "utm_content": null,
           *           "utm_medium": null,
           *           "utm_source": "yandex",
           *           "utm_term": null,
           *           "os_ad_id": null,
           *           "os_campaign_id": null,
           *           "os_service_name": null,
           *           "os_source_id": null,
           *           "gclid": null,
           *           "yclid": null,
           *           "ef_id": null,
           *           "sale_date": null,
           *           "sale_cost": null,
           *           "last_query": null,
           *           "visitor_type": "new",
           *           "visitor_first_ac": 10,
           *           "id": 1,
           *           "date_time": "2026-11-27 03:08:50",
           *           "phone": "+7 916 123-45-67",
           *           "email": null,
           *           "message": "Please call me back",
           *           "status": "unprocessed",
           *           "operator_name": null,
           *           "operator_comment": null,
           *           "tags": [],
           *           "name": "Anna",
           *           "page_url": "http://localhost/?utm_source=yandex",
           *           "qualified": false,
           *           "qualified_at": null,
           *           "qualification_rule_id": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['OfflineRequest'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  offline_message_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            site_id?: number;
            tag_id?: number;
            visitor_id?: number;
            /** @description the campaign of the session; -1: without campaign */
            ac_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['OfflineRequest'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  person_by_visitor: {
    parameters: {
      query: {
        /**
         * @description a visitor id
         * @example 4138179
         */
        id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "result": 4138179
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              result: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  person_by_visitor_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description a visitor id */
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              result: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  visitors_by_person: {
    parameters: {
      query: {
        /**
         * @description a person id
         * @example 4138179
         */
        id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "result": "[4138179]"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description JSON text of an array of visitor ids, oldest first */
              result: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  visitors_by_person_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description a person id */
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description JSON text of an array of visitor ids, oldest first */
              result: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  visitor: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path: {
        /**
         * @description in the path
         * @example 4138179
         */
        visitor_id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 4138179,
           *           "name": "Anna",
           *           "phone": [
           *             "+7 916 123-45-67"
           *           ],
           *           "email": [],
           *           "company": null,
           *           "commentary": null,
           *           "custom_fields": "{}",
           *           "site_id": 1,
           *           "acs": "[{\"id\":10,\"name\":\"Yandex Direct\",\"is_removed\":false}]",
           *           "visits_count": 1,
           *           "visitor_first_ac": 10,
           *           "session_ids": [
           *             2448354
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Visitor'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  visitor_query: {
    parameters: {
      query: {
        /**
         * @description in the path
         * @example 4138179
         */
        visitor_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 4138179,
           *           "name": "Anna",
           *           "phone": [
           *             "+7 916 123-45-67"
           *           ],
           *           "email": [],
           *           "company": null,
           *           "commentary": null,
           *           "custom_fields": "{}",
           *           "site_id": 1,
           *           "acs": "[{\"id\":10,\"name\":\"Yandex Direct\",\"is_removed\":false}]",
           *           "visits_count": 1,
           *           "visitor_first_ac": 10,
           *           "session_ids": [
           *             2448354
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Visitor'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  visitor_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description in the path */
            visitor_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Visitor'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  session_info: {
    parameters: {
      query: {
        /** @example 2448354 */
        session_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "start_time": "2026-11-27 03:08:50",
           *           "browser_name": "Chrome",
           *           "browser_version": "130.0",
           *           "country": null,
           *           "region": null,
           *           "city": null,
           *           "ip": "127.0.0.1",
           *           "referrer": null,
           *           "search_engine": null,
           *           "search_query": null,
           *           "entrance_page": "http://localhost/?utm_source=yandex",
           *           "hits": "[{\"hit_time\":\"2026-11-27 03:08:50\",\"duration\":null,\"url\":\"http://localhost/?utm_source=yandex\"}]",
           *           "ua_client_id": null,
           *           "utm_source": "yandex",
           *           "utm_medium": null,
           *           "utm_campaign": null,
           *           "utm_content": null,
           *           "utm_term": null,
           *           "os_ad_id": null,
           *           "os_campaign_id": null,
           *           "os_service_name": null,
           *           "os_source_id": null,
           *           "os_name": "Linux",
           *           "os_version": null,
           *           "yclid": null,
           *           "gclid": null,
           *           "ef_id": null,
           *           "communications": "[{\"id\":1,\"communication_type\":\"calls\",\"start_time\":\"2026-11-27 03:07:51\"},{\"id\":1,\"communication_type\":\"goals\",\"start_time\":\"2026-11-27 03:08:50\"},{\"id\":1,\"communication_type\":\"offline_massages\",\"start_time\":\"2026-11-27 03:08:50\"},{\"id\":1,\"communication_type\":\"chats\",\"start_time\":\"2026-11-27 03:08:51\"}]"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SessionInfo'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  session_info_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            session_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SessionInfo'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  advertising_sales: {
    parameters: {
      query: {
        /** @example 1 */
        site_id: number;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till)
         * @example 2026-11-28
         */
        date_till: string;
        /** @description true: each person's first communication only */
        only_first?: boolean;
        /** @description true: communications tagged as not target left out */
        only_quality?: boolean;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "ac_id": -1,
           *           "name": "Without campaign",
           *           "ac_cost": 0,
           *           "sessions_count": 0,
           *           "communications_count": 0,
           *           "sales_count": 0,
           *           "avg_days_before_sale": null,
           *           "revenue": 0
           *         },
           *         {
           *           "ac_id": 10,
           *           "name": "Yandex Direct",
           *           "ac_cost": 0,
           *           "sessions_count": 1,
           *           "communications_count": 1,
           *           "sales_count": 0,
           *           "avg_days_before_sale": null,
           *           "revenue": 0
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['AdvertisingSales'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  advertising_sales_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; inclusive */
            date_from: string;
            /** @description YYYY-MM-DD [HH:MM:SS] in the customer's time zone; exclusive: [date_from, date_till) */
            date_till: string;
            /**
             * @description true: each person's first communication only
             * @default true
             */
            only_first?: boolean;
            /**
             * @description true: communications tagged as not target left out
             * @default true
             */
            only_quality?: boolean;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['AdvertisingSales'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  callapi_request: {
    parameters: {
      query: {
        /** @example 2026-11-26 */
        date_from: string;
        /** @example 2026-11-28 */
        date_till: string;
        /** @example create_dialing_operation */
        method: string;
        call_session_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "ip": "127.0.0.1",
           *           "start_time": "2026-11-27 03:08:51",
           *           "error": null,
           *           "api_user_id": 1,
           *           "customer_id": 1,
           *           "method": "create_dialing_operation",
           *           "numa": null,
           *           "numb": "74957770011",
           *           "numc": "74951234567",
           *           "result": {
           *             "svc_phone": "74957770011",
           *             "forward_to": "74951234567"
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ApiRequestLogRecord'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  callapi_request_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            date_from: string;
            date_till: string;
            method: string;
            call_session_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ApiRequestLogRecord'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  tag_communication: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description the communication id (the id of its record) */
            object_id: number;
            /**
             * @description cdr_in: a call; sitephone: a call-back request; offline_message, chat, goal
             * @enum {string}
             */
            object_type: 'cdr_in' | 'sitephone' | 'offline_message' | 'chat' | 'goal';
            /** @description the tag id */
            mark_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  tag_communication_sale: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description the communication id (the id of its record) */
            object_id: number;
            /**
             * @description cdr_in: a call; sitephone: a call-back request; offline_message, chat, goal
             * @enum {string}
             */
            object_type: 'cdr_in' | 'sitephone' | 'offline_message' | 'chat' | 'goal';
            /** @description the deal sum */
            cost: number;
            /** @description the deal's date, in the customer's time zone */
            date_time: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  untag_communication: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description the communication id (the id of its record) */
            object_id: number;
            /**
             * @description cdr_in: a call; sitephone: a call-back request; offline_message, chat, goal
             * @enum {string}
             */
            object_type: 'cdr_in' | 'sitephone' | 'offline_message' | 'chat' | 'goal';
            /** @description the tag id */
            mark_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  daily_sdr: {
    parameters: {
      query: {
        /** @example 2026-11-26 */
        date_from: string;
        /** @example 2026-11-28 */
        date_till: string;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "charge_tp": 0,
           *           "charge_number": 0,
           *           "charge_physical_limit": 0,
           *           "charge_call": 0,
           *           "charge_activation_number": 0
           *         },
           *         {
           *           "charge_tp": 0,
           *           "charge_number": 443.33,
           *           "charge_physical_limit": 0,
           *           "charge_call": 0,
           *           "charge_activation_number": 0
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['DailyCharges'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  daily_sdr_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            date_from: string;
            date_till: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['DailyCharges'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  cdr_in_cost: {
    parameters: {
      query: {
        /** @example 2026-11-26 */
        date_from: string;
        /** @example 2026-11-28 */
        date_till: string;
        call_session_id?: number;
        numa?: string;
        numb?: string;
        prefix_type?: 'internal' | 'local' | 'country' | 'international' | 'zone';
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "start_time": "2026-11-27 03:07:51",
           *           "numa": "79161234567",
           *           "numb": "74990000001",
           *           "duration": 42,
           *           "prefix_type": "local",
           *           "prefix_type_name": "Местные",
           *           "customer_id": 1,
           *           "cost": 0,
           *           "virtual_cost": 0,
           *           "real_cost": 0
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['CallCharge'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  cdr_in_cost_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            date_from: string;
            date_till: string;
            call_session_id?: number;
            numa?: string;
            numb?: string;
            /** @enum {string} */
            prefix_type?: 'internal' | 'local' | 'country' | 'international' | 'zone';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['CallCharge'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  cdr_out_cost: {
    parameters: {
      query: {
        /** @example 2026-11-26 */
        date_from: string;
        /** @example 2026-11-28 */
        date_till: string;
        call_session_id?: number;
        numa?: string;
        numb?: string;
        prefix_type?: 'internal' | 'local' | 'country' | 'international' | 'zone';
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": []
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['CallCharge'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  cdr_out_cost_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            date_from: string;
            date_till: string;
            call_session_id?: number;
            numa?: string;
            numb?: string;
            /** @enum {string} */
            prefix_type?: 'internal' | 'local' | 'country' | 'international' | 'zone';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['CallCharge'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  number_block_get: {
    parameters: {
      query?: {
        /** @example 10 */
        ac_id?: number;
        site_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 11,
           *           "name": "Main number, DT",
           *           "phone_type": null,
           *           "numb": "74957770011",
           *           "forward_numb": null,
           *           "is_dt_enabled": true,
           *           "dt_number_pool_numbers": [
           *             "74990000001",
           *             "74990000002",
           *             "74990000003",
           *             "74990000004",
           *             "74990000005"
           *           ],
           *           "selector": "number=74951234567",
           *           "ac_id": 10,
           *           "site_id": 1
           *         },
           *         {
           *           "id": 12,
           *           "name": "Header, DT",
           *           "phone_type": null,
           *           "numb": "74957770011",
           *           "forward_numb": null,
           *           "is_dt_enabled": true,
           *           "dt_number_pool_numbers": [
           *             "74990000011",
           *             "74990000012",
           *             "74990000013",
           *             "74990000014",
           *             "74990000015"
           *           ],
           *           "selector": "#header-phone",
           *           "ac_id": 10,
           *           "site_id": 1
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['NumberBlock'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  number_block_put: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            name?: string;
            selector?: string;
            numb?: string | null;
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            forward_numb?: string | null;
            phone_type?: string | null;
            text?: string | null;
            dt_pool_numbers?: string[];
            /** @description EXTENSION: accept a number another campaign shows too (its calls then go to the site, with no campaign) */
            allow_shared_number?: boolean;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  number_block_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as (optional)
           * @enum {string}
           */
          action?: 'GET' | 'PUT' | 'DELETE';
          args: {
            ac_id?: number;
            site_id?: number;
            name: string;
            selector: string;
            numb?: string | null;
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            forward_numb?: string | null;
            phone_type?: string | null;
            text?: string | null;
            dt_pool_numbers?: string[];
            /** @description EXTENSION: accept a number another campaign shows too (its calls then go to the site, with no campaign) */
            allow_shared_number?: boolean;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  number_block_delete: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  erase_visitor_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args?: {
            visitor_id?: number;
            person_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description visitor records erased */
              visitors: number;
              sessions: number;
              hits: number;
              goals: number;
              /** @description chats erased with their messages */
              chats: number;
              /** @description offline messages erased */
              requests: number;
              /** @description calls kept for billing, without the caller's number and the visitor */
              calls_anonymised: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  erase_visitor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args?: {
            visitor_id?: number;
            person_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description visitor records erased */
              visitors: number;
              sessions: number;
              hits: number;
              goals: number;
              /** @description chats erased with their messages */
              chats: number;
              /** @description offline messages erased */
              requests: number;
              /** @description calls kept for billing, without the caller's number and the visitor */
              calls_anonymised: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  webhook: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "url": "https://crm.example.com/hooks/calls",
           *           "events": [
           *             "call.ended",
           *             "request.created"
           *           ],
           *           "is_enabled": true,
           *           "disabled_reason": null,
           *           "failing_since": null,
           *           "dropped_events": 0,
           *           "dropped_at": null,
           *           "created_at": "2026-11-24 10:15:00"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              url: string;
              events: string[];
              is_enabled: boolean;
              /** @description why the server switched it off (a day of failed deliveries) */
              disabled_reason: string | null;
              /** @description since when every delivery has failed; null when the last succeeded */
              failing_since: string | null;
              /** @description events given up unsent because the backlog passed its cap (docs/webhooks.md, "Backlog") */
              dropped_events: number;
              /** @description when the last of them was given up; null when none was */
              dropped_at: string | null;
              created_at: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  webhook_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              url: string;
              events: string[];
              is_enabled: boolean;
              /** @description why the server switched it off (a day of failed deliveries) */
              disabled_reason: string | null;
              /** @description since when every delivery has failed; null when the last succeeded */
              failing_since: string | null;
              /** @description events given up unsent because the backlog passed its cap (docs/webhooks.md, "Backlog") */
              dropped_events: number;
              /** @description when the last of them was given up; null when none was */
              dropped_at: string | null;
              created_at: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description https://… (http only where the server allows it) */
            url: string;
            /** @description the events wanted: call.ringing, call.answered, call.ended, chat.finished, request.created, callback.requested, callback.finished, goal.reached, tag.set, sale.set */
            events: (
              | 'call.ringing'
              | 'call.answered'
              | 'call.ended'
              | 'chat.finished'
              | 'request.created'
              | 'callback.requested'
              | 'callback.finished'
              | 'goal.reached'
              | 'tag.set'
              | 'sale.set'
            )[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              secret: string;
              id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description https://… (http only where the server allows it) */
            url?: string;
            /** @description the events wanted: call.ringing, call.answered, call.ended, chat.finished, request.created, callback.requested, callback.finished, goal.reached, tag.set, sale.set */
            events?: (
              | 'call.ringing'
              | 'call.answered'
              | 'call.ended'
              | 'chat.finished'
              | 'request.created'
              | 'callback.requested'
              | 'callback.finished'
              | 'goal.reached'
              | 'tag.set'
              | 'sale.set'
            )[];
            is_enabled?: boolean;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  rotate_webhook_secret: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              secret: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  webhook_delivery: {
    parameters: {
      query: {
        /** @example 1 */
        webhook_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 2,
           *           "event_id": "evt_7",
           *           "event_type": "call.ended",
           *           "event_state": "delivered",
           *           "attempted_at": "2026-11-24 10:20:41",
           *           "status_code": 200,
           *           "error": null,
           *           "duration_ms": 84
           *         },
           *         {
           *           "id": 1,
           *           "event_id": "evt_7",
           *           "event_type": "call.ended",
           *           "event_state": "delivered",
           *           "attempted_at": "2026-11-24 10:20:11",
           *           "status_code": 500,
           *           "error": "HTTP 500",
           *           "duration_ms": 120
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              /** @description the event’s id, as in the X-Svc-Webhook-Id header */
              event_id: string;
              event_type: string;
              /**
               * @description pending: to be tried again; failed: given up after a day; dropped: given up unsent, the backlog being over its cap
               * @enum {string}
               */
              event_state: 'pending' | 'delivered' | 'failed' | 'dropped';
              attempted_at: string;
              /** @description null: no answer (refused, timed out, unreachable) */
              status_code: number | null;
              error: string | null;
              duration_ms: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  webhook_delivery_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            webhook_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              /** @description the event’s id, as in the X-Svc-Webhook-Id header */
              event_id: string;
              event_type: string;
              /**
               * @description pending: to be tried again; failed: given up after a day; dropped: given up unsent, the backlog being over its cap
               * @enum {string}
               */
              event_state: 'pending' | 'delivered' | 'failed' | 'dropped';
              attempted_at: string;
              /** @description null: no answer (refused, timed out, unreachable) */
              status_code: number | null;
              error: string | null;
              duration_ms: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  resend_webhook_event: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description as webhook_delivery lists it */
            event_id: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  test_webhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              event_id: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  me: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (without it, all the agent’s customers) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": {
           *         "role": "customer",
           *         "customer": {
           *           "id": 1,
           *           "name": "Demo customer",
           *           "state": "active",
           *           "time_zone": "Europe/Moscow"
           *         },
           *         "customers": []
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Me'];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  me_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Me'];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  customer: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": {
           *         "id": 1,
           *         "name": "Demo customer",
           *         "state": "active",
           *         "time_zone": "Europe/Moscow"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
              state: string;
              time_zone: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  customer_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
              state: string;
              time_zone: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  customer_time_zone: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description an IANA time zone: Europe/Moscow */
            time_zone: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              time_zone: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  customer_time_zone_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            /** @description an IANA time zone: Europe/Moscow */
            time_zone: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              time_zone: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_installation: {
    parameters: {
      query: {
        /**
         * @description one of the customer's sites
         * @example 1
         */
        site_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": {
           *         "last_page_view": "2026-11-27T06:13:09.410Z",
           *         "refused_origin": null
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description ISO 8601, UTC; null before the first */
              last_page_view: string | null;
              /** @description the last page origin refused for the site (one a minute is kept) */
              refused_origin: {
                origin: string;
                /** @description ISO 8601, UTC */
                at: string;
                /** @enum {string} */
                reason: 'not_listed' | 'not_web';
              } | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_installation_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description one of the customer's sites */
            site_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description ISO 8601, UTC; null before the first */
              last_page_view: string | null;
              /** @description the last page origin refused for the site (one a minute is kept) */
              refused_origin: {
                origin: string;
                /** @description ISO 8601, UTC */
                at: string;
                /** @enum {string} */
                reason: 'not_listed' | 'not_web';
              } | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_settings_get: {
    parameters: {
      query: {
        /**
         * @description one of the customer's sites
         * @example 1
         */
        site_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": {
           *         "settings": {
           *           "lang": "ru",
           *           "captcha": true,
           *           "callback_scenario": "Обратный звонок",
           *           "dt_lease_minutes": 15,
           *           "dt_overflow": "reserved",
           *           "dt_reserved_number": "74950000000"
           *         },
           *         "scenarios": [
           *           "Основной",
           *           "Реклама (DT)"
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SiteSettings'];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_settings_put: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description one of the customer's sites */
            site_id: number;
            /** @enum {string} */
            lang: 'ru' | 'en';
            captcha: boolean;
            callback_scenario: string | null;
            dt_lease_minutes: number;
            /** @enum {string} */
            dt_overflow: 'static' | 'reserved';
            dt_reserved_number: string | null;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_settings_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET' | 'PUT';
          args: {
            /** @description one of the customer's sites */
            site_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['SiteSettings'];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_detail: {
    parameters: {
      query: {
        id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              domain: string;
              /** @description extra origins whose pages may use the site */
              origins: string[];
              /** @description the site’s own phone, digits */
              user_phone: string | null;
              site_key: string;
              widget_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_detail_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              domain: string;
              /** @description extra origins whose pages may use the site */
              origins: string[];
              /** @description the site’s own phone, digits */
              user_phone: string | null;
              site_key: string;
              widget_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_site: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            domain?: string;
            /** @description EXTENSION: extra origins whose pages may use the site: a host (with its subdomains), host:port, or an origin */
            origins?: string[];
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            user_phone?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              domain: string;
              /** @description extra origins whose pages may use the site */
              origins: string[];
              /** @description the site’s own phone, digits */
              user_phone: string | null;
              site_key: string;
              widget_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_site_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            id: number;
            domain?: string;
            /** @description EXTENSION: extra origins whose pages may use the site: a host (with its subdomains), host:port, or an origin */
            origins?: string[];
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            user_phone?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              domain: string;
              /** @description extra origins whose pages may use the site */
              origins: string[];
              /** @description the site’s own phone, digits */
              user_phone: string | null;
              site_key: string;
              widget_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  rotate_site_key: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              site_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_site_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              campaigns: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_site: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              campaigns: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_ac: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_ac_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            id: number;
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_ac_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_ac: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  region: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "region": "495",
           *           "category": "local",
           *           "free": 5
           *         },
           *         {
           *           "region": "800",
           *           "category": "tollfree",
           *           "free": 2
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Region'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  region_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['Region'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  journal: {
    parameters: {
      query: {
        /** @example 1 */
        site_id: number;
        /**
         * @description the first day, YYYY-MM-DD, in the customer’s time zone
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description the last day, included
         * @example 2026-11-28
         */
        date_till: string;
        /** @description one campaign; -1: traffic of no campaign */
        ac_id?: number;
        tag_id?: number;
        /** @description one kind only */
        type?: 'cdr_in' | 'sitephone' | 'chat' | 'offline_message' | 'goal';
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "type": "chat",
           *           "id": 1,
           *           "at": "2026-11-27T06:13:09.467Z",
           *           "ac_id": 10,
           *           "ac_name": "Yandex Direct",
           *           "ac_is_removed": false,
           *           "utm_source": "yandex",
           *           "utm_medium": null,
           *           "utm_campaign": null,
           *           "referrer": null,
           *           "entrance_page": "http://localhost/?utm_source=yandex",
           *           "detail": "",
           *           "numb": null,
           *           "duration": null,
           *           "status": "lost",
           *           "records": [],
           *           "tags": [],
           *           "sale": null,
           *           "number_reason": null,
           *           "attribution": null,
           *           "qualified": false
           *         },
           *         {
           *           "type": "offline_message",
           *           "id": 1,
           *           "at": "2026-11-27T06:13:09.452Z",
           *           "ac_id": 10,
           *           "ac_name": "Yandex Direct",
           *           "ac_is_removed": false,
           *           "utm_source": "yandex",
           *           "utm_medium": null,
           *           "utm_campaign": null,
           *           "referrer": null,
           *           "entrance_page": "http://localhost/?utm_source=yandex",
           *           "detail": "Anna · +7 916 123-45-67 · Please call me back",
           *           "numb": null,
           *           "duration": null,
           *           "status": null,
           *           "records": [],
           *           "tags": [],
           *           "sale": null,
           *           "number_reason": null,
           *           "attribution": null,
           *           "qualified": false
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['JournalItem'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  journal_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description the first day, YYYY-MM-DD, in the customer’s time zone */
            date_from: string;
            /** @description the last day, included */
            date_till: string;
            /** @description one campaign; -1: traffic of no campaign */
            ac_id?: number;
            tag_id?: number;
            /**
             * @description one kind only
             * @enum {string}
             */
            type?: 'cdr_in' | 'sitephone' | 'chat' | 'offline_message' | 'goal';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['JournalItem'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  daily_report: {
    parameters: {
      query: {
        /** @example 1 */
        site_id: number;
        /**
         * @description the first day, YYYY-MM-DD
         * @example 2026-11-26
         */
        date_from: string;
        /**
         * @description the last day, included
         * @example 2026-11-28
         */
        date_till: string;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": {
           *         "days": [
           *           "2026-11-26",
           *           "2026-11-27",
           *           "2026-11-28"
           *         ],
           *         "campaigns": [
           *           {
           *             "id": 10,
           *             "name": "Yandex Direct",
           *             "is_removed": false
           *           }
           *         ],
           *         "calls": [
           *           [
           *             0,
           *             1,
           *             0
           *           ]
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['DailyReport'];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  daily_report_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description the first day, YYYY-MM-DD */
            date_from: string;
            /** @description the last day, included */
            date_till: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['DailyReport'];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_standard_tags: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  api_login_get: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "login": "demo",
           *           "current": true
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ApiLogin'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  api_login_put: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description 8 characters or more */
            password: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  api_login_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as (optional)
           * @enum {string}
           */
          action?: 'GET' | 'PUT' | 'DELETE';
          args: {
            login: string;
            /** @description 8 characters or more */
            password: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  api_login_delete: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_password: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            old_password: string;
            /** @description 8 characters or more */
            new_password: string;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_password_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            old_password: string;
            /** @description 8 characters or more */
            new_password: string;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_assignment: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "first_name": "Ольга",
           *           "last_name": "Демова",
           *           "sites": [
           *             1
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['EmployeeAssignment'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_assignment_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['EmployeeAssignment'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_employee: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            first_name: string;
            last_name: string;
            /**
             * @description the customer's sites whose chats and requests the employee answers
             * @default []
             */
            sites?: number[];
            /**
             * @description one of the customer's SIP lines the employee's calls ring on, or null
             * @default null
             */
            sip_line_id?: number | null;
            /** Format: email */
            email: string;
            /** @description 8 characters or more */
            password: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_employee: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            first_name: string;
            last_name: string;
            /**
             * @description the customer's sites whose chats and requests the employee answers
             * @default []
             */
            sites?: number[];
            /**
             * @description one of the customer's SIP lines the employee's calls ring on, or null
             * @default null
             */
            sip_line_id?: number | null;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_employee_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            id: number;
            first_name: string;
            last_name: string;
            /**
             * @description the customer's sites whose chats and requests the employee answers
             * @default []
             */
            sites?: number[];
            /**
             * @description one of the customer's SIP lines the employee's calls ring on, or null
             * @default null
             */
            sip_line_id?: number | null;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_password: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description 8 characters or more */
            password: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_password_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            id: number;
            /** @description 8 characters or more */
            password: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_employee_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description domains of the sites no employee serves now */
              unserved: string[];
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_employee: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description domains of the sites no employee serves now */
              unserved: string[];
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  scenario_detail: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "name": "Основной",
           *           "forward_to": "74951234567",
           *           "numbers": [
           *             "74957770011",
           *             "78001112233"
           *           ],
           *           "routes": [
           *             {
           *               "id": 1,
           *               "numa_list_id": 1,
           *               "list_name": "VIP clients",
           *               "forward_to": "79160000001"
           *             }
           *           ]
           *         },
           *         {
           *           "id": 2,
           *           "name": "Реклама (DT)",
           *           "forward_to": "74951234567",
           *           "numbers": [
           *             "74990000001",
           *             "74990000002",
           *             "74990000003"
           *           ],
           *           "routes": []
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ScenarioDetail'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  scenario_detail_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['ScenarioDetail'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_scenario: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            name: string;
            /** @description where calls to its numbers ring; null: the numbers’ own forwarding */
            forward_to?: string | null;
            /**
             * @description the customer's numbers it answers
             * @default []
             */
            numbers?: string[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_scenario: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            name: string;
            /** @description where calls to its numbers ring; null: the numbers’ own forwarding */
            forward_to?: string | null;
            /**
             * @description the customer's numbers it answers
             * @default []
             */
            numbers?: string[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_scenario_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            id: number;
            name: string;
            /** @description where calls to its numbers ring; null: the numbers’ own forwarding */
            forward_to?: string | null;
            /**
             * @description the customer's numbers it answers
             * @default []
             */
            numbers?: string[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  scenario_route_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as (optional)
           * @enum {string}
           */
          action?: 'DELETE';
          args: {
            scenario_id: number;
            numa_list_id: number;
            /** @description a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian */
            forward_to: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  scenario_route_delete: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            scenario_id: number;
            /** @description the route, as scenario_detail lists it */
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  numa_list: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "success": true,
           *       "data": [
           *         {
           *           "id": 1,
           *           "name": "VIP clients",
           *           "numbers": [
           *             "79161234567"
           *           ]
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['NumaList'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  numa_list_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: components['schemas']['NumaList'][];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  carrier_setup: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (without it, all the agent’s customers) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              ready: boolean;
              missing: {
                setting: string;
                message: string;
              }[];
              carriers: {
                kind: string;
                fields: {
                  name: string;
                  secret: boolean;
                  optional: boolean;
                }[];
              }[];
              can_connect: boolean;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  carrier_setup_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              ready: boolean;
              missing: {
                setting: string;
                message: string;
              }[];
              carriers: {
                kind: string;
                fields: {
                  name: string;
                  secret: boolean;
                  optional: boolean;
                }[];
              }[];
              can_connect: boolean;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  carrier_connections: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (without it, all the agent’s customers) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              kind: string;
              label: string;
              /**
               * @description an agent’s connection serves all its customers
               * @enum {string}
               */
              owner: 'agent' | 'customer';
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              /** @description ISO 8601, UTC */
              created_at: string;
              checked_at: string | null;
              /** @description null: never checked */
              check_ok: boolean | null;
              /** @description the carrier’s words at the last check */
              check_result: string | null;
              enabled: boolean;
              /** @description numbers held through it */
              numbers: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  carrier_connections_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              kind: string;
              label: string;
              /**
               * @description an agent’s connection serves all its customers
               * @enum {string}
               */
              owner: 'agent' | 'customer';
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              /** @description ISO 8601, UTC */
              created_at: string;
              checked_at: string | null;
              /** @description null: never checked */
              check_ok: boolean | null;
              /** @description the carrier’s words at the last check */
              check_result: string | null;
              enabled: boolean;
              /** @description numbers held through it */
              numbers: number;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  connect_carrier: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            kind: string;
            label: string;
            credentials: {
              [key: string]: string;
            };
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              kind: string;
              label: string;
              /**
               * @description an agent’s connection serves all its customers
               * @enum {string}
               */
              owner: 'agent' | 'customer';
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              /** @description ISO 8601, UTC */
              created_at: string;
              checked_at: string | null;
              /** @description null: never checked */
              check_ok: boolean | null;
              /** @description the carrier’s words at the last check */
              check_result: string | null;
              enabled: boolean;
              /** @description numbers held through it */
              numbers: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  check_carrier: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            connection_id: number;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              ok: boolean;
              account: string | null;
              balance: {
                amount: number;
                currency: string;
              } | null;
              message: string | null;
              numbers_routed: number;
              /** @description numbers held through it here that the carrier account no longer holds */
              numbers_gone: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  disconnect_carrier: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            connection_id: number;
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  carrier_numbers: {
    parameters: {
      query?: {
        /** @description the carrier connection; may be left out when there is one */
        connection_id?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              connection_id: number;
              phone_number: string;
              carrier_number_id: string;
              country: string | null;
              region: string | null;
              monthly_price: {
                amount: number;
                currency: string;
              } | null;
              imported: boolean;
              held_elsewhere: boolean;
              route_error: string | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  carrier_numbers_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description the carrier connection; may be left out when there is one */
            connection_id?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              connection_id: number;
              phone_number: string;
              carrier_number_id: string;
              country: string | null;
              region: string | null;
              monthly_price: {
                amount: number;
                currency: string;
              } | null;
              imported: boolean;
              held_elsewhere: boolean;
              route_error: string | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  import_carrier_number: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description the carrier connection; may be left out when there is one */
            connection_id?: number;
            phone_number: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              phone_number: string;
              connection_id: number;
              /** @description its calls come to this server */
              routed: boolean;
              /** @description the carrier’s words when routing failed; retried on the next check_carrier */
              route_error: string | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  search_carrier_numbers: {
    parameters: {
      query: {
        /** @description the carrier connection; may be left out when there is one */
        connection_id?: number;
        country: string;
        region?: string;
        area_code?: string;
        contains?: string;
        /** @description records per page */
        limit?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              phone_number: string;
              country: string;
              region: string | null;
              locality: string | null;
              /** @description null: the carrier does not say before the purchase */
              monthly_price: {
                amount: number;
                currency: string;
              } | null;
              setup_price: {
                amount: number;
                currency: string;
              } | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  search_carrier_numbers_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description the carrier connection; may be left out when there is one */
            connection_id?: number;
            country: string;
            region?: string;
            area_code?: string;
            contains?: string;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              phone_number: string;
              country: string;
              region: string | null;
              locality: string | null;
              /** @description null: the carrier does not say before the purchase */
              monthly_price: {
                amount: number;
                currency: string;
              } | null;
              setup_price: {
                amount: number;
                currency: string;
              } | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  buy_carrier_number: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description the carrier connection; may be left out when there is one */
            connection_id?: number;
            phone_number: string;
            /** @description the monthly price shown (amount) */
            confirm_price: number | null;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              phone_number: string;
              connection_id: number;
              /** @description its calls come to this server */
              routed: boolean;
              /** @description the carrier’s words when routing failed; retried on the next check_carrier */
              route_error: string | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  route_carrier_number: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            phone_number: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              phone_number: string;
              connection_id: number;
              /** @description its calls come to this server */
              routed: boolean;
              /** @description the carrier’s words when routing failed; retried on the next check_carrier */
              route_error: string | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  release_number: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            phone_number: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_call_recording_get: {
    parameters: {
      query: {
        /** @description one of the customer's sites */
        site_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              call_recording: boolean;
              /** @description read to the caller before the call is connected; null: none */
              recording_notice: string | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_call_recording_put: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @description one of the customer's sites */
            site_id: number;
            call_recording: boolean;
            recording_notice?: string | null;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  site_call_recording_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET' | 'PUT';
          args: {
            /** @description one of the customer's sites */
            site_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              call_recording: boolean;
              /** @description read to the caller before the call is connected; null: none */
              recording_notice: string | null;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  preview_link: {
    parameters: {
      query: {
        /** @description one of the customer's campaigns */
        ac_id: number;
        /** @description a path (`/prices`) or an address on the site or its other addresses; default the front page */
        page?: string;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description open it in the browser to preview */
              url: string;
              /** @description ISO 8601, UTC: the link works until then */
              expires_at: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  preview_link_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            /** @description one of the customer's campaigns */
            ac_id: number;
            /** @description a path (`/prices`) or an address on the site or its other addresses; default the front page */
            page?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description open it in the browser to preview */
              url: string;
              /** @description ISO 8601, UTC: the link works until then */
              expires_at: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  number_reasons: {
    parameters: {
      query: {
        site_id: number;
        /** @description one campaign; -1: visits of no campaign */
        ac_id?: number;
        /** @description the last days, default 7 */
        days?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description visits begun in the days, previews not counted */
              visits: number;
              /** @description of them, those that kept the site’s own number */
              kept: number;
              reasons: {
                /** @enum {string} */
                reason: 'no_campaign' | 'dry' | 'share' | 'bot' | 'preview_invalid' | 'preview_expired';
                visits: number;
              }[];
              /** @description the owner’s previews */
              previews: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  number_reasons_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description one campaign; -1: visits of no campaign */
            ac_id?: number;
            /**
             * @description the last days, default 7
             * @default 7
             */
            days?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description visits begun in the days, previews not counted */
              visits: number;
              /** @description of them, those that kept the site’s own number */
              kept: number;
              reasons: {
                /** @enum {string} */
                reason: 'no_campaign' | 'dry' | 'share' | 'bot' | 'preview_invalid' | 'preview_expired';
                visits: number;
              }[];
              /** @description the owner’s previews */
              previews: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  pool_usage: {
    parameters: {
      query: {
        block_id: number;
        /** @description the last hours, default 24, at most 168 (7 days) */
        hours?: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              size: number;
              hours: {
                /** @description the hour’s start, ISO 8601 UTC */
                at: string;
                leased: number;
                dry: number;
              }[];
              week: {
                dry_visits: number;
                dry_hours: number;
                share_refusals: number;
              };
              peak_wanted: number;
              suggested_size: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  pool_usage_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            block_id: number;
            /**
             * @description the last hours, default 24, at most 168 (7 days)
             * @default 24
             */
            hours?: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              size: number;
              hours: {
                /** @description the hour’s start, ISO 8601 UTC */
                at: string;
                leased: number;
                dry: number;
              }[];
              week: {
                dry_visits: number;
                dry_hours: number;
                share_refusals: number;
              };
              peak_wanted: number;
              suggested_size: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  qualification_rules: {
    parameters: {
      query: {
        site_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              site_id: number;
              name: string;
              kinds: ('call' | 'sitephone' | 'chat' | 'offline_message')[];
              answered: boolean;
              min_talk_seconds: number | null;
              first_time: boolean;
              excluded_numa_list_id: number | null;
              campaign_ids: number[] | null;
              tag_ids: number[];
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  qualification_rules_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              site_id: number;
              name: string;
              kinds: ('call' | 'sitephone' | 'chat' | 'offline_message')[];
              answered: boolean;
              min_talk_seconds: number | null;
              first_time: boolean;
              excluded_numa_list_id: number | null;
              campaign_ids: number[] | null;
              tag_ids: number[];
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  set_qualification_rule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            name: string;
            /**
             * @default [
             *       "call",
             *       "sitephone"
             *     ]
             */
            kinds?: ('call' | 'sitephone' | 'chat' | 'offline_message')[];
            /** @default false */
            answered?: boolean;
            /** @default null */
            min_talk_seconds?: number | null;
            /** @default false */
            first_time?: boolean;
            /** @default null */
            excluded_numa_list_id?: number | null;
            /**
             * @description -1: none; null: any
             * @default null
             */
            campaign_ids?: number[] | null;
            /** @default [] */
            tag_ids?: number[];
            new_name?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              qualified: number;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_qualification_rule_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args: {
            site_id: number;
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_qualification_rule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  custom_tags: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  custom_tags_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_custom_tag: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            name: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_custom_tag_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  delete_custom_tag: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  api_key: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
              /** @description the start of the key (`svc_<8 hex>`), to tell keys apart; the key itself is never shown again */
              key_id: string;
              read_only: boolean;
              /** @description the sites the key reaches; null: all of the customer’s */
              site_ids: number[] | null;
              created_at: string;
              /** @description to the minute: a key’s use is recorded at most once a minute */
              last_used_at: string | null;
              revoked_at: string | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  api_key_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              name: string;
              /** @description the start of the key (`svc_<8 hex>`), to tell keys apart; the key itself is never shown again */
              key_id: string;
              read_only: boolean;
              /** @description the sites the key reaches; null: all of the customer’s */
              site_ids: number[] | null;
              created_at: string;
              /** @description to the minute: a key’s use is recorded at most once a minute */
              last_used_at: string | null;
              revoked_at: string | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  create_api_key: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            name: string;
            /** @description true: the key runs GET functions only */
            read_only: boolean;
            /** @description the sites the key reaches; omitted: all of the customer’s, present and future */
            site_ids?: number[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              key: string;
              key_id: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  revoke_api_key: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  conversion_destinations: {
    parameters: {
      query: {
        site_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              site_id: number;
              /** @enum {string} */
              platform: 'google_ads' | 'metrica' | 'ga4';
              label: string;
              /** @enum {string} */
              sends: 'qualified' | 'all';
              /** @description the platform’s settings, none of them secret */
              settings: {
                [key: string]: unknown;
              };
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              enabled: boolean;
              /** @description ISO 8601, UTC */
              created_at: string;
              /** @description ISO 8601, UTC */
              updated_at: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  conversion_destinations_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              site_id: number;
              /** @enum {string} */
              platform: 'google_ads' | 'metrica' | 'ga4';
              label: string;
              /** @enum {string} */
              sends: 'qualified' | 'all';
              /** @description the platform’s settings, none of them secret */
              settings: {
                [key: string]: unknown;
              };
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              enabled: boolean;
              /** @description ISO 8601, UTC */
              created_at: string;
              /** @description ISO 8601, UTC */
              updated_at: string;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  connect_conversion_destination: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            /** @enum {string} */
            platform: 'google_ads' | 'metrica' | 'ga4';
            label: string;
            /**
             * @description qualified: qualified communications only (the default); all: every one as it ends
             * @default qualified
             * @enum {string}
             */
            sends?: 'qualified' | 'all';
            settings: {
              [key: string]: unknown;
            };
            credentials: {
              [key: string]: string;
            };
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              site_id: number;
              /** @enum {string} */
              platform: 'google_ads' | 'metrica' | 'ga4';
              label: string;
              /** @enum {string} */
              sends: 'qualified' | 'all';
              /** @description the platform’s settings, none of them secret */
              settings: {
                [key: string]: unknown;
              };
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              enabled: boolean;
              /** @description ISO 8601, UTC */
              created_at: string;
              /** @description ISO 8601, UTC */
              updated_at: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  change_conversion_destination: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            destination_id: number;
            label?: string;
            /**
             * @description qualified: qualified communications only (the default); all: every one as it ends
             * @enum {string}
             */
            sends?: 'qualified' | 'all';
            enabled?: boolean;
            settings?: {
              [key: string]: unknown;
            };
            credentials?: {
              [key: string]: string;
            };
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              site_id: number;
              /** @enum {string} */
              platform: 'google_ads' | 'metrica' | 'ga4';
              label: string;
              /** @enum {string} */
              sends: 'qualified' | 'all';
              /** @description the platform’s settings, none of them secret */
              settings: {
                [key: string]: unknown;
              };
              /** @description the fields’ names only, never their values */
              credentials: {
                name: string;
                set: boolean;
              }[];
              enabled: boolean;
              /** @description ISO 8601, UTC */
              created_at: string;
              /** @description ISO 8601, UTC */
              updated_at: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  disconnect_conversion_destination_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'DELETE';
          args: {
            site_id: number;
            destination_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  disconnect_conversion_destination: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            destination_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  conversion_log: {
    parameters: {
      query: {
        site_id: number;
        destination_id: number;
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              /** @enum {string} */
              object_type: 'call' | 'sitephone' | 'chat' | 'offline_message';
              object_id: number;
              /** @enum {string} */
              state: 'pending' | 'sent' | 'failed' | 'refused';
              /** @description why it was not sent (yet): the platform’s words, or the server’s */
              reason: string | null;
              attempts: number;
              /** @description ISO 8601, UTC */
              queued_at: string;
              /** @description the last attempt, ISO 8601, UTC */
              attempted_at: string | null;
              /** @description what was sent: the upload and its identifying fields */
              request: string | null;
              status_code: number | null;
              /** @description the platform’s answer */
              answer: string | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  conversion_log_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            destination_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              id: number;
              /** @enum {string} */
              object_type: 'call' | 'sitephone' | 'chat' | 'offline_message';
              object_id: number;
              /** @enum {string} */
              state: 'pending' | 'sent' | 'failed' | 'refused';
              /** @description why it was not sent (yet): the platform’s words, or the server’s */
              reason: string | null;
              attempts: number;
              /** @description ISO 8601, UTC */
              queued_at: string;
              /** @description the last attempt, ISO 8601, UTC */
              attempted_at: string | null;
              /** @description what was sent: the upload and its identifying fields */
              request: string | null;
              status_code: number | null;
              /** @description the platform’s answer */
              answer: string | null;
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  conversion_csv: {
    parameters: {
      query: {
        site_id: number;
        destination_id: number;
        date_from: string;
        date_till: string;
        template: 'google_ads_clicks' | 'google_ads_calls' | 'metrica_conversions' | 'metrica_calls';
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              file_name: string;
              csv: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  conversion_csv_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            destination_id: number;
            date_from: string;
            date_till: string;
            /** @enum {string} */
            template: 'google_ads_clicks' | 'google_ads_calls' | 'metrica_conversions' | 'metrica_calls';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              file_name: string;
              csv: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  mail_status: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (without it, all the agent’s customers) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              enabled: boolean;
              operator: boolean;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  mail_status_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              enabled: boolean;
              operator: boolean;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  send_test_mail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** Format: email */
            to: string;
            /**
             * @default en
             * @enum {string}
             */
            lang?: 'en' | 'ru';
            /** @description agents: the customer acted on (without it, all the agent’s customers) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              enabled: boolean;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  alert_settings: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              email: string;
              /** @enum {string} */
              lang: 'en' | 'ru';
              subscriptions: {
                site_id: number;
                kind: string;
              }[];
              kinds: {
                kind: string;
                wired: boolean;
              }[];
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  alert_settings_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              email: string;
              /** @enum {string} */
              lang: 'en' | 'ru';
              subscriptions: {
                site_id: number;
                kind: string;
              }[];
              kinds: {
                kind: string;
                wired: boolean;
              }[];
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  set_alert_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** Format: email */
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            lang?: 'en' | 'ru';
            subscriptions: {
              /** @description a site of the customer, or 0 for every site */
              site_id: number;
              /** @enum {string} */
              kind: 'missed_call' | 'request' | 'chat_unanswered' | 'qualified' | 'pool_dry' | 'webhook_off' | 'carrier_failing';
            }[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  set_alert_settings_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            /** Format: email */
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            lang?: 'en' | 'ru';
            subscriptions: {
              /** @description a site of the customer, or 0 for every site */
              site_id: number;
              /** @enum {string} */
              kind: 'missed_call' | 'request' | 'chat_unanswered' | 'qualified' | 'pool_dry' | 'webhook_off' | 'carrier_failing';
            }[];
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  report_schedules: {
    parameters: {
      query?: {
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              schedules: {
                /** @enum {string} */
                period: 'daily' | 'weekly';
                /** @description 0 to 23, in the customer’s time zone */
                hour: number;
                /** @description 1 Monday to 7 Sunday; weekly reports only */
                weekday: number;
                email: string;
                /** @enum {string} */
                lang: 'en' | 'ru';
              }[];
              time_zone: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  report_schedules_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args?: {
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              schedules: {
                /** @enum {string} */
                period: 'daily' | 'weekly';
                /** @description 0 to 23, in the customer’s time zone */
                hour: number;
                /** @description 1 Monday to 7 Sunday; weekly reports only */
                weekday: number;
                email: string;
                /** @enum {string} */
                lang: 'en' | 'ru';
              }[];
              time_zone: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  set_report_schedule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            /** @enum {string} */
            period: 'daily' | 'weekly';
            /** @default true */
            on?: boolean;
            /** @default 9 */
            hour?: number;
            /** @default 1 */
            weekday?: number;
            /** Format: email */
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            lang?: 'en' | 'ru';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  set_report_schedule_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'PUT';
          args: {
            /** @enum {string} */
            period: 'daily' | 'weekly';
            /** @default true */
            on?: boolean;
            /** @default 9 */
            hour?: number;
            /** @default 1 */
            weekday?: number;
            /** Format: email */
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            lang?: 'en' | 'ru';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  import_ad_costs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            /** @description the export’s text */
            file: string;
            /**
             * @default auto
             * @enum {string}
             */
            platform?: 'yandex_direct' | 'google_ads' | 'auto';
            /** @description the costs’ currency where the export has no column for it (Yandex Direct) */
            currency?: string;
            /**
             * @description Yandex Direct: the costs are millionths (returnMoneyInMicros: true)
             * @default false
             */
            money_in_micros?: boolean;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @enum {string} */
              platform: 'yandex_direct' | 'google_ads';
              currency: string;
              rows: number;
              /** @description campaign days stored */
              stored_days: number;
              /** @description of them, days stored before and replaced */
              replaced_days: number;
              unknown_campaigns: {
                platform_campaign_id: string | null;
                platform_campaign_name: string | null;
                rows: number;
                cost: number;
                /** @description a campaign of the same name, to confirm with map_ad_campaign */
                suggested_ac_id: number | null;
              }[];
              message: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  map_ad_campaign: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            /** @enum {string} */
            source: 'yandex_direct' | 'google_ads';
            platform_campaign: string;
            ac_id: number;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              mappings: {
                /** @enum {string} */
                source: 'yandex_direct' | 'google_ads';
                platform_campaign: string;
                ac_id: number;
              }[];
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  set_ad_cost: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          args: {
            site_id: number;
            ac_id: number;
            date_from: string;
            /** @description the last day, included; absent: date_from alone */
            date_till?: string;
            /** @description the whole period’s cost */
            amount: number;
            /** @description absent: the site’s cost currency */
            currency?: string;
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              days: number;
              replaced_days: number;
              currency: string;
              message: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  campaign_costs_report: {
    parameters: {
      query: {
        site_id: number;
        date_from: string;
        /** @description exclusive: [date_from, date_till) */
        date_till: string;
        group_by?: 'campaign' | 'source' | 'keyword' | 'landing_page';
        /** @description agents: the customer acted on (required for agents) */
        customer_id?: number;
        /** @description records per page */
        limit?: number;
        /** @description records skipped */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description the campaign id, utm_source, utm_term or landing page; "": none */
              key: string;
              /** @description grouped by campaign: the campaign (-1: without one) */
              ac_id: number | null;
              name: string;
              currency: string | null;
              current: {
                cost: number;
                calls: number;
                /** @description calls, chats and requests qualified (qualified_at set), but for those tagged not target */
                qualified_leads: number;
                cost_per_call: number | null;
                cost_per_qualified_lead: number | null;
                /** @description the sales of the period’s communications, as advertising_sales with only_first=false */
                revenue: number;
                /** @description (revenue − cost) / cost; null without cost */
                return_on_spend: number | null;
              };
              previous: {
                cost: number;
                calls: number;
                /** @description calls, chats and requests qualified (qualified_at set), but for those tagged not target */
                qualified_leads: number;
                cost_per_call: number | null;
                cost_per_qualified_lead: number | null;
                /** @description the sales of the period’s communications, as advertising_sales with only_first=false */
                revenue: number;
                /** @description (revenue − cost) / cost; null without cost */
                return_on_spend: number | null;
              };
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  campaign_costs_report_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the session key from login; or send it in the `Authorization: Bearer <session_key>` header */
          session_key?: string;
          /**
           * @description the verb this POST acts as
           * @enum {string}
           */
          action: 'GET';
          args: {
            site_id: number;
            date_from: string;
            /** @description exclusive: [date_from, date_till) */
            date_till: string;
            /**
             * @default campaign
             * @enum {string}
             */
            group_by?: 'campaign' | 'source' | 'keyword' | 'landing_page';
            /** @description agents: the customer acted on (required for agents) */
            customer_id?: number;
            /**
             * @description records per page
             * @default 100
             */
            limit?: number;
            /**
             * @description records skipped
             * @default 0
             */
            offset?: number;
          };
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          'X-Total-Count': components['headers']['X-Total-Count'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              /** @description the campaign id, utm_source, utm_term or landing page; "": none */
              key: string;
              /** @description grouped by campaign: the campaign (-1: without one) */
              ac_id: number | null;
              name: string;
              currency: string | null;
              current: {
                cost: number;
                calls: number;
                /** @description calls, chats and requests qualified (qualified_at set), but for those tagged not target */
                qualified_leads: number;
                cost_per_call: number | null;
                cost_per_qualified_lead: number | null;
                /** @description the sales of the period’s communications, as advertising_sales with only_first=false */
                revenue: number;
                /** @description (revenue − cost) / cost; null without cost */
                return_on_spend: number | null;
              };
              previous: {
                cost: number;
                calls: number;
                /** @description calls, chats and requests qualified (qualified_at set), but for those tagged not target */
                qualified_leads: number;
                cost_per_call: number | null;
                cost_per_qualified_lead: number | null;
                /** @description the sales of the period’s communications, as advertising_sales with only_first=false */
                revenue: number;
                /** @description (revenue − cost) / cost; null without cost */
                return_on_spend: number | null;
              };
            }[];
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  app_sign_in: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description a REST login or an employee's e-mail */
          login: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              session_key: string;
              /** @description true: an employee's key (X-Session-Key) */
              employee: boolean;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_sign_in: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the console e-mail */
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            data: {
              session_key: string;
            };
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_sign_out: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Acknowledgement'];
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_function: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description one of the functions open to employees */
        function:
          | 'me'
          | 'site'
          | 'ac'
          | 'tag'
          | 'stat'
          | 'advertising_sales'
          | 'tag_communication'
          | 'tag_communication_sale'
          | 'untag_communication'
          | 'journal'
          | 'daily_report'
          | 'create_standard_tags'
          | 'alert_settings'
          | 'set_alert_settings';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success?: boolean;
            data?: unknown;
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
  employee_function_post: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description one of the functions open to employees */
        function:
          | 'me'
          | 'site'
          | 'ac'
          | 'tag'
          | 'stat'
          | 'advertising_sales'
          | 'tag_communication'
          | 'tag_communication_sale'
          | 'untag_communication'
          | 'journal'
          | 'daily_report'
          | 'create_standard_tags'
          | 'alert_settings'
          | 'set_alert_settings';
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description the function’s parameters */
          args?: Record<string, never>;
        };
      };
    };
    responses: {
      /** @description success */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success?: boolean;
            data?: unknown;
          };
          'application/xml': string;
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['ServerError'];
    };
  };
}
