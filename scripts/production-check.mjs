#!/usr/bin/env node
// The production start, checked outside a container with the commands the Dockerfile runs: the
// package and its built dist/ copied to a temporary folder, runtime dependencies only
// (`npm install --omit=dev`), then `node dist/node/server/main.js` on PostgreSQL
// (SVC_CHECK_DB_URL, a server URL: a database of its own is made there and dropped; without it,
// SQLite). Passes when no devDependency is installed, the server answers a page view and the REST
// login, and SIGTERM stops it with exit code 0. Run after `npm run build` (`npm test` does).
// better-sqlite3 compiles from source here (about 2 minutes); when the project's own
// node_modules holds the same version, built for this Node, its compiled module is copied instead
// (the install runs with --ignore-scripts: better-sqlite3 is the only runtime package with one).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const fail = (msg) => {
  console.error(`production check failed: ${msg}`);
  process.exitCode = 1;
};
if (!existsSync(join(root, 'dist/node/server/main.js'))) {
  fail('dist/node/server/main.js is missing: run `npm run build` first');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'svc-production-'));
let dbName = null;
let child = null;
try {
  // What the image's runtime stage copies: the manifest, the lockfile and the build.
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, f), join(dir, f));
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  const npm = (args) => execFileSync('npm', args, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`installing runtime dependencies in ${dir}`);
  npm(['install', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts']);
  const native = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  const version = (base) => JSON.parse(readFileSync(join(base, 'node_modules/better-sqlite3/package.json'), 'utf8')).version;
  if (existsSync(join(root, native)) && version(root) === version(dir)) {
    mkdirSync(dirname(join(dir, native)), { recursive: true });
    cpSync(join(root, native), join(dir, native));
  } else {
    npm(['rebuild', 'better-sqlite3']);
  }

  // Packages the lockfile marks development-only (devDependencies and what only they need; a
  // devDependency that a runtime package also needs, like safe-regex2 for fastify, is not one).
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const devOnly = Object.entries(lock.packages)
    .filter(([path, p]) => path.startsWith('node_modules/') && p.dev)
    .map(([path]) => path);
  const present = devOnly.filter((path) => existsSync(join(dir, path)));
  if (present.length > 0) fail(`development packages installed: ${present.join(', ')}`);
  else console.log(`no development package installed (${devOnly.length} checked)`);
  for (const name of Object.keys(pkg.dependencies)) {
    if (!existsSync(join(dir, 'node_modules', name))) fail(`dependency ${name} was not installed`);
  }

  let dbPath = join(dir, 'svc.db');
  const server = process.env.SVC_CHECK_DB_URL;
  if (server) {
    const { default: pg } = await import('pg');
    dbName = `svc_production_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${dbName}`;
    dbPath = url.href;
    console.log(`database: PostgreSQL, ${dbName}`);
  } else {
    console.log('database: SQLite (SVC_CHECK_DB_URL unset)');
  }

  // The demo's site and REST users: a page view needs a site, the login a user.
  child = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      SVC_PORT: '0',
      SVC_DB: dbPath,
      SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
      SVC_API_SEED: join(root, 'demo-site/api-seed.json'),
      SVC_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  while (!/consultant server: (http:\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
    await Promise.race([once(child.stdout, 'data'), once(child, 'exit')]);
  }
  const base = /consultant server: (http:\S+)/.exec(out)[1];
  console.log(`server: ${base}`);

  const id = `w${Date.now().toString(36)}`;
  const hit = await fetch(new URL('w/demo-site', base), {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({
      visitor: null,
      writes: [{ id, type: 'hit', hit: id, at: Date.now(), data: { url: 'http://localhost/', title: 'Check', referrer: '' } }],
    }),
  });
  const hitBody = await hit.json();
  if (hit.status !== 200 || hitBody.results?.[0]?.success !== true) fail(`page view: ${hit.status} ${JSON.stringify(hitBody)}`);
  else console.log('page view: answered');

  const login = await fetch(new URL('api/login/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'demo', password: 'demo-password' }),
  });
  const loginBody = await login.json();
  if (login.status !== 200 || typeof loginBody.data?.session_key !== 'string')
    fail(`REST login: ${login.status} ${JSON.stringify(loginBody)}`);
  else console.log('REST login: answered');

  const svc = await fetch(new URL('svc.js', base), { headers: { 'accept-encoding': 'br' } });
  await svc.arrayBuffer();
  if (svc.status !== 200) fail(`svc.js: ${svc.status}`);

  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  if (code !== 0) fail(`SIGTERM: exit code ${code}`);
  child = null;
} catch (e) {
  fail(e.stack ?? e.message);
} finally {
  if (child) child.kill('SIGKILL');
  if (dbName) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.SVC_CHECK_DB_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
}
console.log(process.exitCode ? 'production check: FAILED' : 'production check: passed');
