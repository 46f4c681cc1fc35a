// The action panel's bulk lines: the actions a bulk key started (watch/bulk.ts) drawn as one line per group,
// `power_off 3/5 ✓2 ✗1`, in place of one line per server. A group stays while it runs; once ended it goes with
// its last action, unless something failed: then it waits for X like any failure, naming which and why.

import { useCallback, useSyncExternalStore } from 'react';
import { failureSummary, groupCounts, type BulkGroup, type BulkGroups } from '../../watch/bulk.js';
import type { ActionRow } from '../components/action-lines.js';
import { coalesced } from './coalesce.js';
import type { TrackedAction, TrackerSnapshot } from '../../watch/tracker.js';

/** The groups' version, re-read once per turn however many requests were answered, and at most 25 times a second while answers flood (coalesce.ts). */
export function useBulkVersion(bulk: BulkGroups | undefined): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!bulk) return () => {};
      const c = coalesced(onChange);
      const off = bulk.subscribe(c.notify);
      return () => {
        c.cancel();
        off();
      };
    },
    [bulk],
  );
  const get = useCallback(() => bulk?.version ?? 0, [bulk]);
  return useSyncExternalStore(subscribe, get, get);
}

function groupRow(g: BulkGroup): ActionRow {
  const ended = g.ok + g.failed.length;
  const percent = g.ended ? 100 : ((ended + (g.running.size * g.progress) / 100) / Math.max(1, g.total)) * 100;
  const state = !g.ended ? 'running' : g.failed.length > 0 ? 'failed' : 'done';
  return {
    id: g.id,
    label: 'bulk',
    type: g.type,
    resource: groupCounts(g),
    percent,
    state,
    etaSeconds: null,
    error: g.failed.length > 0 ? `${g.failed.length} failed: ${failureSummary(g.failed)}` : undefined,
  };
}

const RANK: Record<ActionRow['state'], number> = { running: 0, failed: 1, done: 2 };

/**
 * The snapshot without the actions of bulk groups (500 rows need no names, no bars: their group has one line),
 * and the groups that still have an action in it.
 */
export function withoutGrouped(s: TrackerSnapshot, bulk: BulkGroups | undefined): { snapshot: TrackerSnapshot; present: ReadonlySet<number> } {
  const present = new Set<number>();
  if (!bulk || bulk.list().length === 0) return { snapshot: s, present };
  const keep = (a: TrackedAction) => {
    const g = bulk.groupOf(a.id);
    if (g) present.add(g.id);
    return g === undefined;
  };
  return { snapshot: { ...s, inFlight: s.inFlight.filter(keep), finished: s.finished.filter(keep), history: s.history.filter(keep) }, present };
}

/** `rows` with one line per bulk group: while it runs, while its last action lingers, or while a failure waits for X. */
export function foldGroups(rows: readonly ActionRow[], bulk: BulkGroups | undefined, present: ReadonlySet<number>, dismissed: ReadonlySet<number>): ActionRow[] {
  const groups = bulk?.list() ?? [];
  if (groups.length === 0) return rows as ActionRow[];
  const out = [...rows];
  for (const g of groups) {
    if (dismissed.has(g.id)) continue;
    if (!g.ended || present.has(g.id) || g.failed.length > 0) out.push(groupRow(g));
  }
  return out.sort((a, b) => RANK[a.state] - RANK[b.state]);
}
