import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The server's layers as ARCHITECTURE.md draws them: one row a line, top row first. */
const layerDiagram = (layers: readonly (readonly string[])[]): string => ['```', ...layers.map((row) => row.join('  ')), '```'].join('\n');

// The lint configuration is plain JavaScript without types: read as what it exports.
const config = '../../../eslint.config.js';
const { SERVER_LAYERS } = (await import(config)) as { SERVER_LAYERS: readonly (readonly string[])[] };

describe('ARCHITECTURE.md', () => {
  const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');

  it('draws the server’s layers exactly as the lint rule holds them (SERVER_LAYERS in eslint.config.js)', () => {
    const block = /<!-- server-layers: drawn from SERVER_LAYERS -->\n([\s\S]*?)\n<!-- \/server-layers -->/.exec(text);
    expect(block, 'the marked block of the layer diagram').not.toBeNull();
    expect(block![1], 'paste this diagram between the markers').toBe(layerDiagram(SERVER_LAYERS));
  });

  it('stays a short code map, with where to add each kind of thing', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(130);
    for (const what of ['a REST function', 'a webhook event', 'an app page', 'a pipeline step', 'a snippet command'])
      expect(text, what).toContain(`### ${what[0]!.toUpperCase()}${what.slice(1)}`);
  });
});
