// Reading `--state FILE` back: the snapshot, then its journal replayed on it. Nothing good is dropped in
// silence. A torn last journal line is what a kill mid-append leaves, and is dropped quietly (at most the
// request under way is lost, as promised). Any other unreadable line is skipped, the records after it kept,
// and the start says which line and what it held; the journal as it was is copied aside first, since the
// start-up compaction rewrites it. A snapshot or a journal header that cannot be read refuses the start, with
// the file named and the way out (`--state-recover`), and nothing is written; with `--state-recover` the
// damaged files are renamed aside (never deleted) and the start goes on from what could be read.
import { chmodSync, copyFileSync, existsSync, readFileSync, renameSync } from 'node:fs';
import type { ClockSnapshot } from './clock.js';
import { ARRAY_COLLECTIONS, RECORD_COLLECTIONS, addMissing, emptyState, keyedCollections, stateShapeProblem, type State } from './state.js';

/** A state file the emulator will not start on; the message is whole (file, reason, way out). */
export class StateFileError extends Error {}

interface Loaded {
  state: State;
  clock: ClockSnapshot;
  gen: number;
}

interface LoadResult {
  /** null: nothing to load (no state file yet, or it was set aside by --state-recover) */
  loaded: Loaded | null;
  /** what the start must tell on stderr: lines skipped, files set aside */
  notes: string[];
}

type Change = [collection: string, key: string, value?: unknown];
type Order = Record<string, (a: unknown, b: unknown) => number>;
type Root = Record<string, unknown>;
type Coll = Record<string, unknown>;

const ARRAYS = new Set<string>(ARRAY_COLLECTIONS);
const RECORDS = new Set<string>(RECORD_COLLECTIONS);
/** Top-level fields a journal line may replace whole. */
const FIELDS = new Set(Object.keys(emptyState('x')));

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isClock = (v: unknown): v is ClockSnapshot => isObject(v) && typeof v.emuNow === 'number' && typeof v.wallAt === 'number';

/** A name beside `path` no file holds yet: `FILE.damaged-20261125T120102Z`. */
function asidePath(path: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let aside = `${path}.damaged-${stamp}`;
  for (let n = 2; existsSync(aside); n++) aside = `${path}.damaged-${stamp}-${n}`;
  return aside;
}

function setAside(path: string, notes: string[], copy = false): void {
  const aside = asidePath(path);
  if (copy) {
    copyFileSync(path, aside);
    chmodSync(aside, 0o600);
  } else {
    renameSync(path, aside);
  }
  notes.push(`the damaged ${path} is kept as ${aside}`);
}

const wayOut = (path: string) =>
  `Nothing was changed. Start with --state-recover to set the damaged files aside (renamed ${path}.damaged-TIME) ` +
  `and start from what can be read, or move them away yourself.`;

/** Why a journal line cannot be applied, or null; `entry` is its parsed JSON. */
function lineProblem(entry: unknown): string | null {
  if (!isObject(entry) || !isClock(entry.c) || !Array.isArray(entry.u)) return 'not a journal record ({c: clock, u: changes})';
  for (const change of entry.u as unknown[]) {
    if (!Array.isArray(change) || change.length < 2 || change.length > 3 || typeof change[0] !== 'string' || typeof change[1] !== 'string') {
      return 'a change is not [collection, key, value]';
    }
    const [name, key, value] = change as [string, string, unknown];
    const present = change.length === 3;
    if (name === '=') {
      if (!FIELDS.has(key) || !present) return `it replaces an unknown field '${key}'`;
      if (RECORDS.has(key) && !isObject(value)) return `it replaces '${key}' with something not an object`;
      if (ARRAYS.has(key) && !(Array.isArray(value) && value.every(isObject))) return `it replaces '${key}' with something not a list of records`;
    } else if (ARRAYS.has(name)) {
      if (present && !isObject(value)) return `its '${name}' element ${key} is not an object`;
    } else if (!RECORDS.has(name)) {
      return `it names an unknown collection '${name}'`;
    }
  }
  return null;
}

/** What a line that was skipped held, as far as it can be told: `servers/ab1c2, users/jo`. */
function described(entry: unknown): string {
  if (!isObject(entry) || !Array.isArray(entry.u)) return 'the changes of one request';
  const names = (entry.u as unknown[])
    .filter((c): c is [string, string] => Array.isArray(c) && typeof c[0] === 'string' && typeof c[1] === 'string')
    .map(([name, key]) => (name === '=' ? key : `${name}/${key}`));
  if (names.length === 0) return 'the changes of one request';
  const shown = names.slice(0, 5).join(', ');
  return `the changes of one request to ${shown}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`;
}

/** Applies one checked journal line to `root`. */
function apply(root: Root, changes: Change[], arrayOf: (name: string) => Map<string, unknown>, forget: (name: string) => void): void {
  for (const [name, key, ...rest] of changes) {
    const present = rest.length > 0;
    if (name === '=') {
      root[key] = RECORDS.has(key) ? Object.assign(Object.create(null) as Coll, rest[0]) : rest[0];
      forget(key);
    } else if (ARRAYS.has(name)) {
      if (present) arrayOf(name).set(key, rest[0]);
      else arrayOf(name).delete(key);
    } else if (present) {
      (root[name] as Coll)[key] = rest[0];
    } else {
      delete (root[name] as Coll)[key];
    }
  }
}

/**
 * Applies a journal to `state` in place. Returns the clock of its last applied line (null: none), or
 * 'header' when its first line cannot be read. Lines that cannot be applied are reported in `notes`.
 */
function replay(
  state: State,
  text: string,
  gen: number,
  journalPath: string,
  order: Order,
  notes: string[],
): ClockSnapshot | null | { header: string } {
  if (text === '') return null;
  const lines = text.split('\n');
  let header: unknown;
  try {
    header = JSON.parse(lines[0]);
  } catch {
    header = undefined;
  }
  if (!isObject(header) || !Number.isSafeInteger(header.gen)) return { header: 'its first line is not a journal header' };
  // older: a kill between writing a new snapshot and its journal left the journal the snapshot already holds
  if ((header.gen as number) < gen) return null;
  if (header.gen !== gen) return { header: `it belongs to generation ${header.gen as number}, newer than the state file's ${gen}` };
  const root = state as unknown as Root;
  const arrays = new Map<string, Map<string, unknown>>();
  const arrayOf = (name: string) => {
    let m = arrays.get(name);
    if (!m) arrays.set(name, (m = new Map((root[name] as Array<{ id: unknown }>).map((x) => [String(x.id), x]))));
    return m;
  };
  let clock: ClockSnapshot | null = null;
  const skipped: string[] = [];
  // the last piece is a whole line only if a newline follows it: a torn one is what a kill mid-write leaves
  for (let i = 1; i < lines.length - 1; i++) {
    if (lines[i].trim() === '') continue;
    let entry: unknown;
    let problem: string | null;
    try {
      entry = JSON.parse(lines[i]);
      problem = lineProblem(entry);
    } catch {
      problem = 'not JSON';
    }
    if (problem !== null) {
      skipped.push(`${journalPath} line ${i + 1} was skipped (${problem}, ${Buffer.byteLength(lines[i])} bytes); lost: ${described(entry)}`);
      continue;
    }
    const ok = entry as { c: ClockSnapshot; u: Change[] };
    apply(root, ok.u, arrayOf, (name) => arrays.delete(name));
    clock = ok.c;
  }
  for (const [name, m] of arrays) root[name] = [...m.values()].sort(order[name] ?? (() => 0));
  if (skipped.length > 0) {
    notes.push(...skipped);
    setAside(journalPath, notes, true);
  }
  return clock;
}

/** Reads the snapshot at `path` and replays `journalPath` on it. Throws StateFileError to refuse the start. */
export function loadState(path: string, journalPath: string, recover: boolean, order: Order): LoadResult {
  const notes: string[] = [];
  if (!existsSync(path)) {
    if (!existsSync(journalPath) || readFileSync(journalPath, 'utf8').split('\n').length <= 2) return { loaded: null, notes };
    if (!recover) throw new StateFileError(`state file ${path} is missing but its journal ${journalPath} holds records. ${wayOut(path)}`);
    setAside(journalPath, notes);
    return { loaded: null, notes };
  }
  let problem: string | null = null;
  let snap: unknown;
  try {
    snap = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    problem = 'it is not JSON';
  }
  if (problem === null) {
    if (!isObject(snap)) problem = 'it is not an ecsdeck emulator state';
    else problem = stateShapeProblem(snap.state) ?? (isClock(snap.clock) ? null : 'its clock is missing');
  }
  if (problem !== null) {
    if (!recover) throw new StateFileError(`state file ${path} cannot be read: ${problem}. ${wayOut(path)}`);
    setAside(path, notes);
    if (existsSync(journalPath)) setAside(journalPath, notes);
    notes.push('started from a fresh seed');
    return { loaded: null, notes };
  }
  const s = snap as { state: State; clock: ClockSnapshot; gen?: unknown };
  const gen = Number.isSafeInteger(s.gen) ? (s.gen as number) : 0;
  addMissing(s.state);
  keyedCollections(s.state);
  let clock = s.clock;
  if (existsSync(journalPath)) {
    const replayed = replay(s.state, readFileSync(journalPath, 'utf8'), gen, journalPath, order, notes);
    if (replayed !== null && 'header' in replayed) {
      if (!recover) throw new StateFileError(`state journal ${journalPath} cannot be read: ${replayed.header}. ${wayOut(journalPath)}`);
      setAside(journalPath, notes);
      notes.push(`started from ${path} without its journal`);
    } else if (replayed !== null) {
      clock = replayed;
    }
  }
  keyedCollections(s.state);
  return { loaded: { state: s.state, clock, gen }, notes };
}
