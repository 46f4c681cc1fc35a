// `x` on a server and the word when long work ends (issue 21 items 1 and 3), on the built program in a pty:
// stand-ins for ssh and tmux on PATH record what they were given; nothing reaches beyond loopback.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startDashboard, startEmulatorProcess, type Emulator, type Session } from './harness.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** A folder with `ssh` and `tmux` stand-ins: each writes its arguments (one a line) to `<name>.argv`. */
function standIns(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-ssh-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const script = (name: string) =>
    [
      '#!/bin/sh',
      `for a in "$@"; do printf '%s\\n' "$a"; done > "${dir}/${name}.argv"`,
      `env > "${dir}/${name}.env"`,
      'echo "stand-in shell"',
      'if [ -n "$FAKE_SSH_FAIL" ]; then echo "debug1: trying" >&2; echo "ssh: connect to host 185.98.43.153 port 22: Connection refused" >&2; exit 255; fi',
      'exit 0',
    ].join('\n');
  for (const name of ['ssh', 'tmux']) {
    writeFileSync(join(dir, name), script(name));
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

async function dashboard(env: Record<string, string | undefined> = {}): Promise<{ emu: Emulator; s: Session; dir: string }> {
  const dir = standIns();
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 120, rows: 36, env: { PATH: `${dir}:${process.env.PATH ?? ''}`, TMUX: undefined, ...env } });
  return { emu, s, dir };
}

const argv = (dir: string, name: string): string[] => readFileSync(join(dir, `${name}.argv`), 'utf8').trim().split('\n');

it('x on a Booted server runs ssh with the profile arguments and root@<ipv4>, without the dashboard credentials; the dashboard comes back whole', async () => {
  const { s, dir } = await dashboard({ ECSDECK_SSH_ARGS: '-p 2222 -i /keys/id' });
  await s.press('x');
  await s.waitFor('Back from ssh root@185.98.43.153.');
  expect(argv(dir, 'ssh')).toEqual(['-p', '2222', '-i', '/keys/id', 'root@185.98.43.153']);
  expect(argv(dir, 'ssh')).not.toContain('StrictHostKeyChecking=no');
  const env = readFileSync(join(dir, 'ssh.env'), 'utf8');
  expect(env).not.toMatch(/ECSDECK_PASSWORD/);
  expect(env).toMatch(/ECSDECK_USERNAME=demo/);
  // the frame is whole again (header, rows, footer) and keys work
  const sc = await s.waitUntil((x) => /ecsdeck/.test(x) && /│›ec206901/.test(x) && /x ssh/.test(x), 'the whole frame: header, rows, footer');
  expect(sc).not.toContain('stand-in shell');
  // ssh got the terminal without the dashboard's paste marks (bracketed paste off), and they came back after
  const raw = s.raw();
  const off = raw.indexOf('\u001b[?2004l');
  expect(off, 'bracketed paste turned off for ssh').toBeGreaterThan(raw.indexOf('\u001b[?2004h'));
  expect(raw.lastIndexOf('\u001b[?2004h'), 'and on again after it').toBeGreaterThan(off);
  await s.press('j');
  await s.waitFor(/│›ec206902/);
}, 60_000);

it('x on a server not Booted runs nothing and says why', async () => {
  const { s, dir } = await dashboard();
  await s.press('G');
  await s.waitFor(/│›ec206914 .*Booting/);
  await s.press('x');
  await s.waitFor(/api-3 \(ec206914\) is not Booted \(Booting\): no shell until it runs/);
  expect(existsSync(join(dir, 'ssh.argv'))).toBe(false);
}, 60_000);

it('ssh exiting 255 shows its status and its last error line on the status line', async () => {
  const { s } = await dashboard({ FAKE_SSH_FAIL: '1' });
  await s.press('x');
  const sc = await s.waitFor('ssh root@185.98.43.153 ended with status 255: ssh: connect to host 185.98.43.153 port 22: Connection refused');
  expect(sc).toMatch(/│›ec206901/);
}, 60_000);

it('inside tmux with the tmux-window setting, x opens a new tmux window and keeps the dashboard', async () => {
  const { s, dir } = await dashboard({ TMUX: '/tmp/tmux-0/default,1,0', ECSDECK_SSH_TMUX_WINDOW: 'yes', ECSDECK_SSH_USER: 'admin' });
  await s.press('x');
  await s.waitFor('Opened ssh admin@185.98.43.153 in a new tmux window.');
  expect(argv(dir, 'tmux')).toEqual(['new-window', '-n', 'admin@185.98.43.153', '--', 'ssh', 'admin@185.98.43.153']);
  expect(existsSync(join(dir, 'ssh.argv'))).toBe(false);
}, 60_000);

const OSC9 = '\u001b]9;ecsdeck: create server api-3 (ec206914): done\u0007';

it('a long action that ends writes OSC 9 and OSC 777 once', async () => {
  const { emu, s } = await dashboard();
  await s.waitFor(/create_server api-3/);
  expect(s.raw()).not.toContain('\u001b]9;');
  await emu.advance(600);
  await s.waitUntil(() => s.raw().includes(OSC9), 'the OSC 9 notification', 20_000);
  expect(s.raw()).toContain('\u001b]777;notify;ecsdeck;create server api-3 (ec206914): done\u0007');
  expect(s.raw().split(OSC9)).toHaveLength(2);
}, 60_000);

it('inside tmux the notification is wrapped for its passthrough, inner ESCs doubled', async () => {
  const { emu, s } = await dashboard({ TMUX: '/tmp/tmux-0/default,1,0' });
  await s.waitFor(/create_server api-3/);
  await emu.advance(600);
  const wrapped = `\u001bPtmux;\u001b${OSC9}\u001b\\`;
  await s.waitUntil(() => s.raw().includes(wrapped), 'the tmux-wrapped OSC 9', 20_000);
  expect(s.raw()).not.toContain(`m${OSC9}`);
}, 60_000);

it('x stays in --read-only (it changes nothing on the service) and is in the footer', async () => {
  const dir = standIns();
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 120, rows: 36, args: ['--read-only'], env: { PATH: `${dir}:${process.env.PATH ?? ''}`, TMUX: undefined } });
  await s.waitFor(/x ssh/);
  await s.press('x');
  await s.waitFor('Back from ssh root@185.98.43.153.');
  expect(argv(dir, 'ssh')).toEqual(['root@185.98.43.153']);
}, 60_000);
