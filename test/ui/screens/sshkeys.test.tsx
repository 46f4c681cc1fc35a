// `:sshkeys` writes: add from a `.pub` file (`~` expanded) or a pasted line with the fingerprint shown as
// `ssh-keygen -l` prints it, rename, delete y/N; what is not a public key refused, a pasted private key dropped
// before it is kept anywhere; each checked on the service.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { ed25519Line, keys } from '../helpers.js';
import { openScreen, selectRow, selectedLine, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await h?.cleanup();
  h = undefined;
});

const home = mkdtempSync(join(tmpdir(), 'ecsdeck-sshkeys-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function openKeys(opts = {}): Promise<Harness> {
  const t = await startApp({ height: 36, ...opts });
  await openScreen(t, 'sshkeys', /laptop/);
  return t;
}

test('c adds a key from a .pub file under ~, showing the fingerprint as ssh-keygen -l does; the service has the line', async () => {
  vi.stubEnv('HOME', home);
  const key = ed25519Line('me@box');
  writeFileSync(join(home, 'id_ed25519.pub'), `${key.line}\n`);
  h = await openKeys();
  await h.press('c');
  await h.waitFor('Add an SSH key');
  await h.type('box');
  await h.press(keys.enter);
  await h.type('~/id_ed25519.pub');
  await h.waitFor(`✓ 256 ${key.fingerprint} me@box (ED25519)`);
  await h.press(keys.enter);
  await h.waitFor(`Added SSH key box: 256 ${key.fingerprint}`);
  const stored = (await h.client.sshKeys.list()).find((k) => k.label === 'box');
  expect(stored?.key).toBe(key.line);
  await h.waitFor((f) => /box +ssh-ed25519 +me@box/.test(f));
});

test('a pasted private key is dropped at once, never drawn, kept or sent; the label stays; a bad line is refused', async () => {
  h = await openKeys();
  await h.press('c');
  await h.waitFor('Add an SSH key');
  await h.type('box');
  await h.press(keys.enter);
  const secret = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQSECRETSECRET';
  // one paste: the lines and their ⏎ arrive together
  await h.type(`-----BEGIN OPENSSH PRIVATE KEY-----\r${secret}\r${secret}\r-----END OPENSSH PRIVATE KEY-----\r`);
  await h.waitFor('private key dropped, never kept or sent: give the .pub file or its line');
  expect(h.frames().some((f) => f.includes('SECRETSECRET') || f.includes('BEGIN OPENSSH'))).toBe(false);
  expect(h.frame()).toMatch(/Label +box/);
  expect((await h.client.sshKeys.list()).some((k) => k.label === 'box')).toBe(false);

  // typing goes on as usual after the paste: a line that is not a key is refused with why
  await h.type('ssh-rsa hello');
  await h.press(keys.enter);
  await h.waitFor('the key data is not valid base64');
  expect((await h.client.sshKeys.list()).some((k) => k.label === 'box')).toBe(false);

  const key = ed25519Line('pasted@host');
  await h.press(keys.ctrlU);
  await h.type(key.line);
  await h.press(keys.enter);
  await h.waitFor('Added SSH key box');
  expect((await h.client.sshKeys.list()).find((k) => k.label === 'box')?.key).toBe(key.line);
});

test('a duplicate label gets the service message to the letter with the form kept; a missing file is said', async () => {
  const key = ed25519Line('x@y');
  writeFileSync(join(home, 'dup.pub'), key.line);
  h = await openKeys();
  await h.press('c');
  await h.type('laptop');
  await h.press(keys.enter);
  await h.type(join(home, 'missing.pub'));
  await h.press(keys.enter);
  await h.waitFor(`no file at ${join(home, 'missing.pub')}`);
  await h.press(keys.ctrlU);
  await h.type(join(home, 'dup.pub'));
  await h.press(keys.enter);
  await h.waitFor("An SSHKey may only have unique 'label' for 'user'");
  expect(h.frame()).toMatch(/Label +laptop/);
  expect(h.frame()).toContain('dup.pub');
  expect((await h.client.sshKeys.list()).filter((k) => k.label === 'laptop')).toHaveLength(1);
});

test('e renames, d deletes after y; both on the service', async () => {
  h = await openKeys();
  await selectRow(h, /ci-deploy/);
  const id = (await h.client.sshKeys.list()).find((k) => k.label === 'ci-deploy')!.id;
  await h.press('e');
  await h.waitFor('Rename SSH key ci-deploy');
  await h.press(keys.ctrlU);
  await h.type('gitlab');
  await h.press(keys.enter);
  await h.waitFor('Renamed SSH key ci-deploy to gitlab.');
  expect((await h.client.sshKeys.get(id)).label).toBe('gitlab');

  await selectRow(h, /gitlab/);
  await h.press('d');
  await h.waitFor('Delete SSH key gitlab?');
  await h.press('y');
  await h.waitFor('Deleted SSH key gitlab.');
  expect((await h.client.sshKeys.list()).some((k) => k.id === id)).toBe(false);
});

test('--read-only: c, e and d open nothing and change nothing', async () => {
  h = await openKeys({ readOnly: true });
  const before = await h.client.sshKeys.list();
  for (const k of ['c', 'e', 'd']) {
    await h.press(k);
    expect(h.frame()).not.toMatch(/Add an SSH key|Rename SSH key|Delete SSH key/);
  }
  expect(await h.client.sshKeys.list()).toEqual(before);
});

test('the added key is selected once the list has it, unless the user moved meanwhile: their row stays', async () => {
  h = await openKeys();
  const add = async (label: string) => {
    await h!.press('c');
    await h!.waitFor('Add an SSH key');
    await h!.type(label);
    await h!.press(keys.enter);
    await h!.type(ed25519Line(`${label}@host`).line);
    await h!.press(keys.enter);
    await h!.waitFor(`Added SSH key ${label}`);
  };
  await add('zz-first');
  await h.waitFor((f) => selectedLine(f).includes('zz-first'));

  // the list's reload is slow now: the user moves before it comes back
  await h.admin('PUT', '/__emulator/faults', { latency_ms: 400, path_prefix: '/ecs/v2/sshkeys' });
  await add('aa-second');
  await h.press('g');
  await h.press('j');
  const chosen = selectedLine(h.frame());
  await h.waitFor((f) => /aa-second +ssh-ed25519/.test(f), 5000);
  await h.admin('DELETE', '/__emulator/faults');
  expect(selectedLine(h.frame())).toBe(chosen);
  expect(chosen).not.toContain('aa-second');
});
