// Finds a Chromium for the e2e tests, as docs/testing.md describes: CHROME_PATH if set,
// else the usual system paths (the headless shell first), else Playwright's own downloaded
// browser; where none is found on Debian or Ubuntu as root, installs Debian's
// `chromium-headless-shell` with apt-get. Otherwise it says how to get one and fails.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// The headless shell first: the same Blink and V8 without the browser's own interface, which
// Chromium's `--headless` mode still builds (a WebUI renderer per window). The browser tests took
// less than half the CPU in it (docs/testing.md), and they are most of a test run's CPU.
const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** Flags without which Chromium keeps trying to reach the network (docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function playwrightOwn() {
  try {
    const { chromium } = await import('@playwright/test');
    const p = chromium.executablePath();
    return p && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

function findNow() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist`);
  }
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** Runs a command with our output, without blocking the caller's event loop (npm test runs its checks meanwhile). */
function runAsync(file, args, env = process.env) {
  return new Promise((ok, fail) => {
    const child = spawn(file, args, { env, stdio: 'inherit' });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? ok() : fail(new Error(`${file} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Returns a Chromium executable path, installing Debian's package when it can. */
export async function findChromium({ install = false, log = console.log } = {}) {
  const found = findNow() ?? (await playwrightOwn());
  if (found) return found;
  const debian = existsSync('/etc/debian_version') || /ubuntu|debian/i.test(readIfExists('/etc/os-release'));
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && debian && root) {
    log("No Chromium found: installing Debian's chromium-headless-shell package (about a minute)…");
    await runAsync('apt-get', ['update', '-qq']);
    const apt = (name) => runAsync('apt-get', ['install', '-y', '-qq', name], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
    // Where the release has no headless shell package, the whole browser serves as well.
    await apt('chromium-headless-shell').catch(() => apt('chromium'));
    const now = findNow();
    if (now) return now;
  }
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian: `sudo apt-get install chromium-headless-shell`), ' +
      'or set CHROME_PATH to a Chrome or Chromium executable.',
  );
}

function readIfExists(p) {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}
