import { defineConfig } from 'vitest/config';
// @ts-ignore -- plain JavaScript shared with the install step and the build
import { checkPatches } from './scripts/patch-deps.mjs';

// Tests load Ink and its libraries from node_modules as Node does, already patched at install
// (scripts/patch-deps.mjs), the same files the dashboard's bundle is made of: a test meets the Ink a user
// meets. A run on unpatched files would test another program, so it stops here, saying how to patch them.
checkPatches();

// `npm run test:fast` leaves out test/e2e/ and test/build/ (package.json): the suites that drive the built
// program or bundle dependencies, most of the time for few of the tests.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Yoga's WebAssembly loads without a top-level await (a patch): Ink may lay out once it is there; and a
    // temporary home per test file: no test touches the person's own config (test/setup.ts)
    setupFiles: ['test/build/yoga-ready.ts', 'test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
