// Pastes and fast typing on the whole app (issue 19.1, 18.4): a burst of any size is delivered key by key,
// in order, without a render loop; the dashboard lives and every key lands where the keys before it led.
import { afterEach, expect, test } from 'vitest';
import { createEmulator } from '../../../src/emulator/app.js';
import { ed25519Line, keys } from '../helpers.js';
import { emulatorAdmin, openScreen, selectedLine, startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** The demo's servers sorted by name, as the list opens: index 8 is gpu-train, 12 (the last) api-3. */
const ROW = ['web-1', 'web-2', 'db-primary', 'db-replica', 'monitoring', 'win-build', 'analytics-hm', 'ci-runner', 'gpu-train', 'inference-l4'];

test('a paste of 200 alternating moves (each key a render of its own) keeps the dashboard and lands every key', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  // down six, then up and down 96 times, then down twice: the cursor never touches an end of the 13 rows,
  // so one key lost or taken twice ends elsewhere than gpu-train (and 55 such keys used to end the dashboard)
  const paste = 'j'.repeat(6) + 'kj'.repeat(96) + 'jj';
  expect(paste).toHaveLength(200);
  h.stdin.write(paste);
  await h.waitFor((f) => selectedLine(f).includes(ROW[8]), 60_000);
  // alive: the next key is read as usual
  await h.press('k');
  await h.waitFor((f) => selectedLine(f).includes(ROW[7]));
  expect(h.frame()).not.toMatch(/Maximum update depth|This screen failed/);
}, 90_000);

test('10,000 j pasted on a list of 10,013 servers end on the 10,001st row, and the dashboard goes on', async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const made = await emulatorAdmin(emulator, 'POST', '/__emulator/bulk/servers', { username: 'demo', count: 10_000 });
  expect(made.status).toBe(201);
  h = await startApp({ emulator });
  await h.waitFor(/\b1\/10013/, 30_000);
  h.stdin.write('j'.repeat(10_000));
  await h.waitFor('10001/10013', 60_000);
  // then three up, one key at a time: each lands
  h.stdin.write('kkk');
  await h.waitFor('9998/10013', 10_000);
  await h.press('g');
  await h.waitFor((f) => /\b1\/10013/.test(f) && selectedLine(f).includes('web-1'));
}, 120_000);

test('a form opened and filled by one paste of 10,000 characters gets them all, in order, and sends them', async () => {
  h = await startApp({ height: 36 });
  await openScreen(h, 'sshkeys', /laptop/);
  const prefix = ed25519Line('').line;
  // a comment that says where each character stands: a character lost or moved changes it
  let comment = '';
  for (let i = 0; comment.length < 10_000 - prefix.length; i++) comment += `${i}-`;
  const line = (prefix + comment).slice(0, 10_000);
  expect(line).toHaveLength(10_000);
  // `c` opens the form, the label and ⏎, the key line and ⏎ that sends it: one write
  h.stdin.write(`cbig${keys.enter}${line}${keys.enter}`);
  await h.waitFor('Added SSH key big', 30_000);
  const stored = (await h.client.sshKeys.list()).find((k) => k.label === 'big');
  expect(stored?.key).toBe(line.trimEnd());
}, 60_000);

test('keys typed while a list loads its first rows wait for them: `:actions⏎jj` in one write ends on the third action', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  // the list's first rows come late: the keys after ⏎ arrive while it is still loading
  const r = await h.admin('PUT', '/__emulator/faults', { latency_ms: 600, path_prefix: '/ecs/v2/actions' });
  expect(r.status).toBe(200);
  h.stdin.write(':actions\rjj');
  await h.waitFor((f) => /actions loaded/.test(f) && / 3\/\d+│$/m.test(f), 10_000);
});

test('a long filter that matches nothing says so on one line, cut, and the list keeps its place on screen', async () => {
  h = await startApp({ width: 80, height: 24 });
  await h.waitFor('web-1');
  const filter = `${'é'.repeat(100)}${'x'.repeat(400)}`;
  // a paste into the filter line (bracketed, as a terminal sends one)
  h.stdin.write('/');
  await h.waitFor((f) => f.split('\n')[1].includes('Servers  /'));
  h.stdin.write(`\u001b[200~${filter}\u001b[201~`);
  const f = await h.waitFor('no rows match /');
  const lines = f.split('\n');
  const said = lines.findIndex((l) => l.includes('no rows match /'));
  // the whole filter is in the field above; the message quotes its start, cut, and the next line is blank
  expect(lines[said]).toMatch(/no rows match \/é+…/);
  expect(lines[said + 1]).toMatch(/^│ +│$/);
  expect(f).toMatch(/ 0 of \d+ match /);
  h.stdin.write('\u001b');
  await h.waitFor('web-1');
});
