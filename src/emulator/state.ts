// The emulator's whole state: plain JSON-serialisable data, so that `--state FILE` can persist it atomically
// and a restart resumes exactly. Times are milliseconds since the epoch in emulated time; the wire
// formatting (ISO strings, dialects) happens in each resource module.
//
// Each resource declares its collections beside its module (`<resource>-state.ts`: the record type, the
// empty value, the version that first held it, its upgrade from older state files, see collection.ts); this
// file assembles them. The State type is derived from the declarations, so a collection exists only once
// declared, and test/emulator/state-upgrade.test.ts loads an older file for every one of them.
import { authCollections } from './auth-state.js';
import { keyedMap, type SomeCollection, type UpgradeContext, type ValueOf } from './collection.js';
import { coreCollections } from './core-state.js';
import { cronsCollections } from './crons-state.js';
import { eventsCollections } from './events-state.js';
import { groupsCollections } from './groups-state.js';
import { networksCollections } from './networks-state.js';
import { scriptsCollections } from './scripts-state.js';
import { serversCollections } from './servers-state.js';
import { snapshotsCollections } from './snapshots-state.js';
import { spotCollections } from './spot-state.js';
import { sshkeysCollections } from './sshkeys-state.js';
import { templatesCollections } from './templates-state.js';

export type Dialect = 'primary' | 'alternate' | 'live';

/** Every collection of the state, in the order the upgrades run (the core's counters first). */
export const COLLECTIONS = {
  ...coreCollections,
  ...authCollections,
  ...serversCollections,
  ...snapshotsCollections,
  ...cronsCollections,
  ...templatesCollections,
  ...sshkeysCollections,
  ...scriptsCollections,
  ...networksCollections,
  ...groupsCollections,
  ...spotCollections,
  ...eventsCollections,
};

export type CollectionName = keyof typeof COLLECTIONS;
type Collections = { [K in CollectionName]: ValueOf<(typeof COLLECTIONS)[K]> };

/** The version a state file written now carries: the newest `since` of a collection. */
export const STATE_VERSION = Math.max(...Object.values(COLLECTIONS).map((c) => c.since));

export interface State extends Collections {
  /** the state-file version (STATE_VERSION when written): a collection newer than it may be missing */
  version: number;
  /** HS256 key for JWTs, kept so logins survive a restart with --state */
  secret: string;
  seed: 'demo' | 'empty';
}

const declared = Object.entries(COLLECTIONS) as Array<[CollectionName, SomeCollection]>;

/** The collections keyed by name or id (some by what a user typed: user names, server names in paths). */
export const RECORD_COLLECTIONS: readonly CollectionName[] = declared.filter(([, c]) => c.kind === 'record').map(([name]) => name);
export const ARRAY_COLLECTIONS: readonly CollectionName[] = declared.filter(([, c]) => c.kind === 'list').map(([name]) => name);

/** A view of the state by collection name, for the code that walks every collection. */
const byName = (state: State) => state as unknown as Record<CollectionName, unknown>;

/**
 * A state an older version wrote, brought to this version's shapes as it is loaded: each collection's own
 * upgrade (collection.ts), in declaration order, through the state given (the tracked one, so what an upgrade
 * changes is journalled like any other change).
 */
export function upgradeState(state: State): void {
  const ctx: UpgradeContext = {
    nextId(kind) {
      const id = (state.seq[kind] ?? 0) + 1;
      state.seq[kind] = id;
      return id;
    },
  };
  for (const [name, c] of declared) c.upgrade(byName(state)[name], ctx);
  if (state.version !== STATE_VERSION) state.version = STATE_VERSION;
}

/** Every record collection of `state` made a prototype-free map (a loaded state comes out of JSON.parse). */
export function keyedCollections(state: State): void {
  const root = byName(state);
  for (const name of RECORD_COLLECTIONS) {
    const coll = root[name] as Record<string, unknown>;
    if (Object.getPrototypeOf(coll) !== null) root[name] = keyedMap(coll);
  }
}

/**
 * What is wrong with the shape of a loaded state, or null. A collection newer than the file's version may be
 * missing (it is then added empty, see `addMissing`); one the file's version already held may not.
 */
export function stateShapeProblem(state: unknown): string | null {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return 'it holds no state object';
  const s = state as Record<string, unknown>;
  const version = s.version;
  if (!Number.isSafeInteger(version) || (version as number) < 1) return `its version is ${JSON.stringify(version) ?? 'missing'}, not 1`;
  if ((version as number) > STATE_VERSION) return `its version is ${version as number}, newer than this emulator's ${STATE_VERSION}`;
  if (typeof s.secret !== 'string' || s.secret === '') return "its field 'secret' is missing";
  for (const [name, c] of declared) {
    const v = s[name];
    if (v === undefined && c.since > (version as number)) continue;
    if (c.kind === 'record') {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return `its collection '${name}' is missing or not an object`;
    } else {
      if (!Array.isArray(v)) return `its collection '${name}' is missing or not a list`;
      if (!v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) return `its list '${name}' holds something not a record`;
    }
  }
  return null;
}

/** Adds, empty, the collections a state of an older version lacks (stateShapeProblem let them be missing). */
export function addMissing(state: State): void {
  const root = byName(state) as Record<string, unknown>;
  for (const [name, c] of declared) if (root[name] === undefined) root[name] = c.empty();
}

export function emptyState(secret: string): State {
  const collections = Object.fromEntries(declared.map(([name, c]) => [name, c.empty()])) as Collections;
  const state: State = { version: STATE_VERSION, secret, seed: 'empty', ...collections };
  keyedCollections(state);
  return state;
}

/**
 * Drops records nothing can read any more, before the state is written whole: a VLAN once removed (gone from
 * every list and lookup) and the snapshot schedule of a deleted server (its endpoints answer 404 with the
 * server, and its runs stop). Deleted servers, snapshots and templates stay: usage reports bill them.
 */
export function pruneUnreadable(state: State): void {
  for (const [id, v] of Object.entries(state.vlans)) if (v.status === 'deleted' && !v.active) delete state.vlans[id];
  for (const [name, c] of Object.entries(state.crons)) {
    const s = state.servers[c.server];
    if (!s || s.status === 'Deleted') delete state.crons[name];
  }
}
