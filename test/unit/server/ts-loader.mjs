// `node --import ./test/unit/server/ts-loader.mjs src/server/….ts`: runs the server's TypeScript
// sources in a child process without a build (the import command's test runs its CLI this way).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
