// Gives the terminal back exactly as it was, however the dashboard ends: quit, Ctrl+C, SIGTERM, or a crash.
// The dashboard runs in the alternate screen; leaving it restores the user's scrollback untouched.

const ENTER_ALT = '\u001b[?1049h\u001b[H';
const LEAVE_ALT = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

export interface TerminalSession {
  /** restore the terminal; safe to call more than once */
  restore(): void;
}

export function enterFullScreen(stdout: NodeJS.WriteStream, stdin: NodeJS.ReadStream): TerminalSession {
  let active = stdout.isTTY === true;
  // Raw mode from the moment the screen is ours, not only once Ink's input hook mounts after the first frame:
  // in between, the terminal would echo keys over the frame and turn Ctrl+C into a SIGINT for the whole
  // process group (the user's `sh -c`, a script's wrapper) instead of a key the app reads when it is ready.
  if (stdin.isTTY) {
    try {
      stdin.setRawMode(true);
    } catch {
      // not a terminal after all: Ink reports what it cannot do
    }
  }
  if (active) stdout.write(ENTER_ALT);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
    } catch {
      // stdin already closed: nothing to restore there
    }
    if (active) stdout.write(SHOW_CURSOR + LEAVE_ALT);
    active = false;
  };
  process.once('exit', restore);
  return { restore };
}

/** One line for the user, never a stack trace over a broken screen. Secrets are scrubbed by the caller's errors. */
export function fatalLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const firstLine = message.split('\n')[0].trim() || 'unexpected error';
  return `ecsdeck: ${firstLine}`;
}

/** Restores the terminal and exits non-zero with one line on any uncaught error or terminating signal. */
export function installCrashHandlers(session: TerminalSession, onCleanup: () => void = () => {}): void {
  const die = (err: unknown) => {
    onCleanup();
    session.restore();
    process.stderr.write(`${fatalLine(err)}\n`);
    if (process.env.ECSDECK_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', die);
  process.on('unhandledRejection', die);
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      onCleanup();
      session.restore();
      process.exit(signal === 'SIGTERM' ? 143 : 129);
    });
  }
}
