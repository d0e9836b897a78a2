// TypeScript 7's compiler, the development dependency `typescript-native` (an alias of
// `typescript@7`): a native program that type-checks this project with a fifth of the CPU time
// TypeScript 5.9 takes, and emits the same JavaScript. The command-line type checks and emits
// run it. What needs TypeScript's JavaScript API, which 7 does not have (rollup's TypeScript
// plugin, typescript-eslint, the tests that parse or transpile TypeScript, the snippet package's
// consumer check), keeps `typescript` 5.9; both check the same strict settings of tsconfig.json.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of TypeScript 7's `tsc` (a Node script that runs the platform's binary). */
export const nativeTsc = join(dirname(createRequire(join(root, 'package.json')).resolve('typescript-native/package.json')), 'bin/tsc');
