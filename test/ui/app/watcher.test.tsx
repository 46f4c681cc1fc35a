// The account's one watcher and the power state, as a user sees them: work started behind the dashboard's back
// (another client of the same account) shows in the panel and its end reaches the list; p and P know the
// power state everywhere. The emulator's clock is moved by hand; the watcher probes fast here.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createClient, type Client } from '../../../src/api/index.js';
import { keys } from '../helpers.js';
import { BASE, demoAwayFromSchedule, demoSession, openScreen, startApp, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const row = (frame: string, name: string): string | undefined => frame.split('\n').find((l) => /^│[ ›]ec\d/.test(l) && l.includes(name));

/** The app on the demo, its watcher probing every 60 ms while a screen of live data is up. */
async function start(opts: { width?: number; height?: number } = {}): Promise<{ h: Harness; other: Client }> {
  // (these tests count on nothing running but the actions they start)
  const emulator = demoAwayFromSchedule();
  const session = await demoSession(emulator, { intervalMs: 30, probeMs: 60, lingerMs: 60_000 });
  const app = await startApp({ emulator, session, ...opts });
  // someone else on the same account: a script, another person
  const other = createClient({ endpoint: BASE, fetch: emulator.fetch, retry: { limit: 0 } });
  await other.login('demo', 'demo');
  return { h: app, other };
}

/** Lets the demo's own actions (a server booting, one being deleted) end, so nothing is in flight. */
async function settle(t: Harness): Promise<void> {
  await t.waitFor((f) => row(f, 'ec206914') !== undefined);
  t.advance(600);
  await t.waitFor(() => t.session.tracker.snapshot().inFlight.length === 0, 5000);
}

describe('the watcher', () => {
  test('a power-off started elsewhere shows in the panel with its bar, and the list says Off when it ends', async () => {
    let other: Client;
    ({ h, other } = await start({ width: 120, height: 32 }));
    await settle(h);
    await h.waitFor('0 running actions');
    await h.waitFor((f) => row(f, 'ec206902')?.includes('Booted') === true);

    await other.servers.powerOff('ec206902');
    await h.waitFor(/power_off +web-2 \(ec206902\) +░+ +0%/);
    expect(h.frame()).toContain('1 running action ');
    h.advance(2);
    await h.waitFor(/power_off +web-2 \(ec206902\) +█+░+ +\d+%/);
    h.advance(10);
    await h.waitFor(/power_off +web-2 \(ec206902\) +✓ done/);
    await h.waitFor((f) => row(f, 'ec206902')?.includes('Off') === true);
    // its CPU cell keeps the hour's graph, and says off where it said the last figure (62% beside Off, before)
    await h.waitFor((f) => /Off +[▁▂▃▄▅▆▇█ ]{8} +off /.test(row(f, 'ec206902') ?? ''));
    expect(row(h.frame(), 'ec206901')).toMatch(/Booted +[▁▂▃▄▅▆▇█ ]{8} +\d+% /);

    // P on it now says so at once, without asking
    await h.press('j');
    await h.waitFor((f) => row(f, 'ec206902')?.startsWith('│›') === true);
    await h.press('P');
    await h.waitFor('✗ web-2 (ec206902) is already off');
    expect(h.frame()).not.toContain('[y/N]');
  });

  test('a restore started elsewhere is named by the snapshot it puts back, in the panel and when it ends', async () => {
    let other: Client;
    ({ h, other } = await start({ width: 120, height: 32 }));
    await settle(h);
    const snap = (await other.snapshots.list('ec206901')).find((s) => s.description === 'pre-migration')!;
    const asked = vi.spyOn(h.session.client.snapshots, 'list');
    await other.servers.rollback('ec206901', snap.id);
    // the action names only the server: its snapshot that says it is restoring names the rest
    const named = new RegExp(`rollback +web-1 \\(ec206901\\) from snapshot ${snap.id} "pre-migration"`);
    await h.waitFor(named);
    h.advance(2);
    await h.waitFor(new RegExp(`${named.source} +█+░+ +\\d+%`));
    h.advance(2);
    await h.waitFor(new RegExp(`${named.source} +█+░* +\\d+%`));
    // that server's snapshots were asked for once, not on every look of the watcher
    expect(asked.mock.calls.filter(([server]) => server === 'ec206901')).toHaveLength(1);
    h.advance(120);
    await h.waitFor(new RegExp(`${named.source} +✓ done`));
    // and :actions, beside the server (its NAME column cut at 120 columns)
    await h.press(':');
    await h.type('actions');
    await h.press(keys.enter);
    await h.waitFor(/rollback +ec206901 +web-1 from … +Completed/);
  });

  test('an action that started and ended between two looks still refreshes the power of its server', async () => {
    let other: Client;
    ({ h, other } = await start({ width: 120, height: 32 }));
    await settle(h);
    await h.waitFor((f) => row(f, 'ec206906')?.includes('Off') === true);
    // win-build is powered on and is running again before the watcher looks
    await other.servers.powerOn('ec206906');
    h.advance(30);
    await h.waitFor((f) => row(f, 'ec206906')?.includes('Booted') === true);
    await h.waitFor(/power_on +win-build \(ec206906\) +✓ done/);
  });

  test('p on a server known to be running says so at once, on the list and on its detail alike', async () => {
    ({ h } = await start());
    await h.waitFor((f) => row(f, 'ec206901')?.startsWith('│›') === true);
    await h.waitFor(() => h!.session.power.state('ec206901') === 'running');
    await h.press('p');
    await h.waitFor('✗ web-1 (ec206901) is already running');
    expect(h.frame()).not.toContain('[y/N]');
    await h.press(keys.enter);
    await h.waitFor(/Power +Running/);
    await h.press('p');
    await h.waitFor('✗ web-1 (ec206901) is already running');
    expect(h.frame()).not.toContain('[y/N]');
  });

  test('with nothing in flight the watcher asks nothing while no screen shows live data, and probes while one does', async () => {
    ({ h } = await start());
    await settle(h);
    // the servers list is live: the watcher probes for new work
    const before = h.session.tracker.requests;
    await h.waitFor(() => h!.session.tracker.requests >= before + 3);
    await openScreen(h, 'regions', /it-mi2/);
    await new Promise((r) => setTimeout(r, 100));
    const onRegions = h.session.tracker.requests;
    await new Promise((r) => setTimeout(r, 400));
    expect(h.session.tracker.requests).toBe(onRegions);
  });

  test('the power column is asked for the booted rows on screen only', async () => {
    ({ h } = await start({ width: 200, height: 24 }));
    await h.admin('POST', '/__emulator/bulk/servers', { username: 'demo', count: 50 });
    await h.press('r');
    await h.waitFor('63 servers');
    const f = await h.waitFor((f) => /STATUS +POWER/.test(f) && /ec206901 .*Booted +on /.test(f));
    const shown = f.split('\n').filter((l) => /^│[ ›]ec\d/.test(l));
    const booted = shown.filter((l) => /Booted|Off/.test(l)).length;
    expect(shown.length).toBeLessThan(20);
    await h.waitFor(() => h!.session.power.requests >= booted);
    expect(h.session.power.requests).toBe(booted);
    expect(row(f, 'ec206906')).toMatch(/Off +off /);
    expect(row(f, 'ec206914')).not.toMatch(/Booting +(on|off) /);
  });

  test(':actions keeps the pages it has loaded when an action ends, and gets the new one on top', async () => {
    let other: Client;
    ({ h, other } = await start({ width: 120, height: 32 }));
    await settle(h);
    for (let i = 0; i < 60; i++) await other.servers.console('ec206905');
    await h.waitFor(() => h!.session.tracker.snapshot().finished.filter((a) => a.type === 'console').length === 60);
    await openScreen(h, 'actions', /50 of \d+ actions loaded/);
    const total = Number(/50 of (\d+) actions loaded/.exec(h.frame())![1]);
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThanOrEqual(100);
    await h.press('G');
    await h.waitFor(`${total} of ${total} actions loaded`);
    const mark = h.frames().length;
    await other.servers.powerOff('ec206902');
    await h.waitFor(/power_off +web-2 \(ec206902\) +░+ +0%/);
    h.advance(12);
    await h.waitFor(/power_off +web-2 \(ec206902\) +✓ done/);
    await h.waitFor(`${total + 1} of ${total + 1} actions loaded`);
    // never dropped back to the first page meanwhile
    expect(h.frames().slice(mark).some((f) => /\b50 of \d+ actions loaded/.test(f))).toBe(false);
  });
});
