import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL only through bound parameters: no SQL text in src/server is built from a value at run time,
 * by `${…}` in a template literal or by `+`. The few interpolations that insert constants (a column
 * name chosen from a closed set, the migration counter of a PRAGMA that takes no parameters) are
 * listed here with the reason each is safe; any new one fails until it is bound or listed.
 */
const ALLOWED: Record<string, string> = {
  'src/server/callback-limit.ts: where': "one of limitReached's own three constant conditions",
  'src/server/db.ts: v + 1': 'the integer migration counter; PRAGMA user_version takes no parameters',
  "src/server/offline-messages.ts: CONTEXT.join(', ')": 'a constant list of column names',
  'src/server/sites.ts: column': "typed 'site_key' | 'widget_key'",
  'src/server/dt-pool.ts: IN_POOL': 'a constant SQL fragment (with its own bound ?)',
  "src/server/offline-messages.ts: CONTEXT.map((f) => '@' + f).join(', ')": 'named parameters for a constant list of columns',
  "src/server/writes/hit.ts: CAMPAIGN_FIELDS.join(', ')": 'a constant list of column names',
  "src/server/writes/hit.ts: CAMPAIGN_FIELDS.map((f) => '@' + f).join(', ')": 'named parameters for a constant list of columns',
  "src/server/writes/sitephone.ts: CONTEXT.join(', ')": 'a constant list of column names',
  "src/server/writes/sitephone.ts: CONTEXT.map((f) => '@' + f).join(', ')": 'named parameters for a constant list of columns',
  // The console's request feeds read other capabilities' tables by name: the names come from the
  // constant SPECS, are checked against the schema (pragma_table_info) and quoted by ident().
  'src/server/console/requests.ts: spec.kind': 'a constant of SPECS',
  "src/server/console/requests.ts: cols.join(', ')": 'schema-checked column names, quoted by ident()',
  'src/server/console/requests.ts: ident(table)': 'a schema-checked table name, quoted',
  'src/server/console/requests.ts: extra': 'a constant condition of SPECS, or empty',
  'src/server/console/requests.ts: spec.where.sql': 'a constant condition of SPECS',
  'src/server/console/requests.ts: base': 'the query built above from the same constants',
  "src/server/console/requests.ts: dateCol ? `AND ${ident(dateCol)} >= ?` : 'AND ? IS NOT NULL'": 'a schema-checked column name, quoted',
  'src/server/console/requests.ts: ident(dateCol)': 'a schema-checked column name, quoted',
};

const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WHERE|FROM|VALUES|ORDER BY|AND|OR|JOIN|LIMIT|user_version)\b/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

interface Template {
  line: number;
  /** The literal's text outside its `${…}`. */
  text: string;
  /** The source of each `${…}`. */
  exprs: string[];
}

/** Template literals of `src`, nested ones included, skipping comments and quoted strings. */
function templates(src: string): Template[] {
  const out: Template[] = [];
  let i = 0;
  const lineAt = (p: number) => src.slice(0, p).split('\n').length;
  // Reads a template starting after its backtick; returns the index after the closing one.
  const template = (start: number): number => {
    const t: Template = { line: lineAt(start), text: '', exprs: [] };
    out.push(t);
    let j = start;
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\') {
        t.text += src.slice(j, j + 2);
        j += 2;
      } else if (src[j] === '$' && src[j + 1] === '{') {
        const from = j + 2;
        j = code(from, '}');
        t.exprs.push(src.slice(from, j).trim());
        j++;
      } else t.text += src[j++];
    }
    return j + 1;
  };
  // Reads code until `close` at depth 0; returns its index.
  const code = (start: number, close: string | null): number => {
    let j = start;
    let depth = 0;
    while (j < src.length) {
      const c = src[j]!;
      if (c === '/' && src[j + 1] === '/') j = src.indexOf('\n', j) < 0 ? src.length : src.indexOf('\n', j);
      else if (c === '/' && src[j + 1] === '*') j = src.indexOf('*/', j + 2) + 2;
      else if (c === '/' && /[(,=:[!&|?{};]\s*$|^\s*$|return\s*$/.test(src.slice(Math.max(0, j - 20), j))) {
        // A regular expression literal: skip it, character classes included.
        j++;
        let inClass = false;
        while (j < src.length && (inClass || src[j] !== '/')) {
          if (src[j] === '\\') j++;
          else if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          j++;
        }
        j++;
      } else if (c === "'" || c === '"') {
        j++;
        while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
        j++;
      } else if (c === '`') j = template(j + 1);
      else if (c === '{') (depth++, j++);
      else if (c === '}') {
        if (depth === 0 && close === '}') return j;
        depth--;
        j++;
      } else j++;
    }
    return j;
  };
  i = code(0, null);
  void i;
  return out;
}

describe('SQL is built from constants only', () => {
  const root = join(__dirname, '../../..');
  const sources = files(join(root, 'src/server')).map((f) => ({ file: relative(root, f), src: readFileSync(f, 'utf8') }));

  it('the scanner finds interpolations (it is not blind)', () => {
    const found = templates(
      'const r = s.replace(/["`]/g, "`");\nconst q = db.prepare(`SELECT * FROM t WHERE id = ${id} AND x = ${`${y}`}`); // `${z}`\n',
    );
    expect(found.map((t) => t.exprs)).toEqual([['id', '`${y}`'], ['y']]);
    expect(found[0]!.text).toMatch(/SELECT \* FROM t WHERE id = {2}AND x = $/);
  });

  it('no template literal interpolates a value into SQL', () => {
    const found: string[] = [];
    for (const { file, src } of sources) {
      for (const t of templates(src)) {
        if (!t.exprs.length || !SQL.test(t.text)) continue;
        for (const e of t.exprs) {
          const key = `${file}: ${e.replace(/\s+/g, ' ')}`;
          if (!ALLOWED[key]) found.push(`${key} (line ${t.line})`);
        }
      }
    }
    expect(found, 'interpolated SQL: bind the value with ?, or list the constant in ALLOWED with its reason').toEqual([]);
  });

  it('no SQL text is joined with +', () => {
    const found: string[] = [];
    for (const { file, src } of sources) {
      src.split('\n').forEach((line, n) => {
        const code = line.replace(/\/\/.*$/, '');
        for (const m of code.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
          const at = m.index!;
          const around = code.slice(Math.max(0, at - 3), at) + '|' + code.slice(at + m[0].length, at + m[0].length + 3);
          if (SQL.test(m[2]!) && /\+\s*\||\|\s*\+/.test(around)) found.push(`${file}:${n + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('every listed exception still exists (the list does not rot)', () => {
    const seen = new Set<string>();
    for (const { file, src } of sources)
      for (const t of templates(src)) if (SQL.test(t.text)) for (const e of t.exprs) seen.add(`${file}: ${e.replace(/\s+/g, ' ')}`);
    expect(Object.keys(ALLOWED).filter((k) => !seen.has(k))).toEqual([]);
  });
});
