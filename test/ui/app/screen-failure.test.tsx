// A bug in one screen costs that screen, not the dashboard: a screen that throws while drawing says so in its
// place with the header and the rest kept, `r` draws it again, esc goes back; a key whose handler throws says
// so on the status line and the next key works.
import { afterEach, expect, test, vi } from 'vitest';
import { SPECS } from '../../../src/ui/registry.js';
import { keys } from '../helpers.js';
import { openScreen, selectedLine, startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.cleanup();
  h = undefined;
});

test('a screen that throws while drawing shows the error in its place; r draws it again, esc goes back', async () => {
  const added = SPECS.sshkeys.columns.find((c) => c.header === 'ADDED')!;
  const render = added.render!;
  let broken = true;
  vi.spyOn(added, 'render').mockImplementation((row) => {
    if (broken) throw new Error('a shape nobody expected\nwith a second line');
    return render(row);
  });
  h = await startApp({ height: 30, width: 120 });
  await openScreen(h, 'sshkeys', 'This screen failed: a shape nobody expected');
  let f = h.frame();
  expect(f).not.toContain('with a second line');
  expect(f).toContain('r draws it again · esc goes back');
  // the frame around it is all there
  expect(f).toContain('ecsdeck');
  expect(f).toMatch(/\? help/);
  broken = false;
  await h.press('r');
  f = await h.waitFor(/laptop/);
  expect(f).not.toContain('This screen failed');
  await h.press(keys.escape);
  await h.waitFor('web-1');
});

test('a key whose handler throws says so on the status line, and the next key still works', async () => {
  const spec = SPECS.sshkeys;
  vi.spyOn(spec, 'record').mockImplementation(() => {
    throw new Error('the record went wrong');
  });
  h = await startApp({ height: 30, width: 120 });
  await openScreen(h, 'sshkeys', /laptop/);
  const before = selectedLine(h.frame());
  await h.press(keys.enter);
  await h.waitFor('that key failed: the record went wrong');
  await h.press('j');
  await h.waitFor((x) => selectedLine(x) !== before && selectedLine(x) !== '');
});
