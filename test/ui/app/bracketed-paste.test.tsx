// A paste is text, never keys (src/ui/keys.tsx): the dashboard asks the terminal to mark pastes, and what
// comes between the marks goes into the field that has the keys, or nowhere. Without that, `web-1 dy`
// pasted over the list by mistake was `d` (delete) and `y` (yes).
import { afterEach, expect, test } from 'vitest';
import { PASTE_END, PASTE_START } from '../../../src/ui/terminal-modes.js';
import { startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const paste = (text: string): string => `${PASTE_START}${text}${PASTE_END}`;

test('a paste over the list runs none of its keys, and the status line says it went nowhere', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  h.stdin.write(paste('web-1 dy'));
  const f = await h.waitFor('a paste goes only into a text field: nothing was done');
  expect(f).not.toMatch(/Delete|delete .*\?/);
  expect(f).toContain('web-1');
  // the keys typed after it are keys: `/` opens the filter
  await h.press('/');
  await h.type('api');
  await h.waitFor(/Servers +\/api/);
}, 30_000);

test('a paste into the filter is its text, its line break submits nothing, and typing goes on after it', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await h.press('/');
  h.stdin.write(paste('web\r\n'));
  await h.waitFor(/Servers +\/web +2 of 13 match/);
  // still typing into the filter: the pasted ⏎ did not close it
  await h.type('-1');
  const f = await h.waitFor(/Servers +\/web-1 +1 of 13 match/);
  expect(f).toContain('web-1');
}, 30_000);
