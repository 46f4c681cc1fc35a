// The tracker's snapshot as React state. Only the components that draw actions subscribe (the panel, the
// header's count), so a progress tick redraws two lines, not the screen with its table.

import { useCallback, useSyncExternalStore } from 'react';
import type { ActionRow } from '../components/action-lines.js';
import type { ActionTracker, TrackedAction, TrackerSnapshot } from '../../watch/tracker.js';
import type { ResourceCache } from '../../session/cache.js';
import { coalesced, inMicrotask } from './coalesce.js';

const EMPTY: TrackerSnapshot = { inFlight: [], finished: [], history: [], error: null };

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

/** What a row says of its action: the resource's name, and for a failure what went wrong. */
type Describe = (a: TrackedAction) => { resource: string; error?: string };
const plain: Describe = (a) => ({ resource: a.resource, error: a.failure ?? undefined });

/** Running first, then failures (they wait for `X`), then what finished well: each kind newest first. */
const RANK: Record<ActionRow['state'], number> = { running: 0, failed: 1, done: 2 };

/**
 * Panel rows: what still runs on top, the most recently started first, so the action the user just started
 * is never hidden behind `+N more` by finished ones; then failures, then what finished well, newest first.
 */
function actionRows(s: TrackerSnapshot, describe: Describe = plain): ActionRow[] {
  const row = (a: TrackedAction, state: ActionRow['state']): ActionRow => ({
    id: a.id,
    type: a.type,
    percent: state === 'done' ? 100 : a.progress,
    state,
    etaSeconds: a.etaSeconds,
    ...describe(a),
  });
  const recent = (a: TrackedAction) => a.finishedAt ?? a.firstSeenAt;
  return [...s.inFlight, ...s.finished]
    .sort((a, b) => recent(b) - recent(a) || b.id - a.id)
    .map((a) => row(a, a.finishedAt === null ? 'running' : a.status === 'failed' ? 'failed' : 'done'))
    .sort((a, b) => RANK[a.state] - RANK[b.state]);
}

/**
 * The action panel's rows: `actionRows`, and every failed action the user has not dismissed yet (`X`),
 * however long ago it failed: a failure stays on screen, in red, until someone has seen it.
 */
export function panelRows(s: TrackerSnapshot, dismissed: ReadonlySet<number>, describe: Describe = plain): ActionRow[] {
  const rows = actionRows(s, describe).filter((r) => r.state !== 'failed' || !dismissed.has(Number(r.id)));
  const shown = new Set(rows.map((r) => r.id));
  for (const a of s.history) {
    if (a.status !== 'failed' || dismissed.has(a.id) || shown.has(a.id)) continue;
    rows.push({ id: a.id, type: a.type, percent: a.progress, state: 'failed', etaSeconds: null, ...describe(a) });
  }
  return rows.sort((a, b) => RANK[a.state] - RANK[b.state]);
}

/** A cached list (or undefined until loaded) that re-renders its reader when it changes. */
export function useCached<T>(cache: ResourceCache | null | undefined, key: string): T | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!cache) return () => {};
      const c = inMicrotask(onChange);
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
