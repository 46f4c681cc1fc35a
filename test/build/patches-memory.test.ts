// What the shared output caches (scripts/patches.mjs, ink-shared-output-cache) keep between frames: a dashboard
// left open all day draws a new header line every time the service's minute turns (every 3 s in the demo, whose
// clock runs 20×) and new chart and sparkline rows as the figures move, and every line drawn is kept until the
// caches are dropped (every 300 frames). A line's runs were kept as chains of one-character pieces: 6.9 KB held
// for each line of this test against 1.5 KB once each run is one string. A dashboard left open on the demo
// held 4–4.5 MB more before each drop of the caches; now 0.9 MB (docs/bench-log.md).
import { PassThrough } from 'node:stream';
import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { heldBytes } from '../held-bytes.js';
import { loadInk } from './patch-harness.js';

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
