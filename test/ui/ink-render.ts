// Ink on fake streams for tests, as ink-testing-library's `render`, except that the terminal is as wide as
// the test says. ink-testing-library's stdout is always 100 columns, so a test of the app at 140 or 200 saw
// a frame no terminal shows: the app laid out at its width inside an Ink root of 100 (the header whole, the
// body's border at column 100). Here `columns` is the app's width.

import { EventEmitter } from 'node:events';
import type { ReactElement } from 'react';
import { render as inkRender } from 'ink';

class FakeStdout extends EventEmitter {
  readonly frames: string[] = [];
  private last: string | undefined;
  constructor(public columns: number) {
    super();
  }
  write = (frame: string): boolean => {
    this.frames.push(frame);
    this.last = frame;
    return true;
  };
  lastFrame = (): string | undefined => this.last;
}

class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

interface Rendered {
  rerender(tree: ReactElement): void;
  /** the terminal made `columns` wide (a test that changes the app's width changes the terminal's with it) */
  resize(columns: number): void;
  unmount(): void;
  /** forgets the instance Ink keeps for its stdout, after `unmount` */
  cleanup(): void;
  stdin: FakeStdin;
  frames: string[];
  lastFrame(): string | undefined;
}

/** `tree` drawn by Ink into a terminal `columns` wide (debug mode: each frame whole, as ink-testing-library). */
export function renderAt(tree: ReactElement, columns: number): Rendered {
  const stdout = new FakeStdout(columns);
  const stderr = new FakeStdout(columns);
  const stdin = new FakeStdin();
  const instance = inkRender(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const resize = (columns: number): void => {
    stdout.columns = columns;
    stdout.emit('resize');
  };
  return { rerender: instance.rerender, resize, unmount: instance.unmount, cleanup: instance.cleanup, stdin, frames: stdout.frames, lastFrame: stdout.lastFrame };
}
