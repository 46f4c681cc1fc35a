// The last rows of each list, by name, for one session. A screen that comes back (esc from a detail view)
// shows what it had at once instead of a loading line, and the header counts servers while another screen
// is shown. A load can be started before any screen exists (start-up prefetch); the screen then waits for
// that request instead of sending a second one.

/** Where the account's server list is kept: the servers screen, the header's count and the start-up prefetch share it. */
export const SERVERS_CACHE_KEY = 'servers';
/** The account's server groups, which the servers list names (boot prefetches them with the list). */
export const GROUPS_CACHE_KEY = 'groups';
/** What the cost model needs from the service: the account's discounts and the plans' prices. */
export const COST_ACCOUNT_KEY = 'costs:account';
export const COST_PLANS_KEY = 'costs:plans';

interface CacheEntry<T = unknown> {
  data?: T;
  /** wall-clock ms of the last successful load */
  at?: number;
  /** a load started outside a screen (prefetch), not yet settled */
  pending?: Promise<T>;
}

export class ResourceCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly listeners = new Map<string, Set<() => void>>();

  get<T>(key: string): CacheEntry<T> | undefined {
    return this.entries.get(key) as CacheEntry<T> | undefined;
  }

  set<T>(key: string, data: T, at = Date.now()): void {
    const previous = this.entries.get(key);
    if (previous?.data === data && previous.pending === undefined) return;
    this.entries.set(key, { data, at });
    this.emit(key);
  }

  /** Starts `load` now and keeps its promise, so the screen that needs it later joins it. */
  prefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
    const pending = load();
    this.entries.set(key, { ...this.entries.get(key), pending });
    pending.then(
      (data) => {
        if (this.entries.get(key)?.pending === pending) this.set(key, data);
      },
      () => {
        const e = this.entries.get(key);
        if (e?.pending === pending) this.entries.set(key, { data: e.data, at: e.at });
      },
    );
    return pending;
  }

  /** Every list another cache holds, with when it was loaded (not the loads under way). */
  copyFrom(other: ResourceCache): void {
    for (const [key, e] of other.entries) if (e.data !== undefined) this.entries.set(key, { data: e.data, at: e.at });
  }

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(key: string): void {
    for (const l of this.listeners.get(key) ?? []) l();
  }
}
