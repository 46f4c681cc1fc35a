// Drives the built program in a pseudo-terminal and reads the screen through a headless xterm, as a person
// at a real terminal would see it. Ink renders nothing until exit when CI is set, so CI is removed from the
// child's environment.
import { spawn as spawnChild, type ChildProcess } from 'node:child_process';
import { spawn, type IPty } from 'node-pty';
import xterm from '@xterm/headless';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { Terminal } = xterm;
export const BIN = join(import.meta.dirname, '../../bin/ecsdeck.js');

/**
 * The Node that runs the program (and the emulator's own process): ECSDECK_E2E_NODE names another binary, so
 * CI runs this suite on every Node users run (.ci/run, scripts/nodes.mjs); otherwise the one running vitest.
 */
export const NODE = process.env.ECSDECK_E2E_NODE || process.execPath;
if (!existsSync(NODE)) throw new Error(`ECSDECK_E2E_NODE names ${NODE}, which does not exist`);

export const KEYS = {
  enter: '\r',
  esc: '\u001b',
  up: '\u001b[A',
  down: '\u001b[B',
  tab: '\t',
  backspace: '\u007f',
  ctrlC: '\u0003',
};

export interface Session {
  pty: IPty;
  term: InstanceType<typeof Terminal>;
  /** everything the program wrote, raw */
  raw(): string;
  screen(): string;
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  /** waits until `pattern` is no longer on the screen */
  waitForGone(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  /** waits until `test(screen)` holds; `what` names it in the timeout message */
  waitUntil(test: (screen: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /**
   * Waits until the program has written nothing for `quietMs` (or `maxMs` passed): a view that has just
   * appeared has then had time to start taking keys. Not a wait for the service: use `waitFor` for that.
   */
  idle(quietMs?: number, maxMs?: number): Promise<void>;
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** resolves when the process in the pty ends; rejects after `timeoutMs` (default: never) */
  exit(timeoutMs?: number): Promise<{ exitCode: number; signal?: number }>;
  resize(cols: number, rows: number): void;
  /** the program's own pid: with `reportStty` the pty runs sh, and the program is sh's child */
  programPid(): number | undefined;
  /** ends the pty's process and, with `reportStty`, the program under it (SIGKILL); safe to call twice */
  kill(): void;
}

/** Direct children of a process, from /proc (Linux). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export interface StartOptions {
  args?: string[];
  cols?: number;
  rows?: number;
  env?: Record<string, string | undefined>;
  /** run through `sh -c '<program>; stty -a'` so the terminal state after exit can be read */
  reportStty?: boolean;
  /**
   * run through `sh -c '<program>; echo EXIT=<status>; sleep'`, the terminal kept open after the program until
   * the session is killed: all it wrote is read (a pty can drop what is still unread when its last process ends)
   */
  holdOpen?: boolean;
  /** the program's working directory (where it writes files such as a billing export); default this one */
  cwd?: string;
}

export function start(opts: StartOptions = {}): Session {
  const cols = opts.cols ?? 120;
  const rows = opts.rows ?? 36;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', ...opts.env })) {
    if (v !== undefined && k !== 'CI' && !k.startsWith('VITEST') && k !== 'NODE_ENV') env[k] = v;
  }
  const args = [BIN, ...(opts.args ?? [])];
  const program = `"${NODE}" ${args.map((a) => `'${a}'`).join(' ')}; echo "EXIT=$?"`;
  const pty =
    opts.reportStty || opts.holdOpen
      ? spawn('/bin/sh', ['-c', `${program}; ${opts.holdOpen ? 'exec sleep 600' : 'stty -a'}`], { cols, rows, env, name: 'xterm-256color', cwd: opts.cwd })
      : spawn(NODE, args, { cols, rows, env, name: 'xterm-256color', cwd: opts.cwd });
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  let raw = '';
  let lastData = Date.now();
  let exitInfo: { exitCode: number; signal?: number } | null = null;
  const exitWaiters: Array<(e: { exitCode: number; signal?: number }) => void> = [];
  pty.onData((d) => {
    raw += d;
    lastData = Date.now();
    term.write(d);
  });
  pty.onExit((e) => {
    exitInfo = e;
    for (const w of exitWaiters.splice(0)) w(e);
  });

  const screen = () => {
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < term.rows; i++) lines.push(buf.getLine(buf.viewportY + i)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  // xterm parses asynchronously: flush before reading
  const flush = () => new Promise<void>((r) => term.write('', () => r()));

  const matches = (pattern: RegExp | string) => (s: string) => (typeof pattern === 'string' ? s.includes(pattern) : pattern.test(s));
  const waitUntil = async (test: (s: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await flush();
      const s = screen();
      if (test(s)) return s;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${s}`);
      if (exitInfo) throw new Error(`program exited (${exitInfo.exitCode}) while waiting for ${what}; screen:\n${s}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  const session: Session = {
    pty,
    term,
    raw: () => raw,
    screen,
    waitFor: (pattern, timeoutMs) => waitUntil(matches(pattern), String(pattern), timeoutMs),
    waitForGone: (pattern, timeoutMs) => {
      const test = matches(pattern);
      return waitUntil((s) => !test(s), `${pattern} to go`, timeoutMs);
    },
    waitUntil: (test, what, timeoutMs) => waitUntil(test, what, timeoutMs),
    async idle(quietMs = 150, maxMs = 3000) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && !exitInfo) {
        const quiet = Date.now() - lastData;
        if (quiet >= quietMs) break;
        await new Promise((r) => setTimeout(r, Math.min(quietMs - quiet + 5, deadline - Date.now())));
      }
      await flush();
    },
    async press(...keys) {
      for (const k of keys) {
        pty.write(k);
        await new Promise((r) => setTimeout(r, 30));
      }
    },
    async type(text) {
      pty.write(text);
      await new Promise((r) => setTimeout(r, 30));
    },
    async exit(timeoutMs) {
      const e =
        exitInfo ??
        (await new Promise<{ exitCode: number; signal?: number }>((resolve, reject) => {
          const timer =
            timeoutMs === undefined
              ? undefined
              : setTimeout(() => reject(new Error(`the program did not exit within ${timeoutMs} ms; screen:\n${screen()}`)), timeoutMs);
          exitWaiters.push((x) => {
            if (timer) clearTimeout(timer);
            resolve(x);
          });
        }));
      // the pty can report the exit before the last of the output is read (sh's `EXIT=` line, its stty):
      // what it still has comes within moments, so wait for a quiet spell (at most a second) before reading raw
      const deadline = Date.now() + 1000;
      while (Date.now() - lastData < 150 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      return e;
    },
    resize(c, r) {
      pty.resize(c, r);
      term.resize(c, r);
    },
    programPid() {
      if (!opts.reportStty && !opts.holdOpen) return exitInfo ? undefined : pty.pid;
      return childPids(pty.pid)[0];
    },
    kill() {
      if (exitInfo) return;
      for (const pid of opts.reportStty || opts.holdOpen ? childPids(pty.pid) : []) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      try {
        pty.kill('SIGKILL');
      } catch {
        // already gone
      }
    },
  };
  return session;
}

// --- the emulator, as its own process ------------------------------------------------------------------------

export interface Emulator {
  url: string;
  child: ChildProcess;
  /** kills the emulator's process (SIGKILL); safe to call twice */
  stop(): void;
  /** an admin or service call; throws on a status other than 2xx unless `ok` is false */
  call(method: string, path: string, body?: unknown, opts?: { token?: string; ok?: boolean }): Promise<{ status: number; body: any }>;
  advance(seconds: number): Promise<void>;
  setFaults(faults: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  /** a login token of the demo account, for preparing and checking state behind the dashboard's back */
  token(): Promise<string>;
}

/** `port` 0 (default) takes a free one; `env` is added to the emulator's environment. */
export function startEmulatorProcess(seed: 'demo' | 'empty' = 'demo', opts: { port?: number; env?: Record<string, string> } = {}): Promise<Emulator> {
  const child = spawnChild(NODE, [BIN, 'emulator', '--port', String(opts.port ?? 0), '--clock', 'manual', '--seed', seed], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: opts.env ? { ...process.env, ...opts.env } : undefined,
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the emulator did not start in time: ${out}${err}`));
    }, 15_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/^emulator listening on (http:\/\/\S+)\n/);
      if (!m) return;
      clearTimeout(timer);
      const url = m[1];
      const call: Emulator['call'] = async (method, path, body, opts = {}) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (opts.token) headers.authorization = `Bearer ${opts.token}`;
        const res = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await res.text();
        const parsed = text ? JSON.parse(text) : null;
        if (opts.ok !== false && !res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
        return { status: res.status, body: parsed };
      };
      let token: string | null = null;
      resolve({
        url,
        child,
        stop,
        call,
        advance: async (seconds) => {
          await call('POST', '/__emulator/clock/advance', { seconds });
        },
        setFaults: async (faults) => {
          await call('PUT', '/__emulator/faults', faults);
        },
        clearFaults: async () => {
          await call('DELETE', '/__emulator/faults');
        },
        token: async () => (token ??= (await call('POST', '/ecs/v2/login', { username: 'demo', password: 'demo' })).body.token as string),
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulator exited (${code}) before it was ready: ${err}`));
    });
  });
}

// --- the dashboard logged in to an emulator process ------------------------------------------------------------

interface DashboardOptions extends Omit<StartOptions, 'args'> {
  /** flags after `--api-url URL` (`--read-only`) */
  args?: string[];
}

/**
 * The built dashboard against `emu`, logged in as the demo account from the environment, with profiles and
 * the history of writes in a temporary directory of its own (`npm run screenshots` runs it outside the tests'
 * own home: its writes must not land in the person's `:history`); resolves once the first server row is
 * listed. `cleanups` gets what ends it.
 */
export async function startDashboard(emu: Emulator, cleanups: Array<() => void>, opts: DashboardOptions = {}): Promise<Session> {
  const config = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-'));
  const s = start({
    ...opts,
    args: ['--api-url', emu.url, ...(opts.args ?? [])],
    env: { ECSDECK_CONFIG_DIR: config, XDG_STATE_HOME: join(config, 'state'), ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo', ECSDECK_API_TOKEN: undefined, ECSDECK_PROFILE: undefined, ...opts.env },
  });
  cleanups.push(() => {
    s.kill();
    rmSync(config, { recursive: true, force: true });
  });
  await s.waitFor(/│›ec206901/, 12_000);
  return s;
}
