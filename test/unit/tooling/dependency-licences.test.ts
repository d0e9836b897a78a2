import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the project's dependencies allow, read from package-lock.json (what `npm install` installs;
 * npm copies each package's `license` and `engines` into it), no network: the server and the snippet
 * are MIT, so whoever self-hosts the server must be able to do so under permissive licences only,
 * and a site that embeds the snippet must not inherit a copyleft duty. And every package installs
 * on the oldest Node the project names in `engines`, without npm's EBADENGINE warning.
 */

const root = join(import.meta.dirname, '../../..');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** semver's functions used here (a dev dependency; it ships no types of its own). */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
};

type Deps = Record<string, string>;

interface Manifest {
  name?: string;
  license?: string;
  engines?: { node?: string };
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
  bundleDependencies?: string[] | boolean;
}

interface LockEntry {
  version?: string;
  license?: string;
  /** Some old packages still carry the pre-npm-3 array form, which npm ignores. */
  engines?: { node?: string } | string[];
  dependencies?: Deps;
  optionalDependencies?: Deps;
  peerDependencies?: Deps;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  os?: string[];
  cpu?: string[];
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  link?: boolean;
  resolved?: string;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** Licences that ask nothing of a self-hoster or an embedding site beyond keeping their notice. */
const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);

/** The families that put a share-alike duty on what includes or links them. */
const COPYLEFT = /^(A?GPL|LGPL|MPL|EUPL|CC-BY-SA|CC-BY-NC-SA|SSPL|OSL|EPL|CDDL|CPAL|RPL|Sleepycat|QPL|CECILL)(-|$)/i;

/**
 * Whether an SPDX licence expression can be met by licences `accept` takes: one side of OR, both
 * sides of AND; `X WITH exception` is X's (an exception only loosens X). Anything unreadable — no
 * licence, `SEE LICENSE IN …`, `UNLICENSED`, a stray token — is not met.
 */
function licenceMet(expression: string | undefined, accept: (id: string) => boolean): boolean {
  if (!expression) return false;
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  function any(): boolean {
    let met = all();
    while (peek() === 'OR') {
      at++;
      met = all() || met;
    }
    return met;
  }
  function all(): boolean {
    let met = one();
    while (peek() === 'AND') {
      at++;
      met = one() && met;
    }
    return met;
  }
  function one(): boolean {
    const token = tokens[at++];
    if (token === '(') {
      const met = any();
      if (tokens[at++] !== ')') throw new SyntaxError('unclosed parenthesis');
      return met;
    }
    if (!token || token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase())) throw new SyntaxError(`unexpected ${token}`);
    if (peek() === 'WITH') at += 2;
    return accept(token.replace(/\+$/, ''));
  }
  try {
    const met = any();
    return met && at === tokens.length;
  } catch {
    return false;
  }
}

const permissive = (expression: string | undefined) => licenceMet(expression, (id) => PERMISSIVE.has(id));
/** Copyleft binds a user when no side of the expression frees them of it (an unreadable one counts). */
const copyleft = (expression: string | undefined) => !licenceMet(expression, (id) => !COPYLEFT.test(id));

/** Whether npm installs a package whose `os`/`cpu` say where it runs (`!` excludes) on this machine. */
function installsHere(entry: LockEntry): boolean {
  const admits = (list: string[] | undefined, value: string) =>
    !list?.length || list.some((v) => v === value) || (list.every((v) => v.startsWith('!')) && !list.includes(`!${value}`));
  return admits(entry.os, process.platform) && admits(entry.cpu, process.arch);
}

interface Installed {
  /** The lockfile key, `node_modules/a/node_modules/b`. */
  path: string;
  name: string;
  entry: LockEntry;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * The packages `dependencies` need at run time, transitively, found the way Node finds them: in
 * the requiring package's node_modules, then each one above it. Optional dependencies (and peers
 * marked optional) count where npm installs them; one it left out, such as another platform's
 * build, does not. A required one missing from the lockfile is reported as such.
 */
function runtimeClosure(lock: Lockfile, dependencies: Deps): { installed: Installed[]; missing: string[] } {
  const found = new Map<string, Installed>();
  const missing: string[] = [];
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ;) {
      const path = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock.packages[path]) return path;
      if (!dir) return undefined;
      const up = dir.lastIndexOf('/node_modules/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
  };
  const visit = (from: string, deps: Deps, optional: (name: string) => boolean) => {
    for (const name of Object.keys(deps)) {
      let path = resolve(from, name);
      let entry = path === undefined ? undefined : lock.packages[path];
      if (entry?.link && entry.resolved !== undefined) [path, entry] = [entry.resolved, lock.packages[entry.resolved]];
      if (path === undefined || !entry) {
        if (!optional(name)) missing.push(`${name} (needed by ${from || 'the root'})`);
        continue;
      }
      if (optional(name) && !installsHere(entry)) continue;
      if (found.has(path)) continue;
      found.set(path, { path, name: nameOf(path), entry });
      walk(path, entry);
    }
  };
  const walk = (path: string, entry: LockEntry) => {
    const optionals = new Set(Object.keys(entry.optionalDependencies ?? {}));
    for (const [name, meta] of Object.entries(entry.peerDependenciesMeta ?? {})) if (meta.optional) optionals.add(name);
    visit(path, { ...entry.peerDependencies, ...entry.dependencies, ...entry.optionalDependencies }, (name) => optionals.has(name));
  };
  visit('', dependencies, () => false);
  return { installed: [...found.values()].sort((a, b) => a.path.localeCompare(b.path)), missing };
}

const lock = readJson('package-lock.json') as Lockfile;
const rootManifest = readJson('package.json') as Manifest;
const snippetManifest = readJson('packages/snippet/package.json') as Manifest;
const label = ({ name, entry }: Installed) => `${name}@${entry.version ?? '?'}: ${entry.license ?? 'no licence'}`;

describe('licence expressions', () => {
  it('take the permissive licences, either side of OR, both sides of AND', () => {
    expect(
      ['MIT', 'ISC', 'Apache-2.0', '(MIT OR GPL-3.0-only)', '(BSD-2-Clause OR MIT OR Apache-2.0)', 'MIT AND Zlib'].filter(permissive),
    ).toHaveLength(6);
    expect(permissive('Apache-2.0 WITH LLVM-exception')).toBe(true);
    expect(permissive('(MIT AND GPL-2.0-only)')).toBe(false);
    expect(permissive('GPL-3.0-or-later')).toBe(false);
    expect(permissive('MPL-2.0')).toBe(false);
  });

  it('refuse no licence, UNLICENSED, a pointer to a file and an expression that does not parse', () => {
    for (const expression of [
      undefined,
      '',
      'UNLICENSED',
      'SEE LICENSE IN LICENSE.md',
      'LicenseRef-Proprietary',
      '(MIT',
      'MIT OR',
      'MIT)',
    ]) {
      expect(permissive(expression), String(expression)).toBe(false);
    }
  });

  it('count as copyleft when no side escapes the share-alike duty', () => {
    for (const expression of [
      'GPL-2.0-only',
      'AGPL-3.0-or-later',
      'LGPL-2.1+',
      'MPL-2.0',
      'EUPL-1.2',
      'CC-BY-SA-4.0',
      'SSPL-1.0',
      '(MIT AND LGPL-3.0-only)',
    ]) {
      expect(copyleft(expression), expression).toBe(true);
    }
    for (const expression of ['MIT', '(MIT OR GPL-3.0-only)', 'CC-BY-4.0', 'GPL-2.0-only WITH Classpath-exception-2.0 OR MIT']) {
      expect(copyleft(expression), expression).toBe(false);
    }
  });
});

describe("the server's runtime dependencies", () => {
  const { installed, missing } = runtimeClosure(lock, rootManifest.dependencies ?? {});

  it('are all in package-lock.json, the same that npm counts as not dev-only', () => {
    expect(missing).toEqual([]);
    expect(installed.map((p) => p.name)).toEqual(expect.arrayContaining(['fastify', 'avvio', 'pg', 'pg-pool', 'better-sqlite3']));
    const npmRuntime = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional && (!entry.optional || installsHere(entry)))
      .map(([path]) => path);
    expect(installed.map((p) => p.path)).toEqual(npmRuntime.sort((a, b) => a.localeCompare(b)));
  });

  it('carry only permissive licences', () => {
    const refused = installed.filter((p) => !permissive(p.entry.license)).map(label);
    expect(refused, `runtime dependencies whose licence is not one of ${[...PERMISSIVE].join(', ')}:\n${refused.join('\n')}`).toEqual([]);
  });
});

describe('the snippet package', () => {
  it('has no runtime dependencies, so none with a copyleft licence', () => {
    const declared = {
      ...snippetManifest.dependencies,
      ...snippetManifest.optionalDependencies,
      ...snippetManifest.peerDependencies,
    };
    // Where one appears, its licence is read from the root install, which builds the package.
    const copylefted = Object.keys(declared)
      .map((name) => ({ name, license: lock.packages[`node_modules/${name}`]?.license }))
      .filter((p) => copyleft(p.license))
      .map((p) => `${p.name}: ${p.license ?? 'no licence'}`);
    expect(copylefted, `snippet dependencies under a copyleft, unreadable or no licence:\n${copylefted.join('\n')}`).toEqual([]);
    expect(Object.keys(declared)).toEqual([]);
    expect(snippetManifest.bundleDependencies ?? []).toEqual([]);
  });

  it('and the server are MIT', () => {
    expect(rootManifest.license).toBe('MIT');
    expect(snippetManifest.license).toBe('MIT');
    for (const dir of ['.', 'packages/snippet']) {
      expect(readFileSync(join(root, dir, 'LICENSE'), 'utf8')).toMatch(
        /^MIT License\n\nCopyright \(c\) .+\n\nPermission is hereby granted, free of charge/,
      );
    }
  });
});

describe('engines', () => {
  const range = rootManifest.engines?.node ?? '';
  const oldest = semver.minVersion(range)?.version;

  it('name an oldest Node', () => {
    expect(semver.validRange(range), range).not.toBeNull();
    expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('of every package npm installs here admit that Node, so npm install warns of none', () => {
    // Dev packages too: CI and contributors install them on the same Node.
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && installsHere(entry))
      .flatMap(([path, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return node === undefined || semver.satisfies(oldest!, node) ? [] : [`${nameOf(path)}@${entry.version ?? '?'}: node ${node}`];
      });
    expect(refused, `packages that refuse Node ${oldest} (package.json engines.node ${range}):\n${refused.join('\n')}`).toEqual([]);
  });
});
