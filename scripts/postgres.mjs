// Provides a PostgreSQL server for the tests and the bench, the way chromium.mjs provides a browser:
// SVC_TEST_PG (a connection URL) if set, else a throw-away cluster started from the Debian
// `postgresql` package's binaries on a free port in a temporary directory (installed with apt-get
// when missing, on Debian or Ubuntu as root), stopped again by `stop()`. The server refuses to run
// as root, so as root its binaries run as the `postgres` user the package creates
// (docs/testing.md). Otherwise it says why it could not and how to get one.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<major>/bin), or null. */
function binDir() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const majors = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(base, majors[0], 'bin') : null;
}

function readIfExists(p) {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Runs a command without blocking the caller's event loop (npm test runs its checks meanwhile);
 * `inherit`: its output goes to ours, else it is kept for the error. Rejects when it fails.
 */
function runAsync(file, args, { inherit = false, env = process.env } = {}) {
  if (!inherit) {
    return new Promise((ok, fail) =>
      execFile(file, args, { env }, (e, stdout, stderr) =>
        e ? fail(new Error(`${file} ${args.join(' ')}: ${stderr || e.message}`)) : ok(stdout),
      ),
    );
  }
  return new Promise((ok, fail) => {
    const child = spawn(file, args, { env, stdio: 'inherit' });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? ok('') : fail(new Error(`${file} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Runs a PostgreSQL binary, as `postgres` when we are root (initdb and postgres refuse root). */
function pgRun(bin, name, args) {
  const file = join(bin, name);
  if (isRoot) return runAsync('runuser', ['-u', 'postgres', '--', file, ...args]);
  return runAsync(file, args);
}

/**
 * Installs Debian's `postgresql` package when no PostgreSQL binaries are found, on Debian or Ubuntu
 * as root (.ci/run does so while npm installs the packages). Resolves with the binaries' folder,
 * or null when there are none.
 */
export async function installPostgres({ log = console.log } = {}) {
  const bin = binDir();
  const debian = existsSync('/etc/debian_version') || /ubuntu|debian/i.test(readIfExists('/etc/os-release'));
  if (bin || !debian || !isRoot) return bin;
  log("No PostgreSQL found: installing Debian's postgresql package (about a minute)…");
  await runAsync('apt-get', ['update', '-qq'], { inherit: true });
  // The package's own cluster (started by its post-install script where a service manager runs)
  // is not used: the tests start their own.
  await runAsync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
    inherit: true,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return binDir();
}

/**
 * Resolves with `{ url, source, stop() }`: `url` a connection URL to a database the caller may use
 * and create databases and schemas on. Throws with a message saying why when none can be had.
 * `install`: install Debian's package when no binaries are found (npm test does; the bench too).
 */
export async function providePostgres({ install = false, fsync = true, log = console.log } = {}) {
  if (process.env.SVC_TEST_PG) return { url: process.env.SVC_TEST_PG, source: 'SVC_TEST_PG', stop: async () => {} };
  const bin = install ? await installPostgres({ log }) : binDir();
  if (!bin) {
    throw new Error(
      'No PostgreSQL for the tests: set SVC_TEST_PG to a connection URL (postgres://user:pass@host:port/db), ' +
        'or install the server binaries (Debian/Ubuntu: `sudo apt-get install postgresql`).',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-pg-'));
  if (isRoot) {
    chownSync(dir, ...ids('postgres'));
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  await pgRun(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync=false (the tests): the durability test kills server processes, never PostgreSQL or the
  // machine, so what PostgreSQL confirmed survives without it; each test's migrations run faster.
  // So do synchronous_commit and full-page writes off. No autovacuum: the unit tests empty and reuse
  // their databases (test/support/test-database.ts), which then keep a fresh copy's planner
  // statistics, and no background work competes with the tests. The bench keeps a real server's
  // settings. max_connections: test workers' pools.
  await pgRun(bin, 'pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=64MB -c fsync=${fsync ? 'on' : 'off'}${fsync ? '' : ' -c synchronous_commit=off -c full_page_writes=off -c autovacuum=off'}`,
  ]);
  const stop = async () => {
    try {
      await pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, source: `${bin} (throw-away cluster on port ${port})`, stop };
}

/** The uid and gid of a system user, from /etc/passwd. */
function ids(user) {
  const line = readIfExists('/etc/passwd')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`no ${user} user: the postgresql package creates it`);
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

/**
 * Drops the databases the test processes of run `run` made on the server at `url`
 * (test/support/test-database.ts names them `svc_t_<run>_…`).
 */
export async function dropRunDatabases(url, run) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`svc_t_${run}_`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
