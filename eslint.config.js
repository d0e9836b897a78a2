// ESLint for every part of the project: the snippet, widgets, console, server, tests, bench and
// scripts. Formatting is Prettier's (`npm run format`); these rules catch mistakes, not style.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server's folders from the top down. A folder imports only folders on the rows below its own,
 * so no two features import each other and no import circle runs between features; the files at
 * the root of src/server/ (app.ts, main.ts, write-handlers.ts, rest-functions.ts) wire them and
 * stand above them all. A feature defines its REST functions with api/'s types; api/ imports none.
 * A folder that needs one above it shows a seam: move the shared part down, or pass it in.
 */
export const SERVER_LAYERS = [
  ['accounts', 'carriers', 'mail', 'owner-app'],
  ['consultant'],
  ['callback', 'site-import'],
  ['charges', 'conversions', 'qualification', 'telephony'],
  ['ingest', 'numbers', 'page-view'],
  ['ops'],
  ['costs', 'leases', 'operators', 'tracking'],
  ['reports'],
  ['visitors'],
  ['webhooks'],
  ['writes'],
  ['sites'],
  ['api'],
  ['identity'],
  ['http'],
  ['store'],
];

/**
 * The browser's globals that Node has not. The server and the wire types it shares run in Node:
 * one of these there is a mistake the browser-side type check (its lib has the DOM) lets through.
 */
const BROWSER_ONLY_GLOBALS = Object.keys(globals.browser).filter((name) => !(name in globals.node) && !(name in globals.es2022));

/** A relative import that climbs to one of `folders`, from any depth (no subfolder shares their names). */
const climbsTo = (folders) => `^(\\.\\./)+(${folders.join('|')})/`;

/** Per server folder: the folders on its row and above it, which it may not import. */
const serverLayerRules = SERVER_LAYERS.flatMap((row, i) =>
  row.map((folder) => {
    const above = SERVER_LAYERS.slice(0, i + 1)
      .flat()
      .filter((f) => f !== folder);
    return {
      files: [`src/server/${folder}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: climbsTo(above),
                message: `src/server/${folder}/ may not import a folder on its row or above it (SERVER_LAYERS in eslint.config.js).`,
              },
              {
                regex: '^(\\.\\./){2,}(app|console|widgets|snippet)/',
                message: 'The server may not import the browser folders: shared wire types live in src/*.ts.',
              },
            ],
          },
        ],
      },
    };
  }),
);

export default tseslint.config(
  { ignores: ['dist/', 'packages/*/dist/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/', 'data/', 'bench-results/'] },
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
    files: ['src/snippet/**', 'src/widgets/**', 'src/console/**', 'src/app/**', 'demo-site/public/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The snippet compares with == where both sides' types are known: terser keeps what it is
    // given, and every byte counts against the 4096 B brotli budget.
    files: ['src/snippet/**'],
    rules: { eqeqeq: 'off' },
  },
  {
    files: ['src/server/**', 'scripts/**', 'bench/**', 'examples/**', 'test/**', 'demo-site/*.mjs', '*.config.*'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  ...serverLayerRules,
  {
    files: ['src/server/**', 'src/protocol.ts', 'src/console-protocol.ts', 'src/app-protocol.ts', 'src/types.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...BROWSER_ONLY_GLOBALS.map((name) => ({ name, message: 'A browser global: this code runs in Node.' })),
      ],
    },
  },
  {
    files: ['src/server/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(app|console|widgets|snippet)/', message: 'The server may not import the browser folders.' }] },
      ],
    },
  },
  {
    files: ['src/snippet/**', 'src/widgets/**', 'src/console/**', 'src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+server/', message: 'Browser code may not import the server.' }] },
      ],
    },
  },
  {
    // A server function a reader takes in at one screen: past that, name its parts.
    files: ['src/server/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Shipped migrations are never edited, whatever their length.
    files: ['src/server/store/migrations/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
);
