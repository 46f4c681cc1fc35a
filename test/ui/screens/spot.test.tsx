// A spot reclaim is not invisible: a header badge and the row count down to `terminate_at` (by the
// service's clock), and once the server is gone a message says what happened.
import { afterEach, expect, test } from 'vitest';
import type { Server } from '../../../src/api/index.js';
import { SERVERS_CACHE_KEY } from '../../../src/ui/screens/servers.js';
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

test('S promotes a spot server after y/N, says the outcome, and refuses a second time at once', async () => {
  h = await startApp({ width: 120 });
  await h.waitFor('inference-l4');
  for (let i = 0; i < 20 && !/│›ec206911/.test(h.frame()); i++) await h.press('j');
  await h.waitFor(/│›ec206911/);
  await h.press('S');
  const f = await h.waitFor('Promote inference-l4 (ec206911) to on-demand? [y/N]');
  expect(f).toMatch(/no more \d+% off/);
  await h.press('y');
  await h.waitFor('inference-l4 (ec206911) is on-demand now: it will not be reclaimed.');
  expect((await h.client.servers.spotStatus('ec206911')).status).toBe('promoted');
  // the list learns the new spot status, then S says there is nothing to do
  await h.press('r');
  // (an on-demand server's record carries no spot status any more)
  await h.waitFor(() => h!.session.cache.get<Server[]>(SERVERS_CACHE_KEY)?.data?.find((x) => x.name === 'ec206911')?.spot?.status !== 'ok');
  await h.press('S');
  await h.waitFor(/inference-l4 \(ec206911\) (is already on-demand|is not a spot server)/);
  // a server that is not spot at all
  await h.press('g');
  await h.waitFor(/│›ec206901/);
  await h.press('S');
  await h.waitFor('web-1 (ec206901) is not a spot server');
});
