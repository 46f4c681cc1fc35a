// The tracker's snapshot as React state. Only the components that draw actions subscribe (the panel, the
// header's count), so a progress tick redraws two lines, not the screen with its table.

import { useCallback, useSyncExternalStore } from 'react';
import type { ActionRow } from '../components/Frame.js';
import type { ActionTracker, TrackedAction, TrackerSnapshot } from '../../watch/tracker.js';
import type { ResourceCache } from '../../session/cache.js';

const EMPTY: TrackerSnapshot = { inFlight: [], finished: [], history: [], error: null };

/**
 * Calls `onChange` once per burst: the tracker reports each action of a poll (and each of a start-up ingest)
 * separately, and outside React's batching every report would be a render of its own.
 */
export function coalesced(onChange: () => void): { notify(): void; cancel(): void } {
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

export function useTrackerSnapshot(tracker: ActionTracker | null | undefined): TrackerSnapshot {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!tracker) return () => {};
      const c = coalesced(onChange);
      const off = tracker.subscribe(c.notify);
      return () => {
        c.cancel();
        off();
      };
    },
    [tracker],
  );
  const get = useCallback(() => (tracker ? tracker.snapshot() : EMPTY), [tracker]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * Panel rows, most recent event first: an action just started or just finished is on top, so the one the
 * user is waiting for is never hidden behind `+N more` by older ones still running.
 */
export function actionRows(s: TrackerSnapshot): ActionRow[] {
  const row = (a: TrackedAction, state: ActionRow['state']): ActionRow => ({
    id: a.id,
    type: a.type,
    resource: a.resource,
    percent: state === 'done' ? 100 : a.progress,
    state,
    etaSeconds: a.etaSeconds,
    error: a.failure ?? undefined,
  });
  const recent = (a: TrackedAction) => a.finishedAt ?? a.firstSeenAt;
  return [...s.inFlight, ...s.finished]
    .sort((a, b) => recent(b) - recent(a) || b.id - a.id)
    .map((a) => row(a, a.finishedAt === null ? 'running' : a.status === 'failed' ? 'failed' : 'done'));
}

/**
 * The action panel's rows: `actionRows`, and every failed action the user has not dismissed yet (`X`),
 * however long ago it failed: a failure stays on screen, in red, until someone has seen it.
 */
export function panelRows(s: TrackerSnapshot, dismissed: ReadonlySet<number>): ActionRow[] {
  const rows = actionRows(s).filter((r) => r.state !== 'failed' || !dismissed.has(Number(r.id)));
  const shown = new Set(rows.map((r) => r.id));
  for (const a of s.history) {
    if (a.status !== 'failed' || dismissed.has(a.id) || shown.has(a.id)) continue;
    rows.push({ id: a.id, type: a.type, resource: a.resource, percent: a.progress, state: 'failed', etaSeconds: null, error: a.failure ?? undefined });
  }
  return rows;
}

/** A cached list (or undefined until loaded) that re-renders its reader when it changes. */
export function useCached<T>(cache: ResourceCache | null | undefined, key: string): T | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!cache) return () => {};
      const c = coalesced(onChange);
      const off = cache.subscribe(key, c.notify);
      return () => {
        c.cancel();
        off();
      };
    },
    [cache, key],
  );
  const get = useCallback(() => cache?.get<T>(key)?.data, [cache, key]);
  return useSyncExternalStore(subscribe, get, get);
}
