// Marks and bulk actions in the whole app, on the emulator (issue #21 item 2): marks kept by name across a
// refresh and dropped for rows that go, rows a bulk key cannot apply to named and skipped before asking, the
// number typed for a bulk delete, and esc clearing the marks before anything else.
import { afterEach, describe, expect, test } from 'vitest';
import { startApp, selectedLine, type Harness } from './harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

const markedRows = (frame: string): string[] =>
  frame
    .split('\n')
    .filter((l) => /^│[› ]\*ec/.test(l))
    .map((l) => l.slice(3).split(/\s+/)[0]);

/** Moves the cursor down (from the top) to `name`, waiting for each move to be drawn. */
async function selectRow(h: Harness, name: string): Promise<void> {
  const at = (line: string) => line.slice(2).replace(/^[ *]/, '').split(/\s+/)[0];
  if (at(selectedLine(h.frame())) > name) {
    await h.press('g');
    await h.waitFor((f) => at(selectedLine(f)) <= name);
  }
  for (let i = 0; i < 40 && at(selectedLine(h.frame())) !== name; i++) {
    const before = at(selectedLine(h.frame()));
    await h.press('j');
    await h.waitFor((f) => at(selectedLine(f)) !== before);
  }
  expect(at(selectedLine(h.frame()))).toBe(name);
}

async function mark(h: Harness, name: string): Promise<void> {
  await selectRow(h, name);
  await h.press(' ');
  await h.waitFor((f) => markedRows(f).includes(name));
}

describe('marks', () => {
  test('space marks and moves down; marks survive a refresh by name and go with rows that disappear', async () => {
    h = await startApp({ width: 120, height: 32 });
    await h.waitFor('web-1');
    await mark(h, 'ec206901');
    // the cursor moved down to the next row
    expect(h.frame()).toMatch(/^│› ec206902 /m);
    await mark(h, 'ec206912');
    await h.waitFor('2 marked');
    await h.press('r');
    await h.waitFor('Refreshing');
    expect(markedRows(h.frame())).toEqual(['ec206901', 'ec206912']);
    // scratch-tmp (ec206912) was being deleted: once gone from the list, its mark goes with it
    h.advance(30);
    await h.press('r');
    const f = await h.waitFor((x) => !/^│[› ][ *]ec206912 /m.test(x) && x.includes('1 marked'), 5000);
    expect(markedRows(f)).toEqual(['ec206901']);
  });

  test('esc clears the marks before it clears the filter', async () => {
    h = await startApp({ width: 120, height: 32 });
    await h.waitFor('web-1');
    await h.press('/');
    await h.type('web');
    await h.press('\r');
    await h.waitFor(/2 of \d+ match/);
    await h.press('*');
    await h.waitFor('2 marked');
    await h.press('\u001b');
    const f = await h.waitFor((x) => !x.includes('marked'));
    expect(f).toMatch(/2 of \d+ match/);
  });

  test('with rows marked the footer says how to clear them, and \\ does; esc is not offered as back meanwhile', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    const footer = (f: string) => f.trimEnd().split('\n').at(-1) ?? '';
    expect(footer(h.frame())).not.toContain('unmark');
    await mark(h, 'ec206901');
    const f = await h.waitFor('1 marked');
    expect(footer(f)).toContain('\\ unmark');
    expect(footer(f)).not.toContain('esc back');
    await h.press('\\');
    const cleared = await h.waitFor((x) => !x.includes('marked'));
    expect(markedRows(cleared)).toEqual([]);
    expect(footer(cleared)).not.toContain('unmark');
  });

  test('P on marked servers names the one already off and skips it; one y/N for the rest', async () => {
    h = await startApp({ width: 120, height: 32 });
    await h.waitFor(/ec206906 .* Off /);
    await mark(h, 'ec206901');
    await mark(h, 'ec206906');
    // the newest action before the bulk: what the bulk sends comes after it
    const [newest] = (await h.client.actions.list({ length: 1 })).actions;
    await h.press('P');
    const f = await h.waitFor('[y/N]');
    expect(f).toContain('Power off 1 server?');
    // the rows the yes goes to, by name
    expect(f.replace(/[│\n ]+/g, ' ')).toContain('Server: web-1 (ec206901).');
    expect(f.replace(/[│\n ]+/g, ' ')).toContain('Skipped, not sent (1): win-build (ec206906) is already off');
    await h.press('y');
    await h.waitFor(/bulk +power_off +\d\/1/);
    const actions = (await h.client.actions.list({ length: 20 })).actions.filter((a) => a.type === 'power_off' && a.id > newest.id);
    expect(actions.map((a) => a.resource)).toEqual(['ec206901']);
    await h.waitFor((x) => !x.includes('marked'));
  });

  test('d on marked servers asks for their number typed; both deletes are sent, under one panel line', async () => {
    h = await startApp({ width: 120, height: 32 });
    await h.waitFor('web-1');
    await mark(h, 'ec206904');
    await mark(h, 'ec206905');
    await h.press('d');
    await h.waitFor('Delete 2 servers');
    const f = await h.waitFor(/Type 2 to confirm/);
    expect(f.replace(/[│\n ]+/g, ' ')).toContain('Servers: db-replica (ec206904) and monitoring (ec206905).');
    await h.type('2');
    await h.press('\r');
    await h.waitFor(/bulk +delete_server +\d\/2/);
    const servers = await h.client.servers.list();
    expect(servers.filter((s) => s.name === 'ec206904' || s.name === 'ec206905').map((s) => s.status)).toEqual(['deleting', 'deleting']);
    h.advance(60);
    await h.waitFor(/bulk +delete_server +2\/2 ✓2 +✓ done/, 5000);
    await h.waitFor('Delete: 2 of 2 servers done.');
  });
});
