// `npm run screenshots` (after the build): draws the README's pictures into assets/ from the real program
// (scripts/screenshots-scenes.ts), one scene after the other. `npm run screenshots -- metrics` draws only the
// scenes whose file name holds `metrics`. The scenes are TypeScript and share the end-to-end tests' harness,
// so they are bundled first (esbuild, as the build does), into node_modules/.cache, and loaded from there.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'node_modules/.cache/ecsdeck-screenshots/scenes.mjs');
await build({
  entryPoints: [join(root, 'scripts/screenshots-scenes.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  // the harness finds the built program from its own place (test/e2e/), not from the bundle's
  define: { 'import.meta.dirname': JSON.stringify(join(root, 'test/e2e')) },
});
const { SCENES, shoot } = await import(pathToFileURL(outfile).href);

const only = process.argv.slice(2);
mkdirSync(join(root, 'assets'), { recursive: true });
for (const scene of SCENES) {
  if (only.length > 0 && !only.some((o) => scene.file.includes(o))) continue;
  const svg = await shoot(scene);
  writeFileSync(join(root, 'assets', scene.file), svg);
  console.log(`assets/${scene.file}  ${scene.cols}×${scene.rows}  ${(svg.length / 1024).toFixed(1)} kB`);
}
