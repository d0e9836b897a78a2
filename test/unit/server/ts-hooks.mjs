// Module hooks for ts-loader.mjs: `./x.js` imported from a .ts file means `./x.ts` when that exists
// (the sources import by their built names), and .ts files are stripped of types by TypeScript.
// Every child process of a test run loads the same sources: each file's JavaScript is kept on disk
// by its content's hash, so TypeScript is loaded and run only for a file that changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheDir = join(tmpdir(), 'svc-ts-hooks');
let ts = null;

export async function resolve(specifier, context, next) {
  if (context.parentURL?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const url = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const fileName = fileURLToPath(url);
  const text = await readFile(fileName, 'utf8');
  const cached = join(cacheDir, createHash('sha256').update(fileName).update('\0').update(text).digest('hex') + '.js');
  const hit = await readFile(cached, 'utf8').catch(() => null);
  if (hit !== null) return { format: 'module', source: hit, shortCircuit: true };
  ts ??= (await import('typescript')).default;
  const { outputText } = ts.transpileModule(text, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  // Written whole, then renamed: a process reading at the same time never sees half a file.
  mkdirSync(cacheDir, { recursive: true });
  const part = `${cached}.${process.pid}`;
  await writeFile(part, outputText)
    .then(() => rename(part, cached))
    .catch(() => {});
  return { format: 'module', source: outputText, shortCircuit: true };
}
