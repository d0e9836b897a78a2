// `node --import ./test/unit/server/ts-loader.mjs src/server/….ts`: runs the server's TypeScript
// sources in a child process without a build (test/support/server-entry.ts, when dist/node is
// older than the sources).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
