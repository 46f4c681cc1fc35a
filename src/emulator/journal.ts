// Persistence for `--state FILE` whose cost is the size of the change, not of the state: FILE holds a whole
// snapshot, FILE.journal the records each request changed since, one line per request, appended. A kill
// mid-append leaves a torn last line, which loading drops: at most the last request is lost. When the journal
// outgrows the snapshot, both are rewritten (compaction): the snapshot through a sibling and a rename.
//
// What changed is known without asking the resource modules: they mutate `emu.state` through proxies that
// note which record (collection and key) a write touched, however deep in the record it lands.
import {
  closeSync,
  fchmodSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ClockSnapshot } from './clock.js';
import { lockState, unlockState } from './state-lock.js';
import { loadState } from './state-load.js';
import type { State } from './state.js';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/**
 * The journal is compacted once it is larger than this and than the snapshot. Tests lower it (the
 * environment variable) to kill the emulator while it compacts.
 */
function minCompactBytes(): number {
  const v = Number(process.env.ECSDECK_STATE_COMPACT_BYTES);
  return Number.isSafeInteger(v) && v > 0 ? v : 4 * 1024 * 1024;
}

/** Array collections are journalled per element, keyed by `id`; the order they are kept in, rebuilt on load. */
type Ordered = { id: number; date: number; at: number };
const by = (compare: (a: Ordered, b: Ordered) => number) => (a: unknown, b: unknown) => compare(a as Ordered, b as Ordered);
const ARRAY_ORDER: Record<string, (a: unknown, b: unknown) => number> = {
  tokens: by((a, b) => a.id - b.id),
  events: by((a, b) => a.date - b.date || a.id - b.id),
  tasks: by((a, b) => a.at - b.at || a.id - b.id),
};

type Change = [collection: string, key: string, value?: unknown];

/**
 * Wraps a state so that writes are recorded. A record read through it comes back wrapped too, and a write
 * anywhere inside marks that record; a value stored is stored unwrapped, so the raw state never holds a proxy
 * and serialises at full speed.
 */
export class ChangeTracker {
  /** collection -> keys written (array collections: element ids) */
  readonly touched = new Map<string, Set<string>>();
  /** array collections whose membership changed (push, splice, shift...) */
  readonly reshaped = new Set<string>();
  /** top-level fields replaced whole (`state.tokens = ...`, `state.seed = ...`) */
  readonly replaced = new Set<string>();
  private readonly proxies = new WeakMap<object, { unit: string; proxy: object }>();
  private readonly raws = new WeakMap<object, object>();
  readonly root: State;

  constructor(readonly raw: State) {
    this.root = this.wrapRoot(raw);
  }

  get empty(): boolean {
    return this.touched.size === 0 && this.reshaped.size === 0 && this.replaced.size === 0;
  }

  clear(): void {
    this.touched.clear();
    this.reshaped.clear();
    this.replaced.clear();
  }

  private mark(collection: string, key: string): void {
    // '=': a record inside a list written whole (see wrapArray)
    if (collection === '=') {
      this.replaced.add(key);
      return;
    }
    let keys = this.touched.get(collection);
    if (!keys) this.touched.set(collection, (keys = new Set()));
    keys.add(key);
  }

  /** The raw object behind a proxy, and any proxies inside a new object replaced by theirs. */
  unwrap(value: unknown, depth = 0): unknown {
    if (value === null || typeof value !== 'object') return value;
    const raw = this.raws.get(value);
    if (raw !== undefined) return raw;
    if (depth > 64) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (v !== null && typeof v === 'object') value[i] = this.unwrap(v, depth + 1);
      }
    } else {
      for (const k of Object.keys(value)) {
        const v = (value as Record<string, unknown>)[k];
        if (v !== null && typeof v === 'object') (value as Record<string, unknown>)[k] = this.unwrap(v, depth + 1);
      }
    }
    return value;
  }

  private cached<T extends object>(target: T, unit: string, make: () => ProxyHandler<T>): T {
    const hit = this.proxies.get(target);
    if (hit !== undefined && hit.unit === unit) return hit.proxy as T;
    const proxy = new Proxy(target, make());
    this.proxies.set(target, { unit, proxy });
    this.raws.set(proxy, target);
    return proxy;
  }

  private wrapRoot(raw: State): State {
    return new Proxy(raw, {
      get: (t, prop) => {
        const v: unknown = Reflect.get(t, prop);
        if (typeof prop !== 'string' || v === null || typeof v !== 'object') return v;
        return Array.isArray(v) ? this.wrapArray(v, prop) : this.wrapCollection(v, prop);
      },
      set: (t, prop, value) => {
        if (typeof prop === 'string') this.replaced.add(prop);
        return Reflect.set(t, prop, this.unwrap(value));
      },
      deleteProperty: (t, prop) => {
        if (typeof prop === 'string') this.replaced.add(prop);
        return Reflect.deleteProperty(t, prop);
      },
    });
  }

  private wrapCollection(target: object, collection: string): object {
    return this.cached(target, collection, () => ({
      get: (t, key) => {
        const v: unknown = Reflect.get(t, key);
        if (typeof key !== 'string' || v === null || typeof v !== 'object') return v;
        return this.wrapRecord(v, collection, key);
      },
      set: (t, key, value) => {
        if (typeof key === 'string') this.mark(collection, key);
        return Reflect.set(t, key, this.unwrap(value));
      },
      deleteProperty: (t, key) => {
        if (typeof key === 'string') this.mark(collection, key);
        return Reflect.deleteProperty(t, key);
      },
    }));
  }

  private wrapArray(target: unknown[], collection: string): unknown[] {
    // a list whose elements have no id to be journalled by is written whole when anything in it changes
    const keyed = collection in ARRAY_ORDER;
    const changed = () => (keyed ? this.reshaped.add(collection) : this.replaced.add(collection));
    return this.cached(target, collection, () => ({
      get: (t, key) => {
        const v: unknown = Reflect.get(t, key);
        if (typeof key !== 'string' || v === null || typeof v !== 'object') return v;
        if (!keyed) return this.wrapRecord(v, '=', collection);
        const id = (v as { id?: string | number }).id;
        return id === undefined ? v : this.wrapRecord(v, collection, String(id));
      },
      set: (t, key, value) => {
        changed();
        return Reflect.set(t, key, this.unwrap(value));
      },
      deleteProperty: (t, key) => {
        changed();
        return Reflect.deleteProperty(t, key);
      },
    }));
  }

  private wrapRecord(target: object, collection: string, key: string): object {
    const unit = `${collection}\0${key}`;
    return this.cached(target, unit, () => ({
      get: (t, prop) => {
        const v: unknown = Reflect.get(t, prop);
        if (v === null || typeof v !== 'object') return v;
        return this.wrapRecord(v, collection, key);
      },
      set: (t, prop, value) => {
        this.mark(collection, key);
        return Reflect.set(t, prop, this.unwrap(value));
      },
      deleteProperty: (t, prop) => {
        this.mark(collection, key);
        return Reflect.deleteProperty(t, prop);
      },
    }));
  }
}

interface Snapshot {
  state: State;
  clock: ClockSnapshot;
  /** which journal belongs to this snapshot: an older one (left by a kill during compaction) is already in it */
  gen?: number;
}

/** The state file and its journal. */
export class StateStore {
  readonly journalPath: string;
  private fd: number | null = null;
  private lockPath: string | null = null;
  private gen = 0;
  private journalBytes = 0;
  private snapshotBytes = 0;
  /** ids of each array collection as last written, to tell what a reshaping added and removed */
  private ids = new Map<string, Set<string>>();
  private readonly minCompactBytes = minCompactBytes();

  constructor(
    readonly path: string,
    private readonly recover = false,
  ) {
    this.journalPath = `${path}.journal`;
  }

  /**
   * Makes the directory (0700) if missing, takes the file's lock (throws StateFileError when another
   * emulator holds it) and removes what a kill during a write left behind.
   */
  prepare(): void {
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    this.lockPath ??= lockState(this.path);
    const prefix = `${basename(this.path)}.`;
    for (const name of readdirSync(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) {
        try {
          unlinkSync(join(dir, name));
        } catch {
          // gone already, or not ours to remove: neither stops the start
        }
      }
    }
  }

  /**
   * The snapshot with the journal replayed on it, or null when there is none to load; what the start must
   * tell (lines skipped, files set aside) goes to `notes`. Throws StateFileError when it refuses to start.
   */
  load(notes: string[]): { state: State; clock: ClockSnapshot } | null {
    const result = loadState(this.path, this.journalPath, this.recover, ARRAY_ORDER);
    notes.push(...result.notes);
    if (result.loaded === null) return null;
    this.gen = result.loaded.gen;
    return { state: result.loaded.state, clock: result.loaded.clock };
  }

  /** Writes the whole state as the new snapshot and starts an empty journal for it. */
  compact(state: State, clock: ClockSnapshot): void {
    this.gen += 1;
    const text = JSON.stringify({ state, clock, gen: this.gen } satisfies Snapshot);
    atomicWrite(this.path, text);
    this.snapshotBytes = Buffer.byteLength(text);
    const header = `${JSON.stringify({ gen: this.gen })}\n`;
    // a kill between the two renames leaves a journal of the previous generation: ignored, as it should be
    atomicWrite(this.journalPath, header);
    this.closeJournal();
    this.fd = openSync(this.journalPath, 'a', FILE_MODE);
    this.journalBytes = header.length;
    this.ids.clear();
    for (const name of Object.keys(ARRAY_ORDER)) {
      const list = (state as unknown as Record<string, unknown>)[name];
      if (Array.isArray(list)) this.ids.set(name, new Set(list.map((x: { id: unknown }) => String(x.id))));
    }
  }

  /** Appends what `tracker` saw since the last call; true when the journal has outgrown the snapshot. */
  append(tracker: ChangeTracker, clock: ClockSnapshot): boolean {
    const state = tracker.raw as unknown as Record<string, unknown>;
    const changes: Change[] = [];
    for (const field of tracker.replaced) {
      const value = state[field];
      changes.push(['=', field, value]);
      if (field in ARRAY_ORDER && Array.isArray(value)) {
        this.ids.set(field, new Set((value as Array<{ id: unknown }>).map((x) => String(x.id))));
      }
    }
    for (const name of tracker.reshaped) {
      if (tracker.replaced.has(name)) continue;
      const list = state[name] as Array<{ id: unknown }>;
      const before = this.ids.get(name) ?? new Set<string>();
      const now = new Set(list.map((x) => String(x.id)));
      for (const id of before) if (!now.has(id)) changes.push([name, id]);
      const byId = new Map(list.map((x) => [String(x.id), x]));
      for (const id of now) if (!before.has(id)) changes.push([name, id, byId.get(id)]);
      this.ids.set(name, now);
    }
    for (const [name, keys] of tracker.touched) {
      if (tracker.replaced.has(name)) continue;
      const coll = state[name];
      if (Array.isArray(coll)) {
        const byId = new Map((coll as Array<{ id: unknown }>).map((x) => [String(x.id), x]));
        for (const key of keys) {
          const v = byId.get(key);
          if (v !== undefined) changes.push([name, key, v]);
        }
      } else {
        for (const key of keys) changes.push(Object.prototype.hasOwnProperty.call(coll, key) ? [name, key, (coll as Record<string, unknown>)[key]] : [name, key]);
      }
    }
    tracker.clear();
    const line = `${JSON.stringify({ c: clock, u: changes })}\n`;
    const bytes = Buffer.from(line);
    // one write per request: a kill tears at most this line
    writeSync(this.fd!, bytes);
    this.journalBytes += bytes.length;
    return this.journalBytes > Math.max(this.minCompactBytes, this.snapshotBytes);
  }

  closeJournal(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Closes the journal and lets go of the lock: another emulator may take the file. */
  close(): void {
    this.closeJournal();
    if (this.lockPath !== null) unlockState(this.lockPath);
    this.lockPath = null;
  }
}

/** Writes `path` whole or not at all: a sibling first (0600 from its creation), then a rename over it. */
function atomicWrite(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', FILE_MODE);
  try {
    // `mode` applies only to a file this call creates, and a umask may take bits away: set it outright
    fchmodSync(fd, FILE_MODE);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
