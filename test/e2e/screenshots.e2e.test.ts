// `npm run screenshots` cannot rot: one of its scenes is drawn here, twice, through the same code (the built
// program against its own emulator, read by the headless xterm), and must give the same bytes both times and
// show what its picture is for. Every scene's picture is in assets/, is what the program draws today (but for
// the header's port), and is shown by the README.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SCENES, shoot } from '../../scripts/screenshots-scenes.js';

const root = join(import.meta.dirname, '../..');

/** A port free now (the pictures' own 8787 may be taken by an emulator someone runs). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

it('draws the light overview the same, byte for byte, twice, in the light palette', async () => {
  const scene = SCENES.find((s) => s.file === 'server-light.svg')!;
  const port = await freePort();
  const first = await shoot(scene, port);
  const second = await shoot(scene, port);
  expect(second).toBe(first);
  expect(first).toContain('<title>ecsdeck --theme light');
  expect(first).toMatch(/>Server web-1 \(ec206901\)<\/text>/);
  // Booted in the light theme's ok colour (xterm-256 22, #005f00) on the white background
  expect(first).toMatch(/fill="#005f00">Booted<\/text>/);
  expect(first).toContain('fill="#ffffff"/>');
  expect(first.length).toBeLessThan(40_000);
}, 90_000);

/** A picture without its top row: the header names the emulator's port, which here is whatever was free. */
function withoutHeader(svg: string): string {
  const top = /<text [^>]*y="([\d.]+)"/.exec(svg)?.[1];
  return svg
    .split('\n')
    .filter((l) => !(l.startsWith('<text ') && l.includes(` y="${top}"`)))
    .join('\n');
}

it('every picture in assets/ is what the program draws today: a change to a screen comes with `npm run screenshots`', async () => {
  const port = await freePort();
  for (const scene of SCENES) {
    const drawn = await shoot(scene, port);
    const kept = readFileSync(join(root, 'assets', scene.file), 'utf8');
    expect(withoutHeader(drawn), `assets/${scene.file} is behind the program: run npm run screenshots`).toBe(withoutHeader(kept));
    // the header is left out of the comparison, not lost from the picture
    expect(kept).toContain('>ecsdeck</text>');
  }
}, 180_000);

it("every scene's picture is in assets/ and shown by the README", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  for (const s of SCENES) {
    expect(existsSync(join(root, 'assets', s.file)), s.file).toBe(true);
    expect(readme).toContain(`(assets/${s.file})`);
  }
});
