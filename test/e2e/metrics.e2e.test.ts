// The Metrics tab end to end: the built program against an emulator process on a manual clock. The numbers
// shown are checked against the service's own answer, and the range follows the service's clock.
import { afterEach, expect, it } from 'vitest';
import { KEYS, startDashboard, startEmulatorProcess } from './harness.js';

const SHOW_MS = 12_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

it('opens a server, shows its metrics as the service has them, follows the clock, and steps the range', async () => {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 120, rows: 36 });
  s.pty.write(`${KEYS.enter}2`);
  // (a screen read in the middle of a redraw is torn: what is checked is waited for whole)
  let sc = await s.waitUntil((x) => /CPU +last [\d.]+ %/.test(x) && /2 Metrics 1h/.test(x) && /[▁▂▃▄▅▆▇█]{60,}/.test(x), 'the metrics', SHOW_MS);

  // the last CPU value on screen is the service's last point for the range shown
  const range = / (\d{4}-\d\d-\d\d \d\d:\d\d) → (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(sc)!;
  const { body } = await emu.call('GET', `/ecs/v2/servers/ec206901/metrics?end=${encodeURIComponent(`${range[2]}:59Z`)}`, undefined, { token: await emu.token() });
  const core = body.metrics.core as Array<[number, string] | { t: string; y: string }>;
  const last = core[core.length - 1];
  const value = Number(Array.isArray(last) ? last[1] : last.y);
  const shown = Number(/CPU +last ([\d.]+) %/.exec(sc)![1]);
  expect(Math.abs(shown - value)).toBeLessThanOrEqual(value < 10 ? 0.05 : 0.5);

  // two hours later on the service's clock, the range ends two hours later
  await emu.advance(7200);
  s.pty.write('r');
  sc = await s.waitUntil((x) => {
    const m = / → (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(x);
    return m !== null && new Date(`${m[1]}Z`).getTime() - new Date(`${range[2]}Z`).getTime() >= 7140_000;
  }, 'the range moved with the clock', SHOW_MS);

  s.pty.write(']]');
  sc = await s.waitUntil((x) => x.includes('Range 24h') && /2 Metrics 24h/.test(x), 'the 24h range', SHOW_MS);
  s.pty.write('[');
  await s.waitFor('Range 6h', SHOW_MS);
});
