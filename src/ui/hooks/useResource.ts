// One list (or record) from the service, kept fresh: loaded at once, again every `intervalMs` while the
// screen is shown, and whenever `refresh()` is asked (a key, a finished action). Two loads never overlap: a
// refresh asked while one runs is folded into a single follow-up load. While the service fails, the interval
// backs off and the last good data stays on screen; the error goes to the status line, not over the rows.
//
// The state changes are a pure reducer (`resourceReducer`), the timing a pure function (`nextDelay`), so
// both are tested without React or timers.

import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ResourceCache } from './cache.js';

export interface ResourceState<T> {
  data: T | undefined;
  /** the last load failed: the message as the service (or the network) gave it */
  error: string | null;
  /** a load is under way */
  loading: boolean;
  /** loads failed in a row */
  failures: number;
  /** wall-clock ms of the last successful load */
  at: number | null;
}

export type ResourceEvent<T> =
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
      return state.loading ? state : { ...state, loading: true };
    case 'success':
      // the same rows as before keep their identity, so the table's sort and filter memo is not redone
      return { data: sameData(state.data, event.data) ? state.data : event.data, error: null, loading: false, failures: 0, at: event.at };
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

/** Whether two loads brought the same thing (structurally); a refresh that changed nothing changes nothing. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

const isAbortError = (err: unknown): boolean => err instanceof Error && (err.name === 'AbortError' || err.name === 'CanceledError');

export interface UseResourceOptions {
  /** reload every so often while mounted; 0 or absent: only on demand */
  intervalMs?: number;
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
  const { cache, cacheKey, intervalMs = 0, maxBackoffMs = 60_000, enabled = true } = options;
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

    const schedule = () => {
      if (cancelled || intervalMs <= 0) return;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, nextDelay(intervalMs, failures, maxBackoffMs));
      timer.unref?.();
    };

    const settle = (promise: Promise<T>) => {
      inFlight = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      dispatch({ type: 'start' });
      promise.then(
        (data) => {
          if (cancelled) return;
          failures = 0;
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, intervalMs, maxBackoffMs, cache, cacheKey, ...depsKey]);

  const refresh = useCallback(() => control.current.run(), []);
  return { ...state, refresh };
}
