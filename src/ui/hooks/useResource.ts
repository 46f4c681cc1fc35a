// One list (or record) from the service, kept fresh: loaded at once, again every `intervalMs` (counted from
// each load's start, so a slow service does not stretch the period by its own slowness) while the screen is
// shown, and whenever `refresh()` is asked (a key, a finished action). Two loads never overlap: a load that
// outlasts the period is followed by the next one at once, and a refresh asked while one runs is folded into
// a single follow-up load. While the service fails, the interval
// backs off and the last good data stays on screen; the error goes to the status line, not over the rows.
//
// The state changes are a pure reducer (`resourceReducer`), the timing a pure function (`nextDelay`), so
// both are tested without React or timers.

import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ResourceCache } from '../../session/cache.js';

interface ResourceState<T> {
  data: T | undefined;
  /** the last load failed: the message as the service (or the network) gave it */
  error: string | null;
  /** the first load is under way (later refreshes happen behind the rows shown) */
  loading: boolean;
  /** loads failed in a row */
  failures: number;
  /** wall-clock ms of the last load that changed something */
  at: number | null;
}

type ResourceEvent<T> =
  | { type: 'start' }
  | { type: 'success'; data: T; at: number }
  | { type: 'failure'; error: string }
  | { type: 'reset'; data: T | undefined };

export function initialResourceState<T>(data?: T): ResourceState<T> {
  return { data, error: null, loading: data === undefined, failures: 0, at: null };
}

export function resourceReducer<T>(state: ResourceState<T>, event: ResourceEvent<T>): ResourceState<T> {
  switch (event.type) {
    case 'start':
      // A refresh behind rows already shown changes nothing on screen: no render for it. Every render costs
      // a whole frame, and one every few seconds is what an idle dashboard would otherwise spend its CPU on.
      return state.loading || state.data !== undefined ? state : { ...state, loading: true };
    case 'success': {
      const same = sameData(state.data, event.data);
      if (same && state.error === null && !state.loading && state.failures === 0) return state;
      // the same rows as before keep their identity, so the table's sort and filter memo is not redone
      return { data: same ? state.data : event.data, error: null, loading: false, failures: 0, at: event.at };
    }
    case 'failure':
      return { ...state, error: event.error, loading: false, failures: state.failures + 1 };
    case 'reset':
      return initialResourceState(event.data);
  }
}

/** Delay before the next load: the interval, doubled per failure in a row, capped. */
export function nextDelay(intervalMs: number, failures: number, maxMs = 60_000): number {
  if (failures <= 0) return intervalMs;
  return Math.min(Math.max(maxMs, intervalMs), intervalMs * 2 ** Math.min(failures, 16));
}

/**
 * Whether two loads brought the same thing (structurally); a refresh that changed nothing changes nothing.
 * Walks the values instead of serialising them: ten thousand servers compared every few seconds must not
 * build two fifteen-megabyte strings each time.
 */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (depth > 32) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], bb[i], depth + 1)) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  if (ka.length !== Object.keys(rb).length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(rb, k) || !sameData(ra[k], rb[k], depth + 1)) return false;
  return true;
}

/**
 * The period between loads' starts: the asked interval, stretched for a list that costs much to load. By the
 * CPU its last load cost this machine, so a huge estate is not reloaded back to back (a list that takes
 * 400 ms of CPU comes every 8 s, not every 5 s); only CPU counts: time spent waiting on a slow service costs
 * nothing here, and stretching for it made a 1.6 s latency turn a 5 s refresh into a 32 s one. And, when the
 * caller says so (`perRowMs`), by the rows it holds: 10,000 servers are 6 MB sent by the service every time,
 * and at 5 ms a row they come every 50 s instead of every 5 (a list of up to 1,000 rows keeps its 5 s).
 */
export function refreshInterval(intervalMs: number, lastLoadCpuMs: number, rows = 0, perRowMs = 0): number {
  return Math.max(intervalMs, Math.round(lastLoadCpuMs * 20), Math.round(rows * perRowMs));
}

/** How long from `now` until the next load: `periodMs` after the last one started, at once if that is past. */
function delayFromStart(periodMs: number, startedAt: number, now: number): number {
  return Math.max(0, startedAt + periodMs - now);
}

/** CPU time of this process (every thread, the embedded emulator's too) in ms. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

const isAbortError = (err: unknown): boolean => err instanceof Error && (err.name === 'AbortError' || err.name === 'CanceledError');

interface UseResourceOptions {
  /** reload every so often while mounted; 0 or absent: only on demand */
  intervalMs?: number;
  /** stretch that period by this much per row the last load brought (see refreshInterval) */
  perRowMs?: number;
  maxBackoffMs?: number;
  /** false: load nothing and run no timer */
  enabled?: boolean;
  /** where the last data is kept across remounts, and where a start-up prefetch waits */
  cache?: ResourceCache;
  cacheKey?: string;
  /** start over (new data) when any of these change, e.g. the server a detail view shows */
  deps?: readonly unknown[];
  onError?(message: string): void;
  onSuccess?(): void;
}

export interface Resource<T> extends ResourceState<T> {
  refresh(): void;
}

export function useResource<T>(loader: (signal: AbortSignal) => Promise<T>, options: UseResourceOptions = {}): Resource<T> {
  const { cache, cacheKey, intervalMs = 0, perRowMs = 0, maxBackoffMs = 60_000, enabled = true } = options;
  const [state, dispatch] = useReducer(
    resourceReducer<T>,
    undefined,
    () => initialResourceState<T>(cache && cacheKey ? cache.get<T>(cacheKey)?.data : undefined),
  );

  const latest = useRef({ loader, options, state });
  latest.current = { loader, options, state };

  // One run at a time per mount; `run` is replaced on every (re)start so a stale load cannot touch new state.
  const control = useRef<{ run: () => void }>({ run: () => {} });

  const depsKey = options.deps ?? [];
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let inFlight = false;
    let again = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let abort: AbortController | null = null;
    let lastData: T | undefined = cache && cacheKey ? cache.get<T>(cacheKey)?.data : undefined;

    let lastLoadCpuMs = 0;
    let lastStartedAt = Date.now();
    const schedule = () => {
      if (cancelled || intervalMs <= 0) return;
      if (timer !== null) clearTimeout(timer);
      const rows = Array.isArray(lastData) ? lastData.length : 0;
      const period = nextDelay(refreshInterval(intervalMs, lastLoadCpuMs, rows, perRowMs), failures, maxBackoffMs);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, delayFromStart(period, lastStartedAt, Date.now()));
      timer.unref?.();
    };

    const settle = (promise: Promise<T>) => {
      inFlight = true;
      lastStartedAt = Date.now();
      const startedCpu = cpuMs();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      dispatch({ type: 'start' });
      promise.then(
        (data) => {
          if (cancelled) return;
          failures = 0;
          lastLoadCpuMs = cpuMs() - startedCpu;
          const kept = sameData(lastData, data) ? (lastData as T) : data;
          lastData = kept;
          if (cache && cacheKey) cache.set(cacheKey, kept);
          dispatch({ type: 'success', data: kept, at: Date.now() });
          latest.current.options.onSuccess?.();
        },
        (err: unknown) => {
          if (cancelled || isAbortError(err)) return;
          failures += 1;
          const message = errorText(err);
          dispatch({ type: 'failure', error: message });
          latest.current.options.onError?.(message);
        },
      ).finally(() => {
        inFlight = false;
        abort = null;
        if (cancelled) return;
        if (again) {
          again = false;
          run();
        } else {
          schedule();
        }
      });
    };

    const run = () => {
      if (cancelled) return;
      if (inFlight) {
        again = true;
        return;
      }
      abort = new AbortController();
      let promise: Promise<T>;
      try {
        promise = latest.current.loader(abort.signal);
      } catch (err) {
        promise = Promise.reject(err);
      }
      settle(promise);
    };

    control.current = { run };
    const pending = cache && cacheKey ? cache.get<T>(cacheKey)?.pending : undefined;
    if (pending) settle(pending);
    else run();

    return () => {
      cancelled = true;
      abort?.abort();
      if (timer !== null) clearTimeout(timer);
      control.current = { run: () => {} };
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` are spread in: the linter cannot see a list it is given
  }, [enabled, intervalMs, perRowMs, maxBackoffMs, cache, cacheKey, ...depsKey]);

  const refresh = useCallback(() => control.current.run(), []);
  return { ...state, refresh };
}
