import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type DB = Database.Database;

/**
 * The schema, as ordered migrations. `PRAGMA user_version` records how many have run; start-up
 * runs the rest. Never edit a migration that has shipped: add one.
 *
 * Tables follow the objects of ../shared/spec/rest-api.md (customer, site, ad campaign with its
 * condition groups and conditions, number blocks with their DT pools, visitor, session, hit, goal)
 * so the REST API reads them without translation.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'active'
  );
  CREATE TABLE sites (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    domain TEXT NOT NULL,
    site_key TEXT NOT NULL UNIQUE,
    widget_key TEXT NOT NULL UNIQUE,
    user_phone TEXT,
    origins TEXT NOT NULL DEFAULT '[]',
    settings TEXT NOT NULL DEFAULT '{}'
  );
  CREATE TABLE ad_campaigns (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    name TEXT NOT NULL,
    priority INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, name)
  );
  CREATE TABLE ac_condition_groups (
    id INTEGER PRIMARY KEY,
    ac_id INTEGER NOT NULL REFERENCES ad_campaigns(id) ON DELETE CASCADE,
    name TEXT NOT NULL
  );
  CREATE TABLE ac_conditions (
    id INTEGER PRIMARY KEY,
    ac_condition_group_id INTEGER NOT NULL REFERENCES ac_condition_groups(id) ON DELETE CASCADE,
    ac_parameter TEXT NOT NULL,
    ac_operator TEXT NOT NULL CHECK (ac_operator IN ('=', '~', 'sub')),
    value TEXT NOT NULL,
    is_negative INTEGER NOT NULL DEFAULT 0
  );
  -- A number block: what it replaces (selector: #id, .class, [name=x] or number=digits) and with
  -- what (numb, or a DT pool when is_dt_enabled). ac_id NULL: the site's default numbers.
  CREATE TABLE site_blocks (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    ac_id INTEGER REFERENCES ad_campaigns(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    selector TEXT NOT NULL,
    phone_type TEXT,
    numb TEXT,
    forward_numb TEXT,
    image TEXT,
    is_dt_enabled INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE dt_pool_numbers (
    id INTEGER PRIMARY KEY,
    block_id INTEGER NOT NULL REFERENCES site_blocks(id) ON DELETE CASCADE,
    number TEXT NOT NULL
  );
  CREATE TABLE visitors (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    name TEXT,
    company TEXT,
    commentary TEXT,
    first_ac_id INTEGER NOT NULL DEFAULT -1,
    visits_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    ac_id INTEGER NOT NULL DEFAULT -1,
    start_time TEXT NOT NULL,
    last_hit_ms INTEGER NOT NULL,
    ip TEXT,
    user_agent TEXT,
    browser_name TEXT,
    browser_version TEXT,
    os_name TEXT,
    os_version TEXT,
    country TEXT,
    region TEXT,
    city TEXT,
    referrer TEXT,
    referrer_domain TEXT,
    search_engine TEXT,
    search_query TEXT,
    entrance_page TEXT,
    utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, utm_content TEXT, utm_term TEXT,
    os_ad_id TEXT, os_campaign_id TEXT, os_service_name TEXT, os_source_id TEXT,
    gclid TEXT, yclid TEXT, ef_id TEXT,
    ua_client_id TEXT
  );
  CREATE INDEX sessions_visitor ON sessions (visitor_id, id);
  CREATE INDEX sessions_site_time ON sessions (site_id, start_time);
  CREATE TABLE hits (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    client_id TEXT NOT NULL,
    hit_time TEXT NOT NULL,
    url TEXT NOT NULL,
    title TEXT,
    referrer TEXT,
    is_spa INTEGER NOT NULL DEFAULT 0,
    UNIQUE (site_id, client_id)
  );
  CREATE INDEX hits_session ON hits (session_id);
  -- Custom events (trackEvent) are the REST document's goals.
  CREATE TABLE goals (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hit_id INTEGER NOT NULL REFERENCES hits(id),
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    action TEXT NOT NULL,
    label TEXT,
    value TEXT,
    start_time TEXT NOT NULL
  );
  CREATE INDEX goals_site_time ON goals (site_id, start_time);
  -- Every write the snippet confirmed, by its client id: a retry answers from here.
  CREATE TABLE client_writes (
    site_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    type TEXT NOT NULL,
    result TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (site_id, id)
  ) WITHOUT ROWID;
  `,
  // Visitor data (page-api addVisitorInfo, setProperty; rest-api "Visitor": name, phone and email
  // lists, custom_fields) and custom-form requests (rest-api "Offline request").
  `
  CREATE TABLE visitor_properties (
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    name TEXT NOT NULL,
    value TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (visitor_id, name)
  ) WITHOUT ROWID;
  CREATE TABLE visitor_emails (
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    email TEXT NOT NULL COLLATE NOCASE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (visitor_id, email)
  );
  -- One row per number: "+7 (495) 123-45-67" and "74951234567" share their digits.
  CREATE TABLE visitor_phones (
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    digits TEXT NOT NULL,
    phone TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (visitor_id, digits)
  );
  -- The visitor-context fields are copied from the session when the request is stored, as the
  -- REST document's record shows them, so a report needs no join and a later change of the
  -- session does not rewrite history. source: 'page' (addOfflineRequest) or 'server'
  -- (POST api/add_offline_message/).
  CREATE TABLE offline_messages (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hit_id INTEGER REFERENCES hits(id),
    date_time TEXT NOT NULL,
    source TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'unprocessed',
    name TEXT,
    email TEXT,
    phone TEXT,
    message TEXT,
    form_name TEXT,
    group_id INTEGER,
    is_sale INTEGER NOT NULL DEFAULT 0,
    sale_cost REAL,
    sale_date TEXT,
    operator_name TEXT,
    operator_comment TEXT,
    page_url TEXT,
    ac_id INTEGER NOT NULL DEFAULT -1,
    visitor_first_ac INTEGER NOT NULL DEFAULT -1,
    visitor_type TEXT NOT NULL,
    visits_count INTEGER NOT NULL,
    country TEXT, region TEXT, city TEXT,
    search_engine TEXT, search_query TEXT, referrer_domain TEXT, referrer TEXT,
    ua_client_id TEXT,
    utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, utm_content TEXT, utm_term TEXT,
    os_ad_id TEXT, os_campaign_id TEXT, os_service_name TEXT, os_source_id TEXT,
    gclid TEXT, yclid TEXT, ef_id TEXT
  );
  CREATE INDEX offline_messages_site_time ON offline_messages (site_id, date_time);
  CREATE INDEX offline_messages_visitor ON offline_messages (visitor_id);
  `,
  // Call-back requests (issue 5): the site's call-back settings, captcha keys, the requests as the
  // REST document's call records (communication_type 'sitephone'), and the log the limit counts.
  `
  ALTER TABLE sites ADD COLUMN callback TEXT NOT NULL DEFAULT '{}';
  CREATE TABLE captchas (
    key TEXT PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    answer TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX captchas_expiry ON captchas (expires_ms);
  -- One row per call-back request that passed the limit and the captcha. status/duration/
  -- operator_name are the call's outcome, filled when the platform has dialled (NULL until then).
  -- request_status is what sitePhoneCall answered (0 sent, 2 no scenario, 3 platform error);
  -- dispatch_state: 'queued' for dialing, 'failed' (platform error), 'not_sent' (no scenario).
  CREATE TABLE calls (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    communication_type TEXT NOT NULL CHECK (communication_type IN ('call', 'sitephone')),
    call_date TEXT NOT NULL,
    session_start TEXT,
    status TEXT CHECK (status IN ('normal', 'lost')),
    numa TEXT NOT NULL,
    numb TEXT,
    wait_time INTEGER,
    duration INTEGER,
    operator_name TEXT,
    scenario_name TEXT,
    direction TEXT NOT NULL DEFAULT 'out' CHECK (direction IN ('in', 'out')),
    page_url TEXT,
    visitor_id INTEGER REFERENCES visitors(id),
    session_id INTEGER REFERENCES sessions(id),
    hit_id INTEGER REFERENCES hits(id),
    ac_id INTEGER NOT NULL DEFAULT -1,
    visitor_first_ac INTEGER NOT NULL DEFAULT -1,
    visits_count INTEGER,
    visitor_type TEXT CHECK (visitor_type IN ('new', 'returning')),
    country TEXT, region TEXT, city TEXT,
    referrer TEXT, referrer_domain TEXT, search_engine TEXT, search_query TEXT,
    utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, utm_content TEXT, utm_term TEXT,
    os_ad_id TEXT, os_campaign_id TEXT, os_service_name TEXT, os_source_id TEXT,
    gclid TEXT, yclid TEXT, ef_id TEXT,
    ua_client_id TEXT,
    delayed_call_time INTEGER,
    requested_time TEXT,
    group_id TEXT,
    request_status INTEGER NOT NULL,
    dispatch_state TEXT NOT NULL CHECK (dispatch_state IN ('queued', 'failed', 'not_sent')),
    dispatch_error TEXT
  );
  CREATE INDEX calls_site_date ON calls (site_id, call_date);
  CREATE INDEX calls_visitor ON calls (visitor_id);
  -- Every sitePhoneCall the server judged, with its status; the rolling-minute limit counts the
  -- rows whose status is not 4 (a refused request is not a call). Rows older than an hour go.
  CREATE TABLE sitephone_attempts (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL,
    visitor_id INTEGER NOT NULL,
    ip TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    status INTEGER NOT NULL
  );
  CREATE INDEX sitephone_attempts_visitor ON sitephone_attempts (site_id, visitor_id, at_ms);
  CREATE INDEX sitephone_attempts_ip ON sitephone_attempts (site_id, ip, at_ms);
  CREATE INDEX sitephone_attempts_time ON sitephone_attempts (site_id, at_ms);
  `,
  // Consultant: operators (the REST document's employees), their console sessions, chats and chat
  // messages after the REST chat and chat_messages records.
  `
  CREATE TABLE employees (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    last_name TEXT NOT NULL,
    first_name TEXT NOT NULL,
    patronymic TEXT,
    full_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    extension TEXT,
    phones TEXT NOT NULL DEFAULT '[]',
    is_consultant_operator_active INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE employee_sites (
    employee_id INTEGER NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    PRIMARY KEY (employee_id, site_id)
  ) WITHOUT ROWID;
  CREATE INDEX employee_sites_site ON employee_sites (site_id);
  -- A console sign-in: only the SHA-256 of the cookie's token is kept, so a copy of the database
  -- signs nobody in.
  CREATE TABLE operator_sessions (
    token_hash TEXT PRIMARY KEY,
    employee_id INTEGER NOT NULL REFERENCES employees(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
  ) WITHOUT ROWID;
  -- status: NULL while nobody has answered yet; 'succeed' from the first operator reply; 'lost'
  -- when nobody answered in time (or the visitor left first); 'refused' when an operator closed
  -- it unanswered. end_ms is set when the chat is over, whoever ended it.
  CREATE TABLE chats (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    hit_id INTEGER NOT NULL REFERENCES hits(id),
    ac_id INTEGER NOT NULL DEFAULT -1,
    visitor_type TEXT NOT NULL CHECK (visitor_type IN ('new', 'returning')),
    status TEXT CHECK (status IN ('lost', 'succeed', 'refused')),
    initiator TEXT NOT NULL DEFAULT 'Посетитель' CHECK (initiator IN ('Посетитель', 'Оператор', 'Автоприглашение')),
    start_time TEXT NOT NULL,
    start_ms INTEGER NOT NULL,
    answer_ms INTEGER,
    end_ms INTEGER,
    employee_id INTEGER,
    operator_name TEXT,
    messages_count INTEGER NOT NULL DEFAULT 0,
    operator_message_count INTEGER NOT NULL DEFAULT 0,
    visitor_message_count INTEGER NOT NULL DEFAULT 0,
    page_url TEXT NOT NULL
  );
  CREATE INDEX chats_visitor ON chats (visitor_id, id);
  CREATE INDEX chats_site_time ON chats (site_id, start_time);
  CREATE INDEX chats_open ON chats (site_id) WHERE end_ms IS NULL;
  CREATE TABLE chat_messages (
    id INTEGER PRIMARY KEY,
    chat_id INTEGER NOT NULL REFERENCES chats(id),
    sourse TEXT NOT NULL CHECK (sourse IN ('Оператор', 'Посетитель')),
    user_id INTEGER,
    message TEXT NOT NULL,
    date_time TEXT NOT NULL,
    client_id TEXT
  );
  CREATE INDEX chat_messages_chat ON chat_messages (chat_id, id);
  CREATE UNIQUE INDEX chat_messages_client ON chat_messages (chat_id, client_id) WHERE client_id IS NOT NULL;
  -- The REST chat record, with the visitor context of the session the chat started in.
  CREATE VIEW chat_report AS
  SELECT c.id, c.status, c.initiator, c.start_time,
    CASE WHEN c.answer_ms IS NOT NULL THEN printf('%02d:%02d:%02d', (c.answer_ms - c.start_ms) / 3600000,
      (c.answer_ms - c.start_ms) / 60000 % 60, (c.answer_ms - c.start_ms) / 1000 % 60) END AS answer_interval,
    CASE WHEN c.end_ms IS NOT NULL THEN (c.end_ms - c.start_ms) / 1000 END AS duration,
    c.employee_id, c.operator_name, '[]' AS tags, c.messages_count, c.operator_message_count, c.visitor_message_count,
    c.page_url, c.site_id, c.ac_id, c.visitor_id, c.session_id, c.visitor_type, v.visits_count,
    v.first_ac_id AS visitor_first_ac, s.country, s.region, s.city, s.search_engine, s.search_query, s.referrer_domain,
    s.referrer, s.ua_client_id, s.utm_campaign, s.utm_content, s.utm_medium, s.utm_source, s.utm_term, s.os_ad_id,
    s.os_campaign_id, s.os_service_name, s.os_source_id, s.gclid, s.yclid, s.ef_id
  FROM chats c JOIN sessions s ON s.id = c.session_id JOIN visitors v ON v.id = c.visitor_id;
  `,
  // Phone replacement: the display text of a block, per-site dynamic-tracking settings, the
  // leases of DT numbers to sessions (kept as history: which session had a number when), and the
  // sessions whose pool had no free number.
  `
  ALTER TABLE site_blocks ADD COLUMN text TEXT;
  ALTER TABLE sites ADD COLUMN dt_lease_minutes INTEGER NOT NULL DEFAULT 15;
  ALTER TABLE sites ADD COLUMN dt_overflow TEXT NOT NULL DEFAULT 'static' CHECK (dt_overflow IN ('static', 'reserved'));
  ALTER TABLE sites ADD COLUMN dt_reserved_number TEXT;
  CREATE TABLE dt_leases (
    id INTEGER PRIMARY KEY,
    site_id INTEGER NOT NULL REFERENCES sites(id),
    block_id INTEGER NOT NULL,
    number TEXT NOT NULL,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    visitor_id INTEGER NOT NULL REFERENCES visitors(id),
    start_ms INTEGER NOT NULL,
    -- Released at this moment: the session's last hit + 30 idle minutes + the site's lease minutes.
    until_ms INTEGER NOT NULL
  );
  CREATE INDEX dt_leases_number ON dt_leases (number, until_ms);
  CREATE INDEX dt_leases_session ON dt_leases (session_id, block_id);
  CREATE INDEX dt_leases_visitor ON dt_leases (visitor_id, block_id);
  CREATE TABLE dt_overflows (
    site_id INTEGER NOT NULL REFERENCES sites(id),
    block_id INTEGER NOT NULL,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    created_at TEXT NOT NULL,
    -- What the session got instead: 'reserved', 'static', or 'none' (the site's own number stayed).
    fallback TEXT NOT NULL,
    PRIMARY KEY (session_id, block_id)
  ) WITHOUT ROWID;
  CREATE INDEX dt_overflows_site_time ON dt_overflows (site_id, created_at);
  `,
  `
  -- Whose write it was: a write id replayed by another visitor of the site gets no stored result.
  ALTER TABLE client_writes ADD COLUMN visitor_id INTEGER;
  `,
  // Indexes for the page-view path: every hit reads its site's blocks, a DT block its pool, a new
  // session its site's campaign conditions. Without them each scans the table of all sites (and
  // SQLite may build a throwaway index per statement run).
  `
  CREATE INDEX site_blocks_site ON site_blocks (site_id, ac_id);
  CREATE INDEX dt_pool_numbers_block ON dt_pool_numbers (block_id, number);
  CREATE INDEX ac_condition_groups_campaign ON ac_condition_groups (ac_id);
  CREATE INDEX ac_conditions_group ON ac_conditions (ac_condition_group_id);
  `,
];

/** Opens (creating if needed) the database at `path` and brings its schema up to date. */
export function openDatabase(path: string): DB {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL: readers never block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a crash of this process (what "confirmed" promises); only a power loss
  // can take the last ones.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}

/** Date-time as the REST document writes it: `YYYY-MM-DD HH:MM:SS.mmm`, UTC. */
export function timestamp(ms: number = Date.now()): string {
  const s = new Date(ms).toISOString();
  // Slices, not two replace() calls: this runs twice on every page view.
  return s.slice(0, 10) + ' ' + s.slice(11, 23);
}

const prepared = new WeakMap<DB, Map<string, Database.Statement>>();

/** A prepared statement for `sql`, made once per database and reused. */
export function stmt<R = unknown>(db: DB, sql: string): Database.Statement<unknown[], R> {
  let m = prepared.get(db);
  if (!m) prepared.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s as Database.Statement<unknown[], R>;
}
