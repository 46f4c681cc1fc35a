// Esc typed in a burst with the keys after it (a paste, tmux send-keys, a script, typing over a slow link)
// reaches the dashboard in one read. Ink took `esc esc` as one key (Alt+Esc) and `esc` then a key as Alt+key,
// which nothing is bound to: three escapes on the wizard's Image step left it on Plan, and the next keys
// went into the plan list's filter. The install step's patch `ink-escape-is-a-key` makes each esc a key.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { startApp, wizardToImage, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const wizardOpen = (f: string): boolean => f.includes('New server');

test('three escapes in one write on the Image step close the wizard, as three typed one at a time do', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await wizardToImage(h);
  // one at a time: image → location → plan → closed
  for (const step of [/Location .*where/, /Plan/]) {
    await h.press(keys.escape);
    await h.waitFor(step);
  }
  await h.press(keys.escape);
  await h.waitFor((f) => !wizardOpen(f));

  await wizardToImage(h);
  h.stdin.write(keys.escape.repeat(3));
  await h.waitFor((f) => !wizardOpen(f) && f.includes('web-1'));
  // and the keys after them reach the list, not a step of the wizard
  await h.type(':actions');
  await h.press(keys.enter);
  await h.waitFor(/Actions\b.*\n[\s\S]*create_server/);
}, 30_000);

test('esc and the key after it in one write: the filter is cleared, then `/` opens it again', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await h.press('/');
  await h.type('api');
  await h.press(keys.enter);
  await h.waitFor((f) => !f.includes('web-1') && f.includes('api-'));
  // esc clears the filter; `/` opens an empty one, where `web` is typed
  h.stdin.write(`${keys.escape}/web`);
  const f = await h.waitFor((f) => /Servers +\/web +2 of 13 match/.test(f));
  expect(f).toContain('web-1');
}, 30_000);
