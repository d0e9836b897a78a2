import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules of eslint.config.js that keep the house in order, run on code that breaks them (as if
 * it were a file at `filePath`): the server's folders import only the rows below their own, the
 * server imports no browser folder, and code that runs in Node uses no browser-only global (the
 * server's build emits without a second type check of its own, whose lib has no DOM).
 */
const eslint = new ESLint({ cwd: join(import.meta.dirname, '../../..') });

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('eslint.config.js', () => {
  it('refuses an import from a server folder to one on its row or above it', async () => {
    expect(await errors('src/server/store/probe.ts', "import { x } from '../visitors/probe.js';\nexport const y = x;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*src\/server\/store\/ may not import a folder on its row or above it/),
    ]);
    // The other way round is the layering's direction.
    expect(await errors('src/server/visitors/probe.ts', "import { x } from '../store/probe.js';\nexport const y = x;\n")).toEqual([]);
  });

  it('refuses an import of a browser folder from the server', async () => {
    expect(await errors('src/server/sites/probe.ts', "import { x } from '../../console/probe.js';\nexport const y = x;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*browser folders/),
    ]);
    expect(await errors('src/server/sites/probe.ts', "import { x } from '../../app/probe.js';\nexport const y = x;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*browser folders/),
    ]);
    expect(await errors('src/server/probe.ts', "import { x } from '../app/probe.js';\nexport const y = x;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*browser folders/),
    ]);
    // What the app shares with the server lives in src/*.ts, which both may import.
    expect(await errors('src/server/sites/probe.ts', "import { x } from '../../app-protocol.js';\nexport const y = x;\n")).toEqual([]);
  });

  it('refuses browser-only globals in code that runs in Node, and lets Node’s own through', async () => {
    const code = 'export const title = () => document.title + String(window.innerWidth);\n';
    expect(await errors('src/server/sites/probe.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*'document'.*runs in Node/),
      expect.stringMatching(/^no-restricted-globals: .*'window'.*runs in Node/),
    ]);
    expect(await errors('src/protocol.ts', code)).toHaveLength(2);
    // Globals Node has too, and local names that happen to be browser globals' names.
    const node = 'export const f = async (name: string) => (await fetch(new URL(name))).status + structuredClone(name).length;\n';
    expect(await errors('src/server/sites/probe.ts', node)).toEqual([]);
    // The browser code may, of course.
    expect(await errors('src/app/probe.ts', code)).toEqual([]);
  });
});
