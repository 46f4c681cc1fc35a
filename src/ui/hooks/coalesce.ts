// Background news (the watcher's snapshots, a bulk action's answers) drawn at most once per frame interval:
// the first change of a quiet spell is drawn at once (in a microtask, after whatever else the same task
// changed), and the changes that follow it within BACKGROUND_FRAME_MS are drawn together at its end. A bulk
// action answered about a hundred times a second drew a hundred frames a second, and a key pressed meanwhile
// waited behind them; keys themselves never wait on this.

/** At most this many background frames a second: 25, more than a progress bar needs. */
const BACKGROUND_FRAME_MS = 40;

export function coalesced(onChange: () => void, intervalMs = BACKGROUND_FRAME_MS): { notify(): void; cancel(): void } {
  let queued = false;
  let cancelled = false;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    queued = false;
    timer = null;
    if (cancelled) return;
    last = performance.now();
    onChange();
  };
  return {
    notify() {
      if (queued || cancelled) return;
      queued = true;
      const wait = last + intervalMs - performance.now();
      if (wait <= 0) queueMicrotask(fire);
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      cancelled = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
