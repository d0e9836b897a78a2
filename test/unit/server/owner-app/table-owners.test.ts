import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The app's routes parse, authorize and call: every table they change is written by the folder
 * that owns it (operators/ the employees, api/ the REST logins, customers/ the customers, numbers/
 * the scenarios), so a rule of that table lives in one place.
 */
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../../src/server/owner-app');

it('writes no table itself', () => {
  const writes = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      [...readFileSync(join(dir, f), 'utf8').matchAll(/\.(insertInto|updateTable|deleteFrom|replaceInto)\(\s*'(\w+)'/g)].map(
        (m) => `${f}: ${m[1]} ${m[2]}`,
      ),
    );
  expect(writes).toEqual([]);
});
