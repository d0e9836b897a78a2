import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Which folders of src/server/ may query each table. A statement on a table outside its owners
 * fails here, with its file and line: reading a table through its owner's functions keeps the
 * table's rules (what a row means, which index a query needs, what erasure must delete) in one
 * place. The map is today's coupling as it is, several owners where several folders query a
 * table, each with why; a new folder that touches a table fails until the map names it, and so
 * does a folder that only reads a table (`reads`) once it changes its rows (`writes`): owner-app/,
 * say, writes no table at all. An owner that no longer queries its table fails too, so the map
 * stays a true account (and follows a folder that moves).
 *
 * Seen: Kysely's statements and joins on a named table (`selectFrom('calls as c')`, `insertInto`,
 * `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`, every `…Join`, `.from`, `.using`,
 * `sql.table`), and SQL text in strings and `sql` templates (`FROM`, `JOIN`, `INTO`, `UPDATE`,
 * `USING`, `TABLE`, `TRUNCATE`, and the tables after a comma in a FROM list). A file that names its table at
 * run time (`selectFrom(table)`, `sql.table(t.table)`) is taken to query every table it names in
 * a string. Comments are not read. src/server/store/migrations/ is the schema's own and not read.
 */

const ROOT = join(__dirname, '../../..');
const SERVER = join(ROOT, 'src/server');

/** Who may query a table: the folders that change its rows, and those that only read them. */
interface Owners {
  writes: readonly string[];
  reads?: readonly string[];
}

/*
 * Owners that recur, named once:
 * - visitors/: erasure (visitors/erasure.ts) deletes or blanks a visitor's rows in every table that
 *   holds them, in one transaction, on purpose: one place knows everything an erasure must reach.
 * - ops/: retention (ops/retention.ts) deletes old traffic, reading what still refers to it.
 * - store/: id-sequences.ts moves the PostgreSQL id sequence of each table a seed or an import
 *   fills with explicit ids past its largest id (`SELECT max(id) FROM …`).
 */
const OWNERS: Record<string, Owners> = {
  // identity/ owns it; sites/ joins a site's customer in the site lookup, api/ lists an agent's
  // customers and locks a customer's row (FOR UPDATE) before changing its logins, as numbers/
  // does before its scenarios; store/: id sequences.
  customers: { writes: ['identity'], reads: ['api', 'identity', 'numbers', 'sites', 'store'] },
  // sites/ owns it; the others join a row's site to its customer or domain: numbers/ (a number's
  // site), identity/ (an employee's sites), reports/ (the filter by customer, chat records),
  // visitors/ (a visitor's site; the erase command's site by its key), webhooks/ (a customer's
  // endpoints per site); store/: id sequences.
  // mail/ (alerts) finds the subscriptions of a site's customer as an event is queued.
  sites: { writes: ['sites'], reads: ['identity', 'mail', 'numbers', 'reports', 'store', 'visitors', 'webhooks'] },
  // sites/ owns campaigns; numbers/ (a block's campaign) and reports/ (a session's campaign name)
  // join them; store/: id sequences.
  ad_campaigns: { writes: ['sites'], reads: ['numbers', 'reports', 'store'] },
  ac_condition_groups: { writes: ['sites'], reads: ['store'] }, // store/: id sequences.
  ac_conditions: { writes: ['sites'], reads: ['store'] }, // store/: id sequences.
  // numbers/ lists the blocks with their numbers; store/: id sequences.
  site_blocks: { writes: ['sites'], reads: ['numbers', 'store'] },
  // sites/ keeps the last refused origin of each site and answers it to the app.
  site_refused_origins: { writes: ['sites'] },
  // leases/ picks a free pool number to lease; numbers/ lists the pool numbers with the customer's.
  dt_pool_numbers: { writes: ['sites'], reads: ['leases', 'numbers'] },
  visitors: { writes: ['visitors'] },
  // tracking/ writes them; reports/ and visitors/ (a visitor's latest session, a goal's campaign)
  // read them; owner-app/ reads the last page view's time ("is the snippet installed?"); visitors/ and ops/ (erasure, retention).
  // costs/ groups the cost report by a session's source, keyword and landing page.
  sessions: { writes: ['ops', 'tracking', 'visitors'], reads: ['conversions', 'costs', 'owner-app', 'reports', 'visitors'] },
  // tracking/ writes them; reports/ (a session's page views) and visitors/ (the visitor of a
  // retried first visit) read them; visitors/ and ops/ (erasure, retention).
  hits: { writes: ['ops', 'tracking', 'visitors'], reads: ['reports', 'visitors'] },
  // tracking/ writes them; reports/, visitors/ (the union of communications, a person's first)
  // and webhooks/ (where a payload's record is) read them; visitors/ and ops/ (erasure, retention).
  goals: { writes: ['tracking', 'visitors'], reads: ['ops', 'reports', 'visitors', 'webhooks'] },
  client_writes: { writes: ['ingest', 'visitors'] }, // visitors/: erasure.
  visitor_properties: { writes: ['visitors'] },
  visitor_emails: { writes: ['visitors'] },
  visitor_phones: { writes: ['visitors'] },
  // visitors/ writes them; reports/ and webhooks/ read them as goals; visitors/ and ops/ (erasure, retention).
  // qualification/: marks; mail/ (alerts) reads what an alert says of a request; conversions/ what it sends; costs/ counts them in the cost report.
  offline_messages: { writes: ['qualification', 'visitors'], reads: ['conversions', 'costs', 'mail', 'ops', 'reports', 'webhooks'] },
  captchas: { writes: ['callback', 'visitors'] }, // visitors/: erasure.
  // telephony/ records the calls of its events and callback/ the call-back requests' own; visitors/
  // blanks an erased visitor's numbers; reports/, visitors/ and webhooks/ read them as goals,
  // reports/ the journal's call details too, ops/ what retention keeps, and carriers/ the call-back
  // a carrier's outgoing call belongs to (Zadarma names the call only after it was asked for).
  // qualification/ marks them qualified (migration 130) and reads a caller's earlier calls.
  // costs/ counts them, and the qualified ones, in the cost report.
  calls: {
    writes: ['callback', 'qualification', 'telephony', 'visitors'],
    reads: ['carriers', 'conversions', 'costs', 'mail', 'ops', 'reports', 'visitors', 'webhooks'],
  },
  sitephone_attempts: { writes: ['callback', 'visitors'] }, // visitors/: erasure.
  // identity/ owns them; consultant/ joins the online operators' names, telephony/ the employee a
  // SIP line reaches (the screen pop); store/: id sequences.
  employees: { writes: ['identity'], reads: ['consultant', 'store', 'telephony'] },
  // consultant/ joins the sites of the online operators (who can answer a site's chat).
  employee_sites: { writes: ['identity'], reads: ['consultant', 'mail'] }, // mail/: an employee's alerts, of their sites only.
  operator_sessions: { writes: ['identity'] },
  // consultant/ writes them; reports/ and visitors/ read them as goals, webhooks/ too; visitors/ and ops/ (erasure, retention).
  // qualification/: marks; mail/ (alerts) reads whether an operator answered; conversions/ what it sends; costs/ counts them in the cost report.
  chats: {
    writes: ['consultant', 'qualification', 'visitors'],
    reads: ['conversions', 'costs', 'mail', 'ops', 'reports', 'visitors', 'webhooks'],
  },
  chat_messages: { writes: ['consultant', 'visitors'], reads: ['reports'] }, // reports/: a chat's text; visitors/ and ops/ (erasure, retention).
  dt_leases: { writes: ['leases', 'ops', 'visitors'] }, // visitors/: erasure; ops/: retention.
  dt_overflows: { writes: ['leases', 'ops', 'visitors'] }, // visitors/: erasure; ops/: retention.
  config_imports: { writes: ['site-import'] },
  // consultant/ keeps an open console's row; identity/ deletes an employee's with the employee.
  operator_consoles: { writes: ['consultant', 'identity'] },
  window_counters: { writes: ['store'] },
  agents: { writes: ['charges'], reads: ['store'] }, // store/: id sequences.
  tariff_plans: { writes: ['charges'], reads: ['store'] }, // store/: id sequences.
  agent_charges: { writes: ['charges'] },
  // identity/ finds REST logins that are an employee's e-mail (sign-in names kept apart).
  api_users: { writes: ['api', 'identity'], reads: ['identity'] },
  api_sessions: { writes: ['api', 'identity'] },
  tags: { writes: ['reports'] },
  numa_lists: { writes: ['numbers'] },
  numa_list_numbers: { writes: ['numbers'] },
  person_contacts: { writes: ['visitors'] },
  tag_links: { writes: ['reports', 'visitors'] }, // visitors/: erasure.
  sales: { writes: ['reports', 'visitors'] }, // visitors/: erasure.
  // telephony/ records the legs; charges/ rates them, identity/ sums a SIP line's calls; visitors/ and ops/ (erasure, retention).
  call_legs: { writes: ['telephony', 'visitors'], reads: ['charges', 'identity'] },
  // The platform request log: numbers/ (buying, routing) and telephony/ log their requests; visitors/ and ops/ (erasure, retention).
  callapi_requests: { writes: ['numbers', 'telephony', 'visitors'] },
  number_tariffs: { writes: ['numbers'] },
  number_capacity: { writes: ['numbers'] },
  customer_numbers: { writes: ['numbers'] },
  call_tariffs: { writes: ['charges'] },
  call_leg_costs: { writes: ['charges'] },
  scenarios: { writes: ['numbers'] },
  scenario_numbers: { writes: ['numbers'] },
  scenario_numa_routes: { writes: ['numbers'] },
  qualification_rules: { writes: ['qualification'] },
  media_files: { writes: ['numbers'] },
  // telephony/ joins the lines and their employees to find who a SIP line reaches.
  sip_lines: { writes: ['identity'], reads: ['telephony'] },
  sip_line_employees: { writes: ['identity'], reads: ['telephony'] },
  webhook_endpoints: { writes: ['webhooks'] },
  webhook_outbox: { writes: ['webhooks'] },
  webhook_attempts: { writes: ['webhooks'] },
  carrier_connections: { writes: ['carriers'] },
  preview_keys: { writes: ['tracking'] },
  api_keys: { writes: ['identity'] },
  // conversions/: the destinations, their outbox and log; the communications and sessions it sends are read when sent.
  conversion_destinations: { writes: ['conversions'] },
  conversion_outbox: { writes: ['conversions', 'visitors'] }, // visitors/: erasure.
  conversion_attempts: { writes: ['conversions', 'visitors'] }, // visitors/: erasure.
  password_resets: { writes: ['identity'] },
  mail_keys: { writes: ['mail'] },
  alert_subscriptions: { writes: ['mail'], reads: ['visitors'] }, // visitors/: erasure finds the kinds of the alerts it deletes.
  alert_queue: { writes: ['mail', 'visitors'] }, // visitors/: erasure.
  alert_sends: { writes: ['mail'] },
  report_schedules: { writes: ['mail'] },
  report_sends: { writes: ['mail'] },
  // reports/ adds a campaign's costs to advertising_sales' ac_cost.
  ad_costs: { writes: ['costs'], reads: ['reports'] },
  ad_cost_mappings: { writes: ['costs'] },
  ad_cost_currencies: { writes: ['costs'] },
};

/** The tables of the schema: the keys of `Tables` in store/tables.ts. */
function schemaTables(): string[] {
  const text = readFileSync(join(SERVER, 'store/tables.ts'), 'utf8');
  const body = /export interface Tables \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!);
}

/** Every .ts file under src/server/ but the migrations, as paths relative to src/server/. */
function serverFiles(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === join(SERVER, 'store/migrations') ? [] : serverFiles(path);
    return e.name.endsWith('.ts') ? [relative(SERVER, path).split('\\').join('/')] : [];
  });
}

/** One string or template literal: where it starts, and its text when it has no `${…}`. */
interface Literal {
  start: number;
  text: string | null;
}

/**
 * A source text read for what it queries: `code`, the text without its comments; `strings`, the
 * text of its string and template literals alone, with a template's `${…}` as `#` and everything
 * else as `\x01` (so a match never runs from one literal into the next); both as long as the text,
 * so an offset in either is one in it. `literals`: each literal, and its text if it is plain.
 * `balanced`: the text ended outside any literal with its braces closed (the reading kept in step).
 */
function views(text: string): { code: string; strings: string; literals: Literal[]; balanced: boolean } {
  const code = text.split('');
  const strings = Array.from(text, () => '\x01');
  const literals: Literal[] = [];
  const blank = (i: number) => {
    if (code[i] !== '\n') code[i] = ' ';
  };
  // The open template literals, innermost last: -1 while in its text, else the depth of braces at
  // which its current `${` began (the `}` that closes it ends the expression).
  const templates: Array<{ at: number; literal: Literal; plain: boolean }> = [];
  let braces = 0;
  let i = 0;
  const inText = () => templates.length > 0 && templates[templates.length - 1]!.at === -1;
  while (i < text.length) {
    const c = text[i]!;
    if (inText()) {
      const t = templates[templates.length - 1]!;
      if (c === '\\') {
        strings[i] = c;
        strings[i + 1] = text[i + 1]!;
        i += 2;
      } else if (c === '`') {
        templates.pop();
        if (t.plain) t.literal.text = text.slice(t.literal.start + 1, i);
        i++;
      } else if (c === '$' && text[i + 1] === '{') {
        t.at = braces;
        t.plain = false;
        strings[i] = '#';
        strings[i + 1] = '#';
        braces++;
        i += 2;
      } else {
        strings[i] = c;
        i++;
      }
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') blank(i++);
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      while (i < stop) blank(i++);
    } else if (c === '/' && regexMayStart(code, i)) {
      // A regular expression: skipped, so that a quote in it starts no string.
      let inClass = false;
      i++;
      while (i < text.length && text[i] !== '\n' && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i++;
      }
      i++;
    } else if (c === "'" || c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n') {
        if (text[i] === '\\') strings[i] = text[i++]!;
        strings[i] = text[i]!;
        i++;
      }
      literals.push({ start, text: text.slice(start + 1, i) });
      i++;
    } else if (c === '`') {
      const literal: Literal = { start: i, text: null };
      literals.push(literal);
      templates.push({ at: -1, literal, plain: true });
      i++;
    } else if (c === '{') {
      braces++;
      i++;
    } else if (c === '}') {
      braces--;
      const t = templates[templates.length - 1];
      if (t && t.at === braces) {
        t.at = -1;
        strings[i] = '#';
      }
      i++;
    } else {
      i++;
    }
  }
  return { code: code.join(''), strings: strings.join(''), literals, balanced: templates.length === 0 && braces === 0 };
}

/** Whether a `/` at `i` starts a regular expression rather than a division: what comes before it. */
function regexMayStart(code: string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(code[j]!)) j--;
  if (j < 0 || /[(,=:[!&|?{};+\-*%<>~^]/.test(code[j]!)) return true;
  const word = /\b(\w+)$/.exec(code.slice(Math.max(0, j - 10), j + 1).join(''))?.[1];
  return word === 'return' || word === 'typeof' || word === 'case' || word === 'of' || word === 'in';
}

/** A statement or join on a table named in the code: the table's name is the literal's first word. */
const BUILDER =
  /\b(selectFrom|insertInto|replaceInto|mergeInto|updateTable|deleteFrom|(?:inner|left|right|full|cross)Join(?:Lateral)?|sql\.table|(?<=\.)from|(?<=\.)using)\(\s*['"`](\w+)/g;
/** The same with a table chosen at run time: a name, or a template that starts with `${`. */
const DYNAMIC =
  /\b(selectFrom|insertInto|replaceInto|mergeInto|updateTable|deleteFrom|(?:inner|left|right|full|cross)Join(?:Lateral)?|sql\.table)\(\s*(?:`\$\{|[\w.]+\s*[),])/g;
const WRITES = /^(insertInto|replaceInto|mergeInto|updateTable|deleteFrom)$/;
/** A table in SQL text, with the tables after commas in a FROM list (`FROM a x, b y`). */
const RAW =
  /\b(from|join|into|update|using|table|truncate)\s+"?(\w+)"?((?:\s+(?:as\s+)?(?!where\b|on\b|join\b)\w+)?(?:\s*,\s*"?\w+"?(?:\s+(?:as\s+)?\w+)?)*)/gi;
const LISTED = /,\s*"?(\w+)"?/g;

interface Touch {
  table: string;
  file: string;
  line: number;
  /** A statement that changes the table's rows (or locks it), not one that only reads them. */
  writes: boolean;
}

/** What `file` (relative to src/server/) queries, of `tables`: a touch per table and line. */
function touches(file: string, text: string, tables: ReadonlySet<string>): Touch[] {
  const { code, strings, literals, balanced } = views(text);
  if (!balanced) throw new Error(`${file}: read out of step (a literal or a brace left open)`);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const out = new Map<string, Touch>();
  const add = (table: string | undefined, offset: number, writes: boolean) => {
    if (!table || !tables.has(table)) return;
    const touch = { table, file, line: lineOf(offset), writes };
    const key = `${table} ${touch.line}`;
    if (!out.get(key)?.writes) out.set(key, touch);
  };
  for (const m of code.matchAll(BUILDER)) add(m[2], m.index, WRITES.test(m[1]!));
  for (const m of strings.matchAll(RAW)) {
    const keyword = m[1]!.toLowerCase();
    const writes =
      keyword === 'into' ||
      keyword === 'update' ||
      keyword === 'table' ||
      keyword === 'truncate' ||
      (keyword === 'from' && /delete\s+$/i.test(strings.slice(Math.max(0, m.index - 10), m.index)));
    add(m[2], m.index, writes);
    for (const l of (m[3] ?? '').matchAll(LISTED)) add(l[1], m.index, false);
  }
  // A table named at run time is one of those the file names in a string of its own: `'calls'`.
  const dynamic = [...code.matchAll(DYNAMIC)];
  if (dynamic.length > 0) {
    const writes = dynamic.some((m) => WRITES.test(m[1]!));
    for (const l of literals) add(l.text ?? undefined, l.start, writes);
  }
  return [...out.values()];
}

/** The folder of a file under src/server/: its first path segment, or the file itself at the root. */
const folderOf = (file: string) => file.split('/')[0]!;

describe('the tables and their owners', () => {
  const tables = schemaTables();
  const all = new Set(tables);
  const found = serverFiles().flatMap((file) => touches(file, readFileSync(join(SERVER, file), 'utf8'), all));

  it('names every table of the schema, and only those', () => {
    expect(tables.length).toBeGreaterThan(50);
    expect(Object.keys(OWNERS).sort()).toEqual([...tables].sort());
  });

  it('has each table queried by its owners only', () => {
    const outside = found.flatMap((t) => {
      const o = OWNERS[t.table];
      const folder = folderOf(t.file);
      if (!o) return [];
      if (t.writes && !o.writes.includes(folder))
        return [`src/server/${t.file}:${t.line} writes ${t.table} (writers: ${o.writes.join(', ')})`];
      if (!t.writes && !o.writes.includes(folder) && !o.reads?.includes(folder))
        return [`src/server/${t.file}:${t.line} reads ${t.table} (owners: ${[...o.writes, ...(o.reads ?? [])].join(', ')})`];
      return [];
    });
    expect(outside).toEqual([]);
  });

  it('names no owner that no longer queries its table', () => {
    const stale = Object.entries(OWNERS).flatMap(([table, o]) => [
      ...o.writes
        .filter((f) => !found.some((t) => t.table === table && t.writes && folderOf(t.file) === f))
        .map((f) => `${f}/ writes no ${table}`),
      ...(o.reads ?? [])
        .filter((f) => !found.some((t) => t.table === table && folderOf(t.file) === f))
        .map((f) => `${f}/ reads no ${table}`),
    ]);
    expect(stale).toEqual([]);
  });
});

describe('what the scan sees', () => {
  const tables = new Set(['calls', 'sessions', 'hits', 'goals']);
  const seen = (text: string) => touches('x/y.ts', text, tables).map((t) => `${t.line} ${t.writes ? 'writes' : 'reads'} ${t.table}`);

  it('statements and joins of the query builder, with aliases', () => {
    const text = [
      "db.selectFrom('calls as c').innerJoin('sessions as s', 's.id', 'c.session_id')",
      "trx.deleteFrom('hits').where('id', '=', 1)",
      'eb.exists(eb.selectFrom("goals").select("id"))',
      "db.updateTable('calls').set({ numa: '' }).from('hits')",
    ].join('\n');
    expect(seen(text).sort()).toEqual(
      ['1 reads calls', '1 reads sessions', '2 writes hits', '3 reads goals', '4 writes calls', '4 reads hits'].sort(),
    );
  });

  it('SQL text in sql templates and strings, with FROM lists and interpolations', () => {
    const text = [
      'const a = sql`SELECT 1 FROM calls`;',
      "const b = 'select * from sessions s, hits h where s.id = h.session_id';",
      'sql`DELETE FROM goals WHERE id IN (SELECT ${sql.ref(c)} FROM ${table})`;',
      'sql`UPDATE sessions SET x = ${`${n} FROM calls`}`;',
      'const c = `INSERT INTO hits (id) VALUES (${id})`;',
    ].join('\n');
    expect(seen(text).sort()).toEqual(
      ['1 reads calls', '2 reads sessions', '2 reads hits', '3 writes goals', '4 writes sessions', '4 reads calls', '5 writes hits'].sort(),
    );
  });

  it('past a regular expression with quotes in it', () => {
    const text = ['const quoted = /[\'"`]/g;', "const n = a / b / c; db.selectFrom('calls')"].join('\n');
    expect(seen(text)).toEqual(['2 reads calls']);
  });

  it('a table named at run time, as the tables the file names in strings', () => {
    const text = [
      "const KINDS = ['calls', 'goals'] as const;",
      'for (const t of KINDS) await db.selectFrom(t).selectAll().execute();',
    ].join('\n');
    expect(seen(text)).toEqual(['1 reads calls', '1 reads goals']);
  });

  it('nothing in comments, in other words, or across strings', () => {
    const text = [
      '// SELECT 1 FROM calls',
      "/* insertInto('hits') */",
      "const label = 'the calls';",
      "const action = fields ? 'update' : 'create'; const t = 'sessions';",
      "import { x } from '../calls/queries.js';",
    ].join('\n');
    expect(seen(text)).toEqual([]);
  });
});
