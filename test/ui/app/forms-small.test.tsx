// The small things of forms, lists and dialogs a person trips over (issue 18, "Smaller"): a prefilled value is
// replaced by typing, not appended to; each checked on the service where something is sent.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { osc52 } from '../../../src/ui/terminal-handoff.js';
import { createEmulator } from '../../../src/emulator/app.js';
import { startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const selectedLine = (f: string) => f.split('\n').find((l) => l.startsWith('│›')) ?? '';

async function go(t: Harness, screen: string, ready: string | RegExp): Promise<void> {
  await t.waitFor('web-1');
  await t.press(':');
  await t.type(screen);
  await t.press(keys.enter);
  await t.waitFor(ready);
}

test('typing over a prefilled value replaces it; ⌫ edits it in place', async () => {
  h = await startApp({ height: 36 });
  await go(h, 'snapshots', /weekly snapshot/);
  for (let i = 0; i < 30 && !/weekly snapshot/.test(selectedLine(h.frame())); i++) await h.press('j');
  const line = selectedLine(h.frame());
  const [, notes0, server, id] = /›(\S+) \((ec\d+)\) +(\d+) weekly snapshot/.exec(line)!;
  await h.press('e');
  await h.waitFor(`Edit snapshot ${id}`);
  expect(h.frame()).toContain('type to replace');
  await h.type('from-snap-105');
  // the notes field is prefilled too: ⌫ takes its last character, the rest stays
  const notes = (await h.client.snapshots.get(server, Number(id))).notes;
  expect(notes.length).toBeGreaterThan(1);
  await h.press(keys.enter, keys.backspace, keys.enter);
  await h.waitFor(`Saved snapshot ${id} of ${notes0} (${server}).`);
  const saved = await h.client.snapshots.get(server, Number(id));
  expect(saved.description).toBe('from-snap-105');
  expect(saved.notes).toBe(notes.slice(0, -1));
});

test('C: the console key says what it is for, and y copies it while shown (OSC 52), never into the status line', async () => {
  h = await startApp({ width: 80, height: 24 });
  await h.waitFor('ec206901');
  await h.press('C');
  let f = await h.waitFor('Console key: ••••••••••••');
  expect(f).toContain('web console');
  expect(f).toContain('v reveal (then y copies)');
  const footer = () => h!.frame().split('\n').find((l) => l.startsWith('└')) ?? '';
  // masked, the footer does not offer y (it said `y copy`, and y then copied nothing)
  await h.waitFor(() => /└ v reveal +esc close/.test(footer()));
  // masked: y copies nothing, and says why
  await h.press('y');
  await h.waitFor('the key is copied only once shown');
  expect(h.frames().some((fr) => fr.includes('\u001b]52;'))).toBe(false);
  await h.press('v');
  f = await h.waitFor(/Console key: [0-9a-f]{16,}/);
  const key = /Console key: ([0-9a-f]{16,})/.exec(f)![1];
  await h.waitFor(() => /└ v hide +y copy +esc close/.test(footer()));
  // the dialog's own key line names them in the footer's order
  expect(h.frame()).toMatch(/│ v hide  y copy  esc close +│/);
  await h.press('y');
  await h.waitFor('✓ copied (OSC 52)');
  expect(h.frames().some((fr) => fr.includes(osc52(key)))).toBe(true);
  await h.press(keys.escape);
  await h.waitFor((fr) => !fr.includes('Console key'));
  expect(h.frame()).not.toContain(key);
});

test('n on a template: the plans whose disk is smaller than its required_disk are greyed out with the sizes', async () => {
  h = await startApp({ width: 120, height: 36 });
  await go(h, 'templates', /ei204101/);
  for (let i = 0; i < 10 && !/ei204101/.test(selectedLine(h.frame())); i++) await h.press('j');
  await h.press('n');
  // the wizard's code is loaded the first time: slow on a busy machine
  await h.waitFor('image ei204101', 15_000);
  const f = await h.waitFor('needs 80 GB', 10_000);
  expect(f).toMatch(/eCS1 .*20 GB disk.*needs 80 GB/);
  expect(f).not.toMatch(/eCS3 .*needs 80 GB/);
  // the list opens on the first plan that can hold it (the wizard's lines are one column in from the side)
  expect(f.split('\n').find((l) => l.startsWith('│ ›')) ?? '').toMatch(/│ › eCS3 /);
});

test('D on a server’s Snapshots tab deletes its weekly schedule after y/N, with the service’s DELETE', async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const calls: string[] = [];
  const spied = { ...emulator, fetch: (r: Request) => (calls.push(`${r.method} ${new URL(r.url).pathname}`), emulator.fetch(r)) };
  h = await startApp({ height: 40, emulator: spied });
  await h.waitFor('ec206901');
  await h.press(keys.enter);
  await h.waitFor('Milano (IT)');
  await h.press('3');
  let f = await h.waitFor(/Weekly schedule: \w+s, keeps \d+ · on/);
  expect(f).toContain('D delete');
  const path = '/ecs/v2/servers/ec206901/crons/snapshot_schedule_ec206901';
  await h.press('D');
  // the server is named as the detail's title names it
  f = await h.waitFor('Delete the weekly schedule of web-1 (ec206901)? [y/N]');
  expect(f).toContain('No more weekly snapshots of web-1 (ec206901) are taken');
  expect(f.split('\n').find((l) => l.startsWith('└'))).toMatch(/y yes/);
  await h.press('n');
  await h.waitFor('Nothing was deleted.');
  expect(calls).not.toContain(`DELETE ${path}`);
  await h.press('D');
  await h.waitFor('[y/N]');
  await h.press('y');
  await h.waitFor('Weekly schedule of web-1 (ec206901) deleted: no more weekly snapshots.');
  expect(calls.filter((c) => c === `DELETE ${path}`)).toHaveLength(1);
  expect((await h.client.schedules.get('ec206901')).enabled).toBe(false);
  await h.waitFor(/Weekly schedule: \w+s, keeps \d+ · off/);
});

test("a form's footer says what ⏎ and esc do on the field shown (next or send, cancel or clear filter; no Tab with one field), and its list lines up and counts as a table does", async () => {
  h = await startApp({ width: 80, height: 24 });
  await h.waitFor((f) => selectedLine(f).includes('ec206901'));
  const footer = () => h!.frame().split('\n').find((l) => l.startsWith('└')) ?? '';
  await h.press('e');
  await h.waitFor('Edit web-1 (ec206901)');
  await h.waitFor(() => /└ ⏎ next +Tab\/Shift\+Tab field +esc cancel/.test(footer()));
  await h.press(keys.tab);
  // the last field: ⏎ saves, and the footer no longer says `next`; it says `save` as the dialog's own line
  // does (it said the generic `⏎ send` under the form's `⏎ save`)
  await h.waitFor(() => /└ ⏎ save +Tab\/Shift\+Tab field +esc cancel/.test(footer()));
  expect(h.frame()).toContain('│ ⏎ save  Tab/Shift+Tab field');
  // the form's own line names the footer's keys in the footer's words and order (it said `Tab field` there)
  const own = h.frame().split('\n').find((l) => l.includes('│ ⏎ save'))!;
  const hints = footer().replace(/^└ /, '').replace(/ ─+┘$/, '').split(/ {2}/);
  const where = hints.map((x) => own.indexOf(x));
  expect(where.every((i) => i > 0), `${own} | ${hints.join(' / ')}`).toBe(true);
  expect(where).toEqual([...where].sort((a, b) => a - b));
  // the entries' descriptions in one column, after the widest label (they followed each label, ragged)
  const lines = h.frame().split('\n');
  const at = (text: string) => lines.find((l) => l.includes(text))!.indexOf(text);
  expect(new Set([at('leave every group'), at('eg110421'), at('eg110422')]).size).toBe(1);
  // its list says where the highlight is among what the filter leaves, of how many (it said `0`)
  await h.type('zz');
  await h.waitFor((f) => /no match/.test(f) && /│ +0\/0 of 3 +│/.test(f));
  // esc now clears the filter, and both the footer and the form's key line say so (they said `esc cancel`)
  await h.waitFor(() => /esc clear filter/.test(footer()));
  expect(h.frame()).toMatch(/type to filter {2}esc clear filter/);
  await h.press(keys.escape);
  // the entry highlighted before the filter (the server's group) is highlighted again, not the first
  await h.waitFor((f) => /│ +2\/3 +│/.test(f) && /› production/.test(f) && /└ ⏎ save +Tab\/Shift\+Tab field +esc cancel/.test(f));
  expect(h.frame()).toContain('Edit web-1');
  await h.press(keys.escape);
  await h.waitFor((f) => !f.includes('Edit web-1'));
  expect(footer()).not.toMatch(/save|next/);
  // a form of one field: ⏎ sends, and there is no other field to Tab to
  await h.press(':');
  await h.type('tokens');
  await h.press(keys.enter);
  await h.waitFor('API tokens');
  await h.press('c');
  await h.waitFor(() => /└ ⏎ create +esc cancel/.test(footer()));
  expect(footer()).not.toContain('Tab');
});

test("the wizard's footer says ⏎ in the step's own word, as the step's key line does", async () => {
  h = await startApp({ width: 80, height: 24 });
  const footer = () => h!.frame().split('\n').find((l) => l.startsWith('└')) ?? '';
  await h.waitFor((f) => selectedLine(f).includes('ec206901'));
  await h.press('c');
  // it said `⏎ ok` under the step's `⏎ choose`
  await h.waitFor(() => /└ ⏎ choose +esc cancel/.test(footer()));
  expect(h.frame()).toContain('⏎ choose  esc cancel');
  await h.press(keys.enter);
  await h.waitFor(() => /└ ⏎ choose +esc back/.test(footer()));
  await h.press(keys.enter);
  await h.waitFor('public images and your templates');
  await h.press(keys.enter);
  await h.waitFor(() => /└ ⏎ go on +esc back/.test(footer()));
  expect(h.frame()).toContain('│ ⏎ go on  esc back');
  await h.type('web-9');
  await h.press(keys.enter);
  await h.waitFor(() => /└ ⏎ create +esc cancel +x extras/.test(footer()));
  expect(h.frame()).toContain('│ ⏎ create  esc cancel  x extras  ← notes');
});

test('the list under a form fills what the form leaves, as the form grows and shrinks with its fields, in every frame', async () => {
  h = await startApp({ width: 80, height: 24 });
  await h.waitFor('ec206901');
  // the rows of the list under the form, and the blank lines between them and the list's position line
  const under = (f: string) => {
    const lines = f.split('\n');
    const at = lines.findIndex((l) => / \d+\/\d+│$/.test(l));
    let blank = 0;
    for (let i = at - 1; i >= 0 && /^│ +│$/.test(lines[i]); i--) blank++;
    return { rows: lines.filter((l) => /^│[ ›]ec2\d{5} /.test(l)).length, blank, panel: lines.findIndex((l) => l.startsWith('├ Actions')), at };
  };
  await h.press('e');
  let f = await h.waitFor('Edit web-1');
  // the form was given room for its group list from the start: two rows of servers, then eight blank lines
  expect(under(f)).toMatchObject({ rows: 9, blank: 0 });
  const before = h.frames().length;
  await h.press(keys.tab);
  f = await h.waitFor('leave every group');
  expect(under(f)).toMatchObject({ rows: 5, blank: 0 });
  await h.press('\u001b[Z');
  f = await h.waitFor((fr) => !fr.includes('leave every group') && fr.includes('Edit web-1'));
  expect(under(f)).toMatchObject({ rows: 9, blank: 0 });
  // no frame in between had the list run into the panel, or leave a gap above its position line
  for (const fr of h.frames().slice(before)) {
    if (!fr.includes('Edit web-1')) continue;
    const u = under(fr);
    expect(u.blank, fr).toBe(0);
    expect(u.at + 1, fr).toBe(u.panel);
  }
});
