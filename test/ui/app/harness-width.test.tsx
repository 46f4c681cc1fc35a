// The harness gives Ink a terminal as wide as the app: a frame a test reads at 140 or 200 columns is the one
// a terminal of that width shows, every line of it that wide (ink-testing-library's own terminal is always
// 100 columns, so the body of a wider app was drawn cut at 100 under a header of full width).
import { afterEach, expect, it } from 'vitest';
import { startApp, type Harness } from './harness.js';
import { displayWidth } from '../../../src/ui/text.js';

let h: Harness;
afterEach(async () => {
  await h.cleanup();
});

for (const [width, height] of [
  [140, 40],
  [200, 50],
] as const) {
  it(`at ${width}×${height} every line of the frame is ${width} columns, the title's sort at its right edge`, async () => {
    h = await startApp({ width, height });
    await h.waitFor('web-1');
    const lines = h.frame().split('\n');
    expect(lines).toHaveLength(height);
    expect(lines.filter((l) => displayWidth(l) !== width)).toEqual([]);
    expect(lines[1]).toMatch(/ sorted by NAME ↑ │$/);
  });
}

it('a test that widens the app widens the terminal with it', async () => {
  h = await startApp({ width: 100, height: 30 });
  await h.waitFor('web-1');
  h.rerender({ width: 200 });
  await h.waitFor((f) => f.split('\n').every((l) => displayWidth(l) === 200));
  expect(h.frame().split('\n')[1]).toMatch(/ sorted by NAME ↑ │$/);
});
