// Account resources end to end (issue #12, parts 1-4): the built program in a pseudo-terminal against an
// emulator process on a manual clock. An SSH key added from a `.pub` file and deleted; a script written by
// an $EDITOR that is a test script; a template made from a snapshot, then a server made from that template.
// Each checks the service's state over the API, not only the screen.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { KEYS, start, startEmulatorProcess, type Emulator, type Session } from './harness.js';

const SHOW_MS = 12_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** An emulator process and the dashboard logged in to it; `env` goes to the dashboard. */
async function dashboard(env: Record<string, string> = {}, args: string[] = []): Promise<{ emu: Emulator; s: Session; dir: string }> {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-resources-'));
  const s = start({
    cols: 120,
    rows: 36,
    args: ['--api-url', emu.url, ...args],
    env: { ECSDECK_CONFIG_DIR: dir, ECSDECK_USERNAME: 'demo', ECSDECK_PASSWORD: 'demo', ECSDECK_API_TOKEN: undefined, ECSDECK_PROFILE: undefined, ...env },
  });
  cleanups.push(() => {
    s.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  await s.waitFor(/│›ec206901/, SHOW_MS);
  return { emu, s, dir };
}

async function go(s: Session, screen: string, ready: RegExp): Promise<void> {
  s.pty.write(`:${screen}${KEYS.enter}`);
  await s.waitFor(ready, SHOW_MS);
  await s.idle();
}

it('adds an SSH key from a .pub file with its fingerprint, then deletes it', async () => {
  const { emu, s, dir } = await dashboard();
  const file = join(dir, 'id_test');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'e2e@host', '-f', file]);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).trim();
  await go(s, 'sshkeys', /SSH keys/);
  s.pty.write('c');
  await s.waitFor('Add an SSH key', SHOW_MS);
  s.pty.write(`e2e-box${KEYS.enter}`);
  s.pty.write(`${file}.pub`);
  await s.waitFor(`✓ ${fingerprint}`, SHOW_MS);
  s.pty.write(KEYS.enter);
  await s.waitFor('Added SSH key e2e-box', SHOW_MS);
  const token = await emu.token();
  const listed = (await emu.call('GET', '/ecs/v2/sshkeys', undefined, { token })).body.pubkeys as Array<{ label: string; key: string }>;
  expect(listed.find((k) => k.label === 'e2e-box')?.key).toMatch(/^ssh-ed25519 \S+ e2e@host$/);

  await s.waitUntil((x) => /│›e2e-box/.test(x), 'the new key selected', SHOW_MS);
  s.pty.write('d');
  await s.waitFor('Delete SSH key e2e-box?', SHOW_MS);
  s.pty.write('y');
  await s.waitFor('Deleted SSH key e2e-box.', SHOW_MS);
  const after = (await emu.call('GET', '/ecs/v2/sshkeys', undefined, { token })).body.pubkeys as Array<{ label: string }>;
  expect(after.some((k) => k.label === 'e2e-box')).toBe(false);
}, 60_000);

it('creates a script through an $EDITOR that is a test script', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-editor-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const editor = join(dir, 'editor.sh');
  writeFileSync(editor, `#!/bin/sh\nprintf '#!/bin/sh\\necho written by the e2e editor\\n' > "$1"\n`);
  chmodSync(editor, 0o755);
  const { emu, s } = await dashboard({ EDITOR: editor, VISUAL: '' });
  await go(s, 'scripts', /node-exporter/);
  s.pty.write('c');
  await s.waitFor('New script', SHOW_MS);
  s.pty.write(`e2e script${KEYS.enter}`);
  await s.waitFor(/Windows +no/, SHOW_MS);
  // tui.md: title, windows, then the editor opens at once (no third ⏎ on the content field)
  s.pty.write(KEYS.enter);
  await s.waitFor('Created script e2e script (2 lines).', SHOW_MS);
  const scripts = (await emu.call('GET', '/ecs/v2/scripts', undefined, { token: await emu.token() })).body.scripts as Array<{ title: string; content: string; windows: boolean }>;
  expect(scripts.find((x) => x.title === 'e2e script')).toMatchObject({ content: '#!/bin/sh\necho written by the e2e editor\n', windows: false });
  // the dashboard came back whole after the editor
  await s.waitUntil((x) => /│ ?›?e2e script +shell \(Linux\) +2/.test(x), 'the new script in the list', SHOW_MS);
}, 60_000);

it('makes a template from a snapshot, then a server from that template', async () => {
  const { emu, s } = await dashboard();
  const token = await emu.token();
  const snaps = (await emu.call('GET', '/ecs/v2/servers/ec206901/snapshots', undefined, { token })).body.snapshots as Array<{ id: number }>;
  const snap = snaps[0].id;
  await go(s, 'templates', /ei204101/);
  s.pty.write('c');
  await s.waitFor('New template', SHOW_MS);
  s.pty.write(`snapshot ${snap} of`);
  await s.waitFor(`snapshot ${snap} of ec206901`, SHOW_MS);
  s.pty.write(KEYS.enter);
  s.pty.write(`e2e golden${KEYS.enter}`);
  await s.waitFor('create_template', SHOW_MS);
  const templates = (await emu.call('GET', '/ecs/v2/templates', undefined, { token })).body.templates as Array<{ name: string; description: string; status: string }>;
  const made = templates.find((t) => t.description === 'e2e golden')!;
  expect(made.status).toBe('CG');

  await emu.advance(3600);
  s.pty.write('r');
  await s.waitUntil((x) => new RegExp(`│›${made.name} +e2e golden +Created`).test(x), 'the template created and selected', SHOW_MS);
  s.pty.write('n');
  await s.waitFor(`image ${made.name}`, SHOW_MS);
  await s.idle();
  s.pty.write('eCS3');
  await s.waitFor(/› eCS3 /, SHOW_MS);
  s.pty.write(KEYS.enter);
  await s.waitFor('where eCS3 can be created now', SHOW_MS);
  await s.idle();
  s.pty.write(KEYS.enter);
  await s.waitFor("the server's label in the list", SHOW_MS);
  s.pty.write(`e2e-from-template${KEYS.enter}`);
  await s.waitFor(`"image": "${made.name}"`, SHOW_MS);
  s.pty.write(KEYS.enter);
  await s.waitFor('Creating e2e-from-template', SHOW_MS);
  // the hour the clock moved outlived the first login
  const fresh = (await emu.call('POST', '/ecs/v2/login', { username: 'demo', password: 'demo' })).body.token as string;
  const servers = (await emu.call('GET', '/ecs/v2/servers', undefined, { token: fresh })).body.server as Array<{ notes: string; so?: string; os?: string; image?: string }>;
  const server = servers.find((x) => x.notes === 'e2e-from-template');
  expect(server).toBeDefined();
  expect([server!.so, server!.os, server!.image]).toContain(made.name);
}, 60_000);

it('--read-only: every write key of templates, SSH keys, scripts, plans and the matrix is refused; nothing changes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-e2e-ro-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const ran = join(dir, 'editor-ran');
  const editor = join(dir, 'editor.sh');
  writeFileSync(editor, `#!/bin/sh\necho ran > "${ran}"\n`);
  chmodSync(editor, 0o755);
  const { emu, s } = await dashboard({ VISUAL: editor }, ['--read-only']);
  const token = await emu.token();
  const state = async () =>
    JSON.stringify(
      await Promise.all(['/ecs/v2/templates', '/ecs/v2/sshkeys', '/ecs/v2/scripts', '/ecs/v2/servers'].map(async (p) => (await emu.call('GET', p, undefined, { token })).body)),
    );
  const before = await state();
  const screens: Array<[string, RegExp, string[]]> = [
    ['templates', /ei204101/, ['c', 'e', 'd', 'n']],
    ['sshkeys', /laptop/, ['c', 'e', 'd']],
    ['scripts', /node-exporter/, ['c', 'e', 'd']],
    ['plans', /eCS1 /, ['c']],
    ['availability', /IT-MI2/, ['c']],
  ];
  for (const [screen, ready, writes] of screens) {
    await go(s, screen, ready);
    for (const k of writes) {
      s.pty.write(k);
      await s.idle();
      expect(s.screen()).not.toMatch(/New template|Rename|Delete|New server|Add an SSH key|New script|Content of|\[y\/N\]/);
    }
    // the footer offers none of them
    expect(s.screen()).not.toMatch(/c create|d delete|e edit|n new server|c new server/);
  }
  expect(existsSync(ran)).toBe(false);
  expect(await state()).toBe(before);
}, 60_000);
