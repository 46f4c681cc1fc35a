// `:tokens` and `:account`: a token made, shown once, copied and forgotten; renamed and revoked on the
// service; the dashboard's own token marked and its revocation warned about; the password changed (typed
// twice, masked) with the session renewing with the new one.
import { afterEach, expect, test } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { sessionForConnection } from '../../../src/session/session.js';
import { createEmulator } from '../../../src/emulator/app.js';
import { osc52 } from '../../../src/ui/terminal-handoff.js';
import { keys } from '../helpers.js';
import { BASE, emulatorAdmin, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const selectedLine = (f: string) => f.split('\n').find((l) => l.startsWith('│›')) ?? '';

async function go(t: Harness, screen: string): Promise<void> {
  await t.waitFor('web-1');
  await t.press(':');
  await t.type(screen);
  await t.press(keys.enter);
}

async function selectRow(t: Harness, re: RegExp): Promise<void> {
  await t.press('g');
  for (let i = 0; i < 20; i++) {
    if (re.test(selectedLine(t.frame()))) return;
    await t.press('j');
  }
  throw new Error(`no row matches ${re}:\n${t.frame()}`);
}

test('c makes a token: shown once with a warning, y copies it, esc forgets it; it signs in on the service', async () => {
  h = await startApp({ height: 34 });
  await go(h, 'tokens');
  // the harness's session signs in with a token made for this machine: marked as this dashboard's
  let f = await h.waitFor('this dashboard');
  expect(f).toMatch(/● +ecsdeck@test/);
  await h.press('c');
  await h.waitFor('New API token');
  await h.type('ci-deploy');
  await h.press(keys.enter);
  f = await h.waitFor('Token:');
  expect(f).toContain('only time the service shows this token');
  const value = /Token: (\S+)/.exec(f)![1];
  expect(value.length).toBeGreaterThan(10);
  // valid on the service
  const other = createClient({ endpoint: BASE, fetch: h.emulator.fetch, credential: { kind: 'token', token: value } });
  expect((await other.account.get()).username).toBe('demo');
  await h.press('y');
  await h.waitFor('✓ copied');
  expect(h.frames().some((fr) => fr.includes(osc52(value)))).toBe(true);
  await h.press(keys.escape);
  f = await h.waitFor((fr) => !fr.includes('Token:') && /ci-deploy/.test(fr));
  expect(f).not.toContain(value);
  const before = h.frames().length;
  await h.press('j', 'k', keys.enter);
  await h.waitFor('shown once, when it was made');
  expect(h.frames().slice(before).some((fr) => fr.includes(value))).toBe(false);
  const labels = (await h.client.account.tokens.list()).map((t) => t.notes);
  expect(labels).toContain('ci-deploy');
});

test('e renames and d revokes on the service; revoking the dashboard\'s own token is warned about', async () => {
  h = await startApp({ height: 34 });
  const made = await h.client.account.tokens.create('old-label');
  await go(h, 'tokens');
  await h.waitFor('old-label');
  await selectRow(h, /old-label/);
  await h.press('e');
  await h.waitFor('Rename API token');
  await h.press(keys.ctrlU);
  await h.type('new-label');
  await h.press(keys.enter);
  await h.waitFor(/is now "new-label"/);
  const listed = await h.client.account.tokens.list();
  const renamed = listed.find((t) => t.notes === 'new-label')!;
  expect(renamed).toBeDefined();
  expect(listed.some((t) => t.notes === 'old-label')).toBe(false);

  // the dashboard's own token: the warning, and n keeps it
  await selectRow(h, /ecsdeck@test/);
  await h.press('d');
  let f = await h.waitFor('[y/N]');
  expect(f.replace(/ *│\n│ */g, ' ')).toContain('This dashboard signs in with this token');
  await h.press('n');
  await h.waitFor('Nothing was changed.');

  await selectRow(h, /new-label/);
  await h.press('d');
  f = await h.waitFor('[y/N]');
  expect(f).not.toContain('This dashboard signs in');
  await h.press('y');
  await h.waitFor(`API token ${renamed.id} "new-label" is revoked.`);
  expect((await h.client.account.tokens.list()).some((t) => t.id === renamed.id)).toBe(false);
  const gone = createClient({ endpoint: BASE, fetch: h.emulator.fetch, credential: { kind: 'token', token: made.token }, retry: { limit: 0 } });
  await expect(gone.account.get()).rejects.toThrow();
});

test('read-only: c, e and d are refused on tokens and e on the account', async () => {
  h = await startApp({ height: 34, readOnly: true });
  await go(h, 'tokens');
  await h.waitFor('ecsdeck@test');
  for (const k of ['c', 'e', 'd']) {
    await h.press(k);
    await h.waitFor(`read-only: ${k} (`);
  }
  await h.press(':');
  await h.type('account');
  await h.press(keys.enter);
  await h.waitFor('User name');
  await h.press('e');
  await h.waitFor('read-only: e (password) is turned off');
  expect(h.frame()).not.toContain('New password');
});

test('e on the account changes the password: two masked fields, a mismatch keeps the form, the session renews with the new one', async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const OLD = 'first-pass-1';
  const NEW = 'second-pass-2';
  await emulatorAdmin(emulator, 'POST', '/__emulator/users', { username: 'alice', password: OLD });
  const session = await sessionForConnection(
    { source: 'env', endpoint: BASE, auth: { kind: 'login', username: 'alice', password: OLD } },
    { connect: { fetch: emulator.fetch, retry: { limit: 0 } }, trackerOptions: { intervalMs: 30 } },
  );
  h = await startApp({ emulator, session, height: 34 });
  await h.waitFor('no servers');
  await h.press(':');
  await h.type('account');
  await h.press(keys.enter);
  await h.waitFor('alice');
  await h.press('e');
  await h.waitFor('Change the password');
  await h.type(NEW);
  await h.press(keys.enter);
  await h.type('not-the-same');
  await h.press(keys.enter);
  let f = await h.waitFor('the two passwords differ');
  // both kept, masked
  expect(f).toMatch(/New password\s+•+/);
  expect(f).toMatch(/The same again\s+•+/);
  await h.press(keys.tab, keys.ctrlU);
  await h.type(NEW);
  await h.press(keys.enter);
  f = await h.waitFor('The password of alice is changed');
  expect(h.frames().some((fr) => fr.includes(NEW) || fr.includes('not-the-same'))).toBe(false);
  // the service takes the new password only
  const probe = createClient({ endpoint: BASE, fetch: emulator.fetch, retry: { limit: 0 } });
  await expect(probe.login('alice', OLD)).rejects.toThrow();
  await probe.login('alice', NEW);
  // the dashboard still works, and its next renewal logs in with the new password
  await session.client.transport.renewer!(false);
  expect((await session.client.account.get()).username).toBe('alice');
  await h.press('r');
  await h.waitFor('alice');
  await session.close();
});
