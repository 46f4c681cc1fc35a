// The header's burn is an estimate while the power of a server whose rate it changes is not known (counted as
// running until then), and says so: `≈ € 2.86/h`; exact once every such server's power is in.
import { afterEach, expect, test } from 'vitest';
import { createEmulator } from '../../../src/emulator/app.js';
import { emulatorAdmin, startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const header = (frame: string): string => frame.split('\n')[0] ?? '';

test('the burn says ≈ while a server’s power cannot be read, and is exact once it is', async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  // the demo's api-3 is still being created at the start: done, so that its power can be asked for
  emulator.advance(600);
  // monitoring's power cannot be read: every status request for it fails
  const faults = (body: unknown) => emulatorAdmin(emulator, 'PUT', '/__emulator/faults', body);
  await faults({ error_rate: 1, error_status: 500, path_prefix: '/ecs/v2/servers/ec206905/status' });
  h = await startApp({ emulator, width: 160, height: 32 });
  // every other server's power is in (win-build off, at its offline rate)
  const unsure = await h.waitFor((f) => /win-build .* off /.test(f) && / api-3 .* on /.test(f) && /≈ € \d+\.\d\d\/h/.test(header(f)));
  // counted as running until known (as it is: the estimate is the figure it will be)
  expect(header(unsure)).toContain('≈ € 2.84/h');
  await faults({});
  h.session.power.refresh('ec206905');
  const sure = await h.waitFor((f) => / monitoring .* on /.test(f) && !header(f).includes('≈'));
  expect(header(sure)).toContain(' € 2.84/h · ');
});

test('on a list longer than the screen the burn stays an estimate: the rows not shown yet were never asked', async () => {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  emulator.advance(600);
  await emulatorAdmin(emulator, 'POST', '/__emulator/bulk/servers', { username: 'demo', count: 50 });
  h = await startApp({ emulator, width: 160, height: 32 });
  // the rows on screen have their power (win-build off, the first of the fifty on); the rest do not
  const f = await h.waitFor((f) => /win-build .* off /.test(f) && / bulk-1 .* on /.test(f) && /62 servers/.test(header(f)));
  expect(header(f)).toMatch(/≈ € \d+\.\d\d\/h/);
  expect(f).not.toContain('bulk-50');
});
