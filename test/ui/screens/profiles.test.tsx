// :profiles against a temporary config directory and the in-process emulator.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { openProfileStore } from '../../../src/config/profiles.js';
import type { Session } from '../../../src/session/session.js';
import { keys } from '../helpers.js';
import { BASE, startApp, type Harness } from '../app/harness.js';

const PASSWORD = 's3cret-pass-9';
let h: Harness | undefined;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ecsdeck-profiles-'));
  process.env.ECSDECK_CONFIG_DIR = dir;
});
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
  delete process.env.ECSDECK_CONFIG_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const hasRow = (f: string, text: string) => f.split('\n').some((l) => /^│[ ›]/.test(l) && l.includes(text));

async function openProfiles(t: Harness): Promise<void> {
  await t.waitFor((f) => hasRow(f, 'web-1'));
  await t.press(':');
  await t.type('profiles');
  await t.press(keys.enter);
  await t.waitFor(' Profiles');
}

test('add with user name and password: the password never shows, is never stored, and a token is kept', async () => {
  h = await startApp({ profiles: () => openProfileStore({ cwd: dir }) });
  await h.admin('POST', '/__emulator/users', { username: 'alice', password: PASSWORD });
  await openProfiles(h);
  await h.waitFor('no profiles yet: c adds one');
  await h.press('c');
  await h.waitFor('Add a profile');
  await h.type('work');
  await h.press(keys.enter);
  await h.waitFor('https://api.example.net');
  await h.type(BASE);
  await h.press(keys.enter);
  await h.waitFor('with a user name and password');
  await h.press(keys.down, keys.enter);
  await h.waitFor(/User name/);
  await h.type('alice');
  await h.press(keys.enter);
  await h.waitFor(/Password/);
  await h.type(PASSWORD);
  await h.waitFor((f) => /Password\s*$/m.test(f) || f.includes('Password'));
  await h.press(keys.enter);
  const f = await h.waitFor('Profile work added');
  expect(f).toMatch(/work +http:\/\/emu\.test +API token/);

  expect(h.frames().some((fr) => fr.includes(PASSWORD))).toBe(false);
  const file = readFileSync(join(dir, 'config.json'), 'utf8');
  expect(file).not.toContain(PASSWORD);
  const kept = openProfileStore({ cwd: dir }).get('work')?.credential;
  expect(kept?.kind).toBe('token');
  // the token's id on the service is kept with it, so :tokens can tell which one this machine uses
  const alice = createClient({ endpoint: BASE, fetch: h.emulator.fetch });
  await alice.login('alice', PASSWORD);
  const listed = await alice.account.tokens.list();
  expect(kept?.kind === 'token' && kept.id).toBe(listed.find((t) => t.notes.startsWith('ecsdeck@'))!.id);
});

test('add with an API token checks it with the service first; the token never shows', async () => {
  h = await startApp({ profiles: () => openProfileStore({ cwd: dir }) });
  await h.admin('POST', '/__emulator/users', { username: 'alice', password: PASSWORD });
  const alice = createClient({ endpoint: BASE, fetch: h.emulator.fetch });
  await alice.login('alice', PASSWORD);
  const token = await alice.account.mintMachineToken({ hostname: 'elsewhere' });

  await openProfiles(h);
  await h.press('c');
  await h.waitFor('Add a profile');
  await h.type('bad name!');
  await h.press(keys.enter);
  await h.waitFor("profile name 'bad name!' may hold letters, digits");
  await h.press(keys.ctrlU);
  await h.type('tok');
  await h.press(keys.enter);
  await h.waitFor('https://api.example.net');
  await h.type('ftp://nowhere');
  await h.press(keys.enter);
  await h.waitFor("must start with http:// or https://");
  await h.press(keys.ctrlU);
  await h.type(BASE);
  await h.press(keys.enter);
  await h.waitFor('with an API token');
  await h.press(keys.enter);
  await h.waitFor('API token');
  await h.type('not-a-real-token');
  await h.press(keys.enter);
  await h.waitFor(/✗ .+/);
  expect(openProfileStore({ cwd: dir }).get('tok')).toBeUndefined();
  await h.press(keys.ctrlU);
  await h.type(token);
  await h.press(keys.enter);
  await h.waitFor('Profile tok added');
  expect(h.frames().some((fr) => fr.includes(token))).toBe(false);
  expect(h.frames().some((fr) => fr.includes('not-a-real-token'))).toBe(false);
});

test('switch reconnects with a new client and tracker; remove asks y/N', async () => {
  const store = openProfileStore({ cwd: dir });
  h = await startApp({ profiles: () => store });
  await h.admin('POST', '/__emulator/users', { username: 'alice', password: PASSWORD });
  const alice = createClient({ endpoint: BASE, fetch: h.emulator.fetch });
  await alice.login('alice', PASSWORD);
  store.add({ name: 'alice', endpoint: BASE, credential: { kind: 'token', token: await alice.account.mintMachineToken() } });
  store.add({ name: 'spare', endpoint: 'https://spare.example.net', credential: null });
  store.add({ name: 'timed', endpoint: 'https://login.example.net', credential: { kind: 'jwt', token: 'header.payload.sig', expire: Date.UTC(2026, 11, 1, 9, 30) / 1000 } });

  await openProfiles(h);
  await h.waitFor((f) => hasRow(f, 'spare'));
  // each credential in the words `ecsdeck profiles list` uses (the login's time had no `UTC` here)
  expect(h.frame()).toMatch(/timed +https:\/\/login\.example\.net +login, until 2026-12-01 09:30 UTC/);
  expect(h.frame()).toMatch(/spare +https:\/\/spare\.example\.net +nothing \(no credential\)/);
  // the rows are sorted by name: alice first
  await h.press(keys.enter);
  await h.waitFor('alice @ emu.test');
  const f = await h.waitFor('no servers yet: c creates one');
  expect(f).toContain('0 servers');
  expect(f).not.toContain('local emulator');
  // the demo session's tracker was stopped with it
  expect(h.session.tracker.active).toBe(false);

  await h.press(':');
  await h.type('profiles');
  await h.press(keys.enter);
  await h.waitFor((f) => hasRow(f, 'spare'));
  expect(h.frame()).toMatch(/│›?\s*● +alice/);
  await h.press('j', 'd');
  await h.waitFor('Remove profile spare? [y/N]');
  await h.press('y');
  await h.waitFor('Profile spare removed.');
  expect(hasRow(h.frame(), 'spare')).toBe(false);
  expect(store.list().map((p) => p.name)).toEqual(['alice', 'timed']);
});

test('a switch gives the new session its profile entry’s ssh and notify settings, as read by :profiles (the file is not opened for them again)', async () => {
  const store = openProfileStore({ cwd: dir });
  const sessions: Session[] = [];
  h = await startApp({ profiles: () => store, onSessionChange: (s) => sessions.push(s) });
  await h.admin('POST', '/__emulator/users', { username: 'alice', password: PASSWORD });
  const alice = createClient({ endpoint: BASE, fetch: h.emulator.fetch });
  await alice.login('alice', PASSWORD);
  const settings = { ssh: { user: 'admin', args: ['-p', '2222'] }, notify: { mode: 'bell' as const } };
  store.add({ name: 'alice', endpoint: BASE, credential: { kind: 'token', token: await alice.account.mintMachineToken() }, settings });

  await openProfiles(h);
  await h.waitFor((f) => hasRow(f, 'alice'));
  await h.press(keys.enter);
  await h.waitFor('alice @ emu.test');
  const switched = sessions.find((s) => s.profile === 'alice');
  expect(switched?.settings).toEqual(settings);
  expect(h.session.settings).toBeUndefined();
});

test('e changes a profile: same name, a fresh credential replaces the old one', async () => {
  const store = openProfileStore({ cwd: dir });
  h = await startApp({ profiles: () => store });
  await h.admin('POST', '/__emulator/users', { username: 'alice', password: PASSWORD });
  store.add({ name: 'alice', endpoint: BASE, credential: { kind: 'token', token: 'revoked-long-ago' } });
  const alice = createClient({ endpoint: BASE, fetch: h.emulator.fetch });
  await alice.login('alice', PASSWORD);
  const fresh = await alice.account.mintMachineToken();

  await openProfiles(h);
  await h.waitFor((f) => hasRow(f, 'alice'));
  await h.press('e');
  await h.waitFor('Change profile alice');
  expect(h.frame()).toContain(BASE);
  await h.press(keys.enter);
  await h.waitFor('with an API token');
  await h.press(keys.enter);
  await h.type(fresh);
  await h.press(keys.enter);
  await h.waitFor('Profile alice saved.');
  expect(store.get('alice')?.credential).toEqual({ kind: 'token', token: fresh });
  expect(h.frames().some((fr) => fr.includes(fresh))).toBe(false);
});

test('removing a profile offers to revoke its API token on the service there and then', async () => {
  const store = openProfileStore({ cwd: dir });
  h = await startApp({ profiles: () => store });
  await h.admin('POST', '/__emulator/users', { username: 'alice', password: PASSWORD });
  const alice = createClient({ endpoint: BASE, fetch: h.emulator.fetch });
  await alice.login('alice', PASSWORD);
  const first = await alice.account.mintMachineCredential({ hostname: 'one' });
  const second = await alice.account.mintMachineCredential({ hostname: 'two' });
  store.add({ name: 'one', endpoint: BASE, credential: first });
  store.add({ name: 'two', endpoint: BASE, credential: second });

  await openProfiles(h);
  await h.waitFor((f) => hasRow(f, 'two'));
  await h.press('d');
  await h.waitFor('Remove profile one? [y/N]');
  await h.press('y');
  await h.waitFor(`Revoke its API token (${first.id}) on ${BASE} too?`);
  await h.press('y');
  await h.waitFor(`API token ${first.id} of the removed profile one is revoked.`);
  expect((await alice.account.tokens.list()).map((t) => t.id)).toEqual([second.id]);

  // n: the profile goes, its token stays
  await h.waitFor((f) => hasRow(f, 'two') && !hasRow(f, 'one'));
  await h.press('d');
  await h.waitFor('Remove profile two? [y/N]');
  await h.press('y');
  await h.waitFor(`Revoke its API token (${second.id})`);
  await h.press('n');
  await h.waitFor('Nothing was changed.');
  expect(store.list()).toEqual([]);
  expect((await alice.account.tokens.list()).map((t) => t.id)).toEqual([second.id]);
});
