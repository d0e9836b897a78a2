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
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
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
