// The history file on its own: written 0600 in a 0700 directory (a looser file or directory is tightened),
// rotated past its cap with the write before kept, damaged lines skipped and counted, each kind of ending
// recorded, and nothing recorded for reads, logins or a request marked not to be.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { createEmulator } from '../../src/emulator/app.js';
import { readHistory, rotatedPath } from '../../src/history/file.js';
import { HistoryLog } from '../../src/history/log.js';
import { commandForWrite } from '../../src/cli/reverse.js';
import { describeWrite, outcomeText, parseLine, redact, replayOf, type HistoryEntry } from '../../src/history/record.js';

const BASE = 'http://emu.test';
const freshPath = () => join(mkdtempSync(join(tmpdir(), 'ecsdeck-hist-')), 'state', 'ecsdeck', 'history.jsonl');

async function recorded(path: string, maxBytes?: number) {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const client = createClient({ endpoint: BASE, fetch: emulator.fetch, retry: { limit: 0 } });
  const log = new HistoryLog({ path, by: 'dashboard', maxBytes });
  log.attach(client, { profile: 'work', endpoint: 'emu.test', via: 'profile' });
  await client.login('demo', 'demo');
  return { client, log, emulator };
}

it('the file is 0600 in a 0700 directory, and a looser one is tightened', async () => {
  const path = freshPath();
  const { client } = await recorded(path);
  await client.servers.powerOff('ec206901');
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);

  const loose = freshPath();
  mkdirSync(join(loose, '..'), { recursive: true, mode: 0o755 });
  chmodSync(join(loose, '..'), 0o755);
  writeFileSync(loose, '', { mode: 0o644 });
  chmodSync(loose, 0o644);
  const again = await recorded(loose);
  await again.client.servers.powerOff('ec206902');
  expect(statSync(loose).mode & 0o777).toBe(0o600);
  expect(statSync(join(loose, '..')).mode & 0o777).toBe(0o700);
});

it('reads, the login and a request marked history:false write nothing; a write, its refusal and an unreachable service are each recorded', async () => {
  const path = freshPath();
  const { client } = await recorded(path);
  await client.servers.list();
  await client.catalog.regionsFor('eCS1');
  expect(existsSync(path)).toBe(false);

  await client.servers.powerOff('ec206901');
  await expect(client.servers.powerOff('ec999999')).rejects.toThrow();
  const { entries } = readHistory(path);
  expect(entries.map((e) => e.what)).toEqual(['power off ec999999', 'power off ec206901']);
  expect(entries[0].answer).toMatchObject({ result: 'refused', status: 404 });
  expect(outcomeText(entries[0])).toMatch(/^refused: .+/);
  expect(outcomeText(entries[1])).toMatch(/^action \d+ started$/);
  expect(entries[1]).toMatchObject({ profile: 'work', endpoint: 'emu.test', by: 'dashboard', method: 'POST' });

  const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
  const gone = createClient({ endpoint: 'http://127.0.0.1:1', fetch: () => Promise.reject(refused), retry: { limit: 0 }, credential: { kind: 'token', token: 'tok-123456789' } });
  const offline = freshPath();
  new HistoryLog({ path: offline, by: 'command' }).attach(gone, { profile: 'env', endpoint: '127.0.0.1:9', via: 'env' });
  await expect(gone.servers.powerOn('ec206901')).rejects.toThrow();
  const [lost] = readHistory(offline).entries;
  expect(lost).toMatchObject({ by: 'command', answer: { result: 'failed' } });
  expect(outcomeText(lost)).toMatch(/^no answer: .*connection refused/);
});

it('an action seen ending completes its write', async () => {
  const path = freshPath();
  const { client, log } = await recorded(path);
  const action = await client.servers.powerOff('ec206901');
  log.actionEnded({ id: action.id, status: 'failed', failure: 'host on fire' });
  // an action no recorded write started is not anyone's end
  log.actionEnded({ id: 999_999, status: 'completed' });
  const [e] = readHistory(path).entries;
  expect(outcomeText(e)).toBe(`action ${action.id} failed: host on fire`);
  expect(readFileSync(path, 'utf8').trimEnd().split('\n')).toHaveLength(3);
});

it('past its cap the file is rotated: the one before is kept and read, older ones go', async () => {
  const path = freshPath();
  const { client } = await recorded(path, 2_000);
  // (refused after the first: another action is under way; refusals are writes of the history all the same)
  for (let i = 0; i < 12; i++) await client.servers.powerOn('ec206906').catch(() => undefined);
  expect(statSync(path).size).toBeLessThanOrEqual(2_000);
  expect(existsSync(rotatedPath(path))).toBe(true);
  expect(statSync(rotatedPath(path)).size).toBeLessThanOrEqual(2_000);
  const { entries, skipped } = readHistory(path);
  expect(skipped).toBe(0);
  // some of the twelve are gone with the first file; what is kept is whole and newest first
  expect(entries.length).toBeGreaterThan(2);
  expect(entries.length).toBeLessThan(12);
  expect(entries.every((e) => e.answer !== null)).toBe(true);
  // newest first (two writes may share a millisecond: then either may come first)
  expect(entries.filter((e, i) => i > 0 && entries[i - 1].at < e.at)).toEqual([]);
});

it('damaged lines are skipped and counted, never thrown', () => {
  const path = freshPath();
  mkdirSync(join(path, '..'), { recursive: true });
  const good = { v: 1, t: 'sent', id: 'a', at: '2026-01-01T00:00:00.000Z', by: 'dashboard', profile: 'p', endpoint: 'e', method: 'DELETE', path: '/ecs/v2/servers/ec1', what: 'delete server ec1' };
  writeFileSync(path, ['not json', JSON.stringify(good), '{"v":2,"t":"sent"}', '[]', '{"v":1,"t":"answer","id":"a","at":"x","result":"done"', ''].join('\n'));
  const { entries, skipped } = readHistory(path);
  expect(entries.map((e) => e.what)).toEqual(['delete server ec1']);
  expect(skipped).toBe(4);
  expect(outcomeText(entries[0])).toBe('no answer recorded');
});

it('secrets are taken out of the body, and the write says so', () => {
  const out = redact({ notes: 'web', password: 'pw-1234', user_customize: 'echo secret', user_customize_env: 'A=1', nested: { api_token: 'x' }, user_customize_id: 3 });
  expect(out.redacted).toBe(true);
  expect(out.body).toEqual({ notes: 'web', password: '[redacted]', user_customize: '[redacted]', user_customize_env: '[redacted]', nested: { api_token: '[redacted]' }, user_customize_id: 3 });
  expect(redact({ user_customize: 12 })).toEqual({ body: { user_customize: 12 }, redacted: false });
  expect(describeWrite('POST', '/ecs/v2/servers/ec206901/actions', { type: 'power_off' })).toBe('power off ec206901');
  expect(describeWrite('DELETE', '/ecs/v2/servers/ec206901/snapshots/12', undefined)).toBe('delete snapshot 12 of ec206901');
  expect(describeWrite('POST', '/ecs/v2/whatever', {})).toBe('POST /ecs/v2/whatever');
});

it('a profile saying "history": false keeps its session out of the history; others are recorded', async () => {
  const { openProfileStore } = await import('../../src/config/profiles.js');
  const { resolveConnection } = await import('../../src/config/connection.js');
  const { sessionForConnection } = await import('../../src/session/session.js');
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const login = (await (await emulator.fetch(new Request(`${BASE}/ecs/v2/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) }))).json()) as { token: string; expire: number };
  const credential = { kind: 'jwt' as const, token: login.token, expire: login.expire };
  const store = openProfileStore({ cwd: mkdtempSync(join(tmpdir(), 'ecsdeck-hist-conf-')) });
  store.add({ name: 'quiet', endpoint: BASE, credential, history: false });
  store.add({ name: 'loud', endpoint: BASE, credential });
  expect(store.get('quiet')?.history).toBe(false);
  const path = freshPath();
  const log = new HistoryLog({ path, by: 'dashboard' });
  const conn = (name: string) => {
    const c = resolveConnection({ ECSDECK_PROFILE: name }, store);
    if (c.source === 'none') throw new Error('no connection');
    return c;
  };
  const quiet = await sessionForConnection(conn('quiet'), { history: log, connect: { fetch: emulator.fetch } });
  expect(quiet.history).toBeNull();
  await quiet.client.servers.powerOff('ec206901');
  expect(existsSync(path)).toBe(false);
  const loud = await sessionForConnection(conn('loud'), { history: log, connect: { fetch: emulator.fetch } });
  await loud.client.servers.powerOff('ec206902');
  expect(readHistory(path).entries.map((e) => `${e.profile} ${e.what}`)).toEqual(['loud power off ec206902']);
  await Promise.all([quiet.close(), loud.close()]);
});

it('the command that sends a write again goes where the write went: its profile by name, the demo to a demo, the environment as it was', async () => {
  const path = freshPath();
  const { client } = await recorded(path);
  await client.servers.powerOff('ec206901');
  const [written] = readHistory(path).entries;
  expect(written.via).toBe('profile');
  // the profile current when it is run may be another service's: the write's own is named
  expect(replayOf(written, commandForWrite).command).toBe('ecsdeck --profile work servers power-off ec206901');
  expect(replayOf({ ...written, profile: "o'brien lab" }, commandForWrite).command).toBe(`ecsdeck --profile 'o'\\''brien lab' servers power-off ec206901`);
  // the demo's emulator is gone with its program: a demo, never the service a profile names
  expect(replayOf({ ...written, profile: 'demo', endpoint: '127.0.0.1:40123', via: 'demo' }, commandForWrite).command).toBe('ecsdeck --demo servers power-off ec206901');
  expect(replayOf({ ...written, profile: 'env', endpoint: 'api.example.net', via: 'env' }, commandForWrite).command).toBe('ecsdeck servers power-off ec206901');

  // lines written before `via` was: told from the profile and the address
  const old = (profile: string, endpoint: string): HistoryEntry => {
    const line = parseLine(JSON.stringify({ v: 1, t: 'sent', id: 'a-1', at: '2026-11-28T10:00:00.000Z', by: 'dashboard', profile, endpoint, method: 'POST', path: '/ecs/v2/servers/ec206901/actions', body: { type: 'power_off' }, what: 'power off ec206901' }));
    return { ...(line as HistoryEntry), answer: null, end: null };
  };
  expect(replayOf(old('demo', '127.0.0.1:33721'), commandForWrite).command).toBe('ecsdeck --demo servers power-off ec206901');
  expect(replayOf(old('env', 'api.example.net'), commandForWrite).command).toBe('ecsdeck servers power-off ec206901');
  expect(replayOf(old('work', 'api.example.net'), commandForWrite).command).toBe('ecsdeck --profile work servers power-off ec206901');
  // a profile called demo on a real service is a profile
  expect(replayOf(old('demo', 'api.example.net'), commandForWrite).command).toBe('ecsdeck --profile demo servers power-off ec206901');
  // a line's via that is not one of the three is not believed
  const odd = parseLine(JSON.stringify({ v: 1, t: 'sent', id: 'a-2', at: '2026-11-28T10:00:00.000Z', by: 'dashboard', profile: 'work', endpoint: 'x', via: 'rm -rf', method: 'POST', path: '/p', what: 'w' }));
  expect(odd).toMatchObject({ via: undefined });
});
