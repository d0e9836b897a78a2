import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { fileURLToPath } from 'node:url';

/**
 * dist/svc.js: the IIFE site owners load, minified, internal `_names` mangled, debug lines dropped.
 * dist/svc.debug.js: the same, readable, with debug logging.
 * dist/esm/index.js: the ES module for bundlers (its declarations are the snippet package's,
 * packages/snippet/dist/types, emitted by tsc).
 * dist/svc-widgets.js: the widget UI (forms, popups) and the operator-status stream, an ES module
 * (one file, no chunks) which the core loads with `import()` on the first open.
 */
// `noCheck`: the plugin only strips types. Its type errors would be warnings, which `--silent`
// hides; `npm test` type-checks every source once (tsc -p tsconfig.json).
const typescriptOptions = { outputToFilesystem: false, noCheck: true };
const ts = (tsconfig = './tsconfig.snippet.json') => typescript({ tsconfig, ...typescriptOptions });

/**
 * `comments`: what to keep; only the ESM build keeps the bundlers' hints on its `import()`.
 * `core`: options for the size-budgeted core alone (under `ascii_only` the widgets' Cyrillic texts
 * would become `\u` escapes).
 */
const minify = (module, comments = false, preamble = undefined, core = false) =>
  terser({
    module,
    ecma: 2020,
    // `_debug` does nothing where __DEBUG__ is false: its calls go, arguments and all.
    // No code here reads a function's `length`: unused parameters go (`keep_fargs`).
    // Function declarations first in their scope (`hoist_funs`), as the engine hoists them anyway: 2 B.
    // `inline: 1` inlines only functions without arguments: a function called once is otherwise
    // pasted in as an arrow called on the spot, which here saves nothing but the request's setup
    // (4 B the other way). Where such an arrow sits on a hot path, its call is marked __NOINLINE__:
    // a closure made anew on every pass ran the text walk 0.3 ms slower at 10k nodes.
    compress: {
      passes: 3,
      unsafe_arrows: true,
      pure_getters: true,
      pure_funcs: ['_debug'],
      keep_fargs: false,
      hoist_funs: true,
      inline: 1,
      // Object properties written as arrows (the configuration commands, `push`, `reinitTrackView`)
      // become methods: an arrow is no more constructible than a method, and terser converts only
      // bodies that read no `this`, so nothing changes but 4 B. (No `function` value is converted.)
      unsafe_methods: core,
    },
    // Internal fields start with one `_`; public API names and wire fields never do. Names with two
    // (`__cs`, `__cs_onReplacePhones`) are page globals of the spec and must keep their names.
    mangle: { properties: { regex: /^_[^_]/ } },
    // `(function(){…})()` compresses better than `!function(){…}()` here (4 B of brotli).
    // `ascii_only`: the dashes of the number pattern's string (U+2010-2015) as `\u` escapes, as the
    // regular expressions beside it already are; brotli finds the repeat (14 B). A copy served
    // without `charset=utf-8` (a site's own host, a windows-1251 page) keeps its pattern too.
    format: { comments, preamble, wrap_iife: true, ascii_only: core },
  });

const flags = (debug) => `const __DEBUG__ = ${debug};`;

export default [
  {
    input: 'src/snippet/index.ts',
    output: { file: 'dist/svc.js', format: 'iife', strict: false, sourcemap: 'hidden', intro: flags(false) },
    // V8's compile hint (Chrome 136+): every function is compiled while the script streams, off
    // the main thread, instead of on its first call; measured on first visits (medians of 31), the
    // page view left 7.4 ms after the start instead of 12.8, the numbers 3.3 ms after the answer
    // was parsed instead of 5.5 (README, "Round 2, the first swap").
    plugins: [ts(), minify(false, false, '//# allFunctionsCalledOnLoad', true)],
  },
  {
    input: 'src/snippet/index.ts',
    output: { file: 'dist/svc.debug.js', format: 'iife', sourcemap: true, intro: flags(true) },
    plugins: [ts()],
  },
  {
    input: 'src/widgets/index.ts',
    output: { file: 'dist/svc-widgets.js', format: 'es', sourcemap: true, intro: flags(false) },
    plugins: [ts('./tsconfig.widgets.json'), minify(true)],
  },
  {
    input: 'src/snippet/esm.ts',
    output: { file: 'dist/esm/index.js', format: 'es', sourcemap: true, intro: flags(false) },
    // The widget bundle's URL is known only at run time: webpack and Vite must leave it to the browser.
    plugins: [ts(), minify(true, /webpackIgnore|@vite-ignore/)],
  },
  // dist/op-console.js: the operator console page's script, served by the server at /op/console.js.
  {
    input: 'src/console/console.ts',
    output: { file: 'dist/op-console.js', format: 'es', sourcemap: false },
    plugins: [typescript({ tsconfig: './tsconfig.console.json', ...typescriptOptions }), terser({ ecma: 2020, module: true })],
  },
  // dist/op-reports.js: the console's reports page, with uPlot bundled in, served at /op/reports.js
  // to that page alone (the chat console never loads the chart library). uPlot ships an ES module
  // build; this resolver points the bare name at it (the project bundles no other package).
  {
    input: 'src/console/reports.ts',
    output: { file: 'dist/op-reports.js', format: 'es', sourcemap: false },
    plugins: [
      {
        name: 'uplot',
        resolveId: (id) => (id === 'uplot' ? fileURLToPath(new URL('./node_modules/uplot/dist/uPlot.esm.js', import.meta.url)) : null),
      },
      typescript({ tsconfig: './tsconfig.console.json', ...typescriptOptions }),
      terser({ ecma: 2020, module: true }),
    ],
  },
  // dist/app.js: the site owner's app (src/app, Preact + TSX), served at /app/ to that page alone.
  {
    input: 'src/app/main.tsx',
    output: { file: 'dist/app.js', format: 'es', sourcemap: false },
    plugins: [
      nodeResolve({ browser: true }),
      typescript({ tsconfig: './tsconfig.app.json', ...typescriptOptions }),
      terser({ ecma: 2020, module: true, compress: { passes: 2 } }),
    ],
  },
];
