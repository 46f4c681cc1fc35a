// Pastes and typing ahead on the built program in a pty (issues 19.1 and 18.4): each burst is ONE write to
// the terminal. A paste of 55 keys or more on a list used to end the dashboard (React error #185, maximum
// update depth, in the key dispatcher); `c` then `⏎⏎⏎burst-1⏎` left the wizard on Plan with every key after
// `c` dropped. Now every key lands, in order, and the dashboard goes on.
import { afterEach, expect, it } from 'vitest';
import { KEYS, startDashboard, startEmulatorProcess, type Emulator, type Session } from './harness.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

async function dashboard(): Promise<{ emu: Emulator; s: Session }> {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 120, rows: 36 });
  return { emu, s };
}

/** The selected row of the list and the position under it (`9/13`). */
const selected = (screen: string): string => screen.split('\n').find((l) => l.startsWith('│›')) ?? '';
const at = (screen: string, pos: string, name: string): boolean => selected(screen).includes(name) && screen.includes(` ${pos}│`);
const alive = (screen: string): boolean => !/Maximum update depth|Minified React error|This screen failed/.test(screen);

it('60 j pasted on the list, then 2,000 alternating moves (a render for each key): the dashboard lives and every key lands', async () => {
  const { s } = await dashboard();
  s.pty.write('j'.repeat(60));
  // 13 servers: the last one, api-3
  await s.waitUntil((sc) => at(sc, '13/13', 'api-3'), 'the last row selected', 15_000);

  // from the top: down six, then up and down 997 times, then down twice. The cursor never meets an end of
  // the list, so a key lost or taken twice ends elsewhere than the 9th row (gpu-train)
  s.pty.write('g');
  await s.waitUntil((sc) => at(sc, '1/13', 'web-1'), 'the first row selected');
  const paste = 'j'.repeat(6) + 'kj'.repeat(997) + 'jj';
  expect(paste).toHaveLength(2_002);
  s.pty.write(paste);
  await s.waitUntil((sc) => at(sc, '9/13', 'gpu-train'), 'the 9th row selected after the paste', 60_000);
  expect(alive(s.screen())).toBe(true);
  // the next key typed is read as usual
  await s.press('k');
  await s.waitUntil((sc) => at(sc, '8/13', 'ci-runner'), 'one row up');
}, 120_000);

it('c then ⏎⏎⏎burst-1⏎ in one write, ahead of a slow service: first plan, location and image, notes burst-1, on the review', async () => {
  const { emu, s } = await dashboard();
  await emu.setFaults({ latency_ms: 300 });
  s.pty.write(`c${KEYS.enter}${KEYS.enter}${KEYS.enter}burst-1${KEYS.enter}`);
  // plan → location → image → notes → review (tui.md): each ⏎ takes the highlighted entry, the first one
  const sc = await s.waitFor('POST /ecs/v2/servers — the request that will be sent', 20_000);
  expect(sc).toMatch(/New server +plan eCS1 › location it-mi2 › image ubuntu-2404 › notes “burst-1” › \[?review/);
  expect(sc).toContain('"notes": "burst-1"');
  // the review waits for its own ⏎: nothing was sent
  const token = await emu.token();
  const listed = (await emu.call('GET', '/ecs/v2/servers', undefined, { token })).body as { servers?: Array<{ notes?: string }> } | Array<{ notes?: string }>;
  expect(JSON.stringify(listed)).not.toContain('burst-1');
  // ⏎ now creates it: the wizard closes and the server is in the list
  await s.press(KEYS.enter);
  await s.waitFor(/Creating .*burst-1/, 20_000);
  expect(alive(s.screen())).toBe(true);
}, 60_000);
