import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles } from '../../../scripts/database-tests.mjs';

const root = mkdtempSync(join(tmpdir(), 'svc-lanes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('the PostgreSQL lane takes the server test files that use a database', () => {
  it('follows the tests’ own imports to the database module, through helpers and cycles', () => {
    write('test/support/test-database.ts', 'export const testPostgresUrl = undefined;\n');
    write('test/unit/server/helpers.ts', "import { testPostgresUrl } from '../../support/test-database.js';\n");
    write('test/unit/server/a-helpers.ts', "import './b-helpers.js';\nexport * from './helpers.js';\n");
    write('test/unit/server/b-helpers.ts', "import './a-helpers.js';\n");
    write('test/unit/server/x/direct.test.ts', "import { testPostgresUrl } from '../../../support/test-database.js';\n");
    write('test/unit/server/x/through-helper.test.ts', "import { it } from 'vitest';\nimport { w } from '../b-helpers.js';\n");
    write('test/unit/server/x/dynamic.test.ts', "const h = await import('../helpers.js');\n");
    write('test/unit/server/x/pure.test.ts', "import { parse } from '../../../../src/server/parse.js';\nimport './pure-helpers.js';\n");
    write('test/unit/server/x/pure-helpers.ts', "import { z } from 'zod';\n");
    write('src/server/parse.ts', "import '../../test/support/test-database.js';\n");
    expect(databaseTestFiles(root, 'test/unit/server')).toEqual([
      'test/unit/server/x/direct.test.ts',
      'test/unit/server/x/dynamic.test.ts',
      'test/unit/server/x/through-helper.test.ts',
    ]);
  });

  it('in this repository: a server built on a test database is in, a pure module’s test is not', () => {
    const repo = join(import.meta.dirname, '../../..');
    const files = databaseTestFiles(repo, 'test/unit/server');
    expect(files).toContain('test/unit/server/api/openapi-client.test.ts');
    expect(files).toContain('test/unit/server/guards/fuzz.test.ts');
    expect(files).not.toContain('test/unit/server/tracking/campaign.test.ts');
  });
});
