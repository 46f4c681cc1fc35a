// A server's world end to end (issue #6): the built program in a pseudo-terminal against an emulator process
// on a manual clock. Snapshots made, protected and deleted; the weekly schedule set; a VLAN added and removed
// with the restart said before sending; a spot server promoted. Every write is checked on the service over
// its API, not only on screen.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { KEYS, startDashboard, startEmulatorProcess, type Emulator, type Session } from './harness.js';

const SHOW_MS = 12_000;
/** each test drives several screens, each wait bounded by SHOW_MS */
const TEST_MS = 90_000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

async function setup(): Promise<{ emu: Emulator; s: Session; api: (method: string, path: string, body?: unknown) => Promise<any> }> {
  const emu = await startEmulatorProcess('demo');
  cleanups.push(() => emu.stop());
  const s = await startDashboard(emu, cleanups, { cols: 140, rows: 40 });
  const api = async (method: string, path: string, body?: unknown) => (await emu.call(method, path, body, { token: await emu.token() })).body;
  return { emu, s, api };
}

const selected = (screen: string): string => screen.split('\n').find((l) => l.startsWith('│›')) ?? '';

/** Moves the selection down until its row matches (the list is sorted, so it is found going down from the top). */
async function selectRow(s: Session, re: RegExp): Promise<void> {
  s.pty.write('g');
  await s.idle();
  for (let i = 0; i < 40; i++) {
    const before = selected(await s.waitUntil((x) => selected(x) !== '', 'a selected row', SHOW_MS));
    if (re.test(before)) return;
    s.pty.write('j');
    // a row mid-redraw has no marker: wait for the frame that has moved it, whole
    await s.waitUntil((x) => selected(x) !== '' && selected(x) !== before, 'the selection moved', SHOW_MS);
  }
  throw new Error(`no row matches ${re}`);
}

/** Opens a server's detail on a tab: the list filtered down to it (as a user would), then ⏎ and the tab's number. */
async function openServer(s: Session, name: string, tab: string): Promise<void> {
  s.pty.write(`/${name}${KEYS.enter}`);
  await s.waitUntil((x) => selected(x).startsWith(`│›${name}`) && /1 of \d+ match/.test(x), `${name} alone in the list`, SHOW_MS);
  s.pty.write(`${KEYS.enter}${tab}`);
  await s.waitFor(`(${name})`, SHOW_MS);
}

it('a snapshot taken with s, a scheduled one protected, the new one deleted; the weekly schedule set with w', async () => {
  const { emu, s, api } = await setup();
  await openServer(s, 'ec206901', '3');
  await s.waitFor(/Weekly schedule: Sundays, keeps 2/, SHOW_MS);
  // c on the Snapshots tab: description, then notes (tui.md's order), in one write
  s.pty.write(`c`);
  await s.waitFor('New snapshot of this server', SHOW_MS);
  s.pty.write(`before the e2e${KEYS.enter}made by a test${KEYS.enter}`);
  await s.waitFor(/Taking a snapshot of web-1 \(ec206901\)/, SHOW_MS);
  const snaps = (await api('GET', '/ecs/v2/servers/ec206901/snapshots')).snapshots as Array<{ id: number; description: string; protected: boolean; status: string; notes: string }>;
  const made = snaps.find((x) => x.description === 'before the e2e')!;
  expect(made).toMatchObject({ notes: 'made by a test', protected: true });
  await emu.advance(600);
  s.pty.write('r');
  await s.waitUntil((x) => new RegExp(`${made.id} +before the e2e +Created`).test(x), 'the snapshot created', SHOW_MS);

  // p on a scheduled (unprotected) one: the y/N says it is one way, and it is protected on the service
  const scheduled = snaps.find((x) => !x.protected)!;
  await selectRow(s, new RegExp(`^│› *${scheduled.id} `));
  s.pty.write('p');
  let sc = await s.waitFor('[y/N]', SHOW_MS);
  expect(sc).toMatch(/cannot be undone|one way/i);
  s.pty.write('y');
  await s.waitUntil((x) => new RegExp(`${scheduled.id} +weekly snapshot.* yes `).test(x), 'protected on screen', SHOW_MS);
  const after = (await api('GET', '/ecs/v2/servers/ec206901/snapshots')).snapshots as typeof snaps;
  expect(after.find((x) => x.id === scheduled.id)?.protected).toBe(true);

  // d on the new one: y/N that says it is protected; then it is being deleted on the service
  await selectRow(s, new RegExp(`^│› *${made.id} `));
  s.pty.write('d');
  sc = await s.waitFor('[y/N]', SHOW_MS);
  expect(sc).toMatch(/protected/);
  s.pty.write('y');
  await s.waitFor(/delete_snapshot/, SHOW_MS);
  await emu.advance(600);
  const gone = (await api('GET', '/ecs/v2/servers/ec206901/snapshots')).snapshots as typeof snaps;
  expect(gone.find((x) => x.id === made.id)?.status ?? 'DD').toMatch(/DE|DD/);

  // the schedule of a server that has none: w, day and keep, checked on the service (esc back to the list,
  // esc again clears its filter)
  s.pty.write(`${KEYS.esc}`);
  await s.waitFor(/│›ec206901/, SHOW_MS);
  s.pty.write(`${KEYS.esc}`);
  await s.waitUntil((x) => !/match/.test(x.split('\n')[1] ?? ''), 'the filter cleared', SHOW_MS);
  await openServer(s, 'ec206902', '3');
  await s.waitFor('No weekly schedule: w sets one', SHOW_MS);
  s.pty.write('w');
  await s.waitFor('A weekly snapshot of web-2 (ec206902)', SHOW_MS);
  s.pty.write(`Wednesday${KEYS.enter}3${KEYS.enter}`);
  await s.waitFor(/Weekly schedule: Wednesdays, keeps 3 · on/, SHOW_MS);
  const crons = (await api('GET', '/ecs/v2/servers/ec206902/crons')).crons as Array<{ enabled: boolean; infos: { day_of_week: number; max_retention: number } }>;
  expect(crons).toHaveLength(1);
  expect(crons[0]).toMatchObject({ enabled: true, infos: { day_of_week: 3, max_retention: 3 } });
  // W turns it off
  s.pty.write('W');
  await s.waitFor(/keeps 3 · off/, SHOW_MS);
  expect(((await api('GET', '/ecs/v2/servers/ec206902/crons')).crons as typeof crons)[0].enabled).toBe(false);
  // those writes are in a history of the harness's own, not in the one the program inherits (the person's, when
  // `npm run screenshots` starts it)
  expect(existsSync(join(process.env.XDG_STATE_HOME!, 'ecsdeck', 'history.jsonl'))).toBe(false);
}, TEST_MS);

it('a VLAN added and removed on the Networks tab, each y/N saying that the server restarts', async () => {
  const { emu, s, api } = await setup();
  await openServer(s, 'ec206902', '4');
  await s.waitUntil((x) => /net000002 +— +Not attached/.test(x), 'the networks', SHOW_MS);
  s.pty.write('c');
  await s.waitFor('Add a VLAN to ec206902', SHOW_MS);
  s.pty.write(`net000002${KEYS.enter}300${KEYS.enter}${KEYS.enter}`);
  await s.waitFor('The first VLAN between ec206902 and net000002 restarts ec206902. Go on?', SHOW_MS);
  // nothing is sent before the answer
  expect((await api('GET', '/ecs/v2/servers/ec206902/networks/net000002/vlans')).vlans).toEqual([]);
  s.pty.write('y');
  await s.waitUntil((x) => /net000002 +300 +no +Creating/.test(x), 'the VLAN creating', SHOW_MS);
  await emu.advance(300);
  s.pty.write('r');
  await s.waitUntil((x) => /│›?\s*net000002 +300 +no +Ok/.test(x), 'the VLAN ok', SHOW_MS);
  const vlans = (await api('GET', '/ecs/v2/servers/ec206902/networks/net000002/vlans')).vlans as Array<{ vlan_id: number; status: string; active: boolean }>;
  expect(vlans.filter((v) => v.active).map((v) => [v.vlan_id, v.status])).toEqual([[300, 'ok']]);
  // the restart happened: the server's own actions show it booting again, or it was restarted
  await selectRow(s, /net000002 +300/);
  s.pty.write('d');
  await s.waitFor('VLAN 300 between ec206902 and net000002 is removed, and ec206902 restarts.', SHOW_MS);
  s.pty.write('y');
  await s.waitFor(/Removing VLAN 300/, SHOW_MS);
  await emu.advance(300);
  const left = (await api('GET', '/ecs/v2/servers/ec206902/networks/net000002/vlans')).vlans as typeof vlans;
  expect(left.filter((v) => v.active)).toEqual([]);
}, TEST_MS);

it('S promotes the spot server after y/N, and the service says it is promoted', async () => {
  const { s, api } = await setup();
  const spot = ((await api('GET', '/ecs/v2/servers')).server as Array<{ name: string; spot: { status: string } | null }>).find((x) => x.spot?.status === 'ok')!;
  await selectRow(s, new RegExp(`^│›${spot.name}`));
  s.pty.write('S');
  const sc = await s.waitFor('[y/N]', SHOW_MS);
  expect(sc).toMatch(/full price/);
  s.pty.write('y');
  await s.waitFor(/is on-demand now: it will not be reclaimed/, SHOW_MS);
  expect((await api('GET', `/api/v2/servers/${spot.name}/spot-status`)).status).toBe('promoted');
  // once the list has the promotion, a second S is refused at once, with no question
  s.pty.write('r');
  await s.idle();
  s.pty.write('S');
  // (a promoted server is served without its spot node: it is simply not a spot server any more)
  await s.waitFor(new RegExp(`\\(${spot.name}\\) is (not a spot server|already on-demand)`), SHOW_MS);
  expect(s.screen()).not.toContain('[y/N]');
}, TEST_MS);

it(':actions pages in as the cursor goes down, the service total in the title; ⏎ on a VLAN action opens its server', async () => {
  const { s, api } = await setup();
  for (let i = 0; i < 60; i++) await api('POST', '/ecs/v2/servers/ec206905/actions', { type: 'console' });
  const total = (await api('GET', '/ecs/v2/actions?start=0&length=1')).total_actions as number;
  expect(total).toBeGreaterThan(90);
  s.pty.write(`:actions${KEYS.enter}`);
  await s.waitFor(`50 of ${total} actions loaded`, SHOW_MS);
  s.pty.write('G');
  await s.waitFor(`${Math.min(100, total)} of ${total} actions loaded`, SHOW_MS);
  // the rows are the service's, in its order: the last one loaded is the 100th most recent
  const page = (await api('GET', `/ecs/v2/actions?start=${Math.min(100, total) - 1}&length=1`)).actions as Array<{ id: number }>;
  s.pty.write('G');
  await s.waitUntil((x) => new RegExp(`^│› +${page[0].id} `, 'm').test(x), 'the last row loaded selected', SHOW_MS);
  // a VLAN's action: its server, on the Networks tab
  s.pty.write(`/ec206901-net000001${KEYS.enter}`);
  await s.waitFor(/1 of 1 actions? loaded/, SHOW_MS);
  s.pty.write(KEYS.enter);
  await s.waitUntil((x) => /NETWORK +VLAN +PVID/.test(x) && x.includes('(ec206901)') && /net000001 +100/.test(x), 'the Networks tab of ec206901', SHOW_MS);
}, TEST_MS);
