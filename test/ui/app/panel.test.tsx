// The action panel in the whole app, on the emulator: what it shows when work piles up at 80×24, how wide its
// bar is at 200×50, the names it gives servers, snapshots and templates, and what a failed action says.
import { afterEach, describe, expect, test } from 'vitest';
import type { Action } from '../../../src/api/index.js';
import { toTracked } from '../../../src/session/session.js';
import { startApp, selectRow, wizardToImage, type Harness } from './harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

/** The panel's lines, frame sides taken off: from under its title to the bottom border. */
function panel(frame: string): string[] {
  const lines = frame.split('\n');
  const start = lines.findIndex((l) => l.startsWith('├ Actions'));
  const end = lines.findIndex((l) => l.startsWith('└'));
  return start < 0 ? [] : lines.slice(start + 1, end).map((l) => l.slice(1, -1).trimEnd()).filter((l) => l !== '');
}

/** Action lines only (the status line sits under the panel inside the frame). */
const actionLines = (frame: string): string[] => panel(frame).filter((l) => /^ \d{5} /.test(l));

describe('action panel', () => {
  test('at 80×24 six actions all show, the running ones above the finished, resources named as the list names them', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    // the demo runs two (create api-3, delete scratch-tmp); four more are started here, as a script would
    const track = (a: Action | null) => h!.session.tracker.track(toTracked(a!));
    track(await h.client.servers.powerOff('ec206901'));
    track((await h.client.snapshots.create('ec206903', { description: 'before upgrade' })).action);
    const t = await h.client.templates.create({ description: 'monitoring base', server: 'ec206905' });
    h.session.tracker.track({ id: t.actionId, status: 'in-progress', progress: 0, type: 'create_template', resource: t.template.name, resourceType: 'DI' });
    // the delete and the power-off finish; then one more power-off starts
    h.advance(6);
    await h.waitFor((f) => (f.match(/✓ done/g) ?? []).length === 2);
    track(await h.client.servers.powerOff('ec206902'));
    const frame = await h.waitFor((f) => actionLines(f).length === 6 && f.includes('web-2 (ec206902)'));
    const lines = actionLines(frame);
    expect(frame).not.toContain('more');
    // four running (bars), then the two finished
    expect(lines.map((l) => (l.includes('✓ done') ? 'done' : l.includes('%') ? 'running' : 'other'))).toEqual(['running', 'running', 'running', 'running', 'done', 'done']);
    // the most recently started on top
    expect(lines[0]).toContain('power_off');
    expect(lines[0]).toContain('web-2 (ec206902)');
    expect(frame).toContain('web-1 (ec206901)');
    expect(frame).toContain('scratch-tmp (ec206912)');
    // every line of the frame is 80 wide: the panel took rows from the list, not from the frame
    expect(frame.split('\n').every((l) => l.length === 80)).toBe(true);
    expect(frame.split('\n')).toHaveLength(24);
  });

  test('at 200×50 the bar takes the width the row leaves, not a fixed 20 cells', async () => {
    h = await startApp({ width: 200, height: 50 });
    const frame = await h.waitFor((f) => actionLines(f).length === 2);
    for (const line of actionLines(frame)) {
      const bar = line.match(/[█░]+/)?.[0] ?? '';
      expect(bar.length).toBeGreaterThanOrEqual(120);
      // and it ends near the right side: no wide blank beside it
      expect(line.length).toBeGreaterThanOrEqual(190);
    }
  });

  test('a snapshot and a template started in the dashboard are named by server and description, not by number', async () => {
    h = await startApp({ width: 100, height: 32 });
    await h.waitFor('web-1');
    await selectRow(h, /db-primary/);
    await h.press('s');
    await h.waitFor('Description');
    await h.type('before upgrade');
    await h.press('\r');
    await h.waitFor((f) => /Notes/.test(f));
    await h.press('\r');
    await h.waitFor('create_snapshot');
    await selectRow(h, /monitoring/);
    await h.press('T');
    await h.waitFor('Description');
    await h.type('monitoring base');
    await h.press('\r');
    const frame = await h.waitFor('create_template');
    const snap = actionLines(frame).find((l) => l.includes('create_snapshot')) ?? '';
    expect(snap).toMatch(/create_snapshot +\d+ "before upgrade" of db-primary/);
    // named whole, not cut
    expect(actionLines(frame).filter((l) => l.includes('…'))).toEqual([]);
    const tpl = actionLines(frame).find((l) => l.includes('create_template')) ?? '';
    expect(tpl).toMatch(/monitoring base \(\w+\)/);
  });

  test('a snapshot started elsewhere is named from the snapshot list once it is loaded', async () => {
    h = await startApp({ width: 100, height: 32 });
    await h.waitFor('web-1');
    const change = await h.client.snapshots.create('ec206904', { description: 'nightly copy' });
    h.session.tracker.track(toTracked(change.action!));
    await h.waitFor(`snapshot ${change.snapshot.id} `);
    await h.press(':');
    await h.type('snapshots');
    await h.press('\r');
    const frame = await h.waitFor(`${change.snapshot.id} "nightly copy" of db-replica`);
    expect(actionLines(frame).some((l) => l.includes('"nightly copy" of db-replica'))).toBe(true);
  });

  test('a failed action says how far it got and that the service gave no reason, and the status line stops saying it is under way', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    await h.admin('PUT', '/__emulator/faults', { fail_next_actions: 1 });
    await selectRow(h, /web-1/);
    await h.press('P');
    await h.waitFor('[y/N]');
    await h.press('y');
    await h.waitFor('Powering off');
    h.advance(6);
    const frame = await h.waitFor((f) => /✗ failed at \d+%;/.test(f) && !f.includes('Powering off'));
    const failed = panel(frame).join('\n');
    expect(failed).toContain('web-1 (ec206901)');
    // the reason is drawn whole, over two lines if it must be
    expect(failed.replace(/\s+/g, ' ')).toMatch(/failed at \d+%; the service gives no reason/);
    // the status line says what failed, in place of "Powering off…"
    expect(frame).toMatch(/✗ power off of web-1 \(ec206901\) failed at \d+%/);
    expect(frame).toContain('1 failed (X dismisses)');
  });

  test('a power-off that completes says so on the status line at once, in place of "Powering off…"', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-2');
    await selectRow(h, /web-2/);
    await h.press('P');
    await h.waitFor('[y/N]');
    await h.press('y');
    await h.waitFor('Powering off web-2 (ec206902)…');
    h.advance(6);
    // the frame that shows ✓ done on the panel no longer says the power-off is under way
    const frame = await h.waitFor((f) => actionLines(f).some((l) => l.includes('power_off') && l.includes('✓ done')));
    expect(frame).not.toContain('Powering off');
    expect(frame).toContain('Powered off web-2 (ec206902).');
  });

  test('a server made with the wizard says Created on the status line when its action completes, in place of "Creating…"', async () => {
    h = await startApp({ width: 100, height: 30 });
    await h.waitFor('web-1');
    await wizardToImage(h);
    await h.press('\r');
    await h.waitFor(/Notes .*label/);
    await h.type('made-now');
    await h.press('\r');
    await h.waitFor('"notes": "made-now"');
    await h.press('\r');
    await h.waitFor(/Creating made-now \(ec\d+\)…/);
    h.advance(120);
    const frame = await h.waitFor((f) => actionLines(f).some((l) => l.includes('create_server') && l.includes('made-now') && l.includes('✓ done')));
    expect(frame).not.toContain('Creating made-now');
    expect(frame).toMatch(/Created made-now \(ec\d+\)\./);
  });
});
