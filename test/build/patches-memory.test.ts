// What the shared output caches (scripts/patches.mjs, ink-shared-output-cache) keep between frames: a dashboard
// left open all day draws a new header line every time the service's minute turns (every 3 s in the demo, whose
// clock runs 20×) and new chart and sparkline rows as the figures move, and every line drawn is kept until the
// caches are dropped (every 300 frames). A line's runs were kept as chains of one-character pieces: 6.9 KB held
// for each line of this test against 1.5 KB once each run is one string. A dashboard left open on the demo
// held 4–4.5 MB more before each drop of the caches; now 0.9 MB (docs/bench-log.md).
import { PassThrough } from 'node:stream';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { heldBytes } from '../held-bytes.js';
import { FILES, loadInk, originalAndPatched, patches, UI_STRINGS } from './patch-harness.js';

class FakeTty extends EventEmitter {
  readonly isTTY = true;
  columns = 200;
  rows = 12;
  write(_chunk: unknown, ...rest: unknown[]) {
    const callback = rest.find((item) => typeof item === 'function') as (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

it('keeps a line drawn in a few hundred bytes more than its text, not kilobytes', async () => {
  const { exports: ink } = await loadInk('ink-memory.js');
  await ink.yogaReady;
  const { React, Box, Text } = ink;
  // a header line as the dashboard draws one: a border of box-drawing characters around words that change
  const view = (n: number) =>
    React.createElement(
      Box,
      { flexDirection: 'column', borderStyle: 'single', width: 200, height: 6 },
      React.createElement(Text, { color: 'cyan' }, `ecsdeck ${'─'.repeat(150)} € 2.84/h · ${String(n).padStart(5, '0')} UTC`),
      React.createElement(Text, null, `${'▂▃▄▅'.repeat(30)} ${n % 97}%`),
    );
  const stdout = new FakeTty();
  const app = ink.render(view(0), { stdout, stdin: new PassThrough(), stderr: stdout, exitOnCtrlC: false, patchConsole: false, maxFps: 1000 });
  for (let n = 1; n <= 20; n++) {
    app.rerender(view(n));
    await tick();
  }
  const before = heldBytes();
  const frames = 200;
  for (let n = 21; n < 21 + frames; n++) {
    app.rerender(view(n));
    await tick();
  }
  const perLine = (heldBytes() - before) / (frames * 2);
  app.unmount();
  // each frame brings two new lines of about 180 characters (two bytes each: they are not Latin-1), and the
  // caches' entries for each: 1.5 KB a line held with each run one string, 6.9 KB with runs kept as chains
  expect(perLine).toBeLessThan(2500);
});

// Ink's measure of a text's size and its wrapped or truncated text (ink-measured-texts-bounded,
// ink-wrapped-texts-bounded): both remembered every text they were ever asked about. A dashboard open all day
// asks about new texts all the time (the header's minute, CPU figures, progress bars, the rows of a long list
// scrolled through); what they hold now stays within a budget of characters.
describe('the texts Ink remembers measuring and wrapping', () => {
  // 20,000 different rows of 160 characters, each made as it is asked about, as a frame makes it: a
  // 10,000-server list scrolled through, each row drawn with and without the cursor on it
  const COUNT = 20_000;
  const row = (n: number) => `${n % 2 ? '›' : ' '}ec${String(200_000 + n)}  web-${n}  eCS3  it-mi2  ubuntu-2204  Booted  on  ▄▆▅▄▃▃▄▆  84% `.padEnd(160, '.');
  // a 160-character row is 320 bytes held (it is not Latin-1): the original keeps every one, 9–13 MB here. The
  // patched ones keep their budget of characters at two bytes each, their entries, and the widths string-width
  // remembers (bounded by count): 1.3–1.6 MB measured, under four times the budget's bytes
  const boundBytes = patches.TEXT_CACHE_BUDGET * 2 * 4;

  it('measuring holds no more than its budget, however many texts it was asked about, and answers as before', async () => {
    type Measure = { default: (text: string) => { width: number; height: number } };
    const { original, patched } = await originalAndPatched<Measure>(FILES.inkMeasureText, 'default', 'measure');
    const held = (measure: Measure['default']) => {
      const before = heldBytes();
      for (let n = 0; n < COUNT; n++) measure(row(n));
      return heldBytes() - before;
    };
    // the texts were made before either measure saw them: what grows is what the measure keeps
    expect(held(original.exports.default)).toBeGreaterThan(COUNT * 320);
    expect(held(patched.exports.default)).toBeLessThan(boundBytes);
    for (const text of [...UI_STRINGS, row(0), row(COUNT - 1), 'two\nlines', '']) {
      expect(patched.exports.default(text), text).toEqual(original.exports.default(text));
    }
  });

  it('wrapping and truncating hold no more than their budget, and answer as before', async () => {
    type Wrap = { default: (text: string, width: number, how: string) => string };
    const { original, patched } = await originalAndPatched<Wrap>(FILES.inkWrapText, 'default', 'wrap');
    const held = (wrap: Wrap['default']) => {
      const before = heldBytes();
      for (let n = 0; n < COUNT; n++) wrap(row(n), 80, 'truncate');
      return heldBytes() - before;
    };
    expect(held(original.exports.default)).toBeGreaterThan(COUNT * 320);
    expect(held(patched.exports.default)).toBeLessThan(boundBytes);
    for (const how of ['wrap', 'truncate', 'truncate-middle', 'truncate-start']) {
      for (const text of [...UI_STRINGS, row(7), 'A downgrade is possible only once the current plan has run its term']) {
        expect(patched.exports.default(text, 24, how), `${how} ${text}`).toBe(original.exports.default(text, 24, how));
      }
    }
  });
});
