// Bundles the program with esbuild, into CommonJS scripts only: Node starts those without setting up its ES
// module loader (importing Ink from plain tsc output costs about 400 ms at start-up; the loader alone, tens).
// - dist/cli.cjs: the entry bin/ecsdeck.js loads. Small: it reads the flags, starts the demo's emulator
//   worker when the demo is certain, and runs one of the two bundles below.
// - dist/dashboard.cjs and dist/emulator.cjs: the dashboard, and the emulator (the demo's worker and
//   `ecsdeck emulator` run it), both run through a V8 code cache by src/boot/compile-cache.ts, since Node 20
//   keeps no compiled code of its own. With the cache a start skips compiling most of what it runs.
// - dist/commands.cjs: the one-shot commands (`ecsdeck servers list`, src/cli/), run through the code cache
//   too; it holds the client and the command table, and neither Ink, React nor the dashboard.
// - dist/embedded-worker.cjs: the demo's emulator thread.
// The dependencies it bundles are the installed files, patched once at install (scripts/patch-deps.mjs), as
// tests and any unbundled run load them. Should they not be (an install with --ignore-scripts, a patch edited
// since), they are patched first, by the same step.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { applyPatches } from './patch-deps.mjs';

const repatched = applyPatches();
if (repatched.length > 0) console.log(`build: patched ${repatched.join(', ')} first (scripts/patch-deps.mjs)`);

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  minify: !process.env.NO_MINIFY,
  logLevel: 'warning',
  external: ['node-pty', '@xterm/headless', 'react-devtools-core'],
};
const production = { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' };

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    // small entry scripts, loaded by Node itself: `import.meta.url` is the file's own URL
    entryPoints: { cli: 'src/cli.tsx', 'embedded-worker': 'src/boot/embedded-worker.ts' },
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    banner: { js: "var __ecsdeckImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { ...production, 'import.meta.url': '__ecsdeckImportMetaUrl' },
  }),
  build({
    ...common,
    entryPoints: { dashboard: 'src/boot/main.ts', emulator: 'src/emulator/bundle.ts', commands: 'src/cli/main.ts' },
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // compile-cache.ts runs the script with `import.meta.url` as a parameter
    define: { ...production, 'import.meta.url': '__ecsdeckImportMetaUrl' },
    // import() becomes require(), so the script needs no module loader; regular expressions stay literals
    // (esbuild rewrites those with Unicode properties to `new RegExp`, which Node 20 parses at every start
    // where a literal comes out of the code cache parsed)
    supported: { 'dynamic-import': false, 'regexp-unicode-property-escapes': true, 'regexp-set-notation': true },
  }),
]);

// What each code-cached bundle is, written once here so a start need not hash 0.3 to 1 MB itself (loading
// node:crypto and hashing cost a command about 4 ms): src/boot/compile-cache.ts names the cache after this
// digest, and trusts it only while the bundle's size and modification time are still those recorded here.
const ids = {};
for (const name of ['dashboard.cjs', 'emulator.cjs', 'commands.cjs']) {
  const file = new URL(`../dist/${name}`, import.meta.url);
  const { size, mtimeMs } = statSync(file);
  ids[name] = { sha256: createHash('sha256').update(readFileSync(file)).digest('hex'), size, mtimeMs };
}
writeFileSync(new URL('../dist/bundles.json', import.meta.url), `${JSON.stringify(ids, null, 2)}\n`);
