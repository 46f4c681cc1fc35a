// `--read-only` end to end (issues #6 and #7): every write key of every screen, taken from the one key table
// (so a key added later is covered without editing this test), typed in the built program; none opens a
// dialog, no footer offers one, and the service's state is the same at the end as at the start.
import { afterEach, expect, it } from 'vitest';
import { KEYS as TABLE, SCREEN_NAMES, screenScopes } from '../../src/ui/registry.js';
import { SERVER_TABS } from '../../src/ui/screens/server-tabs.js';
import { KEYS, startDashboard, startEmulatorProcess } from './harness.js';

const SHOW_MS = 12_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** The printable keys of the write bindings in these scopes: `c`, `d`, `D`, ... */
function writeKeys(scopes: readonly string[]): string[] {
  const keys = TABLE.bindingsFor(scopes).filter((b) => b.write === true).flatMap((b) => b.keys.filter((k) => [...k].length === 1));
  return [...new Set(keys)];
}

it('--read-only: no write key of any screen or server tab opens a dialog or changes the service', async () => {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  // an editor that does nothing: a write key that reached one would still change nothing on the service
  const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40, args: ['--read-only'], env: { VISUAL: 'false', EDITOR: 'false' } });
  let sc = s.screen();
  expect(sc.split('\n')[0]).toMatch(/read-only/i);

  const token = await emu.token();
  const paths = [
    '/ecs/v2/servers',
    '/ecs/v2/servers/ec206901/snapshots',
    '/ecs/v2/servers/ec206901/crons',
    '/ecs/v2/servers/ec206901/networks/net000001/vlans',
    '/ecs/v2/templates',
    '/ecs/v2/sshkeys',
    '/ecs/v2/scripts',
    '/ecs/v2/networks',
    '/ecs/v2/groups',
    '/ecs/v2/keys',
    '/ecs/v2/account',
    '/ecs/v2/actions?start=0&length=1',
  ];
  const state = async () => JSON.stringify(await Promise.all(paths.map(async (p) => (await emu.call('GET', p, undefined, { token })).body)));
  const before = await state();

  /** Types each write key of the scopes shown; none may open a dialog (a round border) or a y/N. */
  const tryAll = async (where: string, scopes: readonly string[]) => {
    const keys = writeKeys(scopes);
    for (const k of keys) {
      s.pty.write(k);
      await s.idle();
      const screen = s.screen();
      expect(screen, `${k} on ${where}`).not.toMatch(/╭|\[y\/N\]|type its name/);
    }
    // the footer offers none of them
    const footer = s.screen().split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';
    for (const b of TABLE.bindingsFor(scopes).filter((x) => x.write && x.hint)) expect(footer, `footer of ${where}`).not.toContain(`${b.keys[0]} ${b.hint}`);
    return keys.length;
  };

  let tried = 0;
  for (const name of SCREEN_NAMES) {
    if (name === 'profiles') continue; // profiles are this machine's files, not the service's
    s.pty.write(`:${name}${KEYS.enter}`);
    await s.waitUntil((x) => !/loading…/.test(x) && x.split('\n')[1]?.trim() !== '', `:${name}`, SHOW_MS);
    await s.idle();
    tried += await tryAll(`:${name}`, screenScopes(name));
  }
  // a server's detail, on each tab with keys of its own (Snapshots, Networks) and on its Overview
  s.pty.write(`:servers${KEYS.enter}`);
  await s.waitFor(/│›ec206901/, SHOW_MS);
  s.pty.write(KEYS.enter);
  await s.waitFor('(ec206901)', SHOW_MS);
  await s.idle();
  tried += await tryAll('the server detail', screenScopes('server'));
  for (const [i, tab] of SERVER_TABS.entries()) {
    if (!tab.scope) continue;
    s.pty.write(String(i + 1));
    await s.idle();
    tried += await tryAll(`the ${tab.title} tab`, screenScopes('server', tab.scope));
  }
  // dozens of keys were tried, and the service is as it was
  expect(tried).toBeGreaterThan(30);
  sc = s.screen();
  expect(await state()).toBe(before);
}, 120_000);
