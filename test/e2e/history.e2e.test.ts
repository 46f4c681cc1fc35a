// The history end to end (issue #22 item 2): the built dashboard in a pseudo-terminal against an emulator
// process. A power-off from the servers list is in the file (0600 in 0700) and in `:history`; ⏎ shows a
// one-shot command which, run as printed with the built `ecsdeck`, powers the server off again, and is
// recorded as a command's. With --no-history nothing is written.
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { envFor, run } from '../cli/harness.js';
import { start, startDashboard, startEmulatorProcess, type Emulator } from './harness.js';

const SHOW_MS = 12_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const row = (screen: string, name: string): string => screen.split('\n').find((l) => /^│[ ›]ec\d/.test(l) && l.includes(name)) ?? '';
/** RUNNING or SHUTOFF, as the service says */
const powerOf = async (emu: Emulator, token: string, name: string): Promise<string> =>
  ((await emu.call('GET', `/ecs/v2/servers/${name}/status`, undefined, { token })).body as { server: { current_status: string } }).server.current_status;

it(
  'a power-off is in the file and in :history, and the command ⏎ shows, run as printed, does it again',
  async () => {
    const emu = await startEmulatorProcess('demo');
    cleanups.push(() => emu.stop());
    const state = mkdtempSync(join(tmpdir(), 'ecsdeck-history-'));
    const file = join(state, 'ecsdeck', 'history.jsonl');
    const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40, env: { XDG_STATE_HOME: state } });
    await emu.advance(600);
    await s.waitUntil((x) => /Booted/.test(row(x, 'ec206901')), 'web-1 booted', SHOW_MS);

    s.pty.write('P');
    await s.waitFor('[y/N]', SHOW_MS);
    s.pty.write('y');
    await s.waitFor(/power_off +web-1/, SHOW_MS);
    await emu.advance(30);
    await s.waitFor(/power_off +web-1 \(ec206901\) +✓ done/, SHOW_MS);

    s.pty.write(':hist\r');
    const listed = await s.waitFor(/power off ec206901 +action \d+ completed/, SHOW_MS);
    expect(listed).toMatch(/History/);
    expect(listed).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +env +power off ec206901/);

    // the file: private, one object a line, what was sent and how it ended
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(state, 'ecsdeck')).mode & 0o777).toBe(0o700);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.t)).toEqual(['sent', 'answer', 'end']);
    expect(lines[0]).toMatchObject({ by: 'dashboard', method: 'POST', path: '/ecs/v2/servers/ec206901/actions', what: 'power off ec206901' });
    expect(lines[2]).toMatchObject({ end: 'completed', action: lines[1].action });

    s.pty.write('\r');
    const record = await s.waitFor(/Same from a shell +ecsdeck /, SHOW_MS);
    const command = /Same from a shell +(ecsdeck [^│]*?)\s*│/.exec(record)![1];
    expect(command).toBe('ecsdeck servers power-off ec206901');

    // on again behind the dashboard's back, then the command as printed (words split as a shell would: none is quoted)
    const token = await emu.token();
    await emu.call('POST', '/ecs/v2/servers/ec206901/actions', { type: 'power_on' }, { token });
    await emu.advance(60);
    expect(await powerOf(emu, token, 'ec206901')).toBe('RUNNING');
    // as printed, in a terminal: power-off cannot be undone, so it asks first
    const shell = start({ args: command.split(' ').slice(1), env: { ...envFor(emu), XDG_STATE_HOME: state }, cols: 120, rows: 10 });
    cleanups.push(() => shell.kill());
    await shell.waitFor('[y/N]', SHOW_MS);
    shell.pty.write('y\r');
    expect((await shell.exit(SHOW_MS)).exitCode).toBe(0);
    await emu.advance(60);
    expect(await powerOf(emu, token, 'ec206901')).toBe('SHUTOFF');
    // the command wrote to the same file, marked as a command's: what it sent and the action it started
    const after = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = after.filter((l) => l.by === 'command');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ what: 'power off ec206901', profile: 'env' });
    expect(after.find((l) => l.id === mine[0].id && l.t === 'answer')).toMatchObject({ result: 'done', action: expect.any(Number) });
    // and :history shows it, newest first, once the list is loaded again
    s.pty.write('\x1b');
    await s.waitUntil((x) => x.split('\n').filter((l) => l.includes('power off ec206901')).length === 2, 'both writes listed', SHOW_MS);
  },
  90_000,
);

it(
  '--no-history writes nothing',
  async () => {
    const emu = await startEmulatorProcess('demo');
    cleanups.push(() => emu.stop());
    const state = mkdtempSync(join(tmpdir(), 'ecsdeck-history-'));
    const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40, env: { XDG_STATE_HOME: state }, args: ['--no-history'] });
    await emu.advance(600);
    await s.waitUntil((x) => /Booted/.test(row(x, 'ec206901')), 'web-1 booted', SHOW_MS);
    s.pty.write('P');
    await s.waitFor('[y/N]', SHOW_MS);
    s.pty.write('y');
    await s.waitFor(/power_off +web-1/, SHOW_MS);
    await emu.advance(30);
    await s.waitFor(/power_off +web-1 \(ec206901\) +✓ done/, SHOW_MS);
    expect(existsSync(join(state, 'ecsdeck', 'history.jsonl'))).toBe(false);
    // nor does a command given --no-history
    const ran = await run(['servers', 'power-on', 'ec206901', '--no-history'], { env: { ...envFor(emu), XDG_STATE_HOME: state } });
    expect(ran.code).toBe(0);
    expect(existsSync(join(state, 'ecsdeck', 'history.jsonl'))).toBe(false);
  },
  60_000,
);
