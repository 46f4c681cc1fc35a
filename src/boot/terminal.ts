// Gives the terminal back exactly as it was, however the dashboard ends: quit, Ctrl+C, any terminating signal
// (SIGTERM, SIGHUP, SIGQUIT, SIGUSR2, SIGALRM, ...), or a crash. The dashboard runs in the alternate screen;
// leaving it restores the user's scrollback untouched.
//
// Job control: Ctrl+Z (in raw mode the terminal sends the byte 0x1a instead of a signal) and a SIGTSTP from
// elsewhere give the terminal back (main screen, cursor shown, raw mode off) and stop the process as the
// terminal itself would; `fg` (SIGCONT) takes it again (raw mode, alternate screen) and draws the frame whole.
import { constants } from 'node:os';
import { ALT_ON, HAND_OVER, HIDE_CURSOR, PASTE_ON } from '../ui/terminal-modes.js';
import { visibleControls } from '../ui/controls.js';

// the screen taken: the alternate screen, the cursor home, pastes marked; given back as it is to ssh and the
// editor (HAND_OVER: pastes unmarked, the main screen, the cursor shown; ui/terminal-modes.ts)
const ENTER_ALT = ALT_ON + '\u001b[H' + PASTE_ON;

/**
 * Signals whose default action ends the process. Each is caught so that the terminal is given back first
 * (Ink's own exit hook, signal-exit, restores only the cursor and lets the signal end the process before
 * the 'exit' event). SIGINT is the dashboard's own (quit); SIGUSR1 is Node's inspector and SIGPROF its
 * profiler's; SIGPIPE is ignored by Node; SIGKILL and SIGSTOP cannot be caught.
 */
export const FATAL_SIGNALS = [
  'SIGTERM',
  'SIGHUP',
  'SIGQUIT',
  'SIGUSR2',
  'SIGALRM',
  'SIGVTALRM',
  'SIGXCPU',
  'SIGXFSZ',
  'SIGTRAP',
  'SIGSYS',
  'SIGABRT',
  'SIGIO',
  'SIGPWR',
  'SIGSTKFLT',
] as const;

export interface TerminalSession {
  /** restore the terminal; safe to call more than once */
  restore(): void;
  /**
   * Job control's stop: the terminal is given back and the process (`group`: with its process group, as the
   * terminal's Ctrl+Z does) stopped; when continued, the terminal is taken again and the frame drawn whole.
   */
  suspend(group?: boolean): void;
}

interface FullScreenOptions {
  /** how the process stops itself (tests replace it); default `process.kill(pid, 'SIGTSTP')` */
  stop?: (group: boolean) => void;
}

export function enterFullScreen(stdout: NodeJS.WriteStream & { ecsdeckScreen?: number }, stdin: NodeJS.ReadStream, opts: FullScreenOptions = {}): TerminalSession {
  let active = stdout.isTTY === true;
  const setRaw = (on: boolean) => {
    if (!stdin.isTTY) return;
    try {
      stdin.setRawMode(on);
    } catch {
      // not a terminal after all (or closed): Ink reports what it cannot do
    }
  };
  // Raw mode from the moment the screen is ours, not only once Ink's input hook mounts after the first frame:
  // in between, the terminal would echo keys over the frame and turn Ctrl+C into a SIGINT for the whole
  // process group (the user's `sh -c`, a script's wrapper) instead of a key the app reads when it is ready.
  setRaw(true);
  let restored = false;
  let suspended = false;
  // While the terminal is the shell's (stopped, and from `fg` until SIGCONT's handler takes it back), nothing
  // else is drawn on it: a timer that fell due while the process was stopped runs before that handler, and
  // its frame landed on the shell's screen, left there under the prompt after quitting. Takeback draws the
  // frame whole anyway. The screen's own modes are written past this guard.
  const ownWrite = Object.hasOwn(stdout, 'write');
  const write = stdout.write.bind(stdout);
  const own = (text: string) => write(text);
  const guarded = (...args: unknown[]): boolean => {
    if (!suspended) return Reflect.apply(write, stdout, args) as boolean;
    const done = args.find((a): a is () => void => typeof a === 'function');
    if (done) process.nextTick(done);
    return true;
  };
  stdout.write = guarded;
  if (active) own(ENTER_ALT);
  const restore = () => {
    if (restored) return;
    restored = true;
    process.removeListener('SIGTSTP', onStopSignal);
    process.removeListener('SIGCONT', onContinue);
    if (ownWrite) stdout.write = write;
    else delete (stdout as { write?: unknown }).write;
    if (suspended) return;
    try {
      if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
    } catch {
      // stdin already closed: nothing to restore there
    }
    if (active) own(HAND_OVER);
    active = false;
  };

  /** Back from a stop: raw mode again (the shell set its own modes meanwhile), the alternate screen, a whole frame. */
  const takeBack = () => {
    if (!suspended || restored) return;
    suspended = false;
    // off then on: Node (libuv) skips a mode it believes is set, and the shell changed it behind its back
    setRaw(false);
    setRaw(true);
    if (stdout.isTTY) {
      own(ENTER_ALT + HIDE_CURSOR);
      active = true;
    }
    // the screen is no longer what Ink drew (see scripts/patches.mjs): the next frame is drawn whole, now
    stdout.ecsdeckScreen = (stdout.ecsdeckScreen ?? 0) + 1;
    stdout.emit('resize');
  };

  const stop =
    opts.stop ??
    ((group: boolean) => {
      // our handler off, so that the signal does what it does by default: stop (0: the whole process group)
      process.removeListener('SIGTSTP', onStopSignal);
      try {
        process.kill(group ? 0 : process.pid, 'SIGTSTP');
      } finally {
        if (!restored) process.on('SIGTSTP', onStopSignal);
      }
    });

  const suspend = (group = true) => {
    if (restored || suspended) return;
    suspended = true;
    setRaw(false);
    if (active) own(HAND_OVER);
    active = false;
    stop(group);
    // Continued: SIGCONT takes the terminal back. A stop the system discarded (a process group no shell
    // controls: nobody could ever continue it) never brings one, so a moment later it is taken back anyway.
    // Timers do not run while stopped: after a real stop this fires only after `fg`.
    setTimeout(takeBack, 200).unref();
  };

  // a SIGTSTP from elsewhere (`kill -TSTP`) stops this process only, as it was addressed
  function onStopSignal(): void {
    suspend(false);
  }
  function onContinue(): void {
    takeBack();
  }
  if (stdin.isTTY || stdout.isTTY) {
    process.on('SIGTSTP', onStopSignal);
    process.on('SIGCONT', onContinue);
  }
  process.once('exit', restore);
  return { restore, suspend };
}

/**
 * One line for the user, never a stack trace over a broken screen: `ecsdeck: ` and the error's first line,
 * drawn through `clean`. An error can carry the service's words or the command line's (`ecsdeck $'\e]0;x\a'`),
 * which must not reach the terminal as escapes: the dashboard passes the one sanitizer; the entry point, which
 * does not load it, its first step (controls made visible). Secrets are scrubbed by the caller's errors.
 */
export function fatalLine(err: unknown, clean: (text: string) => string = visibleControls): string {
  const message = err instanceof Error ? err.message : String(err);
  const firstLine = message.split('\n')[0].trim() || 'unexpected error';
  return `ecsdeck: ${clean(firstLine)}`;
}

/** Restores the terminal and exits non-zero with one line on any uncaught error or terminating signal. */
export function installCrashHandlers(session: TerminalSession, onCleanup: () => void = () => {}, clean: (text: string) => string = visibleControls): void {
  const die = (err: unknown) => {
    onCleanup();
    session.restore();
    process.stderr.write(`${fatalLine(err, clean)}\n`);
    if (process.env.ECSDECK_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', die);
  process.on('unhandledRejection', die);
  const signals = constants.signals as Record<string, number | undefined>;
  for (const signal of FATAL_SIGNALS) {
    const number = signals[signal];
    // a signal this platform does not have (SIGSTKFLT, SIGPWR outside Linux)
    if (number === undefined) continue;
    try {
      process.once(signal, () => {
        onCleanup();
        session.restore();
        // as a shell reports a death by signal: 128 + its number
        process.exit(128 + number);
      });
    } catch {
      // a signal Node will not let a script catch here
    }
  }
}
