// `--state FILE`: what a restart reads back is exactly what the emulator held, a write costs the size of the
// change (a journal line, not the whole file), the files are private, and a kill's leftovers are cleaned.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEmu, type TestEmu } from './helpers.js';

const opened: TestEmu[] = [];
afterEach(() => {
  for (const t of opened.splice(0)) t.emulator.emu.close();
});

async function open(stateFile: string, seed: 'demo' | 'empty' = 'empty'): Promise<TestEmu> {
  const t = await makeEmu({ stateFile, seed });
  opened.push(t);
  return t;
}

const snapshotOf = (t: TestEmu) => JSON.parse(JSON.stringify({ state: t.emulator.emu.state, now: t.emulator.emu.now() }));
const tempState = () => join(mkdtempSync(join(tmpdir(), 'ecsdeck-persist-')), 'state.json');
const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);

describe('--state FILE keeps exactly what the emulator held', () => {
  it('reloads every kind of change a request makes, however deep in a record', async () => {
    const file = tempState();
    const t = await open(file, 'demo');
    const servers = (await t.req('GET', '/ecs/v2/servers')).body.server as Array<{ name: string; notes: string }>;
    const created = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: 'journalled' });
    expect(created.status).toBe(200);
    const name = created.body.server.name as string;
    // a nested field (power history, by way of an action), a deletion, a token list replaced, events, tasks
    expect((await t.req('PUT', `/ecs/v2/servers/${servers[0].name}`, { notes: 'renamed' })).status).toBe(200);
    const key = await t.req('POST', '/ecs/v2/keys', { notes: 'k' });
    await t.req('POST', '/ecs/v2/keys', { notes: 'kept' });
    expect((await t.req('DELETE', `/ecs/v2/keys/${key.body.id}`)).status).toBe(200);
    await t.req('POST', '/__emulator/events', { username: 'demo', event_type: 'ADDED' }, { token: null });
    await t.advance(90);
    expect((await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_off' })).status).toBe(200);
    await t.advance(10);
    expect((await t.req('DELETE', `/ecs/v2/servers/${servers[1].name}`)).status).toBe(200);
    await t.advance(3);
    const held = snapshotOf(t);
    t.emulator.emu.close();

    const again = await open(file, 'demo');
    expect(snapshotOf(again)).toEqual(held);
    // and it keeps moving from there
    await again.advance(30);
    expect((await again.req('GET', `/ecs/v2/servers/${servers[1].name}`)).status).toBe(404);
  });

  it('appends one line per write, far smaller than the state, until the journal outgrows it', async () => {
    const file = tempState();
    const first = await open(file, 'empty');
    await first.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 2000 }, { token: null });
    first.emulator.emu.close();
    // a start writes the state whole
    const t = await open(file);
    // the state file is rewritten whole only when the journal has outgrown it
    const snapshotBefore = readFileSync(file, 'utf8');
    const journal = `${file}.journal`;
    const before = size(journal);
    for (let i = 0; i < 20; i++) {
      expect((await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-mi2', image: 'debian-12', notes: `n${i}` })).status).toBe(200);
    }
    const perWrite = (size(journal) - before) / 20;
    expect(size(file)).toBeGreaterThan(500_000);
    expect(perWrite).toBeLessThan(10_000);
    expect(readFileSync(file, 'utf8')).toBe(snapshotBefore);
    const held = snapshotOf(t);
    t.emulator.emu.close();
    expect(snapshotOf(await open(file))).toEqual(held);
  });

  it('drops what nothing can read any more when it writes the state whole, and keeps what usage reports bill', async () => {
    const file = tempState();
    const t = await open(file, 'empty');
    const s = (await t.req('POST', '/__emulator/bulk/servers', { username: 'demo', count: 1 }, { token: null })).body.names[0];
    const n = (await t.req('POST', '/ecs/v2/networks', {})).body.network.name;
    const base = `/ecs/v2/servers/${s}/networks/${n}/vlans`;
    expect((await t.req('POST', base, { vlan_id: 100, pvid: true })).status).toBe(200);
    await t.advance(20);
    expect((await t.req('DELETE', `${base}/100`)).status).toBe(200);
    await t.advance(20);
    expect((await t.req('DELETE', `/ecs/v2/servers/${s}`)).status).toBe(200);
    await t.advance(20);
    expect(Object.keys(t.emulator.emu.state.vlans)).toHaveLength(1);
    t.emulator.emu.close();

    const again = await open(file);
    expect(again.emulator.emu.state.vlans).toEqual({});
    // the deleted server stays: the month's usage report bills its hours
    expect(again.emulator.emu.state.servers[s].status).toBe('Deleted');
    const now = new Date(again.emulator.emu.now());
    const usage = await again.req('GET', `/ecs/v2/billing/servers/${now.getUTCFullYear()}/${now.getUTCMonth() + 1}`);
    expect(usage.text).toContain(s);
  });

  it('drops a torn last line (a kill mid-write) and keeps every whole one', async () => {
    const file = tempState();
    const t = await open(file);
    await t.req('POST', '/ecs/v2/keys', { notes: 'whole' });
    const held = snapshotOf(t);
    t.emulator.emu.close();
    writeFileSync(`${file}.journal`, `${readFileSync(`${file}.journal`, 'utf8')}{"c":{"mode":"manual"},"u":[["tok`);
    expect(snapshotOf(await open(file))).toEqual(held);
  });
});

describe('--state FILE written by an older version', () => {
  it("reads its groups in their old shape (the code in id, the label in name) as the live service's shape", async () => {
    const file = tempState();
    const t = await open(file, 'demo');
    const held = JSON.parse(JSON.stringify(t.emulator.emu.state));
    t.emulator.emu.close();
    // the groups as the version before issue #8 wrote them
    const codes = Object.keys(held.groups);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      const g = held.groups[code];
      held.groups[code] = { id: code, name: g.notes, notes: '', enabled: g.enabled, user: g.user };
    }
    delete held.seq.groupId;
    const { clock } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ state: held, clock }));
    rmSync(`${file}.journal`, { force: true });

    const again = await open(file, 'demo');
    const groups = (await again.req('GET', '/ecs/v2/groups')).body.groups as Array<{ id: number; name: string; notes: string }>;
    expect(groups.map((g) => g.name).sort()).toEqual(codes.sort());
    for (const g of groups) expect(Number.isInteger(g.id)).toBe(true);
    expect(groups.map((g) => g.notes)).toContain('production');
    // a server's group still names one of them, and a new group takes the next id
    const made = await again.req('POST', '/ecs/v2/groups', { notes: 'after the upgrade' });
    expect(made.status).toBe(200);
    expect(made.body.group?.id ?? made.body.id).toBeGreaterThan(Math.max(...groups.map((g) => g.id)));
  });
});

describe('--state FILE is private', () => {
  it('writes the state and its journal 0600 in a directory it makes 0700, and removes leftover .tmp files', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ecsdeck-perm-'));
    const dir = join(root, 'nested', 'state');
    const file = join(dir, 'emu.json');
    const t = await open(file);
    await t.req('POST', '/ecs/v2/keys', { notes: 'k' });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.journal`).mode & 0o777).toBe(0o600);
    t.emulator.emu.close();

    // a kill between writing a sibling and renaming it leaves the sibling behind; a start removes it,
    // and only its own (another program's .tmp file beside it stays)
    writeFileSync(`${file}.4242.tmp`, 'half a state');
    writeFileSync(`${file}.journal.4242.tmp`, 'half a journal');
    writeFileSync(join(dir, 'other.json.1.tmp'), 'not ours');
    await open(file);
    // (the lock says this emulator holds the file)
    expect(readdirSync(dir).sort()).toEqual(['emu.json', 'emu.json.journal', 'emu.json.lock', 'other.json.1.tmp']);
  });

  it('makes a state file written 0644 by an older version 0600', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-perm-'));
    mkdirSync(join(dir, 'd'), { mode: 0o755 });
    const file = join(dir, 'd', 'emu.json');
    const t = await open(file);
    const held = snapshotOf(t);
    t.emulator.emu.close();
    // the old format: the whole state, world-readable
    writeFileSync(file, readFileSync(file, 'utf8'), { mode: 0o644 });
    chmodSync(file, 0o644);
    writeFileSync(`${file}.journal`, '');
    const again = await open(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(snapshotOf(again).state).toEqual(held.state);
  });
});
