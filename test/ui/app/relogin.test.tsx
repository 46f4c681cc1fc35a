// An expired login whose password is not known: the dashboard asks for it in a masked form over the
// screen, and the screen goes on once it is typed.
import { afterEach, expect, test } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { createEmulator } from '../../../src/emulator/app.js';
import { keepLoggedIn } from '../../../src/session/renewal.js';
import { createSession } from '../../../src/session/session.js';
import { keys } from '../helpers.js';
import { BASE, startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const SECRET = 'sekrit-Pass-9';

/**
 * The app on a session that knows only its login token (a profile that kept the JWT, not the password),
 * with renewal asking the user; `password` is the account's password when it starts. `keep`: the session
 * knows the password too (given in the environment), and renews with it. `restart()` answers the same
 * address with a fresh emulator from then on, as a service restarted without its state.
 */
async function appWithTokenOnly(
  password = 'demo',
  keep = false,
): Promise<{ h: Harness; client: ReturnType<typeof createClient>; restart(): void }> {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  let serving = emulator;
  const fetch = (r: Request) => serving.fetch(r);
  const now = () => emulator.emu.now();
  if (password !== 'demo') {
    const admin = createClient({ endpoint: BASE, fetch, now });
    await admin.login('demo', 'demo');
    await admin.account.changePassword(password);
  }
  const client = createClient({ endpoint: BASE, fetch, retry: { limit: 0 }, now });
  await client.login('demo', password);
  const session = createSession({ client, profile: 'work', endpoint: 'emu.test', trackerOptions: { intervalMs: 30, lingerMs: 60_000 } });
  keepLoggedIn(client, { username: 'demo', password: keep ? password : undefined, ask: () => session.askPassword });
  const started = await startApp({ emulator, session, connectOptions: { fetch, retry: { limit: 0 } } });
  await started.waitFor('web-1');
  return {
    h: started,
    client,
    restart() {
      serving = createEmulator({ clock: 'manual', seed: 'demo' });
    },
  };
}

test('an expired login asks for the password, masked, keeps the screen, and the list loads again', async () => {
  // the password is changed, and this session knows only its login token
  const started = await appWithTokenOnly(SECRET);
  h = started.h;
  const { client } = started;
  await h.press('j');

  h.advance(7200);
  await h.press('r');
  let f = await h.waitFor('Log in again as demo');
  expect(f).toContain('Your login has expired');
  expect(f).toMatch(/Password/);
  // one field: its ⏎ sends, and there is no other field (the footer had `⏎ next  Tab field`)
  f = await h.waitFor((x) => /└ ⏎ log in +esc cancel/.test(x));
  expect(f).not.toMatch(/└.*(next|Tab)/);
  // a wrong password: asked again, saying it was refused
  await h.type('nope');
  await h.press(keys.enter);
  f = await h.waitFor('no longer takes the password');
  await h.type(SECRET);
  f = await h.waitFor(/Password +•{13}/);
  await h.press(keys.enter);
  f = await h.waitFor((f) => !f.includes('Log in again') && f.includes('web-1'));
  // the screen was kept: the cursor still on the second server
  expect(f).toMatch(/│›ec206902/);
  expect(f).not.toContain('✗');
  expect(client.isExpired()).toBe(false);
  for (const frame of h.frames()) expect(frame).not.toContain(SECRET);
});

test('esc on the password form gives up: the screen says the login has expired', async () => {
  const started = await appWithTokenOnly();
  h = started.h;
  h.advance(7200);
  await h.press('r');
  await h.waitFor('Log in again as demo');
  await h.press(keys.escape);
  await h.waitFor('your login has expired; log in again');
  expect(h.frame()).toContain('web-1');
});

test('after too many wrong passwords the form stays, says how long to wait in the service\'s words, and then takes the right one', async () => {
  const started = await appWithTokenOnly();
  h = started.h;
  const { client } = started;
  h.advance(7200);
  await h.press('r');
  await h.waitFor('Log in again as demo');
  for (let i = 0; i < 5; i++) {
    await h.type(`wrong-${i}`);
    await h.press(keys.enter);
    await h.waitFor((f) => f.includes('no longer takes the password') && !f.includes(`wrong-${i}`) && !/Password +•/.test(f));
  }
  await h.type('demo');
  await h.press(keys.enter);
  const f = await h.waitFor('too many failed logins; try again in 1 s');
  expect(f).toContain('Log in again as demo');
  h.advance(1);
  await h.type('demo');
  await h.press(keys.enter);
  await h.waitFor((f) => !f.includes('Log in again') && f.includes('web-1'));
  expect(client.isExpired()).toBe(false);
});

test('the service restarted without its state ("invalid token"): with the password known, r loads the list again by itself', async () => {
  const started = await appWithTokenOnly('demo', true);
  h = started.h;
  const before = started.client.credential?.token;
  started.restart();
  await h.press('r');
  const f = await h.waitFor((f) => f.includes('web-1') && !f.includes('Loading'));
  // no form, no error: renewed with the known password and the list asked for again
  expect(f).not.toContain('Log in again');
  expect(f).not.toContain('✗');
  expect(f).not.toContain('invalid token');
  expect(started.client.credential?.token).not.toBe(before);
  for (const frame of h.frames()) expect(frame).not.toContain('invalid token');
});

test('the service restarted without its state and the password is not known: the masked form comes, and the list loads once it is typed', async () => {
  const started = await appWithTokenOnly();
  h = started.h;
  started.restart();
  // no key needed: the panel's poll of the running actions meets the 401 and the form comes by itself
  await h.waitFor('Log in again as demo');
  await h.type('demo');
  await h.waitFor(/Password +•{4}/);
  await h.press(keys.enter);
  const f = await h.waitFor((f) => !f.includes('Log in again') && f.includes('web-1'));
  expect(f).not.toContain('✗');
  expect(started.client.isExpired()).toBe(false);
});
