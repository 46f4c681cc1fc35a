// The CPU of the servers on screen, for the servers list's CPU column: the last hour of each visible server's
// CPU, fetched in the background, at most once a minute per server and a few at a time, never for a row
// that is not on screen. Free of Ink: the list asks `show(names)` after every move and draws `line(name)`.
import type { Client, MetricPoint } from '../api/index.js';

export interface CpuSample {
  points: readonly MetricPoint[];
  start: number;
  end: number;
}

interface Entry {
  /** when it was last asked for (ms, this machine's clock): no second request within the interval */
  askedAt: number;
  sample?: CpuSample;
  version: number;
  pending: boolean;
}

export interface CpuSamplerOptions {
  intervalMs?: number;
  concurrency?: number;
  now?: () => number;
}

export class CpuSampler {
  private readonly entries = new Map<string, Entry>();
  private wanted: readonly string[] = [];
  private inFlight = 0;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly intervalMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  /** requests sent, for the bench's "metrics requests per minute" */
  requests = 0;

  constructor(
    private readonly client: Client,
    opts: CpuSamplerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 60_000;
    this.concurrency = opts.concurrency ?? 4;
    this.now = opts.now ?? Date.now;
  }

  /** The servers now on screen: those not fetched within the interval are fetched (a few at a time). */
  show(names: readonly string[]): void {
    this.wanted = names;
    this.pump();
    // what is on screen is looked at again as it gets old, while anything is shown
    if (this.timer === null && names.length > 0) {
      this.timer = setInterval(() => this.pump(), Math.max(1000, Math.floor(this.intervalMs / 4)));
      this.timer.unref?.();
    }
  }

  sample(name: string): CpuSample | undefined {
    return this.entries.get(name)?.sample;
  }

  /** Changes whenever the server's sample does. */
  version(name: string): number {
    return this.entries.get(name)?.version ?? 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.wanted = [];
  }

  private pump(): void {
    const now = this.now();
    for (const name of this.wanted) {
      if (this.inFlight >= this.concurrency) return;
      const e = this.entries.get(name);
      if (e && (e.pending || now - e.askedAt < this.intervalMs)) continue;
      this.fetch(name, e);
    }
  }

  private fetch(name: string, previous: Entry | undefined): void {
    const entry: Entry = previous ?? { askedAt: 0, version: 0, pending: false };
    entry.askedAt = this.now();
    entry.pending = true;
    this.entries.set(name, entry);
    this.inFlight += 1;
    this.requests += 1;
    const end = this.client.serviceNow();
    const start = new Date(end.getTime() - 3600_000);
    this.client.servers
      .metrics(name, { start, end })
      .then(
        (m) => {
          entry.sample = { points: m.core, start: start.getTime(), end: end.getTime() };
          entry.version += 1;
          for (const l of this.listeners) l();
        },
        () => {
          // a failure waits for the next interval like a success: no request storm against a failing service
        },
      )
      .finally(() => {
        entry.pending = false;
        this.inFlight -= 1;
        this.pump();
      });
  }
}
