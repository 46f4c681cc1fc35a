// Drives the built program in a pseudo-terminal and reads the screen through a headless xterm, as a person
// at a real terminal would see it. Ink renders nothing until exit when CI is set, so CI is removed from the
// child's environment.
import { spawn, type IPty } from 'node-pty';
import xterm from '@xterm/headless';
import { join } from 'node:path';

const { Terminal } = xterm;
export const BIN = join(import.meta.dirname, '../../bin/ecsdeck.js');

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
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  exit(): Promise<{ exitCode: number; signal?: number }>;
  resize(cols: number, rows: number): void;
  kill(): void;
}

export interface StartOptions {
  args?: string[];
  cols?: number;
  rows?: number;
  env?: Record<string, string | undefined>;
  /** run through `sh -c '<program>; stty -a'` so the terminal state after exit can be read */
  reportStty?: boolean;
}

export function start(opts: StartOptions = {}): Session {
  const cols = opts.cols ?? 120;
  const rows = opts.rows ?? 36;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', ...opts.env })) {
    if (v !== undefined && k !== 'CI' && !k.startsWith('VITEST') && k !== 'NODE_ENV') env[k] = v;
  }
  const args = [BIN, ...(opts.args ?? [])];
  const pty = opts.reportStty
    ? spawn('/bin/sh', ['-c', `"${process.execPath}" ${args.map((a) => `'${a}'`).join(' ')}; echo "EXIT=$?"; stty -a`], { cols, rows, env, name: 'xterm-256color' })
    : spawn(process.execPath, args, { cols, rows, env, name: 'xterm-256color' });
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  let raw = '';
  let exitInfo: { exitCode: number; signal?: number } | null = null;
  const exitWaiters: Array<(e: { exitCode: number; signal?: number }) => void> = [];
  pty.onData((d) => {
    raw += d;
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

  const session: Session = {
    pty,
    term,
    raw: () => raw,
    screen,
    async waitFor(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const test = (s: string) => (typeof pattern === 'string' ? s.includes(pattern) : pattern.test(s));
      for (;;) {
        await flush();
        const s = screen();
        if (test(s)) return s;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; screen:\n${s}`);
        if (exitInfo) throw new Error(`program exited (${exitInfo.exitCode}) while waiting for ${pattern}; screen:\n${s}`);
        await new Promise((r) => setTimeout(r, 25));
      }
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
    exit() {
      if (exitInfo) return Promise.resolve(exitInfo);
      return new Promise((r) => exitWaiters.push(r));
    },
    resize(c, r) {
      pty.resize(c, r);
      term.resize(c, r);
    },
    kill() {
      if (!exitInfo) pty.kill();
    },
  };
  return session;
}
