// The account's one watcher, behind the action panel. It follows every action in flight on the account,
// whoever started it (the dashboard, a script, another person, the service's own schedules), from the
// account's action list, most recent first: one request per tick while anything is in flight (a further page
// only when what it follows, or what is new, lies beyond the first), and a per-id lookup only for an action the
// list no longer holds. With nothing in flight it asks nothing, except a slow probe for new work while a screen
// showing live data is up (`watch()`). Actions that started and ended between two looks are reported as
// finished all the same, so whatever they touched is refreshed. Plain TypeScript: the UI subscribes to snapshots.

export type TrackedStatus = 'in-progress' | 'completed' | 'failed';

/** What the tracker needs of an action: the API client's Action model satisfies it. */
export interface ActionLike {
  id: number;
  status: TrackedStatus;
  progress: number;
  type: string;
  resource: string;
  resourceType?: string;
  /** when the service says it started and ended (ms on the service's clock); absent when not known */
  startedAt?: number | null;
  completedAt?: number | null;
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
  /** the tick while anything is in flight */
  intervalMs?: number;
  /** with nothing in flight, how often a screen showing live data has the account's newest actions looked at */
  probeMs?: number;
  /** pages of the action list one tick may read at most (the rest waits for the next tick) */
  maxPages?: number;
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
  private readonly probeMs: number;
  private readonly maxPages: number;
  private readonly maxBackoffMs: number;
  private readonly lingerMs: number;
  private readonly historySize: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  private readonly inFlight = new Map<number, TrackedAction>();
  private readonly samples = new Map<number, Sample[]>();
  /** ids that ended while followed, newer than `newest`: a list that still has them is not news */
  private readonly ended = new Set<number>();
  private finished: TrackedAction[] = [];
  private history: TrackedAction[] = [];
  private error: string | null = null;
  private pollTimer: unknown = null;
  private pollDue = 0;
  private lingerTimer: unknown = null;
  private polling = false;
  private failures = 0;
  private stopped = false;
  private watchers = 0;
  /** the newest action id any list has shown; null until the first list (older ones are not news) */
  private newest: number | null = null;
  private lastListAt = -Infinity;
  private abort: AbortController | null = null;
  private readonly listeners = new Set<(s: TrackerSnapshot) => void>();
  private readonly finishListeners = new Set<(a: TrackedAction) => void>();
  private cached: TrackerSnapshot | null = null;
  /** list and lookup requests sent, for the tests and the bench */
  requests = 0;

  constructor(opts: TrackerOptions) {
    this.source = opts.source;
    this.intervalMs = opts.intervalMs ?? 1000;
    this.probeMs = opts.probeMs ?? 5000;
    this.maxPages = opts.maxPages ?? 10;
    this.maxBackoffMs = opts.maxBackoffMs ?? 30_000;
    this.lingerMs = opts.lingerMs ?? 4000;
    this.historySize = opts.historySize ?? 200;
    this.now = opts.now ?? Date.now;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    // the start-up's own look at the newest actions (the session's followRunning) counts as the first
    this.lastListAt = this.now();
  }

  /** An action the dashboard just started, or any action seen in a list: in-progress ones are followed. */
  track(action: ActionLike): void {
    if (this.stopped) return;
    if (action.status !== 'in-progress') {
      if (this.inFlight.has(action.id)) this.update(action);
      return;
    }
    if (this.ended.has(action.id)) return;
    if (!this.inFlight.has(action.id)) {
      const at = this.now();
      this.inFlight.set(action.id, { ...action, firstSeenAt: at, finishedAt: null, etaSeconds: null, failure: null });
      this.samples.set(action.id, [{ at, progress: action.progress }]);
      this.changed();
    } else {
      this.update(action);
    }
    this.schedule();
  }

  /**
   * Actions seen in a list: in-progress ones are followed. `newest: true` when they are the account's most
   * recent page (at start): what is older than them is not news, what comes after them is.
   */
  ingest(actions: Iterable<ActionLike>, opts: { newest?: boolean } = {}): void {
    for (const a of actions) {
      if (opts.newest) this.newest = Math.max(this.newest ?? 0, a.id);
      this.track(a);
    }
    if (opts.newest) {
      this.newest ??= 0;
      this.lastListAt = this.now();
    }
  }

  /**
   * A screen showing live data is up: while one is, and nothing is in flight, the newest actions are looked at
   * every `probeMs`. The returned function says it is gone.
   */
  watch(): () => void {
    if (this.stopped) return () => {};
    this.watchers += 1;
    this.schedule();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.watchers -= 1;
      if (this.idle && this.pollTimer !== null) {
        this.clearTimer(this.pollTimer);
        this.pollTimer = null;
      }
    };
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

  /**
   * Nothing to look for: nothing in flight, no screen of live data watching, and the last look worked (a failed
   * one is tried again even with nothing to follow: what the panel says must not stay stale).
   */
  private get idle(): boolean {
    return this.inFlight.size === 0 && this.watchers === 0 && this.error === null;
  }

  /** Whether a timer is pending: false whenever nothing is in flight, nothing lingers and nothing watches. */
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

  /**
   * A look at the account's actions made outside the tracker failed (the start-up's, `followRunning`): the
   * panel says why instead of `nothing running`, and the tracker looks again, backing off as after its own
   * failures, until a look works, whether or not anything watches.
   */
  failed(err: unknown): void {
    if (this.stopped) return;
    this.noteFailure(err);
    this.schedule();
  }

  /** A look failed: one more failure to back off by, and its reason for the panel. */
  private noteFailure(err: unknown): void {
    this.failures += 1;
    this.error = err instanceof Error ? err.message : String(err);
    this.changed();
  }

  /** One look at the account's actions. Overlapping looks are dropped: a tick while one runs does nothing. */
  async poll(): Promise<void> {
    if (this.polling || this.stopped || this.idle) return;
    this.polling = true;
    this.abort = new AbortController();
    try {
      await this.scan(this.abort.signal);
      this.failures = 0;
      if (this.error !== null) {
        this.error = null;
        this.changed();
      }
    } catch (err) {
      if (this.stopped) return;
      this.noteFailure(err);
    } finally {
      this.polling = false;
      this.abort = null;
      this.lastListAt = this.now();
    }
    this.schedule();
  }

  /** The list from its newest action down to everything followed and everything new, a page at a time. */
  private async scan(signal: AbortSignal): Promise<void> {
    const wanted = new Set(this.inFlight.keys());
    const floor = this.newest;
    const length = wanted.size === 0 ? 20 : Math.min(500, Math.max(50, wanted.size + 10));
    const handled = new Set<number>();
    let newest = floor ?? 0;
    let start = 0;
    let oldest = Infinity;
    let atEnd = false;
    for (let page = 0; page < this.maxPages; page++) {
      this.requests += 1;
      const { actions } = await this.source.list({ start, length, signal });
      for (const a of actions) {
        oldest = Math.min(oldest, a.id);
        newest = Math.max(newest, a.id);
        if (handled.has(a.id)) continue;
        handled.add(a.id);
        if (wanted.delete(a.id)) this.update(a);
        else if (a.status === 'in-progress') this.track(a);
        // started and ended between two looks: reported all the same, so what it touched is refreshed
        else if (floor !== null && a.id > floor && !this.ended.has(a.id)) this.endedUnseen(a);
      }
      start += actions.length;
      if (actions.length < length) {
        atEnd = true;
        break;
      }
      const followedBeyond = [...wanted].some((id) => id < oldest);
      const newBeyond = floor !== null && oldest > floor + 1;
      if (!followedBeyond && !newBeyond) break;
    }
    this.newest = newest;
    for (const id of this.ended) if (id <= newest) this.ended.delete(id);
    // the list no longer holds it (or never did): asked for by itself
    if (atEnd) {
      for (const id of wanted) {
        if (id >= oldest && oldest !== Infinity) continue;
        this.requests += 1;
        this.update(await this.source.get(id, { signal }));
      }
    }
  }

  /** Plans the next look: a tick while anything is in flight, a probe while something watches, else nothing. */
  private schedule(): void {
    if (this.stopped || this.polling) return;
    const busy = this.inFlight.size > 0;
    if (this.idle) return;
    const base = busy ? this.intervalMs : this.probeMs;
    const delay =
      this.failures > 0
        ? Math.min(this.maxBackoffMs, base * 2 ** this.failures)
        : busy
          ? this.intervalMs
          : Math.max(0, this.lastListAt + this.probeMs - this.now());
    const due = this.now() + delay;
    if (this.pollTimer !== null) {
      if (this.pollDue <= due) return;
      this.clearTimer(this.pollTimer);
    }
    this.pollDue = due;
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
    this.finish({ ...current, ...a });
  }

  /** An action first seen already ended. */
  private endedUnseen(a: ActionLike): void {
    this.finish({ ...a, firstSeenAt: this.now(), finishedAt: null, etaSeconds: null, failure: null });
  }

  private finish(a: TrackedAction): void {
    const done: TrackedAction = {
      ...a,
      finishedAt: this.now(),
      etaSeconds: null,
      failure: a.status === 'failed' ? `${a.type} ${a.resource} failed at ${a.progress}%` : null,
    };
    if (this.newest === null || a.id > this.newest) this.ended.add(a.id);
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
