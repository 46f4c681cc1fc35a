// Set up before every test file (vitest.config.ts). The installed yoga-layout is patched to load its
// WebAssembly without a top-level await (scripts/patches.mjs) and exports the promise instead; Ink lays out
// with Yoga only once it has settled, as src/boot/main.ts waits for it before the dashboard's first render.
import * as yoga from 'yoga-layout';

await (yoga as { yogaReady?: Promise<void> }).yogaReady;
