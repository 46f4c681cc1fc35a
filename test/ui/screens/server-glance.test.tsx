// A server's Overview on a wide terminal: the last hour of its metrics and its recent actions beside the
// fields, live (work started elsewhere shows with its bar, first); below 150 columns, the fields alone.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { keys } from '../helpers.js';
import { BASE, demoAwayFromSchedule, demoSession, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** The right-hand part of each line of the screen: what stands right of the record's rule. */
const glance = (frame: string): string[] => frame.split('\n').map((l) => l.split('│')[2] ?? '');

/** The demo's web-1 opened on a screen `width` wide, its watcher probing every 60 ms. */
async function openWeb1(width: number, height = 40): Promise<Harness> {
  const emulator = demoAwayFromSchedule();
  const session = await demoSession(emulator, { intervalMs: 30, probeMs: 60, lingerMs: 60_000 });
  const app = await startApp({ emulator, session, width, height });
  await app.waitFor(/│›ec206901/);
  await app.press(keys.enter);
  await app.waitFor(/Server web-1 \(ec206901\)[^]*Name +ec206901/);
  return app;
}

describe('the Overview on a wide terminal', () => {
  test('the last hour of every series and the recent actions stand beside the fields; below 150 columns, the fields alone', async () => {
    h = await openWeb1(160);
    let f = await h.waitFor((x) => glance(x).some((l) => /^ Last hour +\d\d:\d\d → \d\d:\d\d UTC/.test(l)));
    f = await h.waitFor((x) => glance(x).some((l) => /create_server +✓ Completed +\d\d-\d\d \d\d:\d\d/.test(l)));
    const right = glance(f);
    // one line a series: its sparkline across the room, the last value with its unit
    for (const [label, unit] of [['CPU', '%'], ['Disk reads', 'B/s'], ['Disk writes', 'B/s'], ['Net received', 'B/s'], ['Net sent', 'B/s']]) {
      const line = right.find((l) => l.startsWith(` ${label} `));
      expect(line, label).toMatch(new RegExp(`^ ${label} +[▁▂▃▄▅▆▇█][▁▂▃▄▅▆▇█ ]+ [\\d.]+ [KMG]?${unit.replace("/", "\\/")} *$`));
      // (the newest minutes may have no point yet: a gap, never a zero)
      expect(line!.match(/[▁▂▃▄▅▆▇█]/g)!.length, label).toBeGreaterThan(20);
    }
    expect(right.some((l) => l.startsWith(' Recent actions (UTC)  5 Actions for all'))).toBe(true);
    // the fields keep their room: the longest value whole on its line
    expect(f).toMatch(/Support +Global support \(global\) since \d{4}-\d\d-\d\d \d\d:\d\d · cannot be changed/);
    await h.cleanup();

    h = await openWeb1(140);
    f = h.frame();
    expect(f).toMatch(/Power +/);
    expect(f).not.toContain('Last hour');
    expect(f).not.toContain('Recent actions');
  });

  test('each recent action says what it acted on beside the server: its snapshot in words, its VLAN’s network; from the list its actions were read with', async () => {
    const emulator = demoAwayFromSchedule();
    const session = await demoSession(emulator, { intervalMs: 30, probeMs: 60, lingerMs: 60_000 });
    const lists = vi.spyOn(session.client.snapshots, 'list');
    h = await startApp({ emulator, session, width: 200, height: 40 });
    await h.waitFor(/│›ec206901/);
    await h.press(keys.enter);
    // no list named web-1's snapshots before: the Overview asks for them, and names each one when they come
    const f = await h.waitFor((x) => glance(x).some((l) => /create_snapshot +✓ Completed +\d\d-\d\d \d\d:\d\d {2}\d+ "before kernel upgrade" *$/.test(l)));
    const right = glance(f);
    expect(right.find((l) => / add_vlan /.test(l))).toMatch(/✓ Completed +\d\d-\d\d \d\d:\d\d {2}net000001 *$/);
    // the server's own work names nothing more: the page is the server's
    expect(right.find((l) => / create_server /.test(l))).toMatch(/✓ Completed +\d\d-\d\d \d\d:\d\d *$/);
    // the list the actions were read with names them: no request of its own
    expect(lists.mock.calls.filter(([server]) => server === 'ec206901')).toHaveLength(1);
  });

  test('work whose start is not known yet keeps the columns: its time cell says — and what it acts on stands where the others’ do', async () => {
    // no tick comes during the test: the line stays as the watcher first learnt of it
    const emulator = demoAwayFromSchedule();
    const session = await demoSession(emulator, { intervalMs: 600_000, probeMs: 600_000, lingerMs: 600_000 });
    h = await startApp({ emulator, session, width: 200, height: 40 });
    await h.waitFor(/│›ec206901/);
    await h.press(keys.enter);
    await h.waitFor((x) => glance(x).some((l) => / add_vlan +✓ Completed +\d\d-\d\d \d\d:\d\d {2}net000001 *$/.test(l)));
    // the watcher learns of VLAN work on web-1 before the service has dated it
    h.session.tracker.track({ id: 990_001, type: 'add_vlan', resource: 'ec206901-net000002', resourceType: 'VLAN', status: 'in-progress', progress: 40 });
    const f = await h.waitFor((x) => glance(x).some((l) => / 990001 add_vlan /.test(l)));
    const right = glance(f);
    const undated = right.find((l) => / 990001 add_vlan /.test(l))!;
    const dated = right.find((l) => / add_vlan +✓ Completed /.test(l))!;
    expect(undated).toMatch(/ — +net000002 *$/);
    expect(undated.indexOf('net000002')).toBe(dated.indexOf('net000001'));
  });

  test('work started elsewhere shows first in the glance with its bar, then ✓ completed or ✗ failed', async () => {
    h = await openWeb1(160);
    // the demo's own work (a server booting, one being deleted) ends first
    h.advance(600);
    await h.waitFor(() => h!.session.tracker.snapshot().inFlight.length === 0, 5000);
    await h.waitFor((x) => glance(x).some((l) => /create_server +✓ Completed/.test(l)));

    const other = createClient({ endpoint: BASE, fetch: h.emulator.fetch, retry: { limit: 0 } });
    await other.login('demo', 'demo');
    const started = await other.servers.powerOff('ec206901');
    const firstAction = (x: string): string => {
      const right = glance(x);
      return right[right.findIndex((l) => l.startsWith(' Recent actions')) + 1] ?? '';
    };
    await h.waitFor((x) => new RegExp(`^ +${started.id} power_off +░{10} +0% `).test(firstAction(x)));
    h.advance(2);
    await h.waitFor((x) => new RegExp(`^ +${started.id} power_off +█+░* +\\d+% `).test(firstAction(x)));
    h.advance(10);
    await h.waitFor((x) => new RegExp(`^ +${started.id} power_off +✓ Completed `).test(firstAction(x)));
    await h.waitFor(/Power +Off/);
    // off, its figures say so, not the last point from before (the hour's graphs stay)
    await h.waitFor((x) => glance(x).some((l) => /^ CPU +[▁▂▃▄▅▆▇█][▁▂▃▄▅▆▇█ ]+ off *$/.test(l)));
    expect(glance(h.frame()).find((l) => l.startsWith(' Net sent'))).toMatch(/ off *$/);

    // one the service fails ends ✗, above the completed one
    await h.admin('PUT', '/__emulator/faults', { fail_next_actions: 1 });
    const failing = await other.servers.powerOn('ec206901');
    await h.waitFor((x) => new RegExp(`^ +${failing.id} power_on +░{10} +0% `).test(firstAction(x)));
    h.advance(30);
    await h.waitFor((x) => new RegExp(`^ +${failing.id} power_on +✗ Failed `).test(firstAction(x)));
  });

  test('on a short screen (the panel grown with work, a dialog open) the glance keeps to its rows, from the top', async () => {
    // the narrowest terminal with the glance: its lines are whole there too
    h = await openWeb1(150, 24);
    await h.waitFor((x) => glance(x).some((l) => /create_server +✓ Completed +\d\d-\d\d \d\d:\d\d *$/.test(l)));
    const other = createClient({ endpoint: BASE, fetch: h.emulator.fetch, retry: { limit: 0 } });
    await other.login('demo', 'demo');
    for (const s of ['ec206902', 'ec206903', 'ec206904', 'ec206905', 'ec206907', 'ec206909', 'ec206910', 'ec206911']) await other.servers.powerOff(s);
    await other.servers.powerOn('ec206906');
    const grown = await h.waitFor((x) => /power_off/.test(x.split('├ Actions')[1] ?? '') && h!.session.tracker.snapshot().inFlight.length >= 9, 5000);
    // the glance lists what fits of the server's actions and says how many there are
    expect(glance(grown).find((l) => l.startsWith(' Recent actions'))).toMatch(/^ Recent actions \(UTC\) +\d+ of \d+ · 5 Actions for all *$/);
    // and a dialog over the Overview takes more of its rows: fewer than the glance's titles and series need
    await h.press('P');
    const f = await h.waitFor('[y/N]');
    const lines = f.split('\n');
    expect(lines).toHaveLength(24);
    const panelAt = lines.findIndex((l) => l.startsWith('├ Actions'));
    const fieldsAt = lines.findIndex((l) => /FIELD +VALUE/.test(l));
    expect(panelAt - fieldsAt).toBeLessThan(8);
    const shown = glance(f).slice(fieldsAt, panelAt).filter((l) => l.trim() !== '');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown[0]).toMatch(/^ Last hour +\d\d:\d\d → \d\d:\d\d UTC · 2 Metrics for the charts *$/);
    // what does not fit is left out, never drawn over the panel or the footer under it
    for (const l of lines.slice(panelAt)) expect(l).not.toMatch(/Last hour|Recent actions|Disk reads|Net sent|✓ Completed/);
    await h.press('n');
  });
});

