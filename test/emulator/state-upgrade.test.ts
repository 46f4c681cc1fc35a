// Every collection of the emulator's state, as each resource declares it (`src/emulator/<resource>-state.ts`),
// is read back from a `--state` file an older version wrote: one lacking it because it predates it, one in
// each older shape it declares. The cases come from the declarations, so a collection added tomorrow is
// covered without touching this file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { list, records, sameShape } from '../../src/emulator/collection.js';
import { StateFileError, loadState } from '../../src/emulator/state-load.js';
import { COLLECTIONS, STATE_VERSION, emptyState, upgradeState, type CollectionName, type State } from '../../src/emulator/state.js';

const NAMES = Object.keys(COLLECTIONS) as CollectionName[];
const clock = { emuNow: Date.UTC(2026, 0, 5), wallAt: Date.UTC(2026, 0, 5) };

/** Writes a state file holding `state` (a plain object, as an older version would have written it). */
function written(state: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ecsdeck-upgrade-')), 'state.json');
  writeFileSync(file, JSON.stringify({ state, clock, gen: 0 }));
  return file;
}

/** What the emulator does on a start with `--state FILE`: read it back, then upgrade it. */
function started(file: string): State {
  const { loaded } = loadState(file, `${file}.journal`, false, {});
  if (loaded === null) throw new Error('nothing loaded');
  upgradeState(loaded.state);
  return loaded.state;
}

/** Today's empty state as plain JSON, without `name`. */
function without(name: CollectionName, version: number): Record<string, unknown> {
  const state = JSON.parse(JSON.stringify(emptyState('k'.repeat(64)))) as Record<string, unknown>;
  delete state[name];
  state.version = version;
  return state;
}

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe.each(NAMES)('the state collection %s', (name) => {
  const declared = COLLECTIONS[name];

  it('is in a fresh state, empty, and a state file written now carries it', () => {
    const fresh = emptyState('k'.repeat(64));
    expect(plain(fresh[name])).toEqual(plain(declared.empty()));
    expect(plain(started(written(plain(fresh) as Record<string, unknown>))[name])).toEqual(plain(declared.empty()));
  });

  it('is added empty (a prototype-free map for records) to a file of a version before it', () => {
    // as if it were declared in the next version: a file of today's version predates it
    const since = declared.since;
    declared.since = STATE_VERSION + 1;
    try {
      const file = written(without(name, STATE_VERSION));
      const state = started(file);
      expect(plain(state[name])).toEqual(plain(declared.empty()));
      if (declared.kind === 'record') expect(Object.getPrototypeOf(state[name])).toBeNull();
    } finally {
      declared.since = since;
    }
  });

  it('is not made up when a file of its own version or later lacks it: the start is refused in words', () => {
    const file = written(without(name, Math.max(declared.since, STATE_VERSION)));
    expect(() => started(file)).toThrow(StateFileError);
    expect(() => started(file)).toThrow(new RegExp(`its collection '${name}' is missing or not (an object|a list)\\.`));
  });

  it.each(declared.older.map((o, i) => [i + 1, o] as const))('reads older shape %i in today\'s shape, and leaves it so on the next start', (_, older) => {
    const state = without(name, STATE_VERSION);
    state[name] = older.wrote;
    const file = written(state);
    const upgraded = started(file);
    expect(plain(upgraded[name])).toEqual(plain(older.becomes));
    // a second start reads what the first one wrote: the upgrade changes nothing more
    const again = started(written(plain(upgraded) as Record<string, unknown>));
    expect(plain(again[name])).toEqual(plain(older.becomes));
  });
});

describe('the state version', () => {
  it('is the newest version a collection declares, and a file of a newer one is refused', () => {
    expect(STATE_VERSION).toBe(Math.max(...NAMES.map((n) => COLLECTIONS[n].since)));
    const state = plain(emptyState('k'.repeat(64))) as Record<string, unknown>;
    state.version = STATE_VERSION + 1;
    expect(() => started(written(state))).toThrow(`its version is ${STATE_VERSION + 1}, newer than this emulator's ${STATE_VERSION}`);
  });
});

describe('a collection declaration', () => {
  it('cannot leave out its empty value, its upgrade, its version or its older shapes (npm test type-checks this file)', () => {
    // @ts-expect-error no upgrade and no older shapes
    const noUpgrade = records<number>({ since: 1, empty: () => ({}) });
    // @ts-expect-error no empty value
    const noEmpty = list<{ id: number }>({ since: 1, upgrade: sameShape, older: [] });
    // @ts-expect-error no version
    const noSince = records<number>({ empty: () => ({}), upgrade: sameShape, older: [] });
    const whole = records<number>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] });
    expect([noUpgrade, noEmpty, noSince, whole].map((c) => c.kind)).toEqual(['record', 'list', 'record', 'record']);
  });
});
