// Nothing that matters is cut at 80×24: every screen of `:`, the server's record, and every dialog, form and
// wizard step one of their keys opens is drawn, and no line of it ends in a `…` at its box's edge (a sentence
// stopped mid-word: "its support plan can no…") or says `… N more lines` with no key to read them.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ScreenId } from '../../../src/ui/ids.js';
import { KEYS, SCREEN_NAMES, screenScopes } from '../../../src/ui/registry.js';
import { startApp, type Harness } from './harness.js';

let h: Harness | null = null;
// a key that opens the editor gets a stand-in that leaves the file as it was (nothing is sent)
beforeEach(() => {
  vi.stubEnv('VISUAL', 'true');
  vi.stubEnv('EDITOR', 'true');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await h?.cleanup();
  h = null;
});

/** Words that end in `…` because something is under way, not because they were cut. */
const UNDER_WAY = /(loading|sending|connecting|waiting|starting)…/;

/** A list's header line: its column names in capitals (`NAME  NOTES  PLAN`). */
const HEADER = /^│[│ ]*[A-Z][A-Z0-9 /%]*[A-Z0-9%] {2,}[A-Z][A-Z0-9 /%↑↓]*\s*│+$/;

/**
 * Lines of a frame that end in a cut: text, then `…` against the right edge of its box (a dialog's padding of
 * one space allowed), and `… N more lines` with no key to read them. The rows under a list's header are left
 * out: a cell cut at the list's edge is a list's way, and ⏎ on the row shows the record whole.
 */
export function cutLines(frame: string): string[] {
  let inTable = false;
  return frame.split('\n').filter((l) => {
    if (/… \d+ more lines/.test(l)) return true;
    if (HEADER.test(l)) {
      inTable = true;
      return false;
    }
    if (inTable && (/^[│ ]*$/.test(l.replace(/[│┤├┐┘└┌╭╮╰╯]/g, '')) || /^[├└╭╰]|^│[╭╰]/.test(l))) inTable = false;
    if (inTable) return false;
    return /[^\s…]…[ ]?[│┤┐╮]+\s*$/.test(l) && !UNDER_WAY.test(l);
  });
}

/**
 * Sentences of a dialog stopped short without a `…`: in a box drawn over a screen, the text under its title
 * (up to the first line laid out in columns: a field, a choice, the keys) must end a sentence. A dialog that
 * drops the lines it has no room for ("its support plan can no", then the field) fails here.
 */
export function cutParagraphs(frame: string): string[] {
  const found: string[] = [];
  let box: string[] | null = null;
  let width = 0;
  for (const l of frame.split('\n')) {
    if (/^│╭/.test(l)) {
      box = [];
      width = l.length - 6;
    }
    else if (/^│╰/.test(l) && box) {
      const text: string[] = [];
      for (const t of box.slice(1)) {
        if (t === '' || /\S {2,}\S|^> |^›/.test(t)) break;
        text.push(t);
      }
      // a line that ends without a full stop is cut when it was wrapped (it nearly fills the box) and nothing
      // follows it: a short line such as `esc close` or a field's label is not a sentence
      const last = text[text.length - 1];
      if (last !== undefined && last.length >= width - 12 && !/[.!?:)"'’\]]$/.test(last)) found.push(last);
      box = null;
    } else if (box && /^││/.test(l)) box.push(l.slice(2, -2).trim());
  }
  return found;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keys to leave alone: they leave the dashboard, move through rows, or open the shell's own prompts. */
const SKIP = new Set(['quit', 'command', 'filter', 'help', 'up', 'down', 'top', 'bottom', 'pageUp', 'pageDown', 'back', 'refresh']);

/** The single-character keys of a screen's own scope: what opens its dialogs and forms. */
function screenKeys(screen: ScreenId): string[] {
  const own = KEYS.bindingsFor(screenScopes(screen)).filter((b) => b.scope === screen && !SKIP.has(b.id) && !/export|csv/i.test(`${b.id} ${b.description}`));
  const out: string[] = [];
  for (const b of own) for (const k of b.keys) if ([...k].length === 1 && !out.includes(k)) out.push(k);
  return out;
}

async function openScreen(name: string): Promise<void> {
  await h!.press(':');
  await h!.type(name);
  await h!.press('\r');
  await pause(250);
}

/** Every frame drawn since `from` that has a cut line, with the lines. */
function cutsSince(from: number, where: string): string[] {
  const found: string[] = [];
  for (const f of h!.frames().slice(from)) for (const l of [...cutLines(f), ...cutParagraphs(f)]) if (!found.includes(`${where}: ${l}`)) found.push(`${where}: ${l}`);
  return found;
}

describe('nothing cut at 80×24', () => {
  test('the cut-line check itself finds a sentence stopped at a box edge, and passes a table cell', () => {
    expect(cutLines('││ It cannot be deleted until the period ends, and its support plan can no… ││')).toHaveLength(1);
    expect(cutLines('┌─┐\n│ Snapshots, 2026-…│')).toHaveLength(1);
    expect(cutLines('│ Weekly schedule: Sundays, keeps 3 · on   w ch…│')).toHaveLength(1);
    expect(cutLines('… 9 more lines')).toHaveLength(1);
    const reserve = (text: string[]) =>
      ['│╭' + '─'.repeat(76) + '╮│', '││ Reserve web-1 (ec206901)  ││', ...text.map((t) => `││ ${t} ││`), '││ Period  type to filter, ⏎ takes ││', '││ ⏎ reserve  esc cancel ││', '│╰────╯│'].join('\n');
    expect(cutParagraphs(reserve(['It cannot be deleted until the period ends, and its support plan can no']))).toHaveLength(1);
    expect(cutParagraphs(reserve(['It cannot be deleted until the period ends, and its support plan can no', 'longer change.']))).toHaveLength(0);
    expect(cutLines('│ ec206910   gpu-train  nvidia-cuda… Booted     212.237.43.162 │')).toHaveLength(0);
    expect(cutLines('│ NAME       NOTES    STATUS │\n│ ei204101   web stack golden image Created      ubuntu   80 GB from server ec…│')).toHaveLength(0);
    expect(cutLines('│ Actions                                loading…│')).toHaveLength(0);
  });

  test('every dialog and form a screen key opens, on every screen of :', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    const found: string[] = [];
    for (const screen of SCREEN_NAMES) {
      const start = h.frames().length;
      await openScreen(screen);
      for (const key of screenKeys(screen)) {
        const from = h.frames().length;
        await h.press(key);
        await pause(200);
        found.push(...cutsSince(from, `${screen} ${key}`));
        // close whatever opened: a dialog, a form, a wizard step, a pushed screen
        await h.press('\u001b');
        await pause(60);
        await h.press('\u001b');
        await pause(60);
        await openScreen(screen);
      }
      // its tabs, if it has any, and the record of its first row
      for (const key of ['\t', '\t', '\t', '\r']) {
        const from = h.frames().length;
        await h.press(key);
        await pause(200);
        found.push(...cutsSince(from, `${screen} ${JSON.stringify(key)}`));
      }
      await h.press('\u001b');
      await pause(60);
      found.push(...cutsSince(start, screen));
    }
    expect(found).toEqual([]);
  }, 240_000);

  test('help (?) on every screen of :, page by page to its end', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    const found: string[] = [];
    for (const screen of SCREEN_NAMES) {
      await openScreen(screen);
      const from = h.frames().length;
      await h.press('?');
      let frame = await h.waitFor('Keys');
      for (let page = 0; page < 20 && /\d+ below/.test(frame); page++) {
        const before = frame;
        await h.press('\u001b[6~');
        frame = await h.waitFor((f) => f !== before);
      }
      expect(frame, `${screen}: help to its end`).not.toMatch(/\d+ below/);
      found.push(...cutsSince(from, `${screen} ?`));
      await h.press('\u001b');
      await h.waitFor((f) => !f.includes('esc close'));
    }
    expect(found).toEqual([]);
  }, 120_000);

  test(':billing at 80 columns: the report\'s title keeps its month whole, whatever column it is sorted by', async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    await openScreen('billing');
    const titles: string[] = [];
    for (const tab of [0, 1, 2]) {
      if (tab > 0) await h.press('\t');
      await h.waitFor((f) => /^│ \w+, \d{4}-\d{2} .* · total /.test(f.split('\n')[2] ?? ''));
      // every sort column, each way: the longer `sorted by DESCRIPTION ↓` once cut the title to `Snapshots,…`
      for (let i = 0; i < 8; i++) {
        await h.press(i === 7 ? 'O' : 'o');
        await pause(120);
        const line = h.frame().split('\n')[2] ?? '';
        if (!/^│ \w+, \d{4}-\d{2} /.test(line)) titles.push(line);
      }
    }
    expect(titles).toEqual([]);
  }, 60_000);

  test("the server's record, its tabs and their dialogs", async () => {
    h = await startApp({ width: 80, height: 24 });
    await h.waitFor('web-1');
    await h.press('\r');
    await h.waitFor('Server web-1');
    const found: string[] = [];
    for (const tab of ['1', '2', '3', '4', '5', '6', '7']) {
      const from = h.frames().length;
      await h.press(tab);
      await pause(250);
      found.push(...cutsSince(from, `tab ${tab}`));
    }
    expect(found).toEqual([]);
  }, 60_000);
});
