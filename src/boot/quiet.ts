// Work that may hold the thread for tens of milliseconds (writing the code cache) waits for a pause in the
// typing, so it never lands between a key and its frame.

/**
 * Calls `fn` once, `afterMs` from now or later: at the first moment when no input has been read for
 * `quietMs` (`lastInput` gives the time of the latest read, on `now`'s clock). Returns a cancel.
 */
export function whenQuiet(fn: () => void, opts: { afterMs: number; quietMs: number; lastInput: () => number; now?: () => number }): () => void {
  const now = opts.now ?? (() => performance.now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    const quietFor = now() - opts.lastInput();
    if (quietFor >= opts.quietMs) {
      timer = undefined;
      fn();
      return;
    }
    timer = setTimeout(check, opts.quietMs - quietFor);
    timer.unref?.();
  };
  timer = setTimeout(check, opts.afterMs);
  timer.unref?.();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
