import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The node arguments that start one of the server's entry points in a child process, as a test
 * spawns it: the built file under dist/node when the build is newer than every server source
 * (`npm test` builds first), else the TypeScript source through test/unit/server/ts-loader.mjs,
 * which strips the types as the modules load. The build starts with half the CPU: module hooks
 * run in a thread of their own and every import passes through them.
 */
const root = join(import.meta.dirname, '../..');

/** The modification times of the files under `dir` whose names end in `ext`. */
function mtimes(dir: string, ext: string): number[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs);
}

let built: boolean | undefined;
/** Whether dist/node was built after the last change to a TypeScript source. */
function buildIsCurrent(): boolean {
  if (built === undefined) {
    try {
      const sources = mtimes(join(root, 'src'), '.ts');
      const outputs = mtimes(join(root, 'dist/node'), '.js');
      built = outputs.length > 0 && Math.min(...outputs) > Math.max(...sources);
    } catch {
      built = false;
    }
  }
  return built;
}

/** `source`: the entry point's path from the repository root, e.g. `src/server/main.ts`. */
export function serverEntry(source: string): string[] {
  if (!source.startsWith('src/') || !source.endsWith('.ts')) throw new Error(`not a source entry point: ${source}`);
  if (buildIsCurrent()) return [join(root, 'dist/node', source.slice('src/'.length, -'.ts'.length) + '.js')];
  return ['--import', join(root, 'test/unit/server/ts-loader.mjs'), join(root, source)];
}
