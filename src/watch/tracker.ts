// The background poller behind the action panel. It tracks every action the dashboard starts and every
// in-progress action it sees; while any is in flight, one request per tick covers all of them (the action
// list, most recent first), with a per-id lookup only for an action that fell off that page. With nothing in
// flight there is no timer and no request. Plain TypeScript: the UI subscribes to snapshots.

export type TrackedStatus = 'in-progress' | 'completed' | 'failed';

/** What the tracker needs of an action: the API client's Action model satisfies it. */
export interface ActionLike {
  id: number;
  status: TrackedStatus;
  progress: number;
  type: string;
  resource: string;
  resourceType?: string;
}

export interface ActionSource {
  list(opts: { start: number; length: number; signal?: AbortSignal }): Promise<{ actions: ActionLike[] }>;
  get(id: number, opts?: { signal?: AbortSignal }): Promise<ActionLike>;
}

export interface TrackedAction extends ActionLike {
  /** wall-clock ms when first seen and when it finished */
  firstSeenAt: number;
  finishedAt: number | null;
  /** seconds left, estimated from the rate of progress so far; null when unknown */
  etaSeconds: number | null;
  /** the failure as the service reported it, for the ✗ line */
  failure: string | null;
}

export interface TrackerSnapshot {
  inFlight: TrackedAction[];
  /** finished within the last `lingerMs`: shown with ✓ or ✗ */
  finished: TrackedAction[];
  /** older finished actions, most recent first */
  history: TrackedAction[];
  /** the last poll failed: the message, until a poll succeeds */
  error: string | null;
}

export interface TrackerOptions {
  source: ActionSource;
  intervalMs?: number;
  maxBackoffMs?: number;
  lingerMs?: number;
  historySize?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface Sample {
  at: number;
  progress: number;
}

export class ActionTracker {
  private readonly source: ActionSource;
  private readonly intervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly lingerMs: number;
  private readonly historySize: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  private readonly inFlight = new Map<number, TrackedAction>();
  private readonly samples = new Map<number, Sample[]>();
  private finished: TrackedAction[] = [];
  private history: TrackedAction[] = [];
  private error: string | null = null;
  private pollTimer: unknown = null;
  private lingerTimer: unknown = null;
  private polling = false;
  private failures = 0;
  private stopped = false;
  private abort: AbortController | null = null;
  private readonly listeners = new Set<(s: TrackerSnapshot) => void>();
  private readonly finishListeners = new Set<(a: TrackedAction) => void>();
  private cached: TrackerSnapshot | null = null;

  constructor(opts: TrackerOptions) {
    this.source = opts.source;
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 30_000;
    this.lingerMs = opts.lingerMs ?? 4000;
    this.historySize = opts.historySize ?? 200;
    this.now = opts.now ?? Date.now;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** An action the dashboard just started, or any action seen in a list: in-progress ones are followed. */
  track(action: ActionLike): void {
    if (this.stopped) return;
    if (action.status !== 'in-progress') {
      if (this.inFlight.has(action.id)) this.update(action);
      return;
    }
    if (!this.inFlight.has(action.id)) {
      const at = this.now();
      this.inFlight.set(action.id, { ...action, firstSeenAt: at, finishedAt: null, etaSeconds: null, failure: null });
      this.samples.set(action.id, [{ at, progress: action.progress }]);
      this.changed();
    } else {
      this.update(action);
    }
    this.schedulePoll(this.intervalMs);
  }

  ingest(actions: Iterable<ActionLike>): void {
    for (const a of actions) this.track(a);
  }

  subscribe(listener: (s: TrackerSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once per finished action (completed or failed): the UI refreshes what it touched. */
  onFinished(listener: (a: TrackedAction) => void): () => void {
    this.finishListeners.add(listener);
    return () => this.finishListeners.delete(listener);
  }

  snapshot(): TrackerSnapshot {
    this.cached ??= {
      inFlight: [...this.inFlight.values()].sort((a, b) => a.id - b.id),
      finished: [...this.finished],
      history: [...this.history],
      error: this.error,
    };
    return this.cached;
  }

  /** Whether a timer is pending: false whenever nothing is in flight and nothing lingers. */
  get active(): boolean {
    return this.pollTimer !== null || this.lingerTimer !== null || this.polling;
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
    if (this.pollTimer !== null) this.clearTimer(this.pollTimer);
    if (this.lingerTimer !== null) this.clearTimer(this.lingerTimer);
    this.pollTimer = this.lingerTimer = null;
    this.listeners.clear();
    this.finishListeners.clear();
  }

  /** One poll. Overlapping polls are dropped: a tick while one runs does nothing. */
  async poll(): Promise<void> {
    if (this.polling || this.stopped || this.inFlight.size === 0) return;
    this.polling = true;
    this.abort = new AbortController();
    const signal = this.abort.signal;
    try {
      const wanted = new Set(this.inFlight.keys());
      const length = Math.min(500, Math.max(50, wanted.size + 10));
      const page = await this.source.list({ start: 0, length, signal });
      let oldestOnPage = Infinity;
      for (const a of page.actions) {
        oldestOnPage = Math.min(oldestOnPage, a.id);
        if (wanted.has(a.id)) {
          this.update(a);
          wanted.delete(a.id);
        } else if (a.status === 'in-progress') {
          // started elsewhere (another terminal, a script): follow it too
          this.track(a);
        }
      }
      // Only actions older than the page's oldest fell off it; a newer missing one simply is not the user's.
      for (const id of wanted) {
        if (id < oldestOnPage || page.actions.length === 0) this.update(await this.source.get(id, { signal }));
      }
      this.failures = 0;
      if (this.error !== null) {
        this.error = null;
        this.changed();
      }
    } catch (err) {
      if (this.stopped) return;
      this.failures += 1;
      this.error = err instanceof Error ? err.message : String(err);
      this.changed();
    } finally {
      this.polling = false;
      this.abort = null;
    }
    if (this.stopped) return;
    const delay = this.failures === 0 ? this.intervalMs : Math.min(this.maxBackoffMs, this.intervalMs * 2 ** this.failures);
    this.schedulePoll(delay);
  }

  private schedulePoll(delay: number): void {
    if (this.stopped || this.pollTimer !== null || this.polling || this.inFlight.size === 0) return;
    this.pollTimer = this.setTimer(() => {
      this.pollTimer = null;
      void this.poll();
    }, delay);
  }

  private update(a: ActionLike): void {
    const current = this.inFlight.get(a.id);
    if (!current) return;
    const at = this.now();
    if (a.status === 'in-progress') {
      const samples = this.samples.get(a.id)!;
      if (samples[samples.length - 1].progress !== a.progress) samples.push({ at, progress: a.progress });
      if (samples.length > 20) samples.splice(1, samples.length - 20);
      const next = { ...current, ...a, etaSeconds: estimateSeconds(samples) };
      this.inFlight.set(a.id, next);
      this.changed();
      return;
    }
    this.inFlight.delete(a.id);
    this.samples.delete(a.id);
    const done: TrackedAction = {
      ...current,
      ...a,
      finishedAt: at,
      etaSeconds: null,
      failure: a.status === 'failed' ? `${a.type} ${a.resource} failed at ${a.progress}%` : null,
    };
    this.finished.push(done);
    this.changed();
    for (const l of this.finishListeners) l(done);
    this.scheduleLinger();
  }

  private scheduleLinger(): void {
    if (this.lingerTimer !== null || this.finished.length === 0 || this.stopped) return;
    const due = Math.max(0, this.finished[0].finishedAt! + this.lingerMs - this.now());
    this.lingerTimer = this.setTimer(() => {
      this.lingerTimer = null;
      const cut = this.now() - this.lingerMs;
      const old = this.finished.filter((a) => a.finishedAt! <= cut);
      if (old.length > 0) {
        this.finished = this.finished.filter((a) => a.finishedAt! > cut);
        this.history = [...old.reverse(), ...this.history].slice(0, this.historySize);
        this.changed();
      }
      this.scheduleLinger();
    }, due);
  }

  private changed(): void {
    this.cached = null;
    if (this.listeners.size === 0) return;
    const s = this.snapshot();
    for (const l of this.listeners) l(s);
  }
}

/** Seconds left from the rate of progress between the first and the last sample. */
export function estimateSeconds(samples: ReadonlyArray<Sample>): number | null {
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const gained = last.progress - first.progress;
  const elapsed = (last.at - first.at) / 1000;
  if (gained <= 0 || elapsed <= 0) return null;
  return Math.max(0, Math.round(((100 - last.progress) * elapsed) / gained));
}
