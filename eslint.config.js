// ESLint for every part of the project: the snippet, widgets, console, server, tests, bench and
// scripts. Formatting is Prettier's (`npm run format`); these rules catch mistakes, not style.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/', 'data/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Unused names are the compiler's job (noUnusedLocals/Parameters); `_`-prefixed ones are meant.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Empty catch blocks are how the snippet keeps a failing browser API out of the host page.
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/snippet/**', 'src/widgets/**', 'src/console/**', 'demo-site/public/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The snippet compares with == where both sides' types are known: terser keeps what it is
    // given, and every byte counts against the 4096 B brotli budget.
    files: ['src/snippet/**'],
    rules: { eqeqeq: 'off' },
  },
  {
    files: ['src/server/**', 'scripts/**', 'bench/**', 'test/**', 'demo-site/*.mjs', '*.config.*'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
