// The start-up rehearsal: once the first screen is up, the dashboard plays 144 keys on an unseen copy of
// itself, so that the person's first keys find the code they run already compiled and optimized by V8 rather
// than paying for it (measured in paired runs: the keys' p95 at 10,000 servers 4.2–7.3 ms with it, 6.5–8.8
// without; docs/bench-log.md).
//
// The copy is the same app, drawn by a second Ink instance into a screen no one sees and fed keys from a
// keyboard no one types on, over a copy of the session that sends nothing (session/rehearsal.ts). It stops
// for good at the person's first key, which waits for the rehearsed key being drawn or, in the first tens of
// milliseconds, for the copy's first frame. It runs once per start, and not at all with
// ECSDECK_NO_REHEARSAL=1 (start-plan.ts `rehearsalWanted`).

import { EventEmitter } from 'node:events';
import type { ReactNode } from 'react';
import type { render as inkRender } from 'ink';

/** Cursor moves played before each filter: V8 has optimized a move's code after about sixty. */
const REHEARSED_MOVES = 60;
/** Rounds of moves and filter: the second finds the first's code optimized, and warms what that took. */
const REHEARSED_ROUNDS = 2;

/**
 * What is played, twice: moves down and up within the first screen of rows, then `/`, part of a name on the
 * list (up to five of its letters or digits), as many backspaces and ⏎.
 */
export function rehearsalKeys(name: string | undefined, moves = REHEARSED_MOVES, rounds = REHEARSED_ROUNDS): string[] {
  const typed = [...(name ?? '').toLowerCase()].filter((c) => /^[a-z0-9]$/.test(c)).slice(0, 5);
  if (typed.length === 0) typed.push('e');
  const keys: string[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < moves; i++) keys.push(i % 20 < 10 ? 'j' : 'k');
    // ⏎ closes the emptied filter: a lone esc would be read a moment later (Ink waits to tell it from the
    // start of a sequence), after the check that tells the rehearsal's keys from the person's
    keys.push('/', ...typed, ...typed.map(() => '\u007f'), '\r');
  }
  return keys;
}

/** The screen no one sees: the terminal's size, and frames that go nowhere. */
class UnseenScreen extends EventEmitter {
  readonly isTTY = true;
  frames = 0;
  private drawn: (() => void) | null = null;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (_chunk: unknown): boolean => {
    this.frames += 1;
    this.drawn?.();
    return true;
  };
  /** Resolves at the next frame, or after `ms` when a key changed nothing on screen. */
  nextFrame(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.drawn = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.drawn = done;
    });
  }
}

/** The keyboard no one types on: Ink reads from it as from a terminal in raw mode. */
class UnseenKeys extends EventEmitter {
  readonly isTTY = true;
  private queued: string | null = null;
  setEncoding(): void {}
  setRawMode(): void {}
  ref(): void {}
  unref(): void {}
  resume(): void {}
  pause(): void {}
  read(): string | null {
    const chunk = this.queued;
    this.queued = null;
    return chunk;
  }
  press(key: string): void {
    this.queued = key;
    this.emit('readable');
  }
}

export interface RehearsalOptions {
  render: typeof inkRender;
  /** the app over a session that sends nothing */
  element: ReactNode;
  columns: number;
  rows: number;
  keys: readonly string[];
  /** when the dashboard last read a key (ui/input-clock.ts): the rehearsed keys move it too */
  lastKeyRead(): number;
  /** `lastKeyRead()` when the person's screen was drawn: a key read since then means no rehearsal */
  since?: number;
  /** stops the rehearsal (the dashboard quits, or its session changes) */
  signal?: AbortSignal;
  /** longest wait for a rehearsed key's frame */
  frameMs?: number;
  /**
   * When the person's key stopped it, how the unseen app's teardown is put off (taking down a whole app
   * takes milliseconds that key's frame should not wait for); by default it is taken down at once
   */
  putOff?(teardown: () => void): void;
}

interface RehearsalResult {
  /** keys played */
  played: number;
  /** the person pressed a key, or the signal said stop, before the last one */
  stopped: boolean;
  /** frames the unseen screen received */
  frames: number;
  /** keys the copy's keyboard handling read (each moves `lastKeyRead`) */
  read: number;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function rehearse(o: RehearsalOptions): Promise<RehearsalResult> {
  const screen = new UnseenScreen(o.columns, o.rows);
  const keyboard = new UnseenKeys();
  let mine = o.since ?? o.lastKeyRead();
  const interrupted = () => o.signal?.aborted === true || o.lastKeyRead() !== mine;
  // nothing is drawn, not even the copy's first frame, for a person already typing
  if (interrupted()) return { played: 0, stopped: true, frames: 0, read: 0 };
  let played = 0;
  let read = 0;
  let failed = false;
  const instance = o.render(o.element, {
    stdout: screen as unknown as NodeJS.WriteStream,
    stderr: screen as unknown as NodeJS.WriteStream,
    stdin: keyboard as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 1000,
  });
  instance.waitUntilExit().catch(() => {
    failed = true;
  });
  try {
    await nextTurn();
    for (const key of o.keys) {
      if (failed || interrupted()) break;
      const frame = screen.nextFrame(o.frameMs ?? 50);
      keyboard.press(key);
      if (o.lastKeyRead() !== mine) read += 1;
      mine = o.lastKeyRead();
      played += 1;
      await frame;
      // the person's key, read meanwhile, is handled before the next rehearsed one
      await nextTurn();
    }
  } finally {
    const personFirst = played < o.keys.length && o.signal?.aborted !== true && !failed;
    if (personFirst && o.putOff) o.putOff(() => instance.unmount());
    else instance.unmount();
  }
  return { played, stopped: played < o.keys.length, frames: screen.frames, read };
}
