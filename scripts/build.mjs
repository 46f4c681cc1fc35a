// Bundles the program with esbuild: importing Ink from plain tsc output costs about 400 ms at start-up,
// a bundle roughly halves that. Code splitting keeps the emulator-only command from loading Ink at all.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';

// Ink 6.8 builds a fresh cache of tokenized lines for every frame, so each keypress re-tokenizes every
// line on screen although most did not change. Sharing one cache across frames (dropped every few hundred
// frames to bound memory) makes a frame's cost follow what changed. Output is identical: the cache maps a
// line's text to its parsed characters, which Ink only reads.
const SHARED_INK_CACHE = {
  name: 'ink-shared-output-cache',
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replace(
        'caches = new OutputCaches();',
        'caches = (++OUTPUT_FRAMES % 300 === 0 || !SHARED_CACHES ? (SHARED_CACHES = new OutputCaches()) : SHARED_CACHES);',
      );
      if (patched === source) throw new Error('ink output.js changed: review the shared-cache patch in scripts/build.mjs');
      return { contents: `let SHARED_CACHES = null;\nlet OUTPUT_FRAMES = 0;\n${patched}`, loader: 'js' };
    });
  },
};

// Ink's useInput subscribes in a passive effect, which runs some time after the frame is drawn: keys typed
// in that gap (the name typed right after `d`, text right after `/`) reach the view that just closed, or
// nobody. A layout effect subscribes in the same commit that draws the view, so no key falls in a gap.
const INK_INPUT_IN_COMMIT = {
  name: 'ink-input-in-commit',
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replace("import { useEffect } from 'react';", "import { useLayoutEffect as useEffect } from 'react';");
      if (patched === source) throw new Error('ink use-input.js changed: review the input patch in scripts/build.mjs');
      return { contents: patched, loader: 'js' };
    });
  },
};

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  // `emulator` is the library entry for benchmarks and scripts that embed the emulator without the CLI.
  entryPoints: { cli: 'src/cli.tsx', emulator: 'src/emulator/app.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  minify: !process.env.NO_MINIFY,
  keepNames: true,
  logLevel: 'warning',
  // Some bundled CommonJS dependencies call require() for Node built-ins.
  banner: { js: "import { createRequire as __ecsdeckCreateRequire } from 'node:module'; const require = __ecsdeckCreateRequire(import.meta.url);" },
  define: { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
  external: ['node-pty', '@xterm/headless', 'react-devtools-core'],
  plugins: [SHARED_INK_CACHE, INK_INPUT_IN_COMMIT],
});
