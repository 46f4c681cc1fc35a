// `:scripts`: ⏎ reads a script whole in the pager; `c` and `e` write the content in $VISUAL (here a shell
// script standing in for an editor); the spec's rules and the limit of 20 are said before sending, to the
// letter; `d` deletes. Each checked on the service.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { keys } from '../helpers.js';
import { openScreen, selectRow, startApp, type Harness } from '../app/harness.js';
import { pagerLines } from '../../../src/ui/resource/PagerView.js';

let h: Harness | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await h?.cleanup();
  h = undefined;
});

const work = mkdtempSync(join(tmpdir(), 'ecsdeck-scripts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** $VISUAL: a shell script doing `body` to the file it is given. */
function editor(name: string, body: string): string {
  const path = join(work, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  vi.stubEnv('VISUAL', path);
  return path;
}

async function openScripts(opts = {}): Promise<Harness> {
  const t = await startApp({ height: 36, ...opts });
  await openScreen(t, 'scripts', /node-exporter/);
  return t;
}

test('c: title, windows, then the content in $VISUAL; sent and on the service', async () => {
  editor('writes', `printf '#!/bin/sh\\napt-get install -y nginx\\nsystemctl enable nginx\\n' > "$1"`);
  h = await openScripts();
  await h.press('c');
  await h.waitFor('New script');
  await h.type('nginx');
  await h.press(keys.enter);
  await h.waitFor(/Windows +no +y\/n/);
  // ⏎ on the last question opens the editor at once (tui.md): no third ⏎ on a Content field
  await h.press(keys.enter);
  await h.waitFor('Created script nginx (3 lines).');
  const made = (await h.client.scripts.list()).find((s) => s.title === 'nginx');
  expect(made).toMatchObject({ content: '#!/bin/sh\napt-get install -y nginx\nsystemctl enable nginx\n', windows: false });
  await h.waitFor((f) => /nginx +shell \(Linux\) +3/.test(f));
});

test('c then `title⏎⏎` in one write: the editor opens and the script is sent, nothing is left in the form', async () => {
  editor('burst', `printf 'echo hello\\n' > "$1"`);
  h = await openScripts();
  await h.press('c');
  await h.waitFor('New script');
  await h.type('burst\r\r');
  await h.waitFor('Created script burst (1 lines).');
  expect(h.frame()).not.toContain('New script');
  const made = (await h.client.scripts.list()).find((s) => s.title === 'burst');
  expect(made).toMatchObject({ content: 'echo hello\n', windows: false });
});

test("a relative path is refused before sending, with the service's message and the form kept; an untouched file sends nothing", async () => {
  editor('relative', `printf 'cd ~/app && ./run\\n' > "$1"`);
  h = await openScripts();
  const before = (await h.client.scripts.list()).length;
  await h.press('c');
  await h.type('runner');
  await h.press(keys.enter, keys.enter);
  await h.waitFor('✗ Cant use relative path i user scripts');
  expect(h.frame()).toMatch(/Title +runner/);
  expect((await h.client.scripts.list()).length).toBe(before);

  editor('untouched', 'true');
  await h.press(keys.escape);
  await h.waitFor((f) => !f.includes('New script'));
  await h.press('c');
  await h.type('nothing');
  await h.press(keys.enter, keys.enter);
  await h.waitFor('The file was left empty: nothing was sent.');
  expect((await h.client.scripts.list()).length).toBe(before);
});

test('e opens the content in the editor at once and saving sends it; a public script is refused at once', async () => {
  editor('appends', `printf 'echo done\\n' >> "$1"`);
  h = await openScripts();
  await selectRow(h, /k3s-agent/);
  const script = (await h.client.scripts.list()).find((s) => s.title === 'k3s-agent')!;
  await h.press('e');
  await h.waitFor('Saved script k3s-agent');
  expect((await h.client.scripts.get(script.id)).content).toBe(`${script.content}echo done\n`);

  await selectRow(h, /Docker CE/);
  await h.press('e');
  await h.waitFor('Docker CE is a public script: it can be used, not changed or deleted');
});

test('E changes the title and kind, the content stays; a blank title is refused before sending', async () => {
  h = await openScripts();
  await selectRow(h, /k3s-agent/);
  const script = (await h.client.scripts.list()).find((s) => s.title === 'k3s-agent')!;
  expect(script.windows).toBe(false);
  await h.press('E');
  await h.waitFor('Title and kind of k3s-agent');
  // the title is prefilled: typing replaces it
  await h.type('k3s agent (win)');
  await h.press(keys.enter);
  await h.press('y');
  await h.press(keys.enter);
  await h.waitFor('Saved script k3s agent (win): PowerShell (Windows).');
  const saved = await h.client.scripts.get(script.id);
  expect(saved).toMatchObject({ title: 'k3s agent (win)', windows: true, content: script.content });

  await selectRow(h, /k3s agent \(win\)/);
  await h.press('E');
  await h.waitFor('Title and kind of k3s agent (win)');
  await h.press(keys.ctrlU, keys.enter);
  await h.waitFor('Title is needed');
  await h.press(keys.escape);
  await selectRow(h, /Docker CE/);
  await h.press('E');
  await h.waitFor('Docker CE is a public script: it can be used, not changed or deleted');
});

test('⏎ shows the whole script in a pager that scrolls with j, G and g', async () => {
  h = await startApp({ height: 24, width: 80 });
  await openScreen(h, 'scripts', /node-exporter/);
  await selectRow(h, /node-exporter/);
  const script = (await h.client.scripts.list()).find((s) => s.title === 'node-exporter')!;
  const lines = script.content.replace(/\n$/, '').split('\n');
  await h.press(keys.enter);
  await h.waitFor(`${lines.length} lines`);
  const first = h.frame();
  expect(first).toContain(`1 │ ${lines[0]}`);
  expect(first).not.toContain(`${lines.length} │ `);
  expect(first).toMatch(/▼ \d+ below/);
  await h.press('G');
  await h.waitFor(`${lines.length} │ ${lines.at(-1)!.slice(0, 40)}`);
  await h.press('g');
  await h.waitFor(`1 │ ${lines[0]}`);
  await h.press('j');
  await h.waitFor('▲ 1 above');
});

test('c with 20 scripts of ones own says the service message at once; d deletes after y', async () => {
  h = await openScripts();
  const own = (await h.client.scripts.list()).filter((s) => !s.public).length;
  for (let i = own; i < 20; i++) await h.client.scripts.create({ title: `filler ${i}`, content: 'echo hi' });
  await h.press('c');
  await h.waitFor("Error can't have more then 20 scripts remove a script before try to create another");
  expect(h.frame()).not.toContain('New script');

  await h.press('r');
  await selectRow(h, /filler 19/);
  await h.press('d');
  await h.waitFor('Delete script filler 19?');
  await h.press('y');
  await h.waitFor('Deleted script filler 19.');
  expect((await h.client.scripts.list()).some((s) => s.title === 'filler 19')).toBe(false);
  await h.waitFor((f) => !/│.filler 19 +shell/.test(f));
});

test('--read-only: c, e and d open nothing, run no editor and change nothing', async () => {
  const log = join(work, 'ran.log');
  editor('logs', `echo ran > "${log}"`);
  h = await openScripts({ readOnly: true });
  const before = await h.client.scripts.list();
  for (const k of ['c', 'e', 'd']) {
    await h.press(k);
    expect(h.frame()).not.toMatch(/New script|Delete script|Saved script/);
  }
  expect(existsSync(log)).toBe(false);
  expect(await h.client.scripts.list()).toEqual(before);
});

test('the pager keeps every character of a long line: it continues under itself, unnumbered', () => {
  const long = `echo ${'x'.repeat(150)}`;
  const lines = pagerLines(`#!/bin/sh\n${long}\n\tindented`, 60);
  expect(lines[0]).toEqual({ number: '1', text: '#!/bin/sh' });
  const pieces = lines.filter((l, i) => i > 0 && (l.number === '2' || (l.number.trim() === '' && i < lines.length - 1)));
  expect(pieces.length).toBeGreaterThan(1);
  expect(pieces.map((l) => l.text).join('')).toBe(long);
  // a tab is drawn as spaces to the next stop, never as a control character
  expect(lines.at(-1)).toEqual({ number: '3', text: '    indented' });
});

test('at 200 columns KIND stands beside the longest title, the room left blank at the row\'s end, not between TITLE and KIND', async () => {
  h = await openScripts({ width: 200 });
  const f = h.frame();
  const header = f.split('\n').find((l) => /TITLE +KIND/.test(l))!;
  const row = f.split('\n').find((l) => l.includes('Unattended security upgrades'))!;
  // the longest title (28 columns) and one column between it and KIND
  expect(header.indexOf('KIND') - header.indexOf('TITLE')).toBe('Unattended security upgrades'.length + 1);
  expect(row).toMatch(/Unattended security upgrades shell \(Linux\)/);
  // what is left is blank between the row's last column and the border
  expect(row).toMatch(/ 6 {10,}│/);
});
