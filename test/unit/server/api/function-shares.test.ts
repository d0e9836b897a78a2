import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';

// Each test file of REST functions checks that its share was answered, written out in its
// `expectAnswered([...])`; this reads those calls and holds the shares to every function the
// server answers, each in exactly one share.
const ROOT = new URL('..', import.meta.url).pathname;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** The `<verb> <name>`s of each file's `expectAnswered([...])` call. */
function shares(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of testFiles(ROOT)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/expectAnswered\(\s*\[([^\]]*)\]/g)) {
      const names = [...call[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
      out.set(relative(ROOT, file), [...(out.get(relative(ROOT, file)) ?? []), ...names]);
    }
  }
  return out;
}

it('every REST function is in exactly one test file’s share', () => {
  const all = [...shares().values()].flat();
  const twice = all.filter((n, i) => all.indexOf(n) !== i);
  expect(twice, 'in two shares').toEqual([]);
  expect(all.sort()).toEqual(API_FUNCTIONS.map((f) => `${f.verb} ${f.name}`).sort());
});

it('reads the shares of the files that answer them', () => {
  const found = shares();
  expect(found.get('sites/site-functions.test.ts')).toContain('GET site');
  expect(found.get('reports/api-reports.test.ts')).toContain('GET stat');
  expect(found.size).toBeGreaterThanOrEqual(18);
});
