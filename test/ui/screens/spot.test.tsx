// A spot reclaim is not invisible: a header badge and the row count down to `terminate_at` (by the
// service's clock), and once the server is gone a message says what happened.
import { afterEach, expect, test } from 'vitest';
import { startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

test('a reclaimed spot server counts down in the header and its row, then a message says it is gone', async () => {
  h = await startApp({ width: 120 });
  await h.waitFor('inference-l4');
  await h.admin('POST', '/__emulator/servers/ec206911/reclaim');
  await h.press('r');
  let f = await h.waitFor(/⚠ inference-l4 terminates in [12]:\d\d/);
  const row = f.split('\n').find((l) => l.includes('ec206911'))!;
  expect(row).toMatch(/⚠ ends [12]:\d\d/);
  expect((await h.client.servers.get('ec206911')).spot?.status).toBe('terminating');

  // 90 s later on the service's clock: the countdown says so
  h.advance(90);
  await h.press('r');
  f = await h.waitFor(/⚠ inference-l4 terminates in 0:[23]\d/);

  h.advance(40);
  await h.press('r');
  f = await h.waitFor('inference-l4 (ec206911) was reclaimed by the service');
  expect(f).not.toContain('terminates in');
  expect(f.split('\n').some((l) => /^│[ ›]ec206911/.test(l))).toBe(false);
});
