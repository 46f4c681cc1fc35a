// `:history` in the whole app on an in-process emulator: a power-off from the servers list is listed with its
// end, ⏎ shows the one-shot command, `y` copies it; writes holding secrets leave no trace of them in the file;
// a damaged line is skipped and said, never a crash.
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { createEmulator } from '../../../src/emulator/app.js';
import { HistoryLog } from '../../../src/history/log.js';
import { createSession } from '../../../src/session/session.js';
import { BASE, selectRow, startApp, type Harness } from './harness.js';

const lineWith = (frame: string, text: string): string | undefined => frame.split('\n').find((l) => l.includes(text));

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

async function withHistory(size: { width: number; height: number } = { width: 120, height: 32 }): Promise<{ h: Harness; path: string }> {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const path = join(mkdtempSync(join(tmpdir(), 'ecsdeck-hist-')), 'ecsdeck', 'history.jsonl');
  const client = createClient({ endpoint: BASE, fetch: emulator.fetch, retry: { limit: 0 } });
  await client.login('demo', 'demo');
  client.setCredential(await client.account.mintMachineCredential({ hostname: 'test', history: false }));
  const session = createSession({ client, profile: 'demo', endpoint: 'emu.test', local: true, trackerOptions: { intervalMs: 30, lingerMs: 60_000 }, history: new HistoryLog({ path, by: 'dashboard' }) });
  h = await startApp({ emulator, session, ...size });
  return { h, path };
}

it('a power-off from the servers list is in :history with its end; ⏎ shows the command, y copies it', async () => {
  const { h, path } = await withHistory();
  await h.waitFor('web-1');
  await selectRow(h, /ec206901/);
  await h.press('P');
  await h.waitFor('[y/N]');
  await h.press('y');
  await h.waitFor(/power_off +web-1/);
  h.advance(30);
  await h.waitFor(/power_off +web-1 \(ec206901\) +✓ done/);
  await h.press(':');
  await h.type('hist');
  await h.press('\r');
  // (the first look loads the command table: seconds under vitest's transform on a busy machine)
  const listed = await h.waitFor(/power off ec206901 +action \d+ completed/, 15_000);
  expect(lineWith(listed, 'power off ec206901')).toMatch(/^│›\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +demo +power off ec206901 +action \d+ completed +dashboard/);
  expect(listed).toMatch(/History +1 write\b/);

  await h.press('\r');
  const record = await h.waitFor('Same from a shell');
  // the demo's write is sent again to a demo, never to whatever service is current in the shell
  expect(lineWith(record, 'Same from a shell')).toMatch(/Same from a shell +ecsdeck --demo servers power-off ec206901 /);
  expect(lineWith(record, 'Through')).toMatch(/Through +the demo's emulator \(it lasts only while its program runs\)/);
  expect(record).toMatch(/Sent +POST \/ecs\/v2\/servers\/ec206901\/actions/);
  await h.press('y');
  await h.waitFor('Copied ecsdeck --demo servers power-off ec206901 to the clipboard.');
  expect(readFileSync(path, 'utf8')).toContain('"what":"power off ec206901"');
});

it('a refusal is listed with the service’s words; secrets sent are never in the file', async () => {
  const { h, path } = await withHistory();
  await h.waitFor('web-1');
  // writes through the session's client: the hook is on the client, whichever screen sends
  await h.session.client.groups.create({ notes: 'vault', password: 'Hunter2-very-secret' });
  await h.session.client.servers.create({ plan: 'eCS1', location: 'it-mi2', image: 'ubuntu-2404', notes: 'with-env', userCustomize: 'echo root:S3cr3t-script-pw | chpasswd' });
  await expect(h.session.client.servers.powerOff('ec999999')).rejects.toThrow();
  const text = readFileSync(path, 'utf8');
  for (const secret of ['Hunter2-very-secret', 'S3cr3t-script-pw']) expect(text).not.toContain(secret);
  expect(text).toContain('"password":"[redacted]"');

  await h.press(':');
  await h.type('history');
  await h.press('\r');
  const listed = await h.waitFor('power off ec999999', 15_000);
  expect(lineWith(listed, 'power off ec999999')).toMatch(/refused: /);
  expect(listed).toContain('create group vault');
  expect(listed).not.toContain('Hunter2');
  // newest first
  expect(listed.indexOf('power off ec999999')).toBeLessThan(listed.indexOf('create group vault'));
  // `/` filters the writes
  await h.press('/');
  await h.type('vault');
  await h.press('\r');
  const filtered = await h.waitFor((f) => !f.includes('power off ec999999') && f.includes('create group vault'));
  expect(filtered).not.toContain('create server');
  await selectRow(h, /create group vault/);
  await h.press('\r');
  const record = await h.waitFor('Same from a shell');
  expect(lineWith(record, 'Same from a shell')).toMatch(/none: the request held a secret/);
  expect(record).not.toContain('Hunter2');
});

it('a damaged line is skipped and said; the rest is listed', async () => {
  const { h, path } = await withHistory();
  await h.waitFor('web-1');
  await h.session.client.servers.powerOff('ec206902');
  appendFileSync(path, '{"v":1,"t":"sent","id":"cut-short","at":"2026-\n');
  await h.session.client.servers.powerOff('ec206903');
  await h.press(':');
  await h.type('history');
  await h.press('\r');
  const listed = await h.waitFor('power off ec206903', 15_000);
  expect(listed).toContain('power off ec206902');
  expect(listed).toMatch(/2 writes · 1 unreadable line skipped/);
});

it('at 80×24 RESULT keeps the action and how it ended whole: WHAT gives up its end first', async () => {
  const { h } = await withHistory({ width: 80, height: 24 });
  await h.waitFor('web-1');
  const action = await h.session.client.servers.powerOff('ec206902');
  await h.session.client.servers.update('ec206903', { notes: 'a long note that says what the database primary is for' });
  h.advance(30);
  await h.press(':');
  await h.type('history');
  await h.press('\r');
  const listed = await h.waitFor(`action ${action.id} completed`, 15_000);
  expect(lineWith(listed, 'power off ec206902')).toContain(`power off ec206902`);
  expect(lineWith(listed, `action ${action.id}`)).toMatch(new RegExp(`action ${action.id} completed *│$`));
  // the long WHAT is the one cut, and says so
  expect(listed).toMatch(/│ ?›?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +demo +\S.*… +done +│/);
});

it('at 200 columns RESULT stays beside WHAT: the room WHAT does not need is at the end of the row', async () => {
  const { h } = await withHistory({ width: 200, height: 40 });
  await h.waitFor('web-1');
  const action = await h.session.client.servers.powerOff('ec206902');
  h.advance(30);
  await h.press(':');
  await h.type('history');
  await h.press('\r');
  const listed = await h.waitFor(`action ${action.id} completed`, 15_000);
  const line = lineWith(listed, 'power off ec206902') ?? '';
  // WHAT is at most 100 columns wide: at most 100 blanks between what was done and how it ended
  expect(line).toMatch(/power off ec206902 {1,100}action \d+ completed/);
  expect(line).toMatch(/completed +\S+ +│$/);
});
