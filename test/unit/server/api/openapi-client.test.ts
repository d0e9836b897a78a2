import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResult } from '../../../support/api-session-result.js';
import { API_SCHEMA_FILE, generateUnformattedApiTypes } from '../../../support/api-typegen.mjs';
import { typeTokens } from '../../../support/type-tokens.js';
import { apiWorld, type ApiWorld } from '../api-helpers.js';
import { testPostgresUrl } from '../../../support/test-database.js';

/**
 * A client generated from the live API reference: openapi-typescript's types of /api/docs/json
 * (checked in as src/app/api-schema.d.ts, which the owner app's client is typed by; the first test
 * generates them again and fails when the checked-in file's types or comments are stale) and a
 * session written against openapi-fetch with them (test/support/api-session.ts), compiled and run
 * against a real server (this run's dialect).
 */

const SESSION_FILE = new URL('../../../support/api-session.ts', import.meta.url).pathname;

let w: ApiWorld;
beforeAll(async () => {
  w = await apiWorld();
});
afterAll(async () => {
  await w.server.close();
});

let previous: ts.Program | undefined;

/** The compiler's errors for the session file, read through `edit` (a second compile reuses the first's library files). */
function compileSession(edit: (text: string) => string = (t) => t): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noUnusedLocals: true,
    noEmit: true,
    skipLibCheck: true,
    verbatimModuleSyntax: true,
    types: ['node'],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (file) => (file === SESSION_FILE ? edit(read(file)!) : read(file));
  const program = ts.createProgram([SESSION_FILE], options, host, previous);
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

// The reference document and the compiler's work do not depend on the database: done once, in the
// SQLite run; the PostgreSQL run keeps the session against the server.
const onceOnSqlite = it.skipIf(!!testPostgresUrl);

describe('a client generated from the API reference', () => {
  onceOnSqlite(
    'has its checked-in types as the live document generates them',
    async () => {
      const live = await w.server.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(live.statusCode).toBe(200);
      // A function added, or an answer changed, must not leave the app typed by a stale copy.
      // Compared token by token, not formatted first: prettier over 600 kB of types was most of
      // this file's time, and the checked-in file's layout is `prettier --check`'s to guard.
      const fresh = typeTokens(await generateUnformattedApiTypes(live.json()));
      const committed = typeTokens(readFileSync(API_SCHEMA_FILE, 'utf8'));
      expect(fresh).toContain('"/api/v1/call/"');
      const at = fresh.findIndex((t, i) => t !== committed[i]);
      const where = at < 0 ? '' : `, first at ${JSON.stringify(fresh.slice(Math.max(0, at - 6), at + 3))}`;
      expect(
        fresh.length === committed.length && at < 0,
        `src/app/api-schema.d.ts differs from the live API reference${where}: run \`npm run api-types\``,
      ).toBe(true);
    },
    // openapi-typescript over the whole reference: a few seconds on an idle machine, many times
    // that on a loaded one.
    120_000,
  );

  onceOnSqlite(
    'compiles the session, and refuses it with a wrong argument',
    () => {
      expect(compileSession()).toEqual([]);
      const unchecked = compileSession((text) => text.replace(/^\s*\/\/ @ts-expect-error.*$/m, ''));
      expect(unchecked).toHaveLength(1);
      expect(unchecked[0]).toContain('"like"');
      expect(unchecked[0]).toContain('api-session.ts');
    },
    120_000,
  );

  it('runs the session against a real server: log in, a campaign with a condition group and a condition, stat and call', async () => {
    const base = await w.server.listen(0, '127.0.0.1');
    // Imported by its path at run time: it is written against the types generated above, so the
    // project's type check does not read it (this file's first tests compile it, strictly).
    const session = '../../../support/api-session.js';
    const { clientSession } = (await import(session)) as {
      clientSession(base: string, login: string, password: string, siteId: number): Promise<SessionResult>;
    };
    const r = await clientSession(base, 'a', 'pw-a', 1);
    expect(r.campaignId).toBeGreaterThan(0);
    const row = w.server.db
      .prepare(
        'SELECT g.ac_id, c.ac_parameter, c.ac_operator, c.value FROM ac_conditions c JOIN ac_condition_groups g ON g.id = c.ac_condition_group_id WHERE c.id = ?',
      )
      .get(r.conditionId);
    expect(row).toEqual({ ac_id: r.campaignId, ac_parameter: 'utm_campaign', ac_operator: '=', value: 'autumn' });
    expect(r.stat).toHaveLength(1);
    expect(r.stat[0]!.visits_count).toBe(0);
    expect(r.calls).toEqual([]);
    expect(r.callTotal).toBe('0');
    // The call the types refuse is refused by the server too, with the contract's envelope.
    expect(r.refused).toEqual({
      success: false,
      message: expect.stringMatching(/^100422: Invalid parameter ac_operator/),
      field: 'ac_operator',
    });
  });
});
