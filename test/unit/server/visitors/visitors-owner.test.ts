import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table: every statement that reads or writes `visitors` is a function of
 * src/server/visitors/, and the other folders call it (SERVER_LAYERS in eslint.config.js keeps
 * visitors/ below them, so it cannot reach back up). A query fragment that needs the table (the
 * reports' first-communication test) is built there too.
 */

/** A Kysely statement or join on `visitors`, or the table named in SQL text. */
const ON_VISITORS =
  /(selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'visitors( as \w+)?'|\b(FROM|JOIN|UPDATE|INTO)\s+visitors\b/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the visitors table', () => {
  it('is queried in visitors/ only', () => {
    const root = join(__dirname, '../../../..');
    const outside = files(join(root, 'src/server'))
      .map((f) => relative(root, f).split('\\').join('/'))
      .filter((f) => !f.startsWith('src/server/visitors/') && !f.startsWith('src/server/store/migrations/'))
      .filter((f) => ON_VISITORS.test(readFileSync(join(root, f), 'utf8')));
    expect(outside).toEqual([]);
  });
});
