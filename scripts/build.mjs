// Bundles the program with esbuild. Importing Ink from plain tsc output costs about 400 ms at start-up.
// - dist/cli.js (ES module): the entry `bin/ecsdeck.js` loads; it runs `ecsdeck emulator` itself and never
//   loads the dashboard for it. dist/emulator.js is the emulator as a library, for benchmarks and scripts.
// - dist/dashboard.cjs and dist/emulator.cjs (classic scripts): the dashboard, and the emulator its
//   worker runs, both run through a V8 code cache by src/boot/compile-cache.ts (dist/compile-cache.js),
//   since Node 20 keeps no compiled code for ES modules. With the cache a start skips compiling most of
//   what it runs.
// Dependencies are patched on the way in (scripts/patches.mjs), each for a measured reason.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { PATCHES } from './patches.mjs';

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  minify: !process.env.NO_MINIFY,
  keepNames: true,
  logLevel: 'warning',
  external: ['node-pty', '@xterm/headless', 'react-devtools-core'],
};
const production = { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' };

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: { cli: 'src/cli.tsx', emulator: 'src/emulator/app.ts', 'compile-cache': 'src/boot/compile-cache.ts' },
    splitting: true,
    format: 'esm',
    // Some bundled CommonJS dependencies call require() for Node built-ins.
    banner: { js: "import { createRequire as __ecsdeckCreateRequire } from 'node:module'; const require = __ecsdeckCreateRequire(import.meta.url);" },
    define: production,
  }),
  build({
    ...common,
    // the embedded emulator's worker runs dist/emulator.cjs through the code cache too
    entryPoints: { dashboard: 'src/ui/main.tsx', emulator: 'src/emulator/app.ts' },
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // compile-cache.ts runs the script with `import.meta.url` as a parameter
    define: { ...production, 'import.meta.url': '__ecsdeckImportMetaUrl' },
    // import() becomes require(), so the script needs no module loader; regular expressions stay literals
    // (esbuild rewrites those with Unicode properties to `new RegExp`, which Node 20 parses at every start
    // where a literal comes out of the code cache parsed)
    supported: { 'dynamic-import': false, 'regexp-unicode-property-escapes': true, 'regexp-set-notation': true },
    plugins: PATCHES,
  }),
]);
