// Bundles the program with esbuild: importing Ink from plain tsc output costs about 400 ms at start-up,
// a bundle roughly halves that. Code splitting keeps the emulator-only command from loading Ink at all.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

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
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  // Some bundled CommonJS dependencies call require() for Node built-ins.
  banner: { js: "import { createRequire as __ecsdeckCreateRequire } from 'node:module'; const require = __ecsdeckCreateRequire(import.meta.url);" },
  define: { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
  external: ['node-pty', '@xterm/headless', 'react-devtools-core'],
});
