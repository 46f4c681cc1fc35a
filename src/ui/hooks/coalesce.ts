// Background news (the watcher's snapshots, a bulk action's answers) drawn as it comes, unless it floods: a
// bulk action answered about a hundred times a second drew a hundred frames a second, and a key pressed
// meanwhile waited behind them. News is drawn in a microtask (after whatever else the same task changed);
// once FLOOD news frames came within FLOOD_WINDOW_MS, the next waits until BACKGROUND_FRAME_MS after the last
// one, so a flood is drawn at most 25 times a second. Keys never wait on this.
//
// Every subscriber with the same interval shares one schedule, so what one piece of news changes in several
// places (the panel's line, the header's count of failures) is drawn in the same frame.

/** While news floods, at most one frame of it per this many ms: 25 a second, more than a progress bar needs. */
const BACKGROUND_FRAME_MS = 40;
/** News frames this close together make a flood. */
const FLOOD = 5;
const FLOOD_WINDOW_MS = 200;

interface Hub {
  pending: Set<() => void>;
  queued: boolean;
  /** when the last FLOOD frames of news were drawn, oldest first */
  fired: number[];
}
const hubs = new Map<number, Hub>();

export function coalesced(onChange: () => void, intervalMs = BACKGROUND_FRAME_MS): { notify(): void; cancel(): void } {
  let hub = hubs.get(intervalMs);
  if (!hub) hubs.set(intervalMs, (hub = { pending: new Set(), queued: false, fired: [] }));
  const h = hub;
  const fire = () => {
    h.queued = false;
    h.fired.push(performance.now());
    if (h.fired.length > FLOOD) h.fired.shift();
    const due = [...h.pending];
    h.pending.clear();
    for (const call of due) call();
  };
  let cancelled = false;
  const call = () => {
    if (!cancelled) onChange();
  };
  return {
    notify() {
      if (cancelled) return;
      h.pending.add(call);
      if (h.queued) return;
      h.queued = true;
      const now = performance.now();
      const flooding = h.fired.length === FLOOD && now - h.fired[0] < FLOOD_WINDOW_MS;
      // never longer than one interval, whatever the clock did meanwhile (a test's fake clock)
      const wait = flooding ? Math.min(intervalMs, h.fired[FLOOD - 1] + intervalMs - now) : 0;
      if (wait <= 0) queueMicrotask(fire);
      else setTimeout(fire, wait);
    },
    cancel() {
      cancelled = true;
      h.pending.delete(call);
    },
  };
}

/**
 * Calls `onChange` once per burst of one turn, in a microtask: for news that never floods (a list's cache,
 * refreshed every few seconds), so every part of the screen that reads it is drawn in the same frame.
 */
export function inMicrotask(onChange: () => void): { notify(): void; cancel(): void } {
  let queued = false;
  let cancelled = false;
  return {
    notify() {
      if (queued || cancelled) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        if (!cancelled) onChange();
      });
    },
    cancel() {
      cancelled = true;
    },
  };
}
