// Bulk actions: one request per marked row, sent a few at a time (never a burst), each answer followed as a
// member of one group. The group is what the action panel draws as one line (`power_off 3/5 ✓2 ✗1`) and what
// a notifier tells once, when its last request has ended. Plain TypeScript: the UI subscribes to changes.

import type { ActionLike, TrackedAction } from './tracker.js';

/** Requests of one bulk action in flight at once: enough to finish 500 in seconds, never a burst. */
export const BULK_PACE = 4;

export interface BulkFailure {
  /** the row as a person knows it */
  name: string;
  /** the service's refusal, or how its action ended */
  reason: string;
}

export interface BulkGroup {
  /** negative, so it never meets an action id (the panel's dismiss set holds both) */
  id: number;
  /** the service's action type: `power_off` */
  type: string;
  /** requests to send */
  total: number;
  /** requests answered (accepted or refused) */
  answered: number;
  /** actions that ended well, and every failure (refused, or the action failed) */
  ok: number;
  failed: BulkFailure[];
  /** action id → the row's name, while the action runs */
  running: Map<number, string>;
  /** mean progress of the running actions, 0–100 */
  progress: number;
  /** every request answered and every action ended */
  ended: boolean;
  /** the most requests this group had in flight at once */
  peak: number;
}

/** The part of the tracker a group needs: it follows what each request started and says when it ended. */
export interface BulkTracker {
  track(action: ActionLike): void;
  onFinished(listener: (a: TrackedAction) => void): () => void;
  subscribe(listener: (s: { inFlight: readonly TrackedAction[] }) => void): () => void;
}

/** One row's request: the action it started (null: done at once, nothing to follow). */
type BulkSend = () => Promise<ActionLike | null>;

export class BulkGroups {
  private readonly groups = new Map<number, BulkGroup>();
  private readonly byAction = new Map<number, BulkGroup>();
  private readonly listeners = new Set<() => void>();
  private readonly endListeners = new Set<(g: BulkGroup) => void>();
  private seq = 0;
  /** bumped on every change, for useSyncExternalStore */
  version = 0;

  constructor(
    private readonly tracker: BulkTracker,
    private readonly pace = BULK_PACE,
  ) {
    tracker.onFinished((a) => this.finished(a));
    tracker.subscribe((s) => this.progressed(s.inFlight));
  }

  /** The group an action belongs to, if it was sent as part of one. */
  groupOf(actionId: number): BulkGroup | undefined {
    return this.byAction.get(actionId);
  }

  get(id: number): BulkGroup | undefined {
    return this.groups.get(id);
  }

  /** Every group still known, oldest first. */
  list(): BulkGroup[] {
    return [...this.groups.values()];
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once per group, when its last request has been answered and its last action has ended. */
  onEnded(listener: (g: BulkGroup) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Forgets a group (its line dismissed with X). */
  forget(id: number): void {
    const g = this.groups.get(id);
    if (!g) return;
    this.groups.delete(id);
    for (const a of g.running.keys()) this.byAction.delete(a);
    this.changed();
  }

  /**
   * Sends every request, at most `pace` at a time; a refusal is kept with the row's name and the next request
   * goes on. `errorText` turns a refusal into the service's words. Resolves once every request is answered.
   */
  run(type: string, items: ReadonlyArray<{ name: string; send: BulkSend }>, errorText: (err: unknown) => string): { group: BulkGroup; sent: Promise<void> } {
    this.seq += 1;
    const group: BulkGroup = { id: -this.seq, type, total: items.length, answered: 0, ok: 0, failed: [], running: new Map(), progress: 0, ended: false, peak: 0 };
    this.groups.set(group.id, group);
    this.changed();
    let next = 0;
    let inFlight = 0;
    const worker = async (): Promise<void> => {
      while (next < items.length) {
        const item = items[next++];
        inFlight += 1;
        group.peak = Math.max(group.peak, inFlight);
        try {
          const action = await item.send();
          if (action === null || action.status === 'completed') group.ok += 1;
          else if (action.status === 'failed') group.failed.push({ name: item.name, reason: 'the action failed' });
          else {
            group.running.set(action.id, item.name);
            this.byAction.set(action.id, group);
            this.tracker.track(action);
          }
        } catch (err) {
          group.failed.push({ name: item.name, reason: errorText(err) });
        } finally {
          inFlight -= 1;
          group.answered += 1;
          this.settle(group);
        }
      }
    };
    const sent = Promise.all(Array.from({ length: Math.min(this.pace, items.length) }, worker)).then(() => undefined);
    if (items.length === 0) this.settle(group);
    return { group, sent };
  }

  private finished(a: TrackedAction): void {
    const group = this.byAction.get(a.id);
    const name = group?.running.get(a.id);
    if (!group || name === undefined) return;
    group.running.delete(a.id);
    if (a.status === 'failed') group.failed.push({ name, reason: a.failure ?? `failed at ${Math.floor(a.progress)}%; the service gives no reason` });
    else group.ok += 1;
    this.settle(group);
  }

  private progressed(inFlight: readonly TrackedAction[]): void {
    let changed = false;
    for (const g of this.groups.values()) {
      if (g.running.size === 0) continue;
      let sum = 0;
      for (const a of inFlight) if (g.running.has(a.id)) sum += a.progress;
      const progress = sum / g.running.size;
      if (progress !== g.progress) {
        g.progress = progress;
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  private settle(group: BulkGroup): void {
    if (!group.ended && group.answered === group.total && group.running.size === 0) {
      group.ended = true;
      for (const l of this.endListeners) l(group);
    }
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const l of this.listeners) l();
  }
}

/** `power_off 3/5 ✓2 ✗1`: how far a group is, as the panel's one line says it. */
export function groupCounts(g: Pick<BulkGroup, 'total' | 'ok' | 'failed'>): string {
  const ended = g.ok + g.failed.length;
  return `${ended}/${g.total} ✓${g.ok}${g.failed.length > 0 ? ` ✗${g.failed.length}` : ''}`;
}

/** `ec206901: server ec206901 is already powered off; ...`: which failed and why, the first few. */
export function failureSummary(failed: readonly BulkFailure[], max = 3): string {
  const shown = failed.slice(0, max).map((f) => `${f.name}: ${f.reason}`);
  if (failed.length > max) shown.push(`and ${failed.length - max} more`);
  return shown.join('; ');
}
