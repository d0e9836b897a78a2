import type Database from 'better-sqlite3';
import type { RowHandle } from '../../../src/server/store/rows.js';

/**
 * Query plans of the statements the server really runs. A test starts a server with
 * `createServer({ …, onQuery: statements.onQuery })`, drives a path through `app.inject`, then asks
 * `fullScans(server.db, statements.list())` which of the captured statements read every row of a
 * table that grows with traffic. Checking the real statements (not copies of them) is the point:
 * a query changed in the code is the query checked.
 */

/** A statement as the query layer ran it, with the parameters of its first run. */
export interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** Collects the distinct statements run while `recording` is on. */
export function statementCollector() {
  const seen = new Map<string, Captured>();
  let recording = false;
  return {
    onQuery(sql: string, parameters: readonly unknown[]) {
      if (recording && !seen.has(sql)) seen.set(sql, { sql, parameters: [...parameters] });
    },
    /** From now on, statements are kept (start after the server's migrations and configuration import). */
    start() {
      recording = true;
    },
    list(): Captured[] {
      return [...seen.values()];
    },
  };
}

/**
 * Tables whose rows grow with visits and communications: a full scan of one gets slower every day
 * the server runs. Site configuration tables (sites, campaigns, blocks, pools) stay small.
 */
export const GROWING_TABLES: readonly (string | RegExp)[] = [
  'visitors',
  'sessions',
  'hits',
  'goals',
  'dt_leases',
  'dt_overflows',
  'client_writes',
  'chats',
  'chat_messages',
  'offline_messages',
  'calls',
  'sitephone_attempts',
  'captchas',
  /^visitor_/,
  'person_contacts',
  'tag_links',
  'sales',
  // Calls: legs, their rated costs and the platform request log grow with calls.
  'call_legs',
  'call_leg_costs',
  'callapi_requests',
  // Webhooks: an event per endpoint, and every attempt to send it.
  'webhook_outbox',
  'webhook_attempts',
];

const growing = (table: string) => GROWING_TABLES.some((t) => (typeof t === 'string' ? t === table : t.test(table)));

export interface FullScan {
  sql: string;
  table: string;
  /** The whole plan, one step per ` | `. */
  plan: string;
}

/** Statements that have no query plan: transaction control and schema. */
const NO_PLAN = /^\s*(begin|commit|rollback|savepoint|release|pragma|create|alter|drop)\b/i;

/** The plan of one statement, as SQLite explains it with the captured parameters bound. */
export function queryPlan(db: Database.Database, s: Captured): string {
  const steps = db.prepare('EXPLAIN QUERY PLAN ' + s.sql).all(...(s.parameters as unknown[]).map(bindable)) as { detail: string }[];
  return steps.map((step) => step.detail).join(' | ');
}

/**
 * Every full scan of a growing table among the statements. A plan names a table by its alias when
 * the statement gives one (`SCAN l`), so aliases are resolved from the statement's FROM and JOIN
 * clauses. `SCAN t USING INDEX i` reads the whole index, so it counts as a full scan too; `SEARCH`
 * does not.
 *
 * One kind of SCAN is left out: an `INSERT … RETURNING` into a table that others reference plans
 * a scan of each referencing table (the parent-key check of a foreign key), but SQLite runs it only
 * while deferred foreign-key violations are pending, and this schema defers none. Measured: such
 * an insert into `hits` takes the same few microseconds with 300 000 rows in `goals` as with none.
 */
export function fullScans(db: Database.Database, statements: readonly Captured[]): FullScan[] {
  const out: FullScan[] = [];
  for (const s of statements) {
    if (NO_PLAN.test(s.sql)) continue;
    const inserted = /^\s*insert\s+into\s+"?(\w+)"?/i.exec(s.sql)?.[1];
    const references = (child: string) =>
      !!inserted && (db.pragma(`foreign_key_list("${child}")`) as { table: string }[]).some((fk) => fk.table === inserted);
    const aliases = new Map<string, string>();
    for (const m of s.sql.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
      aliases.set(m[1]!, m[1]!);
      if (m[2] && !/^(where|set|values|on|inner|left|join|order|group|limit|select|default)$/i.test(m[2])) aliases.set(m[2], m[1]!);
    }
    const plan = queryPlan(db, s);
    for (const step of plan.split(' | ')) {
      const m = /^SCAN (\w+)/.exec(step);
      const table = m ? (aliases.get(m[1]!) ?? m[1]!) : null;
      if (table && growing(table) && !references(table)) out.push({ sql: s.sql, table, plan });
    }
  }
  return out;
}

/**
 * Statements whose LIMIT or OFFSET is a bound parameter (Kysely's `.limit(n)` binds it). SQLite's
 * planner reads such a value, so every binding expires the prepared statement and each run
 * prepares it again: the statement cache does nothing for it. Write constant limits with
 * `.limit(sql.lit(1))`.
 */
export function boundLimits(statements: readonly Captured[]): string[] {
  return statements.filter((s) => /\b(limit|offset)\s+\?/i.test(s.sql)).map((s) => s.sql);
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; booleans as 0/1 (as the driver does). */
function bindable(v: unknown): unknown {
  return typeof v === 'boolean' ? (v ? 1 : 0) : v;
}

/** A plan node of PostgreSQL's `EXPLAIN (FORMAT JSON)`, the fields read here. */
interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

/**
 * The same question on PostgreSQL: every full scan of a growing table among the statements, with
 * `enable_seqscan` off for the test's connection. On a test's few rows PostgreSQL prefers a
 * sequential scan whatever the indexes; with it switched off it still plans one where no index can
 * serve the statement, which is what this asks. `db` is the test's synchronous handle
 * (test/support/sync-postgres.ts, one connection); the statements are PostgreSQL's own text with
 * `$n` parameters, EXPLAINed with the captured values.
 */
export function postgresFullScans(db: RowHandle, statements: readonly Captured[]): FullScan[] {
  db.exec('SET enable_seqscan = off');
  const out: FullScan[] = [];
  try {
    for (const s of statements) {
      if (NO_PLAN.test(s.sql) || /^\s*(listen|unlisten|notify|select pg_notify|set)\b/i.test(s.sql)) continue;
      const row = db.prepare('EXPLAIN (FORMAT JSON) ' + s.sql).get(...(s.parameters as unknown[]).map(bindable)) as Record<string, unknown>;
      const root = (row['QUERY PLAN'] as Array<{ Plan: PgPlanNode }>)[0]!.Plan;
      const steps: string[] = [];
      const walk = (n: PgPlanNode) => {
        steps.push(`${n['Node Type']}${n['Relation Name'] ? ' on ' + n['Relation Name'] : ''}`);
        // An index scan without a condition reads the whole index (PostgreSQL's way round a
        // switched-off sequential scan): a full scan too, as SQLite's `SCAN t USING INDEX`.
        const whole = n['Node Type'] === 'Seq Scan' || (/^Index (Only )?Scan$/.test(n['Node Type']) && !n['Index Cond']);
        if (whole && n['Relation Name'] && growing(n['Relation Name'])) out.push({ sql: s.sql, table: n['Relation Name'], plan: '' });
        n.Plans?.forEach(walk);
      };
      walk(root);
      for (const f of out) if (f.sql === s.sql && !f.plan) f.plan = steps.join(' | ');
    }
  } finally {
    db.exec('RESET enable_seqscan');
  }
  return out;
}
