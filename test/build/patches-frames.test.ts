// The changes scripts/patches.mjs makes to dependencies (applied to node_modules at install by
// scripts/patch-deps.mjs) are speed patches: what the user sees must not change. Each patched module, as
// installed, is bundled next to its original (kept by the install step) bundled the same way, and both are
// asked the same questions; any answer that differs is reported with its code points.
// Here: Ink's full-screen frames, fed to a terminal emulator both ways and compared screen by screen.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { loadInk, unpatched, seeded, type InkBundle, type InkNode } from './patch-harness.js';

describe('ink full-screen frames (what the terminal shows)', async () => {
  type Node = InkNode;
  type Row = { text: string; color?: string; backgroundColor?: string; bold?: boolean; inverse?: boolean };

  // Bundled as the build bundles the dashboard (every patch as installed), and again with the original of
  // this patch's file.
  const [original, patched] = await Promise.all([loadInk('ink-original.js', [unpatched('ink-full-screen-frames')]), loadInk('ink-patched.js')]);
  await Promise.all([original.exports.yogaReady, patched.exports.yogaReady]);

  it('is bundled with the patch once, and without it once', () => {
    expect(patched.text).toContain('function fullScreenFrame(');
    expect(original.text).not.toContain('function fullScreenFrame(');
  });

  /** A terminal as Ink sees it: it records what Ink writes. */
  class FakeTty extends EventEmitter {
    readonly isTTY = true;
    readonly chunks: string[] = [];
    constructor(
      public columns: number,
      public rows: number,
    ) {
      super();
    }
    write(chunk: string | Uint8Array, ...rest: unknown[]) {
      this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((item) => typeof item === 'function') as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
      return true;
    }
  }

  /** One Ink app drawing into a FakeTty, and a terminal emulator showing what it wrote. */
  class Screen {
    readonly stdout: FakeTty;
    // convertEol: Ink ends lines with \n, which the terminal's line discipline turns into \r\n.
    readonly term: InstanceType<typeof xterm.Terminal>;
    renders = 0;
    private fed = 0;
    private readonly app: { rerender(node: Node): void; unmount(): void };
    constructor(
      readonly ink: InkBundle,
      columns: number,
      rows: number,
      first: Row[],
      private readonly frameWidth?: number,
    ) {
      this.stdout = new FakeTty(columns, rows);
      this.term = new xterm.Terminal({ cols: columns, rows, allowProposedApi: true, scrollback: 100, convertEol: true });
      this.app = ink.render(this.view(first), {
        stdout: this.stdout,
        stdin: new PassThrough(),
        stderr: this.stdout,
        exitOnCtrlC: false,
        patchConsole: false,
        maxFps: 1000,
        onRender: () => this.renders++,
      });
    }
    view(rows: Row[]) {
      const { React, Box, Text } = this.ink;
      return React.createElement(
        Box,
        { flexDirection: 'column', height: rows.length, width: this.frameWidth },
        ...rows.map(({ text, ...style }, i) => React.createElement(Text, { key: i, wrap: 'truncate', ...style }, text === '' ? ' ' : text)),
      );
    }
    rerender(rows: Row[]) {
      this.app.rerender(this.view(rows));
    }
    /** Resizes the terminal, then tells Ink, as a terminal does (SIGWINCH). */
    resize(columns: number, rows: number) {
      this.stdout.columns = columns;
      this.stdout.rows = rows;
      this.term.resize(columns, rows);
      this.stdout.emit('resize');
    }
    unmount() {
      this.app.unmount();
      this.term.dispose();
    }
    /** Feeds what Ink wrote since last time to the terminal; returns it. */
    async feed() {
      const data = this.stdout.chunks.slice(this.fed).join('');
      this.fed = this.stdout.chunks.length;
      if (data !== '') await new Promise<void>((done) => this.term.write(data, done));
      return data;
    }
    /** Each row of the screen: its text, then each cell not in the default style, with its style; the cursor. */
    screen() {
      const buffer = this.term.buffer.active;
      const cell = buffer.getNullCell();
      const lines: string[] = [];
      for (let y = 0; y < this.term.rows; y++) {
        const line = buffer.getLine(buffer.baseY + y);
        if (!line) {
          lines.push('(no line)');
          continue;
        }
        let styles = '';
        for (let x = 0; x < this.term.cols; x++) {
          if (!line.getCell(x, cell) || cell.isAttributeDefault()) continue;
          const colour = (mode: number, value: number) => (mode === 0 ? 'default' : `${mode}:${value}`);
          styles += ` ${x}:${colour(cell.getFgColorMode(), cell.getFgColor())}/${colour(cell.getBgColorMode(), cell.getBgColor())}`;
          styles += `${cell.isBold() ? ' bold' : ''}${cell.isDim() ? ' dim' : ''}${cell.isInverse() ? ' inverse' : ''}${cell.isUnderline() ? ' underline' : ''}`;
        }
        lines.push(line.translateToString(true) + (styles === '' ? '' : ` |${styles}`));
      }
      lines.push(`cursor at ${buffer.cursorX},${buffer.cursorY}`);
      return lines;
    }
  }

  /** Resolves once every screen has drawn a frame since `before` (Ink writes while it draws); fails after 2 s. */
  async function drawn(screens: Screen[], before: number[]) {
    const deadline = Date.now() + 2000;
    while (screens.some((screen, i) => screen.renders <= before[i])) {
      if (Date.now() > deadline) throw new Error(`no frame drawn: ${screens.map((s) => s.renders).join()} frames after ${before.join()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  type Step = { label: string; rows?: Row[]; resize?: [columns: number, rows: number] };

  /**
   * Plays `steps` on the original Ink and the patched one, each into its own terminal, and compares the
   * terminals after each step. Returns what each wrote at each step, and the first few differences.
   */
  async function play(columns: number, rows: number, first: Row[], steps: Step[], frameWidth?: number) {
    const screens = [original, patched].map((bundle) => new Screen(bundle.exports, columns, rows, first, frameWidth));
    const written: Array<{ label: string; original: string; patched: string }> = [];
    const differences: string[] = [];
    try {
      await drawn(screens, [0, 0]);
      for (const step of [{ label: 'first frame' } as Step, ...steps]) {
        if (step.rows || step.resize) {
          const before = screens.map((screen) => screen.renders);
          for (const screen of screens) {
            if (step.resize) screen.resize(...step.resize);
            if (step.rows) screen.rerender(step.rows);
          }
          await drawn(screens, before);
        }
        const [originalData, patchedData] = await Promise.all(screens.map((screen) => screen.feed()));
        written.push({ label: step.label, original: originalData, patched: patchedData });
        const [want, got] = screens.map((screen) => screen.screen());
        if (JSON.stringify(want) !== JSON.stringify(got) && differences.length < 3) {
          differences.push(
            `after "${step.label}":\noriginal wrote ${JSON.stringify(originalData)}\npatched wrote ${JSON.stringify(patchedData)}\n` +
              `original shows:\n${want.join('\n')}\npatched shows:\n${got.join('\n')}`,
          );
        }
      }
    } finally {
      for (const screen of screens) screen.unmount();
    }
    return { written, differences };
  }

  /** Steps, each made by changing the rows of the step before. */
  function stepsFrom(first: Row[], changes: Array<[string, (rows: Row[]) => Row[] | void]>): Step[] {
    let rows = first;
    return changes.map(([label, change]) => {
      const next = rows.map((row) => ({ ...row }));
      rows = change(next) ?? next;
      return { label, rows };
    });
  }

  const COLUMNS = 60;
  const ROWS = 12;
  const FULL = '█'.repeat(COLUMNS);
  const initial: Row[] = Array.from({ length: ROWS }, (_, i) => ({ text: `row ${i} ${'─'.repeat(6 + i * 3)}` }));
  initial[0] = { text: '┌─ Servers ─ 名前 👍🏽 ─┐', bold: true };
  initial[5] = { text: '› web-5 running', color: 'cyan' };

  const scripted = stepsFrom(initial, [
    ['one row changes', (r) => void (r[3].text = 'row 3 changed')],
    ['another row changes', (r) => void (r[7].text = 'row 7 changed too')],
    ['nothing changes', () => undefined],
    ['the first and last rows change', (r) => void ((r[0].text = 'first'), (r[ROWS - 1].text = 'last'))],
    ['a row gets shorter', (r) => void (r[2].text = 'x')],
    ['a row becomes blank', (r) => void (r[4].text = '')],
    ['a row gets a colour', (r) => void (r[2].color = 'green')],
    ['the colour goes', (r) => void (r[2].color = undefined)],
    ['a row is inverted on a background', (r) => void Object.assign(r[6], { inverse: true, backgroundColor: 'blue' })],
    ['the selection moves', (r) => void (Object.assign(r[6], { inverse: false, backgroundColor: undefined }), Object.assign(r[7], { inverse: true }))],
    ['wide characters', (r) => void (r[8].text = '名前 サーバー東京 👍🏽 👨‍👩‍👧 🇯🇵 e\u0301')],
    ['wide characters move', (r) => void (r[8].text = 'x名前 サーバー東京 👍🏽')],
    ['every row changes', (r) => r.map((row, i) => ({ ...row, text: `again ${i} ${'·'.repeat(i * 4)}` }))],
    ['rows as wide as the terminal', (r) => void ((r[1].text = FULL), (r[ROWS - 1].text = FULL))],
    ['the last full row changes', (r) => void (r[ROWS - 1].text = FULL.slice(1) + 'x')],
    ['the last row gets shorter', (r) => void (r[ROWS - 1].text = 'end')],
    ['nothing changes again', () => undefined],
    ['the frame is two rows shorter', (r) => r.slice(0, ROWS - 2)],
    ['the shorter frame changes', (r) => void (r[0].text = 'short frame')],
    ['the frame fills the terminal again', (r) => [...r, { text: 'back 10' }, { text: 'back 11', color: 'red' }]],
    ['a row changes after that', (r) => void (r[9].text = 'row 9 after')],
    ['the frame is one row shorter', (r) => r.slice(0, ROWS - 1)],
    ['and full again, one row changed', (r) => [...r.map((row, i) => (i === 3 ? { ...row, text: 'three' } : row)), { text: 'eleven' }]],
  ]);

  // Then keys pressed in a list: mostly one or two rows change, sometimes none, sometimes all.
  const random = seeded(424242);
  const TEXTS = ['web-1 running', 'web-2 stopped', '名前 サーバー', '👍🏽 ok', 'a much longer line of text that fills more of the row', 'x', '', '…'];
  const COLOURS = [undefined, undefined, 'green', 'red', 'cyan', 'gray'];
  let selected = 7;
  const keys = stepsFrom(
    scripted.at(-1)!.rows!,
    Array.from({ length: 60 }, (_, i): [string, (rows: Row[]) => Row[] | void] => {
      const roll = random.next();
      if (roll < 0.5) {
        const from = selected;
        const to = random.int(1, ROWS - 2);
        selected = to;
        return [`key ${i}: the selection moves from ${from} to ${to}`, (r) => void (Object.assign(r[from], { inverse: false }), Object.assign(r[to], { inverse: true }))];
      }
      if (roll < 0.75) {
        const y = random.int(0, ROWS - 1);
        const row = { text: random.pick(TEXTS), color: random.pick(COLOURS) };
        return [`key ${i}: row ${y} changes`, (r) => void Object.assign(r[y], row)];
      }
      if (roll < 0.85) return [`key ${i}: nothing changes`, () => undefined];
      const texts = Array.from({ length: ROWS }, () => random.pick(TEXTS));
      return [`key ${i}: every row changes`, (r) => r.map((row, y) => ({ ...row, text: texts[y] }))];
    }),
  );

  it('shows the same screen as the original after every frame, writing only the rows that changed', async () => {
    const { written, differences } = await play(COLUMNS, ROWS, initial, [...scripted, ...keys]);
    expect(differences).toEqual([]);
    // A frame identical to the one on screen writes nothing; the original writes it again, whole.
    const unchanged = written.filter((step) => step.label.includes('nothing changes'));
    expect(unchanged.length).toBeGreaterThan(3);
    for (const step of unchanged) {
      expect(step.patched, step.label).toBe('');
      expect(step.original, step.label).toContain('\u001b[2J');
    }
    // One changed row is that row and the last, in one write between the synchronized-output brackets.
    const oneRow = written.find((step) => step.label === 'another row changes')!;
    expect(oneRow.patched).toBe(`\u001b[?2026h\u001b[8;1H\u001b[2Krow 7 changed too\u001b[12;1H\u001b[2K${initial[ROWS - 1].text}\u001b[?2026l`);
    const bytes = (variant: 'original' | 'patched') => written.reduce((sum, step) => sum + Buffer.byteLength(step[variant]), 0);
    expect(bytes('patched')).toBeLessThan(bytes('original') / 3);
  });

  const changed = stepsFrom(initial, [['row 3 changes', (r) => void (r[3].text = 'row 3 changed')]])[0];

  it('shows the same screen as the original when the terminal grows, or gets narrower, and the frame fits it', async () => {
    const taller = [...changed.rows!, { text: 'row 12' }, { text: 'row 13', color: 'yellow' }];
    const { differences } = await play(COLUMNS, ROWS, initial, [
      changed,
      { label: 'the terminal gets taller', resize: [COLUMNS, ROWS + 2] },
      { label: 'the frame grows to fill it', rows: taller },
      { label: 'a row changes in the taller frame', rows: taller.map((row, i) => (i === 12 ? { text: 'row 12 changed' } : row)) },
      { label: 'another row changes in the taller frame', rows: taller.map((row, i) => (i === 1 ? { text: 'row 1 changed' } : row)) },
      { label: 'the terminal gets narrower', resize: [COLUMNS - 10, ROWS + 2] },
      { label: 'a row changes in the narrower terminal', rows: taller.map((row, i) => (i === 2 ? { text: 'row 2 changed' } : row)) },
      { label: 'the terminal gets wider', resize: [COLUMNS, ROWS + 2] },
      { label: 'a row changes in the wider terminal', rows: taller.map((row, i) => (i === 4 ? { text: 'row 4 changed' } : row)) },
    ]);
    expect(differences).toEqual([]);
  });

  // The screen holds Ink's lastOutput row for row only when no row was taller or wider than the terminal (a
  // taller frame scrolls it, a wider row wraps): these frames, and the one after them, must be drawn whole.
  it('shows the same screen when the terminal gets shorter, Ink redraws the taller frame, then the app fits its frame to it', async () => {
    const { differences } = await play(COLUMNS, ROWS, initial, [
      changed,
      { label: 'the terminal gets two rows shorter', resize: [COLUMNS, ROWS - 2] },
      { label: 'the app fits its frame to it', rows: changed.rows!.slice(0, ROWS - 2) },
    ]);
    expect(differences).toEqual([]);
  });

  it('shows the same screen after a frame one row taller than the terminal, then a row changes', async () => {
    const taller = [...changed.rows!, { text: 'row 12, below the terminal' }];
    const { differences } = await play(COLUMNS, ROWS, initial, [
      changed,
      { label: 'the frame is one row taller than the terminal', rows: taller },
      { label: 'a row changes in it', rows: taller.map((row, i) => (i === 5 ? { text: 'row 5 changed' } : row)) },
    ]);
    expect(differences).toEqual([]);
  });

  it('shows the same screen after a row wider than the terminal, then another row changes', async () => {
    const wide = changed.rows!.map((row, i) => (i === 4 ? { text: 'w'.repeat(COLUMNS + 5) } : row));
    const { differences } = await play(
      COLUMNS,
      ROWS,
      initial,
      [changed, { label: 'a row wider than the terminal', rows: wide }, { label: 'another row changes', rows: wide.map((row, i) => (i === 7 ? { text: 'row 7 changed' } : row)) }],
      COLUMNS + 10,
    );
    expect(differences).toEqual([]);
  });
});
