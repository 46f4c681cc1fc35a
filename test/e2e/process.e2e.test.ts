// The dashboard as a process among others (issue #19, items 7 and 9): run from an interactive bash with job
// control in a pseudo-terminal, as a person runs it. Ctrl+Z and `kill -TSTP` stop it with the terminal given
// back, `fg` brings it back taking keys; terminating signals leave the main screen; at start it tightens an
// open config directory and removes what a killed dashboard left of an edit.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type IPty } from 'node-pty';
import xterm from '@xterm/headless';
import { afterEach, expect, it } from 'vitest';
import { BIN, NODE, childPids, start } from './harness.js';

const SHOW_MS = 15_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

interface Shell {
  pty: IPty;
  term: InstanceType<typeof xterm.Terminal>;
  raw(): string;
  screen(): Promise<string>;
  until(test: () => boolean | Promise<boolean>, what: string): Promise<void>;
  /** the dashboard bash runs (its only child), once it runs */
  dashboard(): number | undefined;
  /** the pty's modes as `stty -a` shows them */
  stty(): string;
}

/** An interactive bash with job control in a pty (no rc files, readline off), read by a headless xterm. */
function bash(): Shell {
  const cols = 110;
  const rows = 32;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', PS1: 'PROMPT$ ' })) {
    if (v !== undefined && k !== 'CI' && !k.startsWith('VITEST') && k !== 'NODE_ENV') env[k] = v;
  }
  const pty = spawn('/bin/bash', ['--norc', '--noprofile', '--noediting', '-i'], { cols, rows, env, name: 'xterm-256color' });
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  let raw = '';
  pty.onData((d) => {
    raw += d;
    term.write(d);
  });
  cleanups.push(() => {
    for (const pid of childPids(pty.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    pty.kill('SIGKILL');
  });
  const screen = async () => {
    await new Promise<void>((r) => term.write('', () => r()));
    const b = term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) lines.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  return {
    pty,
    term,
    raw: () => raw,
    screen,
    async until(test, what) {
      const deadline = Date.now() + SHOW_MS;
      for (;;) {
        await screen();
        if (await test()) return;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${await screen()}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    dashboard: () => childPids(pty.pid)[0],
    stty: () => execFileSync('stty', ['-a', '-F', (pty as IPty & { ptsName: string }).ptsName], { encoding: 'utf8' }),
  };
}

/** R, S, T… from /proc: T is stopped. */
function processState(pid: number): string {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
}

const alternate = (sh: Shell) => sh.term.buffer.active.type === 'alternate';
const raw = (stty: string) => /(^|\s)-icanon(\s|$)/.test(stty) && /(^|\s)-echo(\s|$)/.test(stty);

async function startDemo(sh: Shell): Promise<number> {
  sh.pty.write(`'${NODE}' '${BIN}' --demo\r`);
  await sh.until(async () => alternate(sh) && /│›ec206901/.test(await sh.screen()), 'the dashboard listing servers');
  return sh.dashboard()!;
}

it('Ctrl+Z and kill -TSTP stop it with the terminal given back; fg brings it back in raw mode, taking keys', async () => {
  const sh = bash();
  await sh.until(async () => (await sh.screen()).includes('PROMPT$'), 'the prompt');
  const pid = await startDemo(sh);
  expect(raw(sh.stty())).toBe(true);

  for (const how of ['ctrl-z', 'kill -TSTP'] as const) {
    const before = sh.raw().length;
    if (how === 'ctrl-z') sh.pty.write('\u001a');
    else process.kill(pid, 'SIGTSTP');
    await sh.until(() => processState(pid) === 'T', `${how}: the dashboard stopped`);
    await sh.until(async () => /Stopped/.test(await sh.screen()) && !alternate(sh), `${how}: the shell's prompt on the main screen`);
    // given back before stopping: the cursor shown, the main screen
    const given = sh.raw().slice(before);
    expect(given).toContain('\u001b[?25h');
    expect(given).toContain('\u001b[?1049l');

    sh.pty.write('fg\r');
    await sh.until(async () => alternate(sh) && /│›ec20690\d/.test(await sh.screen()), `${how}: the dashboard drawn again after fg`);
    await sh.until(() => raw(sh.stty()), `${how}: raw mode back`);
    // keys act: j moves the selection (and is not echoed over the frame)
    const selected = /│›(ec\d+)/.exec(await sh.screen())![1];
    sh.pty.write('j');
    await sh.until(async () => {
      const now = /│›(ec\d+)/.exec(await sh.screen())?.[1];
      return now !== undefined && now !== selected;
    }, `${how}: j moving the selection after fg`);
    expect(await sh.screen()).not.toMatch(/\^Z|jfg|^fg/m);
  }
  sh.pty.write('q');
  await sh.until(async () => !alternate(sh) && /PROMPT\$ $/m.test(await sh.screen()), 'the prompt after q');
}, 90_000);

it('Ctrl+Z stops a wrapper around it too (its whole process group, as the terminal would), and fg brings both back', async () => {
  const sh = bash();
  await sh.until(async () => (await sh.screen()).includes('PROMPT$'), 'the prompt');
  sh.pty.write(`/bin/sh -c "'${NODE}' '${BIN}' --demo; echo wrapper-done"\r`);
  await sh.until(async () => alternate(sh) && /│›ec206901/.test(await sh.screen()), 'the dashboard listing servers');
  const wrapper = sh.dashboard()!;
  await sh.until(() => childPids(wrapper).length === 1, 'the dashboard under its wrapper');
  const program = childPids(wrapper)[0];
  sh.pty.write('\u001a');
  await sh.until(() => processState(program) === 'T' && processState(wrapper) === 'T', 'the dashboard and its wrapper stopped');
  await sh.until(async () => /Stopped/.test(await sh.screen()) && !alternate(sh), "the shell's prompt on the main screen");
  sh.pty.write('fg\r');
  await sh.until(async () => alternate(sh) && /│›ec206901/.test(await sh.screen()), 'the dashboard drawn again after fg');
  sh.pty.write('j');
  await sh.until(async () => /│›ec206902/.test(await sh.screen()), 'j moving the selection after fg');
  sh.pty.write('q');
  await sh.until(async () => (await sh.screen()).includes('wrapper-done'), 'the wrapper going on after q');
}, 60_000);

it('Ctrl+Z where no shell could continue it (a process group without job control): the dashboard takes the terminal back at once', async () => {
  const s = start({ args: ['--demo'] });
  cleanups.push(() => s.kill());
  await s.waitFor(/│›ec206901/, SHOW_MS);
  const before = s.raw().length;
  s.pty.write('\u001a');
  // given back, then, the stop discarded by the system, taken again and drawn whole
  await s.waitUntil(() => s.raw().slice(before).includes('\u001b[?1049l') && s.term.buffer.active.type === 'alternate', 'the terminal taken back', SHOW_MS);
  await s.waitFor(/│›ec206901/, SHOW_MS);
  s.pty.write('j');
  await s.waitFor(/│›ec206902/, SHOW_MS);
  s.pty.write('q');
  await s.exit(SHOW_MS);
}, 60_000);

it('SIGQUIT, SIGUSR2, SIGALRM and SIGHUP end it with the main screen back and the cursor shown, status 128 + the signal', async () => {
  const sh = bash();
  await sh.until(async () => (await sh.screen()).includes('PROMPT$'), 'the prompt');
  for (const signal of ['SIGQUIT', 'SIGUSR2', 'SIGALRM', 'SIGHUP'] as const) {
    const pid = await startDemo(sh);
    const before = sh.raw().length;
    process.kill(pid, signal);
    await sh.until(() => !alternate(sh) && childPids(sh.pty.pid).length === 0, `${signal}: the dashboard gone and the main screen back`);
    expect(sh.raw().slice(before)).toContain('\u001b[?25h');
    sh.pty.write('echo "status=$?"\r');
    const code = 128 + constants.signals[signal];
    await sh.until(async () => (await sh.screen()).includes(`status=${code}`), `${signal}: status ${code}`);
    sh.pty.write('clear\r');
    await sh.until(async () => !(await sh.screen()).includes('status='), 'a clear screen');
  }
}, 90_000);

it('at start: a 0755 config directory becomes 0700, and a killed dashboard\'s edit folder is removed (a running one\'s kept)', async () => {
  const home = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-process-'));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const xdg = join(home, 'xdg');
  const config = join(xdg, 'ecsdeck');
  mkdirSync(config, { recursive: true });
  chmodSync(config, 0o755);
  const cache = join(home, 'cache');
  const scratch = join(cache, 'scratch');
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  // a dashboard killed while the editor had a script open: its process is gone (a pid above Linux's limit)
  const stale = join(scratch, '4194305-abcdef');
  mkdirSync(stale, { mode: 0o700 });
  writeFileSync(join(stale, 'edit.sh'), '#!/bin/sh\necho secret-ish\n', { mode: 0o600 });
  // one of a process still running (this test's): left alone
  const live = join(scratch, `${process.pid}-ghijkl`);
  mkdirSync(live, { mode: 0o700 });

  const s = start({ args: ['--demo'], env: { XDG_CONFIG_HOME: xdg, ECSDECK_CONFIG_DIR: undefined, ECSDECK_CACHE_DIR: cache } });
  cleanups.push(() => s.kill());
  await s.waitFor(/│›ec206901/, SHOW_MS);
  await s.waitUntil(() => !existsSync(stale) && (statSync(config).mode & 0o777) === 0o700, 'the start-up housekeeping', SHOW_MS);
  expect(existsSync(live)).toBe(true);
  s.pty.write('q');
  await s.exit(SHOW_MS);
}, 60_000);

it('loads neither node:crypto, node:v8 nor node:fs/promises in its main thread, from start to quit without a write (several ms of a start on Node 22 and 24)', async () => {
  const home = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-builtins-'));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const loaded = join(home, 'loaded.json');
  // preloaded into the dashboard's main thread (the demo's emulator thread is left alone): what it loaded
  const hook = join(home, 'hook.cjs');
  writeFileSync(hook, `if (require('node:worker_threads').isMainThread) process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`);
  const s = start({ args: ['--demo'], env: { NODE_OPTIONS: `--require ${hook}`, ECSDECK_CONFIG_DIR: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') } });
  cleanups.push(() => s.kill());
  await s.waitFor('ec206901', SHOW_MS);
  await s.press('q');
  expect((await s.exit(SHOW_MS)).exitCode).toBe(0);
  const modules = JSON.parse(readFileSync(loaded, 'utf8')) as string[];
  // the history's ids and an SSH key's fingerprint load node:crypto when they are needed, a billing export
  // node:fs/promises; the code cache is named after process.versions.v8
  expect(modules.filter((m) => /^NativeModule (crypto|v8|fs\/promises)$/.test(m))).toEqual([]);
  // the hook saw the start (it is not a file that was never written)
  expect(modules).toContain('NativeModule worker_threads');
});
