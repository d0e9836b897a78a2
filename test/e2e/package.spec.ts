import { nodeResolve } from '@rollup/plugin-node-resolve';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { expect, test } from './fixtures.js';

/**
 * The snippet's npm package (packages/snippet) as a user gets it: packed with `npm pack` (from the
 * build `npm run build` made, the same its `prepack` script makes), installed from the tarball into
 * a fresh project without the registry, a consumer's code type-checked under --strict against the
 * installed declarations, bundled with rollup and run in Chromium against the real server. Packed
 * and installed once for the file.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const packageDir = join(root, 'packages/snippet');
/** The consumer's sources and tsconfig (kept outside test/, which the repository's tsc compiles). */
const consumerDir = join(packageDir, 'test/consumer');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');

/** Every file the tarball holds: the manifest, the README, the licence and the build; no source, no server. */
const SHIPPED = [
  'LICENSE',
  'README.md',
  'dist/index.js',
  'dist/svc.js',
  'dist/types/snippet/esm.d.ts',
  'dist/types/types.d.ts',
  'package.json',
];

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

/** Runs a command, failing with its output when it fails; returns its stdout. */
function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  expect(r.status, `${cmd} ${args.join(' ')} in ${cwd}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

test.describe.configure({ mode: 'serial' });

let work: string;
/** The fresh project the package is installed into. */
let project: string;
let tarball: string;
/** The consumer app, bundled as an IIFE that sets `window.consumer`. */
let bundle: string;

test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'svc-package-'));
  project = join(work, 'app');
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

test('npm pack ships the snippet alone, without dependencies', async () => {
  test.setTimeout(60_000);
  // `npm test` built the package already (scripts/build.mjs runs the script that `prepack` runs):
  // packed without running it again, the tarball holds that build, which the tests below check.
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], packageDir)) as Packed[];
  tarball = join(work, packed!.filename);
  test
    .info()
    .annotations.push({ type: 'tarball', description: `${packed!.filename}: ${packed!.size} B, unpacked ${packed!.unpackedSize} B` });
  expect(packed!.files.map((f) => f.path).sort()).toEqual(SHIPPED);

  // The package's svc.js is the build the server serves and the size budget holds (npm test builds first).
  expect(readFileSync(join(packageDir, 'dist/svc.js'), 'utf8')).toBe(readFileSync(join(root, 'dist/svc.js'), 'utf8'));
});

test('installs from the tarball offline and type-checks a consumer of every method', async () => {
  test.setTimeout(120_000);
  cpSync(consumerDir, project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--cache', join(work, 'npm-cache')], project);

  const installed = join(project, 'node_modules/svc-snippet');
  expect(filesUnder(installed)).toEqual(SHIPPED);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest.version).toBe(rootManifest.version);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
    expect(manifest[field] ?? {}, field).toEqual({});
  }
  // Nothing but the package itself was installed.
  expect(readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['svc-snippet']);

  // Strict, skipLibCheck off; each @ts-expect-error line must be an error, so types that
  // resolved to `any` fail as surely as types that refuse a documented call.
  run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);

  const built = await rollup({ input: join(project, 'out/app.js'), plugins: [nodeResolve({ browser: true })] });
  const { output } = await built.generate({ format: 'iife', name: 'consumer' });
  await built.close();
  bundle = output[0].code;
});

test('the bundled consumer replaces a number and gets its property callbacks', async ({ page, open, stack }) => {
  await open('bare.html');
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p id="phone">+7 (495) 123-45-67</p>'));
  await page.addScriptTag({ content: bundle });

  type Answers = { set: unknown; get: unknown; deleted: unknown };
  const answers = await page.evaluate(
    ([siteKey, host]) =>
      (window as unknown as { consumer: { start(k: string, h: string): Promise<Answers> } }).consumer.start(siteKey!, host!),
    ['test-site', stack.svcUrl],
  );
  await expect(page.locator('#phone')).toHaveText('+7 (495) 777-00-11');
  expect(answers).toEqual({ set: { success: true }, get: { success: true, result: 'gold' }, deleted: { success: true } });
});
