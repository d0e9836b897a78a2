import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL only through the query layer: feature code builds its statements with Kysely, which binds
 * every value as a parameter. What this test holds the server to:
 * - no SQL statement written as a plain string or an untagged template anywhere in src/server
 *   (Kysely's `sql` tag binds what it interpolates, so tagged templates are fine);
 * - no `sql.raw(...)`, which would splice text into a statement, except where listed here with the
 *   reason it is safe; any new one fails until it is bound or listed.
 */
const ALLOWED: Record<string, string> = {
  "src/server/store/sqlite-driver.ts: 'BEGIN IMMEDIATE'": 'transaction control of the driver itself',
  "src/server/store/sqlite-driver.ts: 'COMMIT'": 'transaction control of the driver itself',
  "src/server/store/sqlite-driver.ts: 'ROLLBACK'": 'transaction control of the driver itself',
  "src/server/accounts/api-login-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/api/function.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/api/index.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/numbers/number-block-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/numbers/scenario-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/visitors/erasure-function.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/operators/employee-write-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/sites/campaign-change-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/sites/site-change-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/carriers/zadarma/client.ts: 'DELETE'": "an HTTP verb of Zadarma's API, not SQL",
  "src/server/qualification/custom-tag-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/qualification/rule-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/conversions/destination-functions.ts: 'DELETE'": "the REST API's HTTP verb, not SQL",
  "src/server/ingest/group-commit.ts: 'BEGIN'": 'transaction control of a group-commit lane on its pipelined connection',
  "src/server/ingest/group-commit.ts: 'COMMIT'": 'transaction control of a group-commit lane on its pipelined connection',
  "src/server/ingest/group-commit.ts: 'ROLLBACK'": 'transaction control of a group-commit lane on its pipelined connection',
  "src/server/ingest/group-commit.ts: 'ROLLBACK TO SAVEPOINT batch'":
    'transaction control of a group-commit lane on its pipelined connection',
  "src/server/store/pipelined-connection.ts: 'BEGIN'": 'transaction control of the pipelined connection itself',
  "src/server/store/pipelined-connection.ts: 'COMMIT'": 'transaction control of the pipelined connection itself',
  "src/server/store/pipelined-connection.ts: 'ROLLBACK'": 'transaction control of the pipelined connection itself',
  "src/server/store/pipelined-connection.ts: 'INSERT'": "a result's command tag, compared, not SQL",
  "src/server/store/pipelined-connection.ts: 'UPDATE'": "a result's command tag, compared, not SQL",
  "src/server/store/pipelined-connection.ts: 'DELETE'": "a result's command tag, compared, not SQL",
  "src/server/store/pipelined-connection.ts: 'SELECT 1'": "the lane's warm-up statement: no value in it",
};

/** A statement's opening word: what a string of SQL starts with. */
const STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH|BEGIN|COMMIT|ROLLBACK)\b/;

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
  /** The identifier right before the opening backtick (a tagged template's tag), or ''. */
  tag: string;
}

/**
 * The tag of a template whose backtick follows `before`: the identifier right before it, past type
 * arguments (`sql<{ id: number }>\`…\``), or ''.
 */
function tagBefore(before: string): string {
  let end = before.trimEnd().length;
  if (before[end - 1] === '>') {
    let depth = 0;
    for (let i = end - 1; i >= 0; i--) {
      if (before[i] === '>') depth++;
      else if (before[i] === '<' && --depth === 0) {
        end = i;
        break;
      }
    }
  }
  return /([\w$.]+)\s*$/.exec(before.slice(0, end))?.[1] ?? '';
}

/** Template literals of `src`, nested ones included, skipping comments and quoted strings. */
function templates(src: string): Template[] {
  const out: Template[] = [];
  const lineAt = (p: number) => src.slice(0, p).split('\n').length;
  // Reads a template starting after its backtick; returns the index after the closing one.
  const template = (start: number): number => {
    const t: Template = {
      line: lineAt(start),
      text: '',
      exprs: [],
      tag: tagBefore(src.slice(Math.max(0, start - 400), start - 1)),
    };
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
      else if (c === '{') {
        depth++;
        j++;
      } else if (c === '}') {
        if (depth === 0 && close === '}') return j;
        depth--;
        j++;
      } else j++;
    }
    return j;
  };
  code(0, null);
  return out;
}

describe('SQL only through the query layer', () => {
  const root = join(__dirname, '../../../..');
  const sources = files(join(root, 'src/server')).map((f) => ({ file: relative(root, f), src: readFileSync(f, 'utf8') }));
  const keyOf = (file: string, text: string) => `${file}: ${text.replace(/\s+/g, ' ')}`;

  it('the scanner finds templates, their interpolations and their tags (it is not blind)', () => {
    const found = templates(
      'const r = s.replace(/["`]/g, "`");\nconst q = db.prepare(`SELECT * FROM t WHERE id = ${id} AND x = ${sql`${y}`}`); // `${z}`\n' +
        'const { rows } = await sql<{ id: Array<number> }>`SELECT ${n}`;\nconst w = f<T>(a) + `SELECT ${m}`;\n',
    );
    expect(found.map((t) => [t.tag, t.exprs])).toEqual([
      ['', ['id', 'sql`${y}`']],
      ['sql', ['y']],
      ['sql', ['n']],
      ['', ['m']],
    ]);
    expect(found[0]!.text).toMatch(/^SELECT \* FROM t WHERE id = {2}AND x = $/);
  });

  it('no SQL statement is written as text outside the query builder', () => {
    const found: string[] = [];
    for (const { file, src } of sources) {
      for (const t of templates(src)) {
        if (t.tag !== 'sql' && STATEMENT.test(t.text) && !ALLOWED[keyOf(file, '`' + t.text + '`')])
          found.push(`${file}:${t.line}: \`${t.text.slice(0, 60)}\``);
      }
      src.split('\n').forEach((line, n) => {
        const code = line.replace(/\/\/.*$/, '');
        for (const m of code.matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)) {
          if (STATEMENT.test(m[2]!) && !ALLOWED[keyOf(file, m[0])]) found.push(`${file}:${n + 1}: ${m[0]}`);
        }
      });
    }
    expect(found, "write it with the query builder (or Kysely's sql tag), or list it in ALLOWED with its reason").toEqual([]);
  });

  it('no text is spliced into a statement with sql.raw', () => {
    const found: string[] = [];
    for (const { file, src } of sources) {
      src.split('\n').forEach((line, n) => {
        for (const m of line.matchAll(/\bsql\.raw\(([^)]*)\)/g)) if (!ALLOWED[keyOf(file, m[1]!)]) found.push(`${file}:${n + 1}: ${m[0]}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('every listed exception still exists (the list does not rot)', () => {
    const seen = new Set<string>();
    for (const { file, src } of sources) {
      for (const t of templates(src)) seen.add(keyOf(file, '`' + t.text + '`'));
      for (const m of src.matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)) seen.add(keyOf(file, m[0]));
      for (const m of src.matchAll(/\bsql\.raw\(([^)]*)\)/g)) seen.add(keyOf(file, m[1]!));
    }
    expect(Object.keys(ALLOWED).filter((k) => !seen.has(k))).toEqual([]);
  });
});
