// The status line and the failures in the action panel: an error goes with the next key or after its time,
// and never follows the user to another screen; a failed action stays, red, until X, and the header counts it.
import { afterEach, expect, test } from 'vitest';
import { keys } from '../helpers.js';
import { createEmulator } from '../../../src/emulator/app.js';
import { demoSession, emulatorAdmin, startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const statusLine = (frame: string): string => {
  const all = frame.split('\n');
  return all[all.findIndex((l) => l.startsWith('└')) - 1] ?? '';
};

test('an error goes with the next key, and does not follow to another screen', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await h.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 500, path_prefix: '/ecs/v2/servers' });
  await h.press('r');
  await h.waitFor('✗ injected fault: status 500');
  await h.press(':');
  await h.type('actions');
  await h.press(keys.enter);
  const f = await h.waitFor(/create_server/);
  expect(f).not.toContain('injected fault');
});

test('an error goes by itself after its time, without a key', async () => {
  h = await startApp({ statusMs: { error: 300, info: 300 } });
  await h.waitFor('web-1');
  await h.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 500, path_prefix: '/ecs/v2/servers' });
  await h.press('r');
  await h.waitFor('✗ injected fault: status 500');
  const f = await h.waitFor((f) => !f.includes('injected fault'), 3000);
  expect(statusLine(f)).toMatch(/^│ *│$/);
});

test('a failed action stays in the panel until X, and the header counts the failures', async () => {
  h = await startApp();
  await h.waitFor('web-1');
  await h.admin('PUT', '/__emulator/faults', { fail_next_actions: 1 });
  await h.press('j', 'P');
  await h.waitFor('[y/N]');
  await h.press('y');
  await h.waitFor(/power_off +web-2 \(ec206902\)/);
  h.advance(30);
  let f = await h.waitFor(/power_off +web-2 \(ec206902\) +✗/);
  expect(f.split('\n')[0]).toMatch(/1 failed/);
  expect(f).toContain('Actions · 1 failed (X dismisses)');
  // still there much later: failures do not linger out like successes
  h.advance(600);
  await h.press('r');
  f = await h.waitFor(/power_off +web-2 \(ec206902\) +✗/);
  await h.press('X');
  f = await h.waitFor((f) => !/power_off +web-2 \(ec206902\) +✗/.test(f));
  expect(f.split('\n')[0]).not.toContain('failed');
  expect(f).not.toContain('(X dismisses)');
  expect(f).toContain('Dismissed 1 failed action.');
});

test('/ also matches the columns only a wide terminal shows (a server\'s group)', async () => {
  h = await startApp({ width: 100 });
  await h.waitFor('web-1');
  await h.press('/');
  await h.type('production');
  const f = await h.waitFor((f) => f.includes('2 of 13 match'));
  expect(f).toContain('web-1');
  expect(f).toContain('web-2');
  expect(f).not.toContain('GROUP');
});

test("the account's actions not read at start: the panel says why and the header does not guess; both clear once a look works", async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  const fault = await emulatorAdmin(emulator, 'PUT', '/__emulator/faults', { error_next: 1, error_status: 503, path_prefix: '/ecs/v2/actions' });
  expect(fault.status).toBe(200);
  h = await startApp({ emulator, session: await demoSession(emulator, { intervalMs: 30, probeMs: 200, lingerMs: 60_000 }) });
  let f = await h.waitFor("✗ the account's actions could not be read: injected fault: status 503");
  expect(f).toContain('├ Actions · ✗ ');
  expect(f).not.toContain('nothing running');
  expect(f.split('\n')[0]).toContain('running actions unknown');
  // said once, in the panel: not on the status line too
  expect(statusLine(f)).not.toContain('injected fault');
  // the tracker looks again by itself, though nothing is followed, and the header then counts what the service
  // lists in flight (the demo's servers being created and deleted)
  const running = (await h.client.actions.list({ length: 50 })).actions.filter((a) => a.status === 'in-progress').length;
  expect(running).toBeGreaterThan(0);
  f = await h.waitFor((x) => x.split('\n')[0].includes(` ${running} running actions`), 3000);
  expect(f).not.toContain('could not be read');
  expect(f).not.toContain('├ Actions · ✗ ');
});
