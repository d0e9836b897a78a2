// Which server unit test files use a database: those that import, directly or through other test
// modules, test/support/test-database.ts, the one module that points a test at PostgreSQL. Only
// these run again on PostgreSQL; a file that does not (pure modules, the API client's compile)
// would do the same work twice. A new test file lands in the right lane by what it imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const DATABASE_MODULE = 'test/support/test-database.ts';
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative import names: `x.js` is `x.ts` in the tests' sources. */
function resolveImport(from, spec) {
  const target = resolve(dirname(from), spec);
  for (const candidate of [target, target.replace(/\.js$/, '.ts'), target.replace(/\.mjs$/, '.mts'), `${target}.ts`]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) return candidate;
  }
  return null;
}

/** The test files under `dir` (relative to `root`) that reach the database module. */
export function databaseTestFiles(root, dir) {
  const database = join(root, DATABASE_MODULE);
  const test = join(root, 'test');
  const reaches = new Map();
  const visit = (file) => {
    if (file === database) return true;
    if (reaches.has(file)) return reaches.get(file);
    reaches.set(file, false); // an import cycle does not reach it through itself
    const imports = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1]))
      // Only the tests' own modules lead there: the sources under src/ never import it.
      .filter((f) => f && f.startsWith(test + '/'));
    const result = imports.some(visit);
    reaches.set(file, result);
    return result;
  };
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.test.ts') ? [join(d, e.name)] : [],
    );
  return walk(join(root, dir))
    .filter(visit)
    .map((f) => relative(root, f))
    .sort();
}
