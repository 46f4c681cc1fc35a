// Marks and bulk actions end to end (issue #21 item 2): the built program in a pseudo-terminal against an
// emulator process on a manual clock. Two servers marked with space and `P`, `y`: one confirmation, two
// power_off actions on the service (checked over its API), the marks cleared; a marked server the service
// refuses leaves the other powered off, and the summary names the one that failed and why.
import { afterEach, expect, it } from 'vitest';
import { startDashboard, startEmulatorProcess, type Emulator, type Session } from './harness.js';

const SHOW_MS = 12_000;
const TEST_MS = 60_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

type Api = (method: string, path: string, body?: unknown) => Promise<any>;

async function setup(): Promise<{ emu: Emulator; s: Session; api: Api }> {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40 });
  const api: Api = async (method, path, body) => (await emu.call(method, path, body, { token: await emu.token() })).body;
  return { emu, s, api };
}

/** web-1 and web-2, the first two rows: space on each (space moves down by itself). */
async function markFirstTwo(s: Session): Promise<void> {
  s.pty.write(' ');
  await s.waitFor('1 marked', SHOW_MS);
  s.pty.write(' ');
  const screen = await s.waitFor('2 marked', SHOW_MS);
  expect(screen).toMatch(/^│ \*ec206901 /m);
  expect(screen).toMatch(/^│ \*ec206902 /m);
}

type Act = { id: number; type: string; resource: string; status: string };
const allActions = async (api: Api): Promise<Act[]> => (await api('GET', '/ecs/v2/actions?length=100')).actions as Act[];

/** The power_off actions not among `before` (the demo's history has its own). */
const powerOffs = async (api: Api, before: ReadonlySet<number>): Promise<Act[]> => (await allActions(api)).filter((a) => a.type === 'power_off' && !before.has(a.id));

const newestAction = async (api: Api): Promise<ReadonlySet<number>> => new Set((await allActions(api)).map((a) => a.id));

const powerState = async (api: Api, name: string): Promise<string> => {
  const body = (await api('GET', `/ecs/v2/servers/${name}/status`)) as { server?: { current_status: string }; current_status?: string };
  return ((body.server ?? body).current_status ?? '').toLowerCase();
};

it(
  'two servers marked, P, y: one confirmation, two power_off actions on the service, marks cleared',
  async () => {
    const { emu, s, api } = await setup();
    const before = await newestAction(api);
    await markFirstTwo(s);
    s.pty.write('P');
    const asked = await s.waitFor('[y/N]', SHOW_MS);
    expect(asked).toContain('Power off 2 servers?');
    s.pty.write('y');
    await s.waitUntil((x) => !x.includes('marked') && /bulk +power_off +0\/2/.test(x) && x.includes('Power off: 2 of 2 requests accepted.'), 'marks cleared, one panel line', SHOW_MS);
    expect((await powerOffs(api, before)).map((a) => a.resource).sort()).toEqual(['ec206901', 'ec206902']);
    // one question only: it is gone and none follows
    expect(s.screen()).not.toContain('[y/N]');
    await emu.advance(30);
    await s.waitFor(/bulk +power_off +2\/2 ✓2 +✓ done/, SHOW_MS);
    await s.waitFor('Power off: 2 of 2 servers done.', SHOW_MS);
    for (const name of ['ec206901', 'ec206902']) expect(await powerState(api, name)).toBe('shutoff');
  },
  TEST_MS,
);

it(
  'one marked server refused by the service: the other is powered off, and the summary names the refusal',
  async () => {
    const { emu, s, api } = await setup();
    await markFirstTwo(s);
    const before = await newestAction(api);
    // behind the dashboard's back, web-2 gets an action of its own: the service refuses a second one
    await api('POST', '/ecs/v2/servers/ec206902/actions', { type: 'power_off' });
    s.pty.write('P');
    await s.waitFor('Power off 2 servers?', SHOW_MS);
    s.pty.write('y');
    await s.waitFor(/1 failed: web-2 \(ec206902\): another action is in progress on server ec206902/, SHOW_MS);
    await emu.advance(30);
    await s.waitFor(/Power off: 1 of 2 servers done, 1 failed: web-2 \(ec206902\): another action is in progress/, SHOW_MS);
    // the panel's line is background news (drawn at most every 40 ms): it may come a frame after the summary
    await s.waitFor(/bulk +power_off +2\/2 ✓1 ✗1/, SHOW_MS);
    const ours = (await powerOffs(api, before)).filter((a) => a.resource === 'ec206901');
    expect(ours.map((a) => a.status)).toEqual(['completed']);
    expect(await powerState(api, 'ec206901')).toBe('shutoff');
  },
  TEST_MS,
);
