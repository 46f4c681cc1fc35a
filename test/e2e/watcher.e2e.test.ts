// The account's one watcher end to end (issue #18): the built program in a pseudo-terminal against an emulator
// process on a manual clock. A power-off started over the API, not by the dashboard, shows in the action panel
// with its bar, and the server's power shows off when it ends; P then says so at once.
import { afterEach, expect, it } from 'vitest';
import { startDashboard, startEmulatorProcess } from './harness.js';

/** the watcher's probe comes every 5 s with nothing in flight: a bar is on screen within two of them */
const SHOW_MS = 12_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const row = (screen: string, name: string): string => screen.split('\n').find((l) => /^│[ ›]ec\d/.test(l) && l.includes(name)) ?? '';

it(
  'a power-off started over the API appears in the panel with its bar, and the server shows Off when it ends',
  async () => {
    const emu = await startEmulatorProcess('demo');
    cleanups.push(() => emu.stop());
    const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40 });
    // the demo's own work ends first: with nothing in flight, only the watcher's slow probe can see new work.
    // The demo snapshots web-1 every Sunday at 03:00 UTC by the emulator's clock, which starts at this
    // machine's time: on a Sunday morning the clock goes past that snapshot first, and lets it finish.
    const now = new Date();
    await emu.advance(now.getUTCDay() === 0 && now.getUTCHours() < 6 ? 8 * 3600 : 600);
    await s.waitFor('nothing running', SHOW_MS);
    await s.waitUntil((x) => /Booted/.test(row(x, 'ec206902')), 'web-2 booted', SHOW_MS);

    const token = await emu.token();
    await emu.call('POST', '/ecs/v2/servers/ec206902/actions', { type: 'power_off' }, { token });
    await s.waitFor(/power_off +web-2 \(ec206902\) +░+ +0%/, SHOW_MS);
    expect(s.screen()).toMatch(/1 running action\b/);
    await emu.advance(2);
    await s.waitFor(/power_off +web-2 \(ec206902\) +█+░* +\d+%/, SHOW_MS);
    await emu.advance(10);
    await s.waitFor(/power_off +web-2 \(ec206902\) +✓ done/, SHOW_MS);
    await s.waitUntil((x) => /Off/.test(row(x, 'ec206902')), 'web-2 Off in the list', SHOW_MS);

    // P on it says so at once instead of asking
    s.pty.write('j');
    await s.waitUntil((x) => row(x, 'ec206902').startsWith('│›'), 'web-2 selected', SHOW_MS);
    s.pty.write('P');
    await s.waitFor('is already off', SHOW_MS);
    expect(s.screen()).not.toContain('[y/N]');
  },
  60_000,
);

it(
  "the footer says what the row says: no `p power on` beside a row whose POWER is on, once nothing else is drawn",
  async () => {
    // a quiet service (a manual clock, nothing moving) is where a footer left behind would stay: no later
    // frame comes to mend it (it did, three starts in four, until useIdleKeys compared at each commit)
    const emu = await startEmulatorProcess('demo');
    cleanups.push(() => emu.stop());
    const s = await startDashboard(emu, cleanups, { cols: 140, rows: 34 });
    await s.waitUntil((x) => /^│›ec206901 .*Booted +on /.test(row(x, 'ec206901')), 'web-1 known to run', SHOW_MS);
    await s.idle(300, 5000);
    const footer = s.screen().split('\n').find((l) => l.startsWith('└')) ?? '';
    expect(footer).toContain('P power off');
    expect(footer).not.toContain('p power on');
  },
  30_000,
);
