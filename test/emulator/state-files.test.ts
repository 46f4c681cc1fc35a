// State files as released versions wrote them (test/emulator/state-files/v<N>.json, one per state version, each
// the demo estate plus an API token) must start today with every record in today's shape. This is what fails
// when an upgrade is forgotten: a collection declared with the `since` of a version whose files lack it (the
// start is refused), or a record type changed (a field renamed, added or dropped) with no upgrade bringing
// the older records to it. state-upgrade.test.ts checks what each declaration says; this checks it says enough.
//
// A new state version keeps the older files and adds its own: ECSDECK_WRITE_STATE_FILE=1 npx vitest run
// test/emulator/state-files.test.ts writes v<STATE_VERSION>.json when it is missing.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadState } from '../../src/emulator/state-load.js';
import { COLLECTIONS, STATE_VERSION, upgradeState, type CollectionName, type State } from '../../src/emulator/state.js';
import { makeEmu } from './helpers.js';

const START = Date.UTC(2026, 10, 25);
const DIR = join(import.meta.dirname, 'state-files');
const NAMES = Object.keys(COLLECTIONS) as CollectionName[];

/** Today's demo estate with an API token, so that every collection holds records; on a fixed date, so its shapes do not follow the calendar. */
async function demoState(): Promise<State> {
  const t = await makeEmu({ seed: 'demo', start: START });
  t.token = await t.login();
  const made = await t.req('POST', '/ecs/v2/keys', { notes: 'state file example' });
  if (made.status !== 200) throw new Error(`token creation failed: ${made.text}`);
  return JSON.parse(JSON.stringify(t.emulator.emu.state)) as State;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The fields a record holds, nested ones as `a.b` and those of a list's records as `a[].b`; a bare value as its type. */
function fieldsOf(record: unknown): string[] {
  if (!isObject(record)) return [`(${Array.isArray(record) ? 'list' : typeof record})`];
  const out = new Set<string>();
  const walk = (o: Record<string, unknown>, at: string): void => {
    for (const [k, v] of Object.entries(o)) {
      out.add(at + k);
      if (isObject(v)) walk(v, `${at}${k}.`);
      else if (Array.isArray(v)) for (const x of v) if (isObject(x)) walk(x, `${at}${k}[].`);
    }
  };
  walk(record, '');
  return [...out];
}

const recordsOf = (state: State, name: CollectionName): unknown[] => Object.values(state[name] as object) as unknown[];

/** Per collection: the fields some record of today's has, and those every record has. */
function shapes(state: State): Map<CollectionName, { some: Set<string>; every: Set<string> }> {
  const out = new Map<CollectionName, { some: Set<string>; every: Set<string> }>();
  for (const name of NAMES) {
    const each = recordsOf(state, name).map((r) => new Set(fieldsOf(r)));
    if (each.length === 0) continue;
    out.set(name, { some: new Set(each.flatMap((s) => [...s])), every: new Set([...each[0]].filter((f) => each.every((s) => s.has(f)))) });
  }
  return out;
}

if (process.env.ECSDECK_WRITE_STATE_FILE === '1' && !existsSync(join(DIR, `v${STATE_VERSION}.json`))) {
  const state = await demoState();
  // a fixed key: a state file's signing secret is no one's
  state.secret = 'k'.repeat(64);
  // a few records of each collection keep the file readable; every server, since their shapes vary most
  const root = state as unknown as Record<string, unknown>;
  for (const name of NAMES) {
    const v = root[name];
    if (name === 'servers' || name === 'seq') continue;
    root[name] = Array.isArray(v) ? v.slice(0, 6) : Object.fromEntries(Object.entries(v as object).slice(0, 6));
  }
  writeFileSync(join(DIR, `v${STATE_VERSION}.json`), `${JSON.stringify({ state, clock: { emuNow: START, wallAt: START }, gen: 1 }, null, 1)}\n`);
}

const FILES = readdirSync(DIR).filter((f) => /^v\d+\.json$/.test(f));

describe('state files older versions wrote', () => {
  it(`include one written by this version (${STATE_VERSION}), made when the version was raised`, () => {
    expect(FILES).toContain(`v${STATE_VERSION}.json`);
  });

  it('give records in every collection of today, so the shapes below are checked for each', async () => {
    const today = shapes(await demoState());
    expect(NAMES.filter((n) => !today.has(n))).toEqual([]);
  });

  it.each(FILES)('%s starts today, every record in the shape today\'s records have', async (file) => {
    const path = join(DIR, file);
    const { loaded } = loadState(path, `${path}.journal`, false, {});
    if (loaded === null) throw new Error(`${file} loaded nothing`);
    upgradeState(loaded.state);
    const today = shapes(await demoState());
    const wrong: string[] = [];
    for (const name of NAMES) {
      const shape = today.get(name);
      if (shape === undefined) continue;
      for (const [i, record] of recordsOf(loaded.state, name).entries()) {
        const fields = new Set(fieldsOf(record));
        const stale = [...fields].filter((f) => !shape.some.has(f));
        const missing = [...shape.every].filter((f) => !fields.has(f));
        if (stale.length > 0) wrong.push(`${name} record ${i} holds ${stale.join(', ')}, which no record of today has (no upgrade brought it forward)`);
        if (missing.length > 0) wrong.push(`${name} record ${i} lacks ${missing.join(', ')}, which every record of today has (no upgrade brought it forward)`);
      }
    }
    // each line names a collection whose record type changed with no upgrade in its <resource>-state.ts
    expect(wrong).toEqual([]);
  });
});
