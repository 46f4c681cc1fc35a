// Whether each server is running or shut off, from the status endpoint (the server record does not say): the
// one truth the servers list's power cells, a server's detail and the `p` / `P` keys all read. Asked for the
// servers on screen only (the list's rows, a detail's server), a few at a time, again a minute after the last
// answer, and at once when an action on the server ends (the watcher sees every action of the account). A
// power action that completed says what the state now is before the service is asked again. Free of Ink.

export interface PowerSource {
  status(name: string, opts?: { signal?: AbortSignal }): Promise<{ state: string }>;
}

/** What the states need of an ended action: the tracker's TrackedAction satisfies it. */
export interface EndedAction {
  type: string;
  status: string;
  resource: string;
}

interface Entry {
  state?: string;
  error?: string;
  /** when it was last asked for (ms, this machine's clock); 0: ask again as soon as it is on screen */
  askedAt: number;
  pending: boolean;
  version: number;
}

export interface PowerStatesOptions {
  intervalMs?: number;
  concurrency?: number;
  now?: () => number;
}

/** A server's resource in an action: the server itself, or `<server>-<network>` for its VLANs. */
const touchesServer = (resource: string, name: string): boolean => resource === name || resource.startsWith(`${name}-`);

export class PowerStates {
  private readonly entries = new Map<string, Entry>();
  private window: readonly string[] = [];
  private readonly pinned = new Map<string, number>();
  private inFlight = 0;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly intervalMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private stopped = false;
  /** status requests sent, for the tests and the bench */
  requests = 0;

  constructor(
    private readonly source: PowerSource,
    opts: PowerStatesOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 60_000;
    this.concurrency = opts.concurrency ?? 4;
    this.now = opts.now ?? Date.now;
  }

  /** The list's servers on screen (those whose power can be asked: booted ones); replaces the last window. */
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
    };
  }

  /** 'running', 'shutoff', another word of the service's, or undefined while not known. */
  state(name: string): string | undefined {
    return this.entries.get(name)?.state;
  }

  /** The last request's failure, until one succeeds. */
  error(name: string): string | undefined {
    return this.entries.get(name)?.error;
  }

  /** Changes whenever the server's state (or its error) does. */
  version(name: string): number {
    return this.entries.get(name)?.version ?? 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks again now if the server is on screen, else as soon as it is (`r` on a detail). */
  refresh(name: string): void {
    const e = this.entries.get(name);
    if (e) e.askedAt = 0;
    this.pump();
  }

  /**
   * An action ended (seen by the watcher, whoever started it): a completed power action says the new state at
   * once; whatever else touched a server has its state asked for again.
   */
  actionEnded(a: EndedAction): void {
    for (const [name, e] of this.entries) {
      if (!touchesServer(a.resource, name)) continue;
      if (a.status === 'completed' && (a.type === 'power_on' || a.type === 'power_off')) {
        const state = a.type === 'power_on' ? 'running' : 'shutoff';
        if (e.state !== state || e.error !== undefined) {
          e.state = state;
          e.error = undefined;
          e.version += 1;
          this.notify();
        }
      }
      e.askedAt = 0;
    }
    // a server first seen powered by someone else: its state is asked for when it is on screen
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.window = [];
    this.pinned.clear();
  }

  private wanted(): string[] {
    return this.pinned.size === 0 ? [...this.window] : [...this.pinned.keys(), ...this.window];
  }

  private pump(): void {
    if (this.stopped) return;
    const wanted = this.wanted();
    const now = this.now();
    for (const name of wanted) {
      if (this.inFlight >= this.concurrency) break;
      const e = this.entries.get(name);
      if (e && (e.pending || now - e.askedAt < this.intervalMs)) continue;
      this.fetch(name, e);
    }
    // what is on screen is looked at again as it gets old, while anything is shown
    if (this.timer === null && wanted.length > 0) {
      this.timer = setInterval(() => this.pump(), Math.max(1000, Math.floor(this.intervalMs / 4)));
      this.timer.unref?.();
    } else if (this.timer !== null && wanted.length === 0) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private fetch(name: string, previous: Entry | undefined): void {
    const entry: Entry = previous ?? { askedAt: 0, version: 0, pending: false };
    entry.askedAt = this.now();
    entry.pending = true;
    this.entries.set(name, entry);
    this.inFlight += 1;
    this.requests += 1;
    // an answer that comes after a newer truth (a power action ended meanwhile) is not kept
    const asked = entry.askedAt;
    this.source
      .status(name)
      .then(
        (p) => {
          if (this.stopped || entry.askedAt !== asked) return;
          if (entry.state === p.state && entry.error === undefined) return;
          entry.state = p.state;
          entry.error = undefined;
          entry.version += 1;
          this.notify();
        },
        (err: unknown) => {
          // a failure waits for the next interval like a success: no request storm against a failing service
          if (this.stopped || entry.askedAt !== asked) return;
          entry.error = err instanceof Error ? err.message : String(err);
          entry.version += 1;
          this.notify();
        },
      )
      .finally(() => {
        entry.pending = false;
        this.inFlight -= 1;
        this.pump();
      });
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
