// How a resource module declares the state it keeps: each collection says its kind, its empty value, the
// state-file version that first held it, and its upgrade from what older versions wrote, with an example of
// every older shape. state.ts assembles the whole state from these declarations, so a collection cannot be
// added without saying all of that (the compiler asks for each field), and test/emulator/state-upgrade.test.ts
// loads an older file for every declared collection. Nothing here imports a resource module or the core.

/** What an upgrade may use beyond its own collection. */
export interface UpgradeContext {
  /** the next id of the counter `kind` (state.seq), taken */
  nextId(kind: string): number;
}

/** A value an older version wrote, and what this version makes of it as it loads. */
export interface OlderShape<V> {
  /** what the older version wrote, as read back from JSON */
  wrote: unknown;
  /** what it is after the upgrade (ids from a state whose counters start empty) */
  becomes: V;
}

interface Declared<V> {
  /** the state-file version that first held this collection: a file of an older version may lack it */
  since: number;
  /** the value of a state that holds nothing yet */
  empty: () => V;
  /**
   * Brings a loaded value to this version's shape, in place (through the tracked state, so only what it
   * changes is journalled). It runs at every load, so it leaves a value already in this shape as it is.
   */
  upgrade: (value: V, ctx: UpgradeContext) => void;
  /** every older shape this upgrade reads (none: []) */
  older: Array<OlderShape<V>>;
}

/** Records keyed by a name or an id: a prototype-free map once loaded. */
export interface RecordCollection<T> extends Declared<Record<string, T>> {
  kind: 'record';
}

/** A list of records, each with an `id` the journal keys it by. */
export interface ListCollection<T> extends Declared<T[]> {
  kind: 'list';
}

/** The value a declared collection holds in the state. */
export type ValueOf<C> = C extends RecordCollection<infer T> ? Record<string, T> : C extends ListCollection<infer T> ? T[] : never;

/**
 * A map for keys a user chose: no prototype, so `constructor` or `toString` names nothing until stored, and
 * `__proto__` is stored as an own key like any other instead of replacing the prototype.
 */
export function keyedMap<T>(from: Record<string, T> = {}): Record<string, T> {
  const map = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(from)) map[key] = from[key];
  return map;
}

export function records<T>(spec: Omit<RecordCollection<T>, 'kind'>): RecordCollection<T> {
  return { kind: 'record', ...spec };
}

export function list<T>(spec: Omit<ListCollection<T>, 'kind'>): ListCollection<T> {
  return { kind: 'list', ...spec };
}

/** The upgrade of a collection every version wrote in today's shape. */
export function sameShape(): void {
  // nothing to bring forward
}

/** Any declared collection, for the code that walks them all by name (state.ts). */
export interface SomeCollection {
  kind: 'record' | 'list';
  since: number;
  empty(): unknown;
  upgrade(value: unknown, ctx: UpgradeContext): void;
  older: Array<OlderShape<unknown>>;
}
