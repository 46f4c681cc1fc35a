// The terminal given back and taken again: a suspend (Ctrl+Z, SIGTSTP) leaves raw mode and the alternate
// screen before stopping, SIGCONT takes both again and asks for a whole frame; every terminating signal is
// caught so the screen is restored first. The pty tests (test/e2e/process.e2e.test.ts) do it for real.
import { EventEmitter } from 'node:events';
import { afterEach, expect, it } from 'vitest';
import { FATAL_SIGNALS, enterFullScreen, fatalLine, installCrashHandlers, type TerminalSession } from '../../src/boot/terminal.js';
import { visibleControls } from '../../src/ui/controls.js';
import { safe } from '../../src/ui/text.js';

function fakeTty() {
  const events: string[] = [];
  const stdout = Object.assign(new EventEmitter(), {
    isTTY: true,
    write: (s: string) => (events.push(`write ${JSON.stringify(s)}`), true),
  }) as unknown as NodeJS.WriteStream & { ecsdeckScreen?: number };
  stdout.on('resize', () => events.push('resize'));
  const tty = { isTTY: true, isRaw: false, setRawMode: (_on: boolean) => void 0 as unknown };
  tty.setRawMode = (on: boolean) => {
    events.push(`raw ${on}`);
    tty.isRaw = on;
    return tty;
  };
  const stdin = tty as unknown as NodeJS.ReadStream;
  return { stdout, stdin, events };
}

let session: TerminalSession | undefined;
afterEach(() => {
  session?.restore();
  session = undefined;
});

it('suspend gives the terminal back before stopping; SIGCONT takes it again and asks for a whole frame', () => {
  const { stdout, stdin, events } = fakeTty();
  const stops: boolean[] = [];
  session = enterFullScreen(stdout, stdin, { stop: (group) => void stops.push(group) });
  expect(events).toEqual(['raw true', 'write "\\u001b[?1049h\\u001b[H\\u001b[?2004h"']);
  events.length = 0;

  session.suspend();
  expect(events).toEqual(['raw false', 'write "\\u001b[?2004l\\u001b[?1049l\\u001b[?25h"']);
  // Ctrl+Z stops the whole process group, as the terminal's own would
  expect(stops).toEqual([true]);
  events.length = 0;

  process.emit('SIGCONT');
  expect(events).toEqual(['raw false', 'raw true', 'write "\\u001b[?1049h\\u001b[H\\u001b[?2004h\\u001b[?25l"', 'resize']);
  expect(stdout.ecsdeckScreen).toBe(1);

  // a SIGTSTP from elsewhere stops this process only
  process.emit('SIGTSTP');
  expect(stops).toEqual([true, false]);
  process.emit('SIGCONT');
  expect(stdout.ecsdeckScreen).toBe(2);
});

it("while stopped nothing else is drawn on the shell's screen: a frame due then is dropped (takeback draws it whole)", async () => {
  const { stdout, stdin, events } = fakeTty();
  session = enterFullScreen(stdout, stdin, { stop: () => {} });
  stdout.write('frame 1');
  session.suspend();
  events.length = 0;
  // a timer that fell due while stopped runs before SIGCONT's handler: its frame must not reach the shell
  let told = false;
  expect(stdout.write('frame 2', () => (told = true))).toBe(true);
  await new Promise((r) => process.nextTick(r));
  expect(told).toBe(true);
  expect(events).toEqual([]);
  process.emit('SIGCONT');
  expect(events).toEqual(['raw false', 'raw true', 'write "\\u001b[?1049h\\u001b[H\\u001b[?2004h\\u001b[?25l"', 'resize']);
  stdout.write('frame 3');
  expect(events.at(-1)).toBe('write "frame 3"');
  // given back for good: the stream's own write again
  const guarded = stdout.write;
  session.restore();
  expect(stdout.write).not.toBe(guarded);
  stdout.write('after');
  expect(events.at(-1)).toBe('write "after"');
});

it('after the final restore, neither a suspend nor a SIGCONT takes the terminal again', () => {
  const { stdout, stdin, events } = fakeTty();
  const stops: boolean[] = [];
  session = enterFullScreen(stdout, stdin, { stop: (group) => void stops.push(group) });
  session.restore();
  events.length = 0;
  session.suspend();
  process.emit('SIGCONT');
  expect(events).toEqual([]);
  expect(stops).toEqual([]);
});

it('every terminating signal is caught (so the screen is restored before the end)', () => {
  const before = new Map(FATAL_SIGNALS.map((s) => [s, process.listenerCount(s)]));
  const added = new Map<string, Array<(...a: unknown[]) => void>>();
  const fake: TerminalSession = { restore() {}, suspend() {} };
  installCrashHandlers(fake);
  try {
    for (const s of ['SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGALRM'] as const) expect(FATAL_SIGNALS).toContain(s);
    for (const s of FATAL_SIGNALS) {
      expect(process.listenerCount(s), s).toBe(before.get(s)! + 1);
      added.set(s, process.listeners(s).slice(before.get(s)) as Array<(...a: unknown[]) => void>);
    }
  } finally {
    for (const [s, ls] of added) for (const l of ls) process.removeListener(s, l);
    for (const l of process.listeners('uncaughtException').slice(-1)) process.removeListener('uncaughtException', l);
    for (const l of process.listeners('unhandledRejection').slice(-1)) process.removeListener('unhandledRejection', l);
  }
});

// An error's text can carry the command line's words or the service's: `ecsdeck $'\e]0;pwned\a'` printed the
// escape as it came, and the terminal took a new title from it.
it('the one line an error ends in shows control characters, never sends them', () => {
  const hostile = new Error("unexpected argument 'x\u001b]0;pwned\u0007\u009b31my\u202ez'\nsecond line");
  // the entry point's: controls made visible, as the sanitizer's first step draws them
  expect(fatalLine(hostile)).toBe("ecsdeck: unexpected argument 'x␛]0;pwned␇\uFFFD31my\u202ez'");
  // the dashboard's: the whole sanitizer (the right-to-left override, which reorders what is shown, goes too)
  expect(fatalLine(hostile, safe)).toBe("ecsdeck: unexpected argument 'x␛]0;pwned␇\uFFFD31myz'");
  expect(visibleControls('a\tb\u007f')).toBe('a b␡');
});
