// One mechanism for "a value per server on screen, fetched in the background": the CPU column's last hour
// (cpu.ts) and the power state (power.ts) are both this sampler with their own request. Free of Ink.
//
// - Only what is on screen is asked for: the list's window (`show`) and any server a screen pins (a detail).
// - A value is asked for again `intervalMs` after it was last asked, a few requests at a time. One timer, set
//   for when the next value on screen gets old (none while nothing is shown): no periodic wake-up to find
//   that nothing is due. Values due within `slackMs` of that moment go in the same round, so a screen's rows
//   are refreshed together rather than each on a wake-up of its own.
// - The answers of a round are told to the listeners once, when the round has drained (or `batchMs` after
//   the first answer, for a round held up by a slow request): a screen redraws once per round, not once per
//   row. A value set by the program itself (`put`: a power action that completed) is told at once.
// - A failure waits for the next interval like a success: no request storm against a failing service. An
//   answer that comes after a newer truth (`put` or `refresh` meanwhile) is not kept.

export interface SamplerOptions {
  intervalMs?: number;
  concurrency?: number;
  /** values due this soon after the first one due are asked in the same round */
  slackMs?: number;
  /** answers are told together at most this long after the first of them */
  batchMs?: number;
  now?: () => number;
}

interface Entry<V> {
  value?: V;
  error?: string;
  /** when it was last asked for (ms, this machine's clock); 0: ask again as soon as it is on screen */
  askedAt: number;
  pending: boolean;
  version: number;
}

export class RowSampler<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private window: readonly string[] = [];
  private readonly pinned = new Map<string, number>();
  private inFlight = 0;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerDue = Infinity;
  /** while a round runs: values due before this go in it */
  private roundUntil = -Infinity;
  private untold = false;
  private tellTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly concurrency: number;
  private readonly slackMs: number;
  private readonly batchMs: number;
  private readonly now: () => number;
  /** requests sent, for the tests and the bench */
  requests = 0;

  constructor(
    private readonly ask: (name: string) => Promise<V>,
    /** whether a new answer says the same as the value kept (no redraw for it) */
    private readonly same: (a: V, b: V) => boolean = () => false,
    opts: SamplerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 60_000;
    this.concurrency = opts.concurrency ?? 4;
    this.slackMs = opts.slackMs ?? Math.floor(this.intervalMs / 4);
    this.batchMs = opts.batchMs ?? 250;
    this.now = opts.now ?? Date.now;
  }

  /** The list's servers on screen; replaces the last window. */
  show(names: readonly string[]): void {
    this.window = names;
    this.pump();
  }

  /** A screen showing one server (its detail) keeps it asked for until the returned function is called. */
  pin(name: string): () => void {
    this.pinned.set(name, (this.pinned.get(name) ?? 0) + 1);
    this.pump();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.pinned.get(name) ?? 1) - 1;
      if (n <= 0) this.pinned.delete(name);
      else this.pinned.set(name, n);
      this.pump();
    };
  }

  value(name: string): V | undefined {
    return this.entries.get(name)?.value;
  }

  /** The last request's failure, until one succeeds. */
  error(name: string): string | undefined {
    return this.entries.get(name)?.error;
  }

  /** Changes whenever the server's value (or its error) does. */
  version(name: string): number {
    return this.entries.get(name)?.version ?? 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks again now if the server is on screen, else as soon as it is. */
  refresh(name: string): void {
    const e = this.entries.get(name);
    if (e) e.askedAt = 0;
    this.pump();
  }

  /** Every server known so far (on screen or not), for a caller deciding which to `put` or `refresh`. */
  known(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** A value the program knows better than the last answer (told at once); it is asked for again all the same. */
  put(name: string, value: V): void {
    const e = this.entries.get(name);
    if (!e) return;
    e.askedAt = 0;
    if (e.value !== undefined && e.error === undefined && this.same(e.value, value)) return;
    e.value = value;
    e.error = undefined;
    e.version += 1;
    this.tell();
  }

  /**
   * Takes another sampler's values as this one's, as fresh as if just answered: a copy of the session made
   * for the start-up rehearsal (rehearsal.ts) draws the same cells without asking for any of them.
   */
  copyFrom(other: RowSampler<V>): void {
    const now = this.now();
    for (const [name, e] of other.entries) this.entries.set(name, { value: e.value, error: e.error, askedAt: now, pending: false, version: e.version });
  }

  stop(): void {
    this.stopped = true;
    this.window = [];
    this.pinned.clear();
    this.setTimer(Infinity);
    if (this.tellTimer !== null) clearTimeout(this.tellTimer);
    this.tellTimer = null;
  }

  /** Asks for what is on screen and due (a few at a time), then sets the timer for the next that will be. */
  protected pump(): void {
    if (this.stopped) return;
    const wanted = this.pinned.size === 0 ? this.window : [...this.pinned.keys(), ...this.window];
    const now = this.now();
    const limit = Math.max(now, this.roundUntil);
    let next = Infinity;
    for (const name of wanted) {
      const e = this.entries.get(name);
      if (e?.pending) continue;
      const due = e === undefined ? now : e.askedAt + this.intervalMs;
      // due but over the concurrency: an answer pumps again
      if (due <= limit) {
        if (this.inFlight < this.concurrency) this.fetch(name, e);
      } else next = Math.min(next, due);
    }
    if (this.inFlight === 0) this.roundUntil = -Infinity;
    // while requests are out, their answers pump again; otherwise wake when the next value gets old
    this.setTimer(this.inFlight > 0 ? Infinity : next);
  }

  private setTimer(due: number): void {
    if (due === this.timerDue && (this.timer !== null || due === Infinity)) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.timerDue = due;
    if (due === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerDue = Infinity;
        // a round: everything on screen due within the slack goes now
        this.roundUntil = this.now() + this.slackMs;
        this.pump();
      },
      Math.max(0, due - this.now()),
    );
    this.timer.unref?.();
  }

  private fetch(name: string, previous: Entry<V> | undefined): void {
    const entry: Entry<V> = previous ?? { askedAt: 0, version: 0, pending: false };
    entry.askedAt = this.now();
    entry.pending = true;
    this.entries.set(name, entry);
    this.inFlight += 1;
    this.requests += 1;
    const asked = entry.askedAt;
    this.ask(name)
      .then(
        (value) => {
          if (this.stopped || entry.askedAt !== asked) return;
          if (entry.value !== undefined && entry.error === undefined && this.same(entry.value, value)) return;
          entry.value = value;
          entry.error = undefined;
          entry.version += 1;
          this.untold = true;
        },
        (err: unknown) => {
          if (this.stopped || entry.askedAt !== asked) return;
          const message = err instanceof Error ? err.message : String(err);
          if (entry.error === message) return;
          entry.error = message;
          entry.version += 1;
          this.untold = true;
        },
      )
      .finally(() => {
        entry.pending = false;
        this.inFlight -= 1;
        this.pump();
        if (!this.untold || this.stopped) return;
        if (this.inFlight === 0) this.tell();
        else if (this.tellTimer === null) {
          this.tellTimer = setTimeout(() => this.tell(), this.batchMs);
          this.tellTimer.unref?.();
        }
      });
  }

  private tell(): void {
    if (this.tellTimer !== null) clearTimeout(this.tellTimer);
    this.tellTimer = null;
    this.untold = false;
    for (const l of this.listeners) l();
  }
}
