// Hostile text, drawn for real: random Unicode and control strings in table cells, record views, dialogs and
// forms are rendered by Ink and the frame is fed to a headless xterm (Unicode 11 widths, as the width table in
// src/ui/unstable-widths.ts is made against). Whatever the strings hold:
// - the frame holds no escape but the SGR colour codes Ink writes, no other C0/C1 control, no bidi control
//   or line separator: the terminal title can never be set (xterm's onTitleChange never fires), no OSC,
//   DCS or APC reaches the terminal, the bell never rings;
// - every row of the frame is exactly as wide, in the terminal's own layout, as the frame Ink laid out.
//
// How the width is checked. Ink trims the spaces at the end of a row, so a bare row's width says nothing.
// Each component is therefore drawn inside a single-line border `W` columns wide: every row of the frame
// then ends with a border character that Ink placed at column W-1 by string-width's measure. The terminal
// is made wider than the frame (W + SLACK columns) so that nothing wraps; after writing the frame, each
// terminal row must start with a border character at x = 0, its last occupied cell must be x = W-1 and
// hold a right border character, no row may be a wrapped continuation, and the cursor must be on the
// frame's last row (a stray CR, LF, cursor move or erase would break one of these). A character that
// string-width and the terminal measure differently moves the right border left or right of W-1. The
// text each terminal row shows must also be the frame row with its SGR codes removed: nothing the frame
// holds was swallowed by the terminal as a control sequence.
//
// HOSTILE_RUNS=3000 npx vitest run test/ui/hostile-text.property.test.tsx searches longer (about 3 minutes).

// Chalk (inside Ink) decides its colour level once, when first imported: full colour, so the frames hold
// the SGR codes a user's terminal gets and the check "only SGR escapes" has something to let through.
process.env['FORCE_COLOR'] = '3';

import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ReactElement } from 'react';
import xterm from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import type { Column } from '../../src/ui/components/Table.js';
import type { RecordSection, Ctx, Dialog, FieldSpec, FormSpec } from '../../src/ui/resource/spec.js';

// Ink is loaded after FORCE_COLOR is set, never hoisted above it
const { Box, Text } = await import('ink');
const { KeyProvider } = await import('../../src/ui/keys.js');
const { waitForFrame } = await import('./helpers.js');
const { Table } = await import('../../src/ui/components/Table.js');
const { RecordView } = await import('../../src/ui/resource/RecordView.js');
const { DialogView, dialogRows } = await import('../../src/ui/resource/dialogs.js');
const { FormDialog, formRows } = await import('../../src/ui/resource/FormDialog.js');
const { statusRole } = await import('../../src/ui/theme.js');

// Ink's terminal as wide as the frame (test/ui/ink-render.ts): in ink-testing-library's, always 100
// columns, a frame wider than the terminal is laid out as no terminal would (a right-aligned line stops short)
const { renderAt } = await import('./ink-render.js');

const mounted: { unmount(): void; cleanup(): void }[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) {
    m.unmount();
    m.cleanup();
  }
});

/** Ink's render with the app's key dispatcher, in a terminal `columns` wide; debug: every frame whole. */
function renderIn(columns: number, element: ReactElement): { lastFrame(): string | undefined; unmount(): void } {
  const r = renderAt(<KeyProvider>{element}</KeyProvider>, columns);
  mounted.push(r);
  return r;
}

const RUNS = Number(process.env['HOSTILE_RUNS'] ?? 60);
const SLACK = 8;

// --- the strings -------------------------------------------------------------------------------------------

const NASTY = [
  '\u001b]0;pwned\u0007', // OSC 0: set the title, BEL-terminated
  '\u001b]2;pwned\u001b\\', // OSC 2, ST-terminated
  '\u009d0;pwned\u009c', // the same with C1 OSC and ST
  '\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\', // hyperlink
  '\u001b]52;c;cHduZWQ=\u0007', // clipboard write
  '\u001bP+q544e\u001b\\', // DCS
  '\u001b_apc\u001b\\', // APC
  '\u001b[31m',
  '\u001b[0m',
  '\u001b[2J',
  '\u001b[H',
  '\u001b[10C',
  '\u001b[1A',
  '\u001b[?1049h',
  '\u001bc',
  '\u009b2J', // C1 CSI
  '\u0085', // C1 NEL
  '\u202e', // RLO
  '\u2066', // LRI
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\u0008',
  '\u0007',
  '\u007f',
  '\u0000',
  '\ud800', // lone surrogates
  '\udfff',
  '\ufffe',
  '\u{10ffff}',
  '👩‍👩‍👧',
  '🇮🇹',
  '🇮',
  '👍🏽',
  '1️⃣',
  '☺️',
  '\ufe0f',
  '\u{e0041}', // tag
  '漢字',
  'ｗｉｄｅ',
  '한국어',
  '\u1100\u1161\u11a8', // jamo that NFC joins
  '\u1100',
  'e\u0301',
  'a\u0301\u0302\u0303\u0304\u0305\u0306', // a tall stack of marks
  '\u0301', // a mark with nothing under it
  '\u0e01\u0e34\u0e4a', // Thai
  'क्षि', // Devanagari conjunct
  'ทำ', // Thai AM
  '\u0d4eക', // a prepended letter
  '\u{113d1}',
  '🇦🇧', // regional indicators that are no flag
  'x\u0300\u0301', // marks with no composed form
  '\u0897',
  '\u2630',
  '\u231a',
  '\u{1f1e6}\u{1f1e7}\u{1f1e8}',
  'ﷺ',
  '𒐫',
  '\u3000',
  '│┐┘', // border characters inside the text
  ' ',
  '…',
];

/** One piece of a hostile string: a nasty constant, any code points, or whole graphemes. */
const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 4 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), weight: 1 },
  // runs of wide characters, so that a cut falls in the middle of one
  { arbitrary: fc.array(fc.constantFrom('漢', '字', '한', '👍', '𠀀', 'ｗ', '🇮🇹', 'a', ' '), { maxLength: 40 }).map((a) => a.join('')), weight: 1 },
);
const hostile = (maxPieces = 8): fc.Arbitrary<string> => fc.array(piece, { maxLength: maxPieces }).map((p) => p.join(''));
/** Long enough to be cut, or to wrap over several lines. */
const longHostile = fc.array(piece, { minLength: 4, maxLength: 24 }).map((p) => p.join(''));

// --- the terminal ------------------------------------------------------------------------------------------

const SGR = /\u001b\[[0-9;]*m/g;
// C0 (but the line feed between rows), DEL and C1
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const INTRODUCER = /\u001b[\]P_^X]|[\u0090\u009d\u009e\u009f\u0098]/;
const BIDI_OR_SEPARATOR = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const LEFT = new Set(['┌', '│', '└']);
const RIGHT = new Set(['┐', '│', '┘']);

interface Screen {
  lines: string[];
  titles: string[];
  bells: number;
  cursor: { x: number; y: number };
  /** per terminal row: text, x of the first and of the last occupied cell, whether it is a wrapped row */
  rows: { text: string; first: string; last: number; lastChar: string; wrapped: boolean }[];
}

/** Writes `frame` to a headless xterm `cols` wide and reads back what it shows. */
async function toTerminal(frame: string, cols: number): Promise<Screen> {
  const lines = frame.split('\n');
  const term = new xterm.Terminal({ cols, rows: lines.length + 2, allowProposedApi: true, scrollback: 0 });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  const titles: string[] = [];
  let bells = 0;
  term.onTitleChange((t) => titles.push(t));
  term.onBell(() => bells++);
  try {
    await new Promise<void>((resolve) => term.write(lines.join('\r\n'), resolve));
    const buffer = term.buffer.active;
    const rows: Screen['rows'] = [];
    for (let y = 0; y < lines.length + 2; y++) {
      const line = buffer.getLine(y)!;
      let last = -1;
      for (let x = cols - 1; x >= 0; x--) {
        const cell = line.getCell(x)!;
        // a wide character's second half has width 0 and no text: the character is at the cell before
        if (cell.getChars() !== '' && cell.getChars() !== ' ') {
          last = x + cell.getWidth() - 1;
          break;
        }
      }
      rows.push({
        text: line.translateToString(true),
        first: line.getCell(0)!.getChars(),
        last,
        lastChar: last >= 0 ? line.getCell(last - (line.getCell(last)!.getWidth() === 0 ? 1 : 0))!.getChars() : '',
        wrapped: line.isWrapped,
      });
    }
    return { lines, titles, bells, cursor: { x: buffer.cursorX, y: buffer.cursorY }, rows };
  } finally {
    term.dispose();
  }
}

/** Everything the property asks of one frame `width` columns wide, drawn in a single-line border. */
async function checkFrame(frame: string, width: number): Promise<void> {
  // only SGR escapes, no other control of any kind
  const bare = frame.replace(SGR, '');
  expect(frame).not.toMatch(INTRODUCER);
  expect(bare).not.toMatch(CONTROL);
  expect(bare).not.toMatch(BIDI_OR_SEPARATOR);

  const screen = await toTerminal(frame, width + SLACK);
  expect(screen.titles).toEqual([]);
  expect(screen.bells).toBe(0);
  const n = screen.lines.length;
  // the cursor ends on the last row of the frame: no line break was added or swallowed
  expect(screen.cursor.y).toBe(n - 1);
  for (let y = 0; y < n; y++) {
    const row = screen.rows[y];
    const where = `row ${y} of the frame\n${bare}\n`;
    expect(row.wrapped, where).toBe(false);
    expect(LEFT.has(row.first), `${where}: left border`).toBe(true);
    expect(row.last, `${where}: right border column`).toBe(width - 1);
    expect(RIGHT.has(row.lastChar), `${where}: right border`).toBe(true);
    // what the terminal shows is what the frame holds: nothing was taken as a control sequence
    expect(row.text, where).toBe(bare.split('\n')[y].trimEnd());
  }
  // and nothing below the frame
  for (let y = n; y < screen.rows.length; y++) expect(screen.rows[y].text).toBe('');
}

/** `element` in a single-line border `width` columns wide (its content gets `width - 2`). */
const framed = (width: number, element: ReactElement): ReactElement => (
  <Box borderStyle="single" width={width} flexDirection="column">
    {element}
  </Box>
);

/** Renders, waits for the frame (its bottom border) and checks it. */
async function renderAndCheck(width: number, element: ReactElement, rows: number): Promise<string> {
  const { lastFrame, unmount } = renderIn(width, framed(width, element));
  try {
    const frame = await waitForFrame(lastFrame, (f) => f.split('\n').length >= rows && f.replace(SGR, '').split('\n').pop()!.startsWith('└'));
    await checkFrame(frame, width);
    return frame;
  } finally {
    unmount();
  }
}

// --- the detector is not blind -----------------------------------------------------------------------------

describe('the detector', () => {
  it('sees a title set by raw OSC 0 and OSC 2 written to the terminal', async () => {
    const screen = await toTerminal('ab\u001b]0;pwned\u0007cd\u001b]2;again\u001b\\', 20);
    expect(screen.titles).toEqual(['pwned', 'again']);
    expect(screen.rows[0].text).toBe('abcd');
  });

  it('fails a frame drawn without the sanitizer: an escape, a width the terminal disagrees on', async () => {
    const raw = (text: string) => renderAndCheck(30, <Text wrap="truncate">{text}</Text>, 3);
    // Ink passes an OSC straight through
    await expect(raw('a\u001b]0;pwned\u0007b')).rejects.toThrow();
    // U+2630 is one column to string-width, two to the terminal: the right border moves
    await expect(raw('x\u2630\u2630y')).rejects.toThrow(/right border column/);
    // a conjunct string-width counts as one column, the terminal as two
    await expect(raw('xक्षy')).rejects.toThrow(/right border column/);
    // a CR the terminal obeys
    await expect(raw('abc\rd')).rejects.toThrow();
    // and the same texts through the sanitizer pass
    const { truncate } = await import('../../src/ui/text.js');
    for (const t of ['a\u001b]0;pwned\u0007b', 'x\u2630\u2630y', 'xक्षy', 'abc\rd']) await renderAndCheck(30, <Text wrap="truncate">{truncate(t, 28)}</Text>, 3);
  });
});

// --- tables ------------------------------------------------------------------------------------------------

interface Row {
  id: string;
  name: string;
  status: string;
  notes: string;
  size: string;
}

const columnsWith = (header: string): Column<Row>[] => [
  { key: 'id', header: 'ID', width: 6, identity: true },
  { key: 'name', header: 'NAME', fit: true, minWidth: 6, maxWidth: 24 },
  { key: 'status', header: 'STATUS', width: 10, priority: 1, color: (r) => statusRole(r.status) },
  { key: 'size', header: 'SIZE', width: 7, align: 'right', priority: 2 },
  { key: 'notes', header, flex: 1, minWidth: 8, priority: 3 },
  { key: 'group', header: 'GROUP', wide: true, fit: true, maxWidth: 12, render: (r) => r.name + r.status },
];

const tableRow = fc.record({ name: hostile(), status: fc.oneof(fc.constantFrom('Booted', 'Booting', 'Deleted'), hostile(3)), notes: longHostile, size: hostile(3) });

describe('Table', () => {
  for (const width of [80, 120]) {
    it(`keeps every row ${width} columns wide, whatever the cells hold`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(tableRow, { minLength: 1, maxLength: 8 }), hostile(4), fc.nat(7), async (cells, header, pick) => {
          const rows: Row[] = cells.map((c, i) => ({ id: `r${i}`, ...c }));
          const columns = columnsWith(header);
          const height = rows.length;
          await renderAndCheck(
            width,
            <Table rows={rows} columns={columns} rowKey={(r) => r.id} selectedKey={rows[pick % rows.length].id} onSelect={() => {}} height={height} width={width - 2} />,
            height + 4,
          );
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('keeps a filtered table with no match, and a hostile empty text, within the frame', async () => {
    await fc.assert(
      fc.asyncProperty(hostile(), hostile(), async (filter, empty) => {
        const columns = columnsWith('NOTES');
        await renderAndCheck(
          80,
          <Table rows={[]} columns={columns} rowKey={(r) => r.id} height={2} width={78} filter={filter} emptyText={empty} />,
          6,
        );
        await renderAndCheck(
          80,
          <Table rows={[{ id: 'a', name: 'x', status: 'y', notes: 'z', size: '1' }]} columns={columns} rowKey={(r) => r.id} height={2} width={78} filter={`${filter}\u0000`} />,
          6,
        );
      }),
      { numRuns: RUNS / 2 },
    );
  });
});

// --- record views ------------------------------------------------------------------------------------------

const section = fc.record(
  {
    title: hostile(4),
    fields: fc.array(fc.record({ label: hostile(4), value: fc.oneof(hostile(), longHostile), role: fc.constantFrom(undefined, 'ok' as const, 'error' as const) }), {
      minLength: 1,
      maxLength: 4,
    }),
  },
  { requiredKeys: ['fields'] },
);

describe('RecordView', () => {
  it('keeps every row 80 columns wide, whatever the labels and values hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(section, { minLength: 1, maxLength: 3 }), async (generated) => {
        const sections: RecordSection[] = generated.map((s) => ({
          ...(s.title !== undefined ? { title: s.title } : {}),
          fields: s.fields.map((f) => (f.role ? { label: f.label, value: f.value, role: f.role } : { label: f.label, value: f.value })),
        }));
        const height = 16;
        await renderAndCheck(80, <RecordView sections={sections} width={78} height={height} active selected={null} onSelect={() => {}} />, height + 2);
      }),
      { numRuns: RUNS },
    );
  });
});

// --- dialogs -----------------------------------------------------------------------------------------------

const ctx = {} as Ctx;
const noop = () => {};

function dialogElement(d: Dialog<string>, width: number): { element: ReactElement; height: number } {
  const wanted = dialogRows(d, ctx, width);
  const height = wanted === 'full' ? 20 : Math.min(20, wanted);
  return {
    element: <DialogView dialog={d} ctx={ctx} width={width} height={height} onDone={noop} onConfirm={noop} onCancel={noop} copy={noop} nameOf={(r) => r} />,
    height,
  };
}

describe('dialogs', () => {
  it('keeps a y/N and a typed confirmation within 80 columns, whatever the title and consequence hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('yesno' as const, 'typed' as const), hostile(), longHostile, hostile(4), hostile(), async (kind, title, consequence, verb, name) => {
        const d: Dialog<string> = {
          kind: 'confirm',
          row: name,
          confirm: { kind, title: (r) => `${title} ${r}`, consequence: () => consequence, verb, run: async () => {} },
        };
        const { element, height } = dialogElement(d, 78);
        await renderAndCheck(80, element, height + 2);
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps a value shown once within 80 columns, whatever its title, warning, label and value hold', async () => {
    await fc.assert(
      fc.asyncProperty(hostile(), fc.array(longHostile, { minLength: 1, maxLength: 3 }), hostile(3), longHostile, async (title, lines, label, value) => {
        const d: Dialog<string> = { kind: 'reveal', reveal: { title, lines, label, value } };
        const { element, height } = dialogElement(d, 78);
        await renderAndCheck(80, element, height + 2);
      }),
      { numRuns: RUNS },
    );
  });
});

const choice = fc.record({ value: fc.string({ maxLength: 4 }), label: hostile(), description: fc.option(hostile(), { nil: undefined }) });

describe('forms', () => {
  it('keeps a form within 80 columns, whatever its title, labels, values, hints and choices hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          title: hostile(),
          consequence: longHostile,
          labels: fc.array(hostile(3), { minLength: 5, maxLength: 5 }),
          text: longHostile,
          secret: hostile(),
          placeholder: hostile(),
          hint: hostile(),
          choices: fc.array(choice, { minLength: 1, maxLength: 7 }),
          choiceFirst: fc.boolean(),
        }),
        async (g) => {
          const [a, b, c, d, e] = g.labels as [string, string, string, string, string];
          const choiceField: FieldSpec = { id: 'group', label: a, kind: 'choice', choices: g.choices.map((x, i) => ({ ...x, value: `${i}${x.value}` })), hint: g.hint };
          const rest: FieldSpec[] = [
            // a value from the service, as the notes of a server being edited
            { id: 'notes', label: b, initial: g.text, placeholder: g.placeholder, hint: g.hint },
            { id: 'empty', label: c, placeholder: g.placeholder, optional: true },
            { id: 'token', label: d, kind: 'secret', initial: g.secret },
            { id: 'yes', label: e, kind: 'yesno' },
          ];
          const form: FormSpec<string> = {
            title: g.title,
            consequence: g.consequence,
            fields: g.choiceFirst ? [choiceField, ...rest] : [...rest, choiceField],
            submit: async () => {},
          };
          const height = Math.min(24, formRows(form, undefined, ctx, 78));
          await renderAndCheck(80, <FormDialog form={form} ctx={ctx} width={78} height={height} onDone={noop} onCancel={noop} />, 3);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// --- what the properties found, kept as fixed cases ----------------------------------------------------------

describe('cases the properties found', () => {
  const OSC = '\u001b]0;pwned\u0007';

  it('a table row with a conjunct, Thai AM, a prepended letter or two regional indicators', async () => {
    const rows: Row[] = ['क्षि', 'ทำงาน', '\u{113d1}', '🇦🇧🇨', '\u0d4eക'].map((t, i) => ({ id: `r${i}`, name: t, status: 'Booted', notes: `${t} ${t}`, size: t }));
    await renderAndCheck(80, <Table rows={rows} columns={columnsWith('NOTES')} rowKey={(r) => r.id} height={rows.length} width={78} />, rows.length + 4);
  });

  it('a filter and an empty text with controls', async () => {
    await renderAndCheck(80, <Table rows={[]} columns={columnsWith('NOTES')} rowKey={(r) => r.id} height={2} width={78} emptyText={OSC} />, 6);
    const one: Row[] = [{ id: 'a', name: 'x', status: 'y', notes: 'z', size: '1' }];
    await renderAndCheck(80, <Table rows={one} columns={columnsWith('NOTES')} rowKey={(r) => r.id} height={2} width={78} filter={`${OSC}\u0000`} />, 6);
  });

  it('a value shown once, and its label, holding an OSC or a wide text to cut', async () => {
    for (const value of [OSC, `\u{1d15e}${OSC}क्षि${'漢'.repeat(40)}`]) {
      const { element, height } = dialogElement({ kind: 'reveal', reveal: { title: OSC, lines: [OSC], label: OSC, value } }, 78);
      await renderAndCheck(80, element, height + 2);
    }
  });

  it('a typed confirmation of a long wide name, and a consequence line starting with a lone mark', async () => {
    const name = `     \u0000漢漢漢a${'漢'.repeat(25)}${OSC}`;
    for (const kind of ['typed', 'yesno'] as const) {
      const d: Dialog<string> = { kind: 'confirm', row: name, confirm: { kind, title: (r) => `⺀ ${r}`, consequence: () => ` \u0301${OSC}`, run: async () => {} } };
      const { element, height } = dialogElement(d, 78);
      await renderAndCheck(80, element, height + 2);
    }
  });

  it('a form editing notes that hold an OSC, with wide choices', async () => {
    const choices = [{ value: 'a', label: `⺀     ${OSC}`, description: ` ⺀　👩‍👩‍👧    \u{1d160}${'𠀀'.repeat(30)}` }];
    for (const first of ['notes', 'group']) {
      const fields: FieldSpec[] = [
        { id: 'notes', label: 'Notes', initial: `${OSC} ⺀🆎${'漢'.repeat(40)}`, hint: OSC },
        { id: 'group', label: 'Group', kind: 'choice', choices },
      ];
      const form: FormSpec<string> = { title: OSC, consequence: OSC, fields: first === 'notes' ? fields : [...fields].reverse(), submit: async () => {} };
      await renderAndCheck(80, <FormDialog form={form} ctx={ctx} width={78} height={formRows(form, undefined, ctx, 78)} onDone={noop} onCancel={noop} />, 3);
    }
  });
});
