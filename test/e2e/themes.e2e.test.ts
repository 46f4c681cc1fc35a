// Themes end to end: the built program in a pty, its raw output read. NO_COLOR writes no colour escape at all
// (even with --theme asking for one, even with FORCE_COLOR); --theme light draws in the light palette, and
// --theme mono as NO_COLOR does.
import { afterEach, expect, it } from 'vitest';
import { startDashboard, startEmulatorProcess } from './harness.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** Every SGR sequence that sets a colour or an attribute other than the text cursor's inverse. */
const colourEscapes = (raw: string): string[] =>
  [...raw.matchAll(/\u001b\[([\d;]*)m/g)].map((m) => m[1]).filter((p) => p !== '' && p !== '0' && p !== '7' && p !== '27');

async function dashboard(args: string[], env: Record<string, string | undefined>) {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 100, rows: 30, args, env: { COLORTERM: undefined, FORCE_COLOR: undefined, ...env } });
  await s.waitUntil((sc) => /Booted/.test(sc) && /Deleting|Booting/.test(sc), 'the servers with their statuses');
  await s.idle(300);
  return s;
}

it('NO_COLOR: the servers are drawn, with their status words, and not one colour escape is written, whatever --theme or FORCE_COLOR say', async () => {
  const s = await dashboard(['--theme', 'light'], { NO_COLOR: '1', FORCE_COLOR: '3' });
  expect(s.screen()).toMatch(/│›ec206901/);
  expect(colourEscapes(s.raw())).toEqual([]);
  // a server's detail: the current tab is told by brackets, not by inverse or bold
  s.pty.write('\r');
  await s.waitFor('[1 Overview]');
  await s.idle(300);
  expect(colourEscapes(s.raw())).toEqual([]);
});

it('--theme mono draws no colour either', async () => {
  const s = await dashboard(['--theme', 'mono'], {});
  expect(s.screen()).toContain('Booted');
  expect(colourEscapes(s.raw())).toEqual([]);
});

it('--theme light draws in the light palette (Booted in xterm-256 22), dark by default (114)', async () => {
  const light = await dashboard(['--theme', 'light'], {});
  expect(light.raw()).toMatch(/\u001b\[38;5;22mBooted/);
  expect(light.raw()).not.toContain('\u001b[38;5;114m');
  light.kill();
  const dark = await dashboard([], {});
  expect(dark.raw()).toMatch(/\u001b\[38;5;114mBooted/);
});
