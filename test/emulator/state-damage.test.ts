// A damaged `--state` file or journal: good records are never dropped in silence. A bad line in the middle
// is skipped and told, the lines after it kept, and the journal as it was kept aside; an unreadable journal
// header or state file refuses the start (naming the file and --state-recover) and changes nothing; with
// --state-recover the damaged files are renamed aside and the start goes on from what can be read.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { StateFileError } from '../../src/emulator/state-load.js';
import { makeEmu, type TestEmu } from './helpers.js';

const opened: TestEmu[] = [];
afterEach(() => {
  for (const t of opened.splice(0)) t.emulator.emu.close();
});

async function open(stateFile: string, stateRecover = false): Promise<TestEmu> {
  const t = await makeEmu({ stateFile, seed: 'empty', stateRecover });
  opened.push(t);
  return t;
}

const tempState = () => join(mkdtempSync(join(tmpdir(), 'ecsdeck-damage-')), 'state.json');
const notes = async (t: TestEmu) => ((await t.req('GET', '/ecs/v2/keys')).body as Array<{ notes: string }>).map((k) => k.notes);
const asides = (file: string) => readdirSync(join(file, '..')).filter((n) => n.includes('.damaged-'));

/** A state whose journal holds one line per key made (after its header): returns the file. */
async function journalOfKeys(names: string[]): Promise<string> {
  const file = tempState();
  const t = await open(file);
  for (const n of names) expect((await t.req('POST', '/ecs/v2/keys', { notes: n })).status).toBe(200);
  t.emulator.emu.close();
  const lines = readFileSync(`${file}.journal`, 'utf8').split('\n');
  // the header, one line per key, and the empty piece after the last newline
  expect(lines).toHaveLength(names.length + 2);
  return file;
}

function replaceLine(file: string, index: number, text: string): string {
  const path = `${file}.journal`;
  const lines = readFileSync(path, 'utf8').split('\n');
  lines[index] = text;
  writeFileSync(path, lines.join('\n'));
  return lines.join('\n');
}

describe('a damaged line in the middle of the journal', () => {
  it('is skipped and told (line number, what was lost); the records after it are kept, and the journal kept aside', async () => {
    const file = await journalOfKeys(['first', 'second', 'third', 'fourth']);
    const damaged = replaceLine(file, 2, '{"c":{"emuNow":1,"wal\u0000garbage');
    const t = await open(file);
    expect(await notes(t)).toEqual(['first', 'third', 'fourth']);
    const said = t.emulator.emu.stateNotes;
    expect(said[0]).toMatch(new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}\\.journal line 3 was skipped \\(not JSON, \\d+ bytes\\); lost: the changes of one request$`));
    // the start rewrote the journal (compaction), but the damaged one is kept as it was
    const [aside] = asides(file);
    expect(said[1]).toBe(`the damaged ${file}.journal is kept as ${join(file, '..', aside)}`);
    expect(readFileSync(join(file, '..', aside), 'utf8')).toBe(damaged);
    // and what was kept is kept for good
    t.emulator.emu.close();
    expect(await notes(await open(file))).toEqual(['first', 'third', 'fourth']);
  });

  it('of the wrong shape is skipped the same way and says which records it named', async () => {
    const file = await journalOfKeys(['a', 'b', 'c']);
    replaceLine(file, 1, '{"c":{"emuNow":1,"wallAt":1},"u":[["nosuch","x",1],["tokens","9",{"id":9}]]}');
    replaceLine(file, 2, '{"c":{"emuNow":1,"wallAt":1},"u":5}');
    const t = await open(file);
    expect(await notes(t)).toEqual(['c']);
    expect(t.emulator.emu.stateNotes.slice(0, 2)).toEqual([
      expect.stringMatching(/line 2 was skipped \(it names an unknown collection 'nosuch', \d+ bytes\); lost: the changes of one request to nosuch\/x, tokens\/9$/),
      expect.stringMatching(/line 3 was skipped \(not a journal record \(\{c: clock, u: changes\}\), \d+ bytes\)/),
    ]);
  });

  it('a torn last line (a kill mid-append) is still dropped quietly', async () => {
    const file = await journalOfKeys(['whole']);
    writeFileSync(`${file}.journal`, `${readFileSync(`${file}.journal`, 'utf8')}{"c":{"emuNow":1,"wallAt"`);
    const t = await open(file);
    expect(await notes(t)).toEqual(['whole']);
    expect(t.emulator.emu.stateNotes).toEqual([]);
    expect(asides(file)).toEqual([]);
  });
});

describe('a journal header or a state file that cannot be read', () => {
  const refusal = (file: string, recover = false) => {
    try {
      createEmulator({ clock: 'manual', seed: 'empty', stateFile: file, stateRecover: recover }).emu.close();
    } catch (err) {
      return err as Error;
    }
    return null;
  };

  it.each([
    ['garbage', 'not a header'],
    ['empty', ''],
    ['newer generation', '{"gen":99}'],
  ])('refuses the start (%s header), names the journal and --state-recover, and changes nothing', async (_, header) => {
    const file = await journalOfKeys(['kept', 'also kept']);
    const before = replaceLine(file, 0, header);
    const snapshot = readFileSync(file, 'utf8');
    const err = refusal(file);
    expect(err).toBeInstanceOf(StateFileError);
    expect(err!.message).toContain(`state journal ${file}.journal cannot be read: `);
    expect(err!.message).toContain('Nothing was changed. Start with --state-recover');
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe(before);
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    // the lock went with the refusal: a recovering start may take the file
    const t = await open(file, true);
    expect(t.emulator.emu.stateNotes[0]).toMatch(new RegExp(`^the damaged ${file.replace(/[.\\/]/g, '\\$&')}\\.journal is kept as .*\\.journal\\.damaged-\\d{8}T\\d{6}Z$`));
    expect(t.emulator.emu.stateNotes[1]).toBe(`started from ${file} without its journal`);
    const [aside] = asides(file);
    expect(readFileSync(join(file, '..', aside), 'utf8')).toBe(before);
  });

  it('refuses a state file without its collections in words, not a JavaScript error; recovery starts afresh, the file kept aside', async () => {
    const file = await journalOfKeys(['k']);
    const snap = JSON.parse(readFileSync(file, 'utf8'));
    delete snap.state.users;
    writeFileSync(file, JSON.stringify(snap));
    const err = refusal(file);
    expect(err).toBeInstanceOf(StateFileError);
    expect(err!.message).toMatch(new RegExp(`^state file ${file.replace(/[.\\/]/g, '\\$&')} cannot be read: its collection 'users' is missing or not an object\\. Nothing was changed\\.`));
    snap.state.users = {};
    snap.state.tokens = [null];
    writeFileSync(file, JSON.stringify(snap));
    expect(refusal(file)!.message).toContain("cannot be read: its list 'tokens' holds something not a record.");
    writeFileSync(file, '{"state": {"version": 1, "secret"');
    expect(refusal(file)!.message).toContain('cannot be read: it is not JSON.');

    const t = await open(file, true);
    expect(await notes(t)).toEqual([]);
    expect(t.emulator.emu.stateNotes.at(-1)).toBe('started from a fresh seed');
    expect(asides(file).sort()).toEqual([expect.stringMatching(/^state\.json\.damaged-/), expect.stringMatching(/^state\.json\.journal\.damaged-/)]);
  });


  it('refuses a journal whose state file is gone, rather than start afresh and overwrite it', async () => {
    const file = await journalOfKeys(['k']);
    rmSync(file);
    expect(refusal(file)!.message).toBe(
      `state file ${file} is missing but its journal ${file}.journal holds records. Nothing was changed. Start with --state-recover to set the damaged files aside (renamed ${file}.damaged-TIME) and start from what can be read, or move them away yourself.`,
    );
    const t = await open(file, true);
    expect(t.emulator.emu.stateNotes[0]).toMatch(/is kept as .*state\.json\.journal\.damaged-/);
  });
});

describe('one emulator per state file', () => {
  it('refuses a second emulator on a file another holds, and takes the file once it is let go', async () => {
    const file = tempState();
    const first = await open(file);
    expect(existsSync(`${file}.lock`)).toBe(true);
    expect(() => createEmulator({ clock: 'manual', seed: 'empty', stateFile: file })).toThrow(
      `state file ${file} is in use by another emulator (this process, which holds ${file}.lock). Stop that one, or give this one another --state file.`,
    );
    first.emulator.emu.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
    await open(file);
  });

  it('takes over a lock whose process is gone', async () => {
    const file = tempState();
    (await open(file)).emulator.emu.close();
    // a pid no process has (above the kernel's pid_max)
    writeFileSync(`${file}.lock`, '99999999\n');
    const t = await open(file);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    expect(t.emulator.emu.stateNotes).toEqual([]);
  });
});
