import { defineConfig } from 'vitest/config';

/** Unit tests: server modules in Node, snippet modules in happy-dom (per-file environment comment). */
export default defineConfig({
  define: { __DEBUG__: 'false' },
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/unit.json' },
  },
});
