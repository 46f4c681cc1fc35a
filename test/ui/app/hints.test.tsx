// Hints that tell the truth, in the whole app on the emulator: p and P as the power the dashboard knows,
// `o` through the columns drawn and `>` to choose one, `/` on :actions saying what it searches, G on a paged
// list going to the real end, the header's clock being the service's, read-only :profiles not offering c.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProfileStore } from '../../../src/config/profiles.js';
import { formatClock } from '../../../src/ui/format.js';
import { keys } from '../helpers.js';
import { openScreen, startApp, type Harness } from './harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.cleanup();
  h = null;
});

const footer = (frame: string): string => frame.split('\n').reverse().find((l) => l.startsWith('└')) ?? '';
const sortedBy = (frame: string): string | undefined => /sorted by (.+?) [↑↓]/.exec(frame)?.[1];

describe('p and P follow the power the dashboard knows', () => {
  it('p is not offered on a server known to be running, P not on one known off', async () => {
    h = await startApp({ width: 200, height: 40 });
    await h.waitFor('web-1');
    // web-1 runs: once the dashboard knows it, p is not offered, P is
    await h.waitFor(() => h!.session.power.state('ec206901') === 'running');
    await h.waitFor((f) => !footer(f).includes('p power on'));
    expect(footer(h.frame())).toContain('P power off');
    // powered off elsewhere: when the action ends, P goes and p comes back
    await h.client.servers.powerOff('ec206901');
    h.advance(10);
    await h.waitFor((f) => footer(f).includes('p power on') && !footer(f).includes('P power off'));
  });
});

describe('a dialog and the footer under it', () => {
  it('a y/N says its keys as the footer does: n and esc both say no, in both', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    await h.press('P');
    const f = await h.waitFor('Power off web-1 (ec206901)? [y/N]');
    expect(f).toContain('│ y yes  n/esc no ');
    expect(footer(f)).toMatch(/^└ y yes  n\/esc no ─/);
    await h.press(keys.escape);
    await h.waitFor((frame) => !frame.includes('[y/N]'));
    expect(h.session.power.state('ec206901')).not.toBe('stopped');
  });
});

describe('sorting', () => {
  it('o at 80 columns goes through the columns drawn only, and back to the first', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    const header = h.frame().split('\n').find((l) => l.includes('NAME') && l.includes('STATUS')) ?? '';
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const before = sortedBy(h.frame());
      await h.press('o');
      await h.waitFor((f) => sortedBy(f) !== before);
      seen.push(sortedBy(h.frame())!);
      if (seen[seen.length - 1] === 'NAME') break;
    }
    expect(seen[seen.length - 1]).toBe('NAME');
    for (const column of seen) expect(header.toUpperCase()).toContain(column);
    expect(seen).not.toContain('LOCATION');
    expect(seen).not.toContain('CREATED');
    // the CPU graphs are drawn for the rows on screen only: nothing to sort 10,000 servers by
    expect(seen).not.toContain('CPU 1H');
  });

  it('> lists the columns drawn; a letter goes to one and ⏎ sorts by it, again the other way', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    expect(sortedBy(h.frame())).toBe('NAME');
    await h.press('>');
    const open = await h.waitFor('Sort by');
    expect(open).not.toContain('LOCATION');
    expect(footer(open)).toContain('⏎ sort');
    // what is being sorted stays in sight under the chooser: the list's title, header, rows and position
    // (the body was blank under it)
    const lines = open.split('\n');
    const chooserEnd = lines.findIndex((l) => l.startsWith('│╰'));
    expect(chooserEnd).toBeGreaterThan(0);
    expect(lines[chooserEnd + 1]).toMatch(/^│ Servers +sorted by NAME ↑ │$/);
    expect(lines[chooserEnd + 2]).toMatch(/^│ NAME +NOTES +PLAN +STATUS/);
    expect(lines[chooserEnd + 3]).toMatch(/^│›ec206901 +web-1 /);
    expect(open).toMatch(/ 1\/\d+│/);
    await h.press('s', keys.enter);
    await h.waitFor('sorted by STATUS ↑');
    await h.press('>');
    await h.waitFor('Sort by');
    await h.press(keys.enter);
    await h.waitFor('sorted by STATUS ↓');
  });
});

describe('> after a resize', () => {
  it('closes on a new width, whose columns are others; the order stays, and > lists the new ones', async () => {
    h = await startApp({ width: 140, height: 40 });
    await h.waitFor('web-1');
    await h.press('>');
    const wide = await h.waitFor('Sort by');
    expect(wide).toMatch(/│ +LOCATION +│/);
    h.rerender({ width: 80, height: 24 });
    // (it listed LOCATION at 80 columns, where no LOCATION is drawn)
    await h.waitFor((f) => !f.includes('Sort by') && /sorted by NAME ↑/.test(f));
    await h.press('>');
    const narrow = await h.waitFor('Sort by');
    expect(narrow).not.toContain('LOCATION');
    expect(narrow).toMatch(/│ +NOTES +│/);
  });
});

describe(':actions', () => {
  it('/ says it asks for one resource, and says why a word finds nothing', async () => {
    h = await startApp({ width: 120, height: 30 });
    await openScreen(h, 'actions', /actions loaded/);
    expect(footer(h.frame())).toContain('/ by resource');
    await h.press('/');
    await h.waitFor('/resource:');
    await h.type('power');
    await h.press(keys.enter);
    await h.waitFor('no actions of a resource named "power" (/ takes an exact name or id)');
    // a long search is quoted cut, on one line (the whole of it is in the field above)
    await h.press('/');
    await h.press(keys.ctrlU);
    h.stdin.write(`\u001b[200~${'web'.repeat(100)}\u001b[201~`);
    await h.press(keys.enter);
    const said = (await h.waitFor(/no actions of a resource named "(web)+w?e?…"/)).split('\n').find((l) => l.includes('no actions of'))!;
    expect(said).toContain('(/ takes an exact name or id)');
  });

  it('G after the first page goes to the last action of all, not of the page', async () => {
    h = await startApp({ width: 120, height: 30 });
    // more actions than a page holds: each server powered off and on again
    const servers = await h.client.servers.list();
    for (const s of servers.filter((x) => x.status === 'booted')) {
      for (const call of [() => h!.client.servers.powerOff(s.name), () => h!.client.servers.powerOn(s.name)]) {
        // a server already in that state is refused: the next call makes its action
        await call().catch(() => undefined);
        h.advance(120);
      }
    }
    await openScreen(h, 'actions', /actions loaded/);
    const total = Number(/of (\d+) actions loaded/.exec(h.frame())![1]);
    expect(total).toBeGreaterThan(50);
    await h.press('G');
    await h.waitFor(`${total}/${total}`);
    await h.waitFor(`${total} of ${total} actions loaded`);
  });
});

describe('the header clock', () => {
  it("shows the service's time, from its answers, not the machine's", async () => {
    h = await startApp({ width: 120, height: 30 });
    await h.waitFor('web-1');
    // the emulator's clock is moved five hours and a half on: the next answer says so
    h.advance(5.5 * 3600);
    await h.press('r');
    const res = await h.admin('GET', '/__emulator/clock');
    const { now } = (await res.json()) as { now: string | number };
    const expected = formatClock(new Date(now));
    await h.waitFor(`${expected} UTC`, 4000);
    expect(formatClock(new Date())).not.toBe(expected);
  });
});

describe('read-only :profiles', () => {
  it('does not offer c on its empty list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-hints-'));
    try {
      h = await startApp({ readOnly: true, profiles: () => openProfileStore({ cwd: dir }) });
      await openScreen(h, 'profiles', 'no profiles yet');
      expect(h.frame()).toContain('no profiles yet (read-only: start without --read-only to add one)');
      expect(h.frame()).not.toContain('c adds one');
      expect(footer(h.frame())).not.toMatch(/ c /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
