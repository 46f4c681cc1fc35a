// Every hint true: on every `:` screen, each tab of a server's detail view, the record view, the pager, the
// create wizard and a form, each key the footer offers is pressed from the screen as it first appears, and
// something must happen: the frame changes (a dialog, a move, a new order, a message on the status line).
// A key the footer offers that changes nothing is a hint that lies. `q` is left out (it ends the run: the
// shell tests cover it).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../../src/ui/registry.js';
import { keys, waitForFrame } from '../helpers.js';
import { openScreen, startApp, type Harness } from './harness.js';

const SEQ: Record<string, string> = {
  '⏎': keys.enter,
  esc: keys.escape,
  Tab: keys.tab,
  '↑': keys.up,
  '↓': keys.down,
  '↑↓': keys.down,
  '←': keys.left,
  '→': keys.right,
  PgUp: keys.pageUp,
  PgDn: keys.pageDown,
};

export interface Hint {
  key: string;
  label: string;
}

/** The hints of the footer line of a frame: `└ ? help  q quit  : jump ───┘` → `?`, `q`, `:`. */
export function footerOf(frame: string): Hint[] {
  const lines = frame.split('\n');
  const footer = [...lines].reverse().find((l) => l.startsWith('└')) ?? '';
  const inner = footer.replace(/^└ /, '').replace(/ ?─*┘\s*$/, '');
  return inner
    .split(/ {2,}/)
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf(' ');
      return { key: part.slice(0, at), label: part.slice(at + 1) };
    });
}

/** What a key may change: everything but the header line (its clock moves by itself). */
const body = (frame: string): string => frame.split('\n').slice(1).join('\n');

let h: Harness | null = null;
// a key that writes a file (billing's export) writes it in a directory of the test's own, not in the checkout
const home0 = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'ecsdeck-sweep-'));
beforeAll(() => process.chdir(work));
afterAll(() => {
  process.chdir(home0);
  rmSync(work, { recursive: true, force: true });
});
// the editor a script's content opens in: a stand-in that leaves the file as it is
beforeEach(() => {
  vi.stubEnv('VISUAL', 'true');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await h?.cleanup();
  h = null;
});

/** Back to the servers list whatever is open: dialogs, wizard steps, help and inner views all close on esc. */
async function home(harness: Harness): Promise<void> {
  for (let i = 0; i < 6; i++) await harness.press(keys.escape);
  await harness.waitFor((f) => f.includes(' Servers') && footerOf(f).some((x) => x.key === ':'));
}

/**
 * Presses each footer key of the screen `reach` leads to, from that screen as it first appears; the hints
 * after which nothing changed within a while.
 */
async function deadHints(harness: Harness, reach: () => Promise<unknown>, skip: readonly string[] = []): Promise<string[]> {
  await reach();
  const hints = footerOf(harness.frame());
  expect(hints.length).toBeGreaterThan(1);
  const dead: string[] = [];
  for (const hint of hints) {
    if (hint.key === 'q' || skip.includes(hint.key)) continue;
    await home(harness);
    await reach();
    const before = body(harness.frame());
    // a hint of two keys (`Tab/Shift+Tab field`, `n/esc no`) is pressed by its first
    const key = hint.key.length > 1 && hint.key.includes('/') ? hint.key.split('/')[0] : hint.key;
    await harness.press(SEQ[key] ?? key);
    const changed = await waitForFrame(harness.frame, (f) => body(f) !== before, 700).then(
      () => true,
      () => false,
    );
    if (!changed) dead.push(`${hint.key} ${hint.label}`);
  }
  return dead;
}

const titleOf = (name: string): string => COMMANDS.find((c) => c.name === name)?.title ?? name;

/** A `:` screen, loaded (its title drawn and nothing still loading). */
const screen = (harness: Harness, name: string) => async () => {
  // the screen's own title line (not the completion list that names it while `:` is typed)
  const title = name === 'billing' ? '[1 Servers]' : titleOf(name);
  await openScreen(harness, name, new RegExp(`^│ ${title.replace(/[[\]()]/g, '\\$&')}`, 'm'));
  await harness.waitFor((f) => !f.includes('loading…'));
};

const SCREENS = COMMANDS.map((c) => c.name).filter((n) => n !== 'servers');

// each key is pressed from its screen as first drawn: a screen of twenty keys takes a while
describe('every footer key does something', { timeout: 120_000 }, () => {
  it('on the servers list', async () => {
    h = await startApp({ width: 200, height: 50 });
    const harness = h;
    await h.waitFor('web-1');
    expect(await deadHints(h, async () => harness.waitFor('web-1'))).toEqual([]);
  });

  it.each(SCREENS)('on :%s', async (name) => {
    h = await startApp({ width: 200, height: 50 });
    expect(await deadHints(h, screen(h, name))).toEqual([]);
  });

  it.each([1, 2, 3, 4, 5, 6])("on tab %i of a server's detail view", async (tab) => {
    h = await startApp({ width: 200, height: 50 });
    const harness = h;
    const reach = async () => {
      await harness.waitFor('web-1');
      await harness.press(keys.enter);
      await harness.waitFor((f) => f.includes('Overview') && f.includes('Metrics'));
      await harness.press(String(tab));
      await harness.waitFor((f) => !f.includes('loading…'));
    };
    expect(await deadHints(h, reach)).toEqual([]);
  });

  it("on a row's record view and on a script's text", async () => {
    h = await startApp({ width: 200, height: 50 });
    const harness = h;
    const record = async () => {
      await screen(harness, 'plans')();
      await harness.press(keys.enter);
      await harness.waitFor(/ Plan \S/);
    };
    expect(await deadHints(h, record)).toEqual([]);
    await home(harness);
    const pager = async () => {
      await screen(harness, 'scripts')();
      await harness.press(keys.enter);
      await harness.waitFor(/ Script \S/);
    };
    expect(await deadHints(h, pager)).toEqual([]);
  });

  it('in the create wizard, on its first step and on a later one', async () => {
    h = await startApp({ width: 200, height: 50 });
    const harness = h;
    const wizard = async () => {
      await harness.waitFor('web-1');
      await harness.press('c');
      await harness.waitFor((f) => f.includes('New server') && f.includes('eCS1'));
    };
    expect(await deadHints(h, wizard)).toEqual([]);
    await home(harness);
    const location = async () => {
      await wizard();
      await harness.press(keys.enter);
      await harness.waitFor((f) => /› location/.test(f) || f.includes('location') && !f.includes('loading'));
    };
    expect(await deadHints(h, location)).toEqual([]);
  });

  it('in a form', async () => {
    h = await startApp({ width: 200, height: 50 });
    const harness = h;
    const form = async () => {
      await screen(harness, 'sshkeys')();
      await harness.press('c');
      await harness.waitFor((f) => footerOf(f).some((x) => x.label === 'field'));
    };
    expect(await deadHints(h, form)).toEqual([]);
  });
});
