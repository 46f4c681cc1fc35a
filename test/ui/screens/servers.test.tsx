// The servers list and detail as a user drives them: keys in, frames out, the emulator's clock moved by hand.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../src/api/index.js';
import { keys } from '../helpers.js';
import { startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

/** The table row of a server (rows start with the border and the selection marker), not an action line. */
const row = (frame: string, name: string): string | undefined => frame.split('\n').find((l) => /^│[ ›]ec\d/.test(l) && l.includes(name));
const selected = (frame: string, name: string): boolean => row(frame, name)?.startsWith('│›') === true;

async function selectWeb2(t: Harness): Promise<void> {
  await t.waitFor((f) => row(f, 'ec206902') !== undefined);
  await t.press('j');
  await t.waitFor((f) => selected(f, 'ec206902'));
}

describe('servers list', () => {
  test('the first frame lists the demo servers with status, address and the running actions', async () => {
    h = await startApp({ width: 120, height: 40 });
    const f = await h.waitFor((f) => row(f, 'ec206914') !== undefined);
    expect(f).toContain('demo @ local emulator');
    expect(f).toContain('13 servers');
    expect(row(f, 'ec206901')).toMatch(/web-1 .*eCS3 .*it-mi2 .*ubuntu-2204 .*Booted .*185\.98\.43\.153 .*2026-/);
    expect(row(f, 'ec206914')).toContain('Booting');
    expect(f).toMatch(/NAME +NOTES +PLAN +LOCATION +IMAGE +STATUS +CPU 1h +IPV4 +CREATED/);
    // the demo's actions still in progress were found in the action list and are followed
    await h.waitFor(/create_server +api-3 \(ec206914\) +[█░]+ +\d+%/);
    const running = h.session.tracker.snapshot().inFlight.length;
    expect(running).toBeGreaterThanOrEqual(2);
    expect(h.frame()).toContain(`${running} running actions`);
  });

  test('the CPU column shows the last hour for the rows on screen, and only they are asked for', async () => {
    h = await startApp({ height: 24 });
    await h.admin('POST', '/__emulator/bulk/servers', { username: 'demo', count: 50 });
    await h.press('r');
    await h.waitFor('63 servers');
    const f = await h.waitFor((f) => /ec206901 .*Booted +[▁▂▃▄▅▆▇█ ]{8} +\d+%/.test(f));
    expect(f).toMatch(/STATUS +CPU 1h/);
    const onScreen = f.split('\n').filter((l) => /^│[ ›]ec\d/.test(l)).length;
    expect(onScreen).toBeLessThan(20);
    await h.waitFor(() => h!.session.cpu.requests >= onScreen);
    expect(h.session.cpu.requests).toBe(onScreen);
    // moving within the rows on screen asks for nothing more
    await h.press('j', 'j');
    expect(h.session.cpu.requests).toBe(onScreen);
  });

  test('/ filters as the user types; ⏎ keeps the filter, esc clears it', async () => {
    h = await startApp();
    await h.waitFor((f) => row(f, 'ec206914') !== undefined);
    await h.press('/');
    await h.type('db');
    let f = await h.waitFor((f) => row(f, 'web-1') === undefined);
    expect(row(f, 'db-primary')).toBeDefined();
    expect(row(f, 'db-replica')).toBeDefined();
    await h.press(keys.enter);
    f = await h.waitFor('/db');
    expect(f).toContain('2 of 13 match');
    expect(f).toContain('1/2');
    // with the filter kept, keys act again: j moves within the filtered rows
    await h.press('j');
    await h.waitFor((f) => selected(f, 'db-replica'));
    await h.press(keys.escape);
    f = await h.waitFor((f) => row(f, 'web-1') !== undefined);
    expect(f).not.toContain('/db');
    expect(f).toContain('Servers');
  });

  test('"/db" typed in one burst opens the filter holding "db"', async () => {
    h = await startApp();
    await h.waitFor((f) => row(f, 'ec206914') !== undefined);
    await h.type('/db');
    const f = await h.waitFor((f) => row(f, 'web-1') === undefined);
    expect(row(f, 'db-primary')).toBeDefined();
    expect(f).toContain('/db');
  });

  test('o and O sort by column and keep the cursor on the same server', async () => {
    h = await startApp();
    await h.waitFor((f) => row(f, 'ec206903') !== undefined);
    await h.press('j', 'j');
    await h.waitFor((f) => selected(f, 'db-primary'));
    // the list opens sorted by NAME; o moves the sort to the next column
    expect(h.frame()).toContain('sorted by NAME ↑');
    await h.press('o');
    let f = await h.waitFor('sorted by NOTES ↑');
    const names = f.split('\n').filter((l) => /^│[ ›]ec\d/.test(l));
    expect(names[0]).toContain('analytics-hm');
    expect(selected(f, 'db-primary')).toBe(true);
    await h.press('O');
    f = await h.waitFor('sorted by NOTES ↓');
    expect(f.split('\n').filter((l) => /^│[ ›]ec\d/.test(l))[0]).toContain('worker-2');
    expect(selected(f, 'db-primary')).toBe(true);
  });

  test('d deletes only after the exact name is typed; the row goes once the action finishes', async () => {
    h = await startApp();
    await selectWeb2(h);
    await h.press('d');
    await h.waitFor('Type ec206902 to confirm');
    const footer = () => h!.frame().split('\n').find((l) => l.startsWith('└')) ?? '';
    // ⏎ is offered only once the name matches, and in the dialog's word (the footer said `⏎ ok` throughout)
    await h.waitFor(() => /└ esc cancel ─/.test(footer()));
    await h.type('web-2');
    await h.press(keys.enter);
    await h.waitFor('That is not ec206902; nothing was done.');
    expect(footer()).not.toContain('⏎');
    expect((await h.client.servers.get('ec206902')).status).toBe('booted');

    await h.press(keys.ctrlU);
    await h.type('ec206902');
    await h.waitFor(() => /└ ⏎ delete +esc cancel/.test(footer()));
    await h.press(keys.enter);
    await h.waitFor((f) => row(f, 'ec206902')?.includes('Deleting') === true);
    expect(h.frame()).toMatch(/delete_server +web-2 \(ec206902\)/);
    h.advance(20);
    // a frame of the list without the row (not the desktop notice of the demo's own delete, which the
    // harness also reads as output), then the panel's ✓: background news is drawn at most every 40 ms, so
    // the ✓ may come a frame after the refreshed list
    await h.waitFor((f) => f.includes('Servers') && row(f, 'ec206902') === undefined);
    await h.waitFor(/delete_server +web-2 \(ec206902\) +✓ done/);
    // the demo's own delete (scratch-tmp) finished in those 20 seconds too
    await h.waitFor('11 servers');
  });

  test('esc in the delete dialog deletes nothing', async () => {
    h = await startApp();
    await selectWeb2(h);
    await h.press('d');
    await h.waitFor('Type ec206902 to confirm');
    await h.type('ec206902');
    await h.press(keys.escape);
    await h.waitFor('Nothing was deleted.');
    expect(h.frame()).not.toContain('Type ec206902');
    expect((await h.client.servers.get('ec206902')).status).toBe('booted');
  });

  test('P asks y/N; n does nothing, y powers off with a live bar, then ✓ and the row says Off', async () => {
    h = await startApp();
    await selectWeb2(h);
    await h.press('P');
    await h.waitFor('Power off web-2 (ec206902)? [y/N]');
    expect(h.frame()).toContain('anything not saved inside it is lost');
    await h.press('n');
    await h.waitFor((f) => !f.includes('[y/N]'));
    expect(h.frame()).not.toContain('power_off');

    await h.press('P');
    await h.waitFor('[y/N]');
    const before = h.session.tracker.snapshot().inFlight.length;
    await h.press('y');
    await h.waitFor(/power_off +web-2 \(ec206902\) +░+ +0%/);
    expect(h.frame()).toContain(`${before + 1} running actions`);
    h.advance(2);
    await h.waitFor(/power_off +web-2 \(ec206902\) +█+░+ +40%/);
    h.advance(10);
    await h.waitFor(/power_off +web-2 \(ec206902\) +✓ done/);
    await h.waitFor((f) => row(f, 'ec206902')?.includes('Off') === true);

    // and p brings it back
    await h.press('p');
    await h.waitFor('Power on web-2 (ec206902)? [y/N]');
    await h.press('y');
    await h.waitFor(/power_on +web-2 \(ec206902\)/);
    h.advance(10);
    await h.waitFor((f) => row(f, 'ec206902')?.includes('Booted') === true);
  });

  test('C shows the console key masked until v reveals it', async () => {
    h = await startApp();
    await selectWeb2(h);
    await h.press('C');
    await h.waitFor('Console key: ••••••••••••');
    expect(h.frame()).toContain('v reveal');
    // the footer says what the dialog says: there is nothing to confirm or cancel (it had `⏎ ok  esc cancel`)
    const footer = h.frame().split('\n').find((l) => l.startsWith('└'))!;
    // (and y, which copies only a key that is shown, is offered once it is)
    expect(footer).toMatch(/v reveal +esc close/);
    expect(footer).not.toMatch(/ok|cancel/);
    await h.press('v');
    const f = await h.waitFor(/Console key: [0-9a-f]{16,}/);
    const key = /Console key: ([0-9a-f]{16,})/.exec(f)![1];
    const revealedAt = h.frames().findIndex((fr) => fr.includes(key));
    // never shown before the user asked
    expect(h.frames().slice(0, revealedAt).some((fr) => fr.includes(key))).toBe(false);
    await h.press(keys.escape);
    await h.waitFor((f) => !f.includes('Console key'));
    expect(h.frame()).not.toContain(key);
  });

  test('C on a console refused with a page of words shows them cut, and esc close under them', async () => {
    h = await startApp();
    await selectWeb2(h);
    const page = `the console gateway refused: ${'the remote console service is under maintenance tonight '.repeat(40)}`;
    vi.spyOn(h.session.client.servers, 'console').mockRejectedValue(new ApiError({ status: 409, message: page, method: 'POST', path: '/ecs/v2/servers/ec206902/actions' }));
    await h.press('C');
    const f = await h.waitFor('✗ the console gateway refused');
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('✗ the console gateway refused'));
    const close = lines.findIndex((l, i) => i > at && l.includes('esc close'));
    expect(close).toBeGreaterThan(at);
    expect(lines[close - 1]).toMatch(/…/);
  });

  test("a service error shows the service's message in the status line and the rows stay", async () => {
    h = await startApp();
    await h.waitFor((f) => row(f, 'ec206914') !== undefined);
    await h.admin('PUT', '/__emulator/faults', { error_next: 1, error_status: 500, path_prefix: '/ecs/v2/servers' });
    await h.press('r');
    const f = await h.waitFor('✗ injected fault: status 500');
    expect(row(f, 'ec206901')).toBeDefined();
    expect(f).toContain('13 servers');
    // keys still work, and the next good refresh clears the error
    await h.press('j');
    await h.waitFor((f) => selected(f, 'ec206902'));
    await h.press('r');
    await h.waitFor((f) => !f.includes('injected fault'));
  });

  test('what the dashboard can check is said at once, before asking: a reserved server, a running one', async () => {
    h = await startApp();
    await h.waitFor((f) => selected(f, 'ec206901'));
    await h.press('d');
    // the status line wraps: read it as one text
    await h.waitFor((f) =>
      /✗ web-1 \(ec206901\) has an active reserved period until 2027-\d\d-\d\d \d\d:\d\d UTC: destroy is disabled until it ends/.test(f.replace(/ *│\n│/g, ' ')),
    );
    expect(h.frame()).not.toContain('Type ec206901');
    // the power state is known once the server has been opened or powered; p on a running one says so
    await h.press(keys.enter);
    await h.waitFor(/Power +Running/);
    await h.press('p');
    await h.waitFor('✗ web-1 (ec206901) is already running');
    expect(h.frame()).not.toContain('[y/N]');
    expect(row(h.frame(), 'ec206901') ?? 'Booted').toContain('Booted');
  });

  test("the service's refusal of an action is shown to the letter", async () => {
    h = await startApp();
    await selectWeb2(h);
    // a snapshot while one is pending: the service's own message (spec section 7)
    await h.client.snapshots.create('ec206902', { description: 'first' });
    await h.press('s');
    await h.waitFor('Snapshot of web-2 (ec206902)');
    await h.type('second');
    await h.press(keys.enter, keys.enter);
    await h.waitFor("✗ can't create a snapshot if there is snapshot pending for selected server");
    // the form is kept with what was typed
    expect(h.frame()).toMatch(/Description +second/);
  });

  test('e edits notes and group; the group list offers the groups and "no group"', async () => {
    h = await startApp();
    await selectWeb2(h);
    await h.press('e');
    await h.waitFor('Edit web-2 (ec206902)');
    await h.press(keys.ctrlU);
    await h.type('web-2b');
    await h.press(keys.enter);
    let f = await h.waitFor('staging');
    expect(f).toContain('no group');
    expect(f).toContain('production');
    await h.type('stag');
    await h.press(keys.enter);
    f = await h.waitFor('Saved web-2b (ec206902).');
    await h.waitFor((f) => row(f, 'ec206902')?.includes('web-2b') === true);
    const server = await h.client.servers.get('ec206902');
    expect(server.notes).toBe('web-2b');
    expect(server.group).toBe('eg110422');

    // and back to no group: the service's `nogroup`
    await h.press('e');
    await h.waitFor('Edit web-2b (ec206902)');
    await h.press(keys.enter);
    await h.waitFor('no group');
    await h.type('no g');
    await h.press(keys.enter);
    await h.waitFor('Saved web-2b (ec206902).');
    expect((await h.client.servers.get('ec206902')).group).toBeNull();
  });

  test('s takes a snapshot after asking for its description; its progress shows in the panel', async () => {
    h = await startApp();
    await selectWeb2(h);
    await h.press('s');
    await h.waitFor('Snapshot of web-2 (ec206902)');
    await h.press(keys.enter);
    await h.waitFor('✗ Description is needed');
    await h.type('before upgrade');
    // ⏎ moves to the optional notes, and ⏎ on the last field sends the form
    await h.press(keys.enter);
    await h.press(keys.enter);
    await h.waitFor(/create_snapshot +\d+ "before upgrade" of web-2 +░+ +0%/);
    expect(h.frame()).toContain('Taking a snapshot of web-2 (ec206902)…');
    h.advance(200);
    await h.waitFor(/create_snapshot +\d+ "before upgrade" of web-2 +✓ done/);
    const snaps = await h.client.snapshots.list('ec206902');
    expect(snaps.some((x) => x.description === 'before upgrade')).toBe(true);
  });

  test('read-only hides every write key and refuses them with a reason', async () => {
    h = await startApp({ readOnly: true });
    const f = await h.waitFor((f) => row(f, 'ec206901') !== undefined);
    expect(f).toContain('read-only');
    const footer = f.split('\n').find((l) => l.startsWith('└'))!;
    expect(footer).toContain('? help');
    // the console key creates an action on the service: a write like the others
    for (const hint of ['c create', 'd delete', 'e edit', 'P power off', 'p power on', 'C console']) expect(footer).not.toContain(hint);
    await h.press('d');
    await h.waitFor('read-only: d (delete) is turned off');
    await h.press('P');
    await h.waitFor('read-only: P (power off) is turned off');
    expect(h.frame()).not.toContain('[y/N]');
    expect(h.frame()).not.toContain('Type ec206901');
    await h.press('?');
    const help = await h.waitFor('Keys');
    expect(help).not.toContain('power off the selected server');
  });

  test('c opens the create wizard in place of the list, and esc goes back to the list', async () => {
    h = await startApp();
    await h.waitFor((f) => row(f, 'ec206901') !== undefined);
    await h.press('c');
    await h.waitFor((f) => row(f, 'ec206901') === undefined && /Plan/.test(f), 5000);
    await h.press(keys.escape);
    await h.waitFor((f) => row(f, 'ec206901') !== undefined);
  });
});

describe('server detail', () => {
  test('⏎ opens every field of the record and a tab bar; Tab shows its actions', async () => {
    h = await startApp({ height: 50 });
    await h.waitFor((f) => selected(f, 'ec206901'));
    await h.press(keys.enter);
    let f = await h.waitFor('Milano (IT)');
    expect(f).toContain('Server web-1 (ec206901)');
    expect(f).toContain('Overview');
    // the size as its own section, each value with its unit
    expect(f).toMatch(/Plan +eCS3 .*\n.*vCPU +4 .*\n.*RAM +4 GB .*\n.*Disk +80 GB/);
    expect(f).toMatch(/Reserved +until 2027-/);
    expect(f).toMatch(/Support +Global support \(global\)/);
    expect(f).toMatch(/IPv6 +2a06:/);
    f = await h.waitFor(/Power +Running/);
    f = await h.waitFor(/Group +production \(eg110421\)/);
    // tabs in tui.md's order: Tab goes to Metrics, Snapshots, Networks, then Actions
    await h.press(keys.tab);
    await h.waitFor('[2 Metrics 1h]');
    await h.press(keys.tab);
    await h.waitFor('[3 Snapshots]');
    await h.press(keys.tab);
    await h.waitFor('[4 Networks]');
    await h.press(keys.tab);
    // the server's own work names nothing beside it: the page is the server's
    f = await h.waitFor(/create_server +ec206901 +Completed +100%/);
    expect(f).toContain('[5 Actions]');
  });

  test('3 opens the Snapshots tab: its keys act on the snapshots (c takes one of this server, p protects)', async () => {
    h = await startApp({ height: 40 });
    await h.waitFor((f) => selected(f, 'ec206901'));
    await h.press(keys.enter);
    await h.waitFor('Milano (IT)');
    await h.press('3');
    let f = await h.waitFor('[3 Snapshots]');
    f = await h.waitFor(/weekly snapshot/);
    const footer = f.split('\n').find((l) => l.startsWith('└'))!;
    expect(footer).toContain('p protect');
    expect(footer).not.toContain('power');
    await h.press('c');
    f = await h.waitFor('New snapshot of this server');
    expect(f).toMatch(/Description[^\n]*\n[^\n]*Notes/);
    expect(f).not.toMatch(/││ Server +/);
    await h.type('tab snapshot');
    await h.press(keys.enter, keys.enter);
    // the server is named as the detail's title names it
    await h.waitFor('Taking a snapshot of web-1 (ec206901)…');
    await h.waitFor(/create_snapshot/);
    expect((await h.client.snapshots.list('ec206901')).some((x) => x.description === 'tab snapshot')).toBe(true);
    // p is protect here, not power on
    await h.waitFor((fr) => /│›.*weekly snapshot|│›.*tab snapshot/.test(fr));
    await h.press('p');
    await h.waitFor(/Protect snapshot|already protected|being deleted/);
    expect(h.frame()).not.toContain('Power on');
    // on an unprotected one, the dialog names the server as the detail's title does: the tab's rows know its notes
    if (h.frame().includes('[y/N]')) await h.press('n');
    for (let i = 0; i < 10 && !/│›.*weekly snapshot.* no /.test(h.frame()); i++) await h.press('j');
    await h.press('p');
    await h.waitFor(/Protect snapshot \d+ "weekly snapshot" of web-1 \(ec206901\)\? \[y\/N\]/);
  });

  test('with a filter kept the footer offers esc as clear filter (esc back, or nothing, before); cleared, it is gone', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor((f) => selected(f, 'ec206901'));
    const footer = () => h!.frame().split('\n').find((l) => l.startsWith('└')) ?? '';
    expect(footer()).not.toContain('esc');
    await h.press('/');
    await h.type('web');
    await h.press(keys.enter);
    await h.waitFor((f) => /2 of \d+ match/.test(f) && /esc clear filter/.test(footer()));
    expect(footer()).not.toContain('esc back');
    await h.press(keys.escape);
    await h.waitFor((f) => !f.includes('match') && row(f, 'ec206914') !== undefined);
    expect(footer()).not.toContain('esc');
  });

  test('the Snapshots tab at 80 columns gives the description its room: notes come on a wider terminal', async () => {
    for (const width of [80, 140]) {
      h = await startApp({ width, height: 30 });
      await h.waitFor((f) => selected(f, 'ec206901'));
      await h.press(keys.enter);
      await h.waitFor('Milano (IT)');
      await h.press('3');
      const f = await h.waitFor(/before kernel/);
      // cut to `weekly snaps…` and `before kerne…` beside notes cut to ten columns, before
      expect(f).toContain(' weekly snapshot ');
      expect(f).toContain(' before kernel upgrade ');
      const header = f.split('\n').find((l) => /DESCRIPTION/.test(l))!;
      expect(header).toMatch(width === 80 ? /^(?!.*NOTES).*CREATED/ : /NOTES.*CREATED/);
      // where they come, notes get the room their text asks for before the description grows past its own
      // (`restored after fai…` beside a description padded 30 columns wide, before)
      if (width === 140) expect(f).toContain(' restored after failed db migration ');
      await h.cleanup();
      h = undefined;
    }
  });

  test('the Snapshots tab shows the weekly schedule; w sets and changes it, W turns it off', async () => {
    h = await startApp({ height: 40 });
    await selectWeb2(h);
    await h.press(keys.enter);
    await h.waitFor('Server web-2 (ec206902)');
    await h.press('3');
    // web-2 has none in the demo; web-1's is shown with its last run
    await h.waitFor('No weekly schedule: w sets one');
    await h.press('w');
    let f = await h.waitFor('A weekly snapshot of web-2 (ec206902)');
    expect(f).toMatch(/Day/);
    await h.type('wed');
    await h.press(keys.enter);
    await h.press(keys.ctrlU);
    await h.type('3');
    await h.press(keys.enter);
    f = await h.waitFor('Weekly schedule: Wednesdays, keeps 3 · on');
    let saved = await h.client.schedules.get('ec206902');
    expect(saved.dayOfWeek).toBe(3);
    expect(saved.maxRetention).toBe(3);
    expect(saved.enabled).toBe(true);
    await h.press('W');
    await h.waitFor('Weekly schedule: Wednesdays, keeps 3 · off');
    expect(h.frame()).toContain('Weekly snapshots of web-2 (ec206902) are off.');
    saved = await h.client.schedules.get('ec206902');
    expect(saved.enabled).toBe(false);
    // and w again changes the one there is
    await h.press('w');
    await h.waitFor('Weekly snapshots of web-2 (ec206902)');
  });

  test("the Actions tab shows every action that concerns the server, its snapshots' too", async () => {
    h = await startApp({ height: 40 });
    await selectWeb2(h);
    const change = await h.client.snapshots.create('ec206902', { description: 'tab check' });
    await h.press(keys.enter);
    await h.waitFor('Server web-2 (ec206902)');
    await h.press('5');
    // the tab joins two lists that arrive apart: wait for the whole, not the first half; and the tab's own rows
    // (the status word), not the action panel below it, which lists the snapshot's action too, and sooner
    // NAME says which snapshot, as :actions does, without naming the server the page is (it said `"tab check"
    // of web-2` on web-2's page, and `web-2` beside the server's own work); PROGRESS is the watcher's bar
    const snap = new RegExp(`create_snapshot +${change.snapshot.id} +"tab check" +In progress +█*░+ +\\d+%`);
    const f = await h.waitFor((x) => snap.test(x) && /create_server +ec206902 +Completed/.test(x));
    expect(f).toMatch(snap);
    // (the action panel under the tab names it for the whole account, `of web-2` included)
    expect(f.split('├ Actions')[0]).not.toMatch(/of web-2/);
  });

  test("on a server's Actions tab a VLAN's action names its network, and the server's own work nothing", async () => {
    h = await startApp({ height: 40 });
    await h.waitFor((f) => selected(f, 'ec206901'));
    await h.press(keys.enter);
    await h.waitFor('Server web-1 (ec206901)');
    await h.press('5');
    const f = await h.waitFor(/add_vlan +ec206901-net000001 +net000001 +Completed/);
    expect(f).toMatch(/rollback +ec206901 +Completed/);
  });

  test('esc walks back: first the dialog, then the filter, then the screen', async () => {
    h = await startApp();
    await h.waitFor((f) => selected(f, 'ec206901'));
    await h.press(keys.enter);
    await h.waitFor('Milano (IT)');
    await h.press('/');
    await h.type('ipv');
    await h.press(keys.enter);
    let f = await h.waitFor('/ipv');
    expect(f).not.toContain('Milano');
    await h.press('e');
    await h.waitFor('Edit web-1 (ec206901)');
    await h.press(keys.escape);
    f = await h.waitFor((f) => !f.includes('Edit web-1'));
    expect(f).toContain('/ipv');
    await h.press(keys.escape);
    f = await h.waitFor('Milano (IT)');
    expect(f).toContain('Server web-1 (ec206901)');
    await h.press(keys.escape);
    f = await h.waitFor((f) => row(f, 'ec206914') !== undefined);
    expect(f).not.toContain('Server web-1');
    expect(selected(f, 'ec206901')).toBe(true);
  });
});
