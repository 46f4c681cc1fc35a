import { readFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vitest/config';
// @ts-ignore: plain JavaScript shared with the build
import { inkOutput, inkFullScreenFrames, inkUseInput } from './scripts/patches.mjs';

// Tests run Ink as the dashboard's bundle ships it (scripts/patches.mjs): with the same rendering, and with
// input handlers subscribed in the commit that draws their view, so a test that types right after a frame
// shows a dialog meets the same Ink as a user does. For that, Vite loads Ink (and the libraries that import
// it, which must share its instance) instead of Node.
const INLINED = /[\\/]node_modules[\\/](ink|ink-testing-library|@alcalzone[\\/]ink-table)[\\/]/;
const INK_PATCHES: [RegExp, (source: string) => string][] = [
  [/[\\/]ink[\\/]build[\\/]output\.js$/, inkOutput],
  [/[\\/]ink[\\/]build[\\/]ink\.js$/, inkFullScreenFrames],
  [/[\\/]ink[\\/]build[\\/]hooks[\\/]use-input\.js$/, inkUseInput],
];

function shippedInk(): Plugin {
  return {
    name: 'ecsdeck-shipped-ink',
    enforce: 'pre',
    // loaded here, without the source-map comments: their maps name sources the packages do not ship
    async load(id) {
      const file = id.split('?')[0]!;
      if (!INLINED.test(file) || !file.endsWith('.js')) return null;
      const code = (await readFile(file, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, '');
      const patch = INK_PATCHES.find(([pattern]) => pattern.test(file));
      return { code: patch === undefined ? code : patch[1](code), map: null };
    },
  };
}

export default defineConfig({
  plugins: [shippedInk()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // a temporary home per test file: no test touches the person's own config (test/setup.ts)
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    server: { deps: { inline: [INLINED] } },
  },
});
