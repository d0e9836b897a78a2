#!/usr/bin/env node
// `npm run api-types` (`node scripts/api-types.mjs [--no-build]`): writes src/app/api-schema.d.ts,
// the types of the REST API that the owner app's client (src/app/api.ts) and the typed session of
// the client test (test/support/api-session.ts) are written against, from the live API reference
// of a server started in this process on an empty in-memory database. The file is checked in;
// test/unit/server/api/openapi-client.test.ts fails when it differs from what this writes.
// Compiles the server first (`--no-build` uses what dist/node holds).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_SCHEMA_FILE, generateApiTypes } from '../test/support/api-typegen.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!process.argv.includes('--no-build')) {
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
const server = await createServer({ dbPath: ':memory:', bundleDir: join(root, 'dist'), onWarning: () => {} });
try {
  const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  writeFileSync(API_SCHEMA_FILE, await generateApiTypes(res.json()));
  console.log(`written ${API_SCHEMA_FILE}`);
} finally {
  await server.close();
}
