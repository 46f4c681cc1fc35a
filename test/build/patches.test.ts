// The changes scripts/patches.mjs makes to dependencies (applied to node_modules at install by
// scripts/patch-deps.mjs) are speed patches: what the user sees must not change. Each patched module, as
// installed, is bundled next to its original (kept by the install step) bundled the same way, and both are
// asked the same questions; any answer that differs is reported with its code points.
// Here: each patch's guard, the installed files, Yoga, and Ink's output grid. The text libraries are in
// patches-text.test.ts, Ink's full-screen frames in patches-frames.test.ts.
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  type Patch,
  NODE_MODULES,
  patches,
  patchDeps,
  FILES,
  read,
  nodeModulesPath,
  originalText,
  load,
  unpatched,
  originalAndPatched,
  seeded,
  type Random,
  randomText,
  hex,
} from './patch-harness.js';

describe('each patch notices when its dependency changed', () => {
  const cases: Array<[string, Patch, string]> = [
    ['inkOutput', patches.inkOutput, FILES.inkOutput],
    ['inkFullScreenFrames', patches.inkFullScreenFrames, FILES.inkFullScreen],
    ['inkReconciler', patches.inkReconciler, FILES.inkReconciler],
    ['inkSanitize', patches.inkSanitize, FILES.inkSanitize],
    ['inkSquash', patches.inkSquash, FILES.inkSquash],
    ['inkInputParser', patches.inkInputParser, FILES.inkInputParser],
    ['inkMeasureText', patches.inkMeasureText, FILES.inkMeasureText],
    ['inkWrapText', patches.inkWrapText, FILES.inkWrapText],
    ['yogaIndex', patches.yogaIndex, FILES.yogaIndex],
    ['yogaWasmLoader', patches.yogaWasmLoader, FILES.yogaWasmLoader],
    ['stringWidth (v8)', patches.stringWidth, FILES.stringWidth8],
    ['stringWidth (v7)', patches.stringWidth, FILES.stringWidth7],
    ['sliceAnsiTokenizer', patches.sliceAnsiTokenizer, FILES.sliceAnsiTokenizer],
    ['ansiTokenize', patches.ansiTokenize, FILES.ansiTokenize],
    ['ansiStyledChars', patches.ansiStyledChars, FILES.ansiStyledChars],
  ];

  it.each(cases)('%s refuses text without what it replaces, or with it twice, and changes the installed file', (_, patch, file) => {
    const source = originalText(file);
    expect(() => patch('')).toThrow(/changed: review/);
    expect(() => patch('export default 1;\n')).toThrow(/changed: review/);
    expect(() => patch(source + source)).toThrow(/changed: review/);
    const patched = patch(source);
    expect(patched).not.toBe(source);
  });

  it('every installed file is its original as its patch and the install step make it, and nothing else is patched', () => {
    const expected: Array<[string, string, Patch]> = [
      ['ink-shared-output-cache', FILES.inkOutput, patches.inkOutput],
      ['ink-full-screen-frames', FILES.inkFullScreen, patches.inkFullScreenFrames],
      ['ink-without-top-level-await', FILES.inkReconciler, patches.inkReconciler],
      ['ink-sanitize-remembered', FILES.inkSanitize, patches.inkSanitize],
      ['ink-squash-remembered', FILES.inkSquash, patches.inkSquash],
      ['ink-escape-is-a-key', FILES.inkInputParser, patches.inkInputParser],
      ['ink-measured-texts-bounded', FILES.inkMeasureText, patches.inkMeasureText],
      ['ink-wrapped-texts-bounded', FILES.inkWrapText, patches.inkWrapText],
      ['yoga-without-top-level-await', FILES.yogaIndex, patches.yogaIndex],
      ['yoga-wasm-from-buffer', FILES.yogaWasmLoader, patches.yogaWasmLoader],
      ['string-width-lazy-and-remembered', FILES.stringWidth8, patches.stringWidth],
      ['string-width-lazy-and-remembered', FILES.stringWidth7, patches.stringWidth],
      ['slice-ansi-lazy-segmenter', FILES.sliceAnsiTokenizer, patches.sliceAnsiTokenizer],
      ['ansi-tokenize-without-segmenter', FILES.ansiTokenize, patches.ansiTokenize],
      ['ansi-tokenize-same-styles-at-once', FILES.ansiStyledChars, patches.ansiStyledChars],
    ];
    expect(patchDeps.patchedFiles().map(({ name, file }) => `${name} ${file}`).sort()).toEqual(expected.map(([name, path]) => `${name} ${nodeModulesPath(path)}`).sort());
    for (const [name, path, patch] of expected) {
      const file = nodeModulesPath(path);
      expect(read(path), file).toBe(patchDeps.patchedText(name, file, patch, originalText(path)));
      expect(read(path), file).not.toMatch(/^\/\/# sourceMappingURL=/m);
    }
    // Ink's key hook is as npm installed it: the app's one useInput (src/ui/keys.tsx) needs no patch
    expect(read(join(NODE_MODULES, 'ink', 'build', 'hooks', 'use-input.js'))).toMatch(/^import \{ useEffect \} from 'react';$/m);
  });
});


describe('yoga-layout (how Ink places boxes)', () => {
  type YogaNode = {
    setWidth(w: number): void;
    setHeight(h: number): void;
    setFlexDirection(d: number): void;
    setFlexGrow(g: number): void;
    insertChild(child: YogaNode, index: number): void;
    calculateLayout(w: number | undefined, h: number | undefined, direction: number): void;
    getComputedLayout(): { left: number; top: number; width: number; height: number };
    freeRecursive(): void;
  };
  type YogaModule = {
    default: { Node: { create(): YogaNode } };
    FlexDirection: { Row: number };
    Direction: { LTR: number };
    yogaReady?: Promise<void>;
  };

  function layOut(yoga: YogaModule) {
    const root = yoga.default.Node.create();
    root.setWidth(100);
    root.setHeight(50);
    root.setFlexDirection(yoga.FlexDirection.Row);
    const children = [0, 1].map((index) => {
      const child = yoga.default.Node.create();
      child.setFlexGrow(1);
      root.insertChild(child, index);
      return child;
    });
    root.calculateLayout(undefined, undefined, yoga.Direction.LTR);
    const layout = children.map((child) => child.getComputedLayout());
    root.freeRecursive();
    return layout;
  }

  it('lays out a row of two growing boxes once yogaReady settles, as the original does', async () => {
    const original = await load<YogaModule>(originalText(FILES.yogaIndex), dirname(FILES.yogaIndex), FILES.yogaIndex, [unpatched()]);
    const patched = await load<YogaModule>(read(FILES.yogaIndex), dirname(FILES.yogaIndex), FILES.yogaIndex);
    expect(patched.text).toContain('unusedYa');
    expect(patched.exports.yogaReady).toBeInstanceOf(Promise);
    await patched.exports.yogaReady;
    const layout = layOut(patched.exports);
    expect(layout.map((l) => l.width)).toEqual([50, 50]);
    expect(layout.map((l) => l.left)).toEqual([0, 50]);
    expect(layout.map((l) => l.height)).toEqual([50, 50]);
    expect(layout).toEqual(layOut(original.exports));
  });

  it('has no top-level await left, so it can go into a classic script', async () => {
    const source = originalText(FILES.yogaIndex);
    await expect(esbuild.transform(source, { loader: 'js', format: 'cjs', logLevel: 'silent' })).rejects.toThrow(/[Tt]op-level await/);
    await expect(esbuild.transform(read(FILES.yogaIndex), { loader: 'js', format: 'cjs', logLevel: 'silent' })).resolves.toBeDefined();
  });
});

describe('ink', () => {
  it('reconciler: loads without awaiting devtools or its package.json, so it can go into a classic script', async () => {
    const source = originalText(FILES.inkReconciler);
    const patched = read(FILES.inkReconciler);
    expect(patched).not.toContain('await loadPackageJson()');
    expect(patched).not.toContain("await import('./devtools.js')");
    expect(patched).toContain('const packageJson = { name: undefined, version: undefined };');
    await expect(esbuild.transform(source, { loader: 'js', format: 'cjs', logLevel: 'silent' })).rejects.toThrow(/[Tt]op-level await/);
    await expect(esbuild.transform(patched, { loader: 'js', format: 'cjs', logLevel: 'silent' })).resolves.toBeDefined();
  });

  it('input parser: esc is a key of its own, even in a burst; every other read is split as before', async () => {
    type Parser = { push(chunk: string): string[]; flushPendingEscape(): string | undefined };
    type ParserModule = { createInputParser(): Parser };
    const { original, patched } = await originalAndPatched<ParserModule>(FILES.inkInputParser, 'createInputParser', 'input-parser');
    /** The keys one read makes, the escape left waiting at its end included (Ink lets it go a moment later). */
    const keysOf = (m: ParserModule, chunk: string) => {
      const parser = m.createInputParser();
      const events = parser.push(chunk);
      const rest = parser.flushPendingEscape();
      return rest === undefined ? events : [...events, rest];
    };
    const esc = '\u001b';
    // esc and the keys after it, in one read: each one a key, as they come typed one at a time
    const bursts: Array<[string, string[]]> = [
      [esc + esc + esc, [esc, esc, esc]],
      [esc + 'j', [esc, 'j']],
      [esc + ':', [esc, ':']],
      [esc + '/', [esc, '/']],
      [esc + '\r', [esc, '\r']],
      [esc + esc + '[A', [esc, esc + '[A']],
      ['ab' + esc + esc + 'q', ['ab', esc, esc, 'q']],
    ];
    for (const [chunk, want] of bursts) {
      expect(keysOf(patched.exports, chunk), hex(chunk)).toEqual(want);
      // the original took esc and the key after it as one key (Alt+key), or dropped the esc
      expect(keysOf(original.exports, chunk), hex(chunk)).not.toEqual(want);
    }
    // reads with no esc before a plain key: arrows, function keys, modified keys, text, a lone esc at the end
    const random = seeded(28);
    const pieces = ['j', 'abc', ':actions', '\r', '\t', '\u007f', esc + '[A', esc + '[1;3B', esc + '[5~', esc + 'OP', esc + '[27;5;13~', 'é🙂'];
    for (let i = 0; i < 400; i++) {
      let chunk = '';
      for (let n = random.int(1, 6); n > 0; n--) chunk += random.pick(pieces);
      if (random.int(0, 3) === 0) chunk += esc;
      expect(keysOf(patched.exports, chunk), hex(chunk)).toEqual(keysOf(original.exports, chunk));
    }
  });

  it('sanitize: remembers each text, and answers as the original does, the first time and again', async () => {
    type Sanitize = { default: (text: string) => string };
    const { original, patched } = await originalAndPatched<Sanitize>(FILES.inkSanitize, 'default', 'sanitize');
    expect(patched.text).toContain('knownTexts');
    expect(original.text).not.toContain('knownTexts');
    const random = seeded(18);
    const hostile = [
      '',
      'plain',
      '\u001b',
      '\u001b[31mred\u001b[39m',
      'a\u001b[2Jb\u001b[H\u001b[10;5Hc',
      '\u001b]8;;https://example.com\u0007link\u001b]8;;\u0007',
      '\u009b31mc1\u009b0m',
      'x\u001b[?1049hy\u001b[1;2;3mz',
      '\u001b[38;5;196mcut',
    ];
    const samples = [...hostile, ...Array.from({ length: 400 }, () => randomText(random) + random.pick(hostile))];
    for (const text of samples) {
      const want = original.exports.default(text);
      expect(patched.exports.default(text), hex(text)).toBe(want);
      expect(patched.exports.default(text), hex(text)).toBe(want);
    }
    // more texts than it keeps: it empties its map and goes on answering
    for (let i = 0; i < 5000; i++) {
      const text = `\u001b[3${i % 8}mrow ${i}\u001b[2K`;
      expect(patched.exports.default(text)).toBe(original.exports.default(text));
    }
  });

  it('squash: a text whose pieces did not change is the one made last time, and any change makes it again, as the original would', async () => {
    type TextNode = { nodeName: string; nodeValue?: string; childNodes: TextNode[]; internal_transform?: (text: string, index: number) => string };
    type Squash = { default: (node: TextNode) => string };
    const { original, patched } = await originalAndPatched<Squash>(FILES.inkSquash, 'default', 'squash');
    expect(patched.text).toContain('ecsdeckSquashed');
    expect(original.text).not.toContain('ecsdeckSquashed');
    const random = seeded(7);
    // a new function each time, as Ink's <Text> makes one on every render; some read the child's index
    const colouring = () => {
      const code = random.int(31, 37);
      return random.chance(0.3) ? (text: string, index: number) => `${index}:\u001b[${code}m${text}\u001b[39m` : (text: string) => `\u001b[${code}m${text}\u001b[39m`;
    };
    const leaf = (): TextNode => ({ nodeName: '#text', nodeValue: randomText(random), childNodes: [] });
    const nested = (depth: number): TextNode => ({
      nodeName: 'ink-virtual-text',
      childNodes: Array.from({ length: random.int(0, 3) }, () => (depth > 0 && random.chance(0.3) ? nested(depth - 1) : leaf())),
      internal_transform: random.chance(0.7) ? colouring() : undefined,
    });
    const all = (node: TextNode): TextNode[] => [node, ...node.childNodes.flatMap(all)];
    for (let tree = 0; tree < 40; tree++) {
      const root: TextNode = { nodeName: 'ink-text', childNodes: Array.from({ length: random.int(1, 6) }, () => (random.chance(0.5) ? nested(2) : leaf())) };
      for (let step = 0; step < 60; step++) {
        const parents = all(root).filter((n) => n.nodeName !== '#text');
        const parent = random.pick(parents);
        const what = random.int(0, 7);
        if (what === 0) parent.childNodes.push(random.chance(0.5) ? leaf() : nested(1));
        else if (what === 1 && parent.childNodes.length > 0) parent.childNodes.splice(random.int(0, parent.childNodes.length - 1), 1);
        else if (what === 2 && parent.childNodes.length > 1) parent.childNodes.reverse();
        else if (what === 3 && parent !== root) parent.internal_transform = colouring();
        else if (what === 4) {
          // a row's text set again, to the same text or another
          const texts = all(root).filter((n) => n.nodeName === '#text');
          if (texts.length > 0) random.pick(texts).nodeValue = random.chance(0.3) ? random.pick(texts).nodeValue : randomText(random);
        } else if (what === 5 && parents.length > 1) {
          // a child moved under another parent (a list's rows keyed and reordered)
          const from = random.pick(parents.filter((n) => n.childNodes.length > 0));
          if (from) {
            const [moved] = from.childNodes.splice(random.int(0, from.childNodes.length - 1), 1);
            if (!all(moved).includes(parent)) parent.childNodes.splice(random.int(0, parent.childNodes.length), 0, moved);
          }
        }
        // nothing changed at all half the time the step above did nothing: the remembered text must do
        const inner = random.pick(parents);
        expect(patched.exports.default(inner)).toBe(original.exports.default(inner));
        expect(patched.exports.default(root)).toBe(original.exports.default(root));
      }
    }
  });

  it('output: shares one cache of measured lines across frames', () => {
    const patched = read(FILES.inkOutput);
    expect(patched).toMatch(/^let SHARED_CACHES = null;$/m);
    expect(patched).not.toContain('caches = new OutputCaches();');
  });

  it('output: draws the same frames as the original, row by row, as rows change, the width changes and the cache is dropped', async () => {
    type Output = {
      write(x: number, y: number, text: string, options: { transformers: Array<(line: string, index: number) => string> }): void;
      clip(clip: ClipArea): void;
      unclip(): void;
      get(): { output: string; height: number };
    };
    type OutputModule = { default: new (options: { width: number; height: number }) => Output };
    // Both with the other patches (string-width, ansi-tokenize, slice-ansi), as installed: the same, and quicker.
    // The patched module counts the rows it draws, to show that rows are reused, and that they are reused
    // only when they may be.
    const { original, patched } = await inkOutputs<OutputModule>();
    expect(patched.text).toContain('SHARED_CACHES');
    expect(patched.text).toContain('LAST_ROWS');

    const draw = (Output: OutputModule['default'], width: number, height: number, operations: Operation[]) => {
      const output = new Output({ width, height });
      replay(output, operations);
      return output.get();
    };
    const seed = 20240611;
    const random = seeded(seed);
    let width = 40;
    let height = 8;
    let rows = Array.from({ length: height }, (_, y) => rowOperations(random, y, width, height));
    let previous = { width, height, operations: [] as Operation[] };
    const mismatches: string[] = [];
    const compare = (what: string, width: number, height: number, operations: Operation[]) => {
      const want = draw(original.exports.default, width, height, operations);
      const got = draw(patched.exports.default, width, height, operations);
      if (got.output !== want.output || got.height !== want.height) {
        mismatches.push(
          `${what} (seed ${seed}), ${width} × ${height}: ${JSON.stringify(operations)}\n` +
            `after ${previous.width} × ${previous.height}: ${JSON.stringify(previous.operations)}\n` +
            `original (height ${want.height}): ${JSON.stringify(want.output)}\npatched (height ${got.height}):  ${JSON.stringify(got.output)}`,
        );
      }
    };
    const FRAMES = 650;
    let rowsInAll = 0;
    let unchangedFrames = 0;
    let widthChanges = 0;
    const wrongCounts: string[] = [];
    const renew = (y: number) => {
      rows[y] = rowOperations(random, y, width, height);
    };
    for (let frame = 0; frame < FRAMES; frame++) {
      const roll = random.next();
      let kind: 'rows' | 'nothing' | 'all' | 'width' | 'height' = 'rows';
      if (frame === 0) kind = 'all';
      else if (roll < 0.55) renew(random.int(0, height - 1));
      else if (roll < 0.72) {
        renew(random.int(0, height - 1));
        renew(random.int(0, height - 1));
      } else if (roll < 0.8) kind = 'nothing';
      else if (roll < 0.86) {
        kind = 'all';
        rows = rows.map((_, y) => rowOperations(random, y, width, height));
      } else if (roll < 0.93) {
        kind = 'width';
        width = random.pick([30, 40, 41, 60].filter((w) => w !== width));
        if (random.chance(0.5)) renew(random.int(0, height - 1));
      } else {
        kind = 'height';
        height = random.pick([6, 8, 10, 11].filter((h) => h !== height));
        rows = Array.from({ length: height }, (_, y) => rows[y] ?? rowOperations(random, y, width, height));
      }
      // Now and then another output (Ink draws <Static> output in one of its own) draws between frames.
      const other = random.chance(0.04);
      if (other) {
        const otherWidth = random.pick([20, width]);
        const otherOperations = Array.from({ length: 3 }, (_, y) => rowOperations(random, y, otherWidth, 3)).flat();
        compare(`other output before frame ${frame}`, otherWidth, 3, otherOperations);
        previous = { width: otherWidth, height: 3, operations: otherOperations };
      }
      const operations = rows.flat();
      const drawnBefore = patched.exports.drawnRows();
      compare(`frame ${frame} (${kind})`, width, height, operations);
      const drawn = patched.exports.drawnRows() - drawnBefore;
      rowsInAll += height;
      previous = { width, height, operations };
      // A new width draws every row; an unchanged frame draws none (unless another output drew in between).
      if (kind === 'width' && !other) {
        widthChanges++;
        if (drawn !== height) wrongCounts.push(`frame ${frame}, now ${width} wide, drew ${drawn} rows of ${height}`);
      }
      if (kind === 'nothing' && !other) {
        unchangedFrames++;
        if (drawn !== 0) wrongCounts.push(`frame ${frame}, unchanged, drew ${drawn} rows`);
      }
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(wrongCounts.slice(0, 5)).toEqual([]);
    expect(unchangedFrames).toBeGreaterThan(25);
    expect(widthChanges).toBeGreaterThan(25);
    // Most rows of most frames were taken from the frame before, not drawn.
    expect(patched.exports.drawnRows()).toBeLessThan(rowsInAll * 0.5);
  });

  it('output: a list scrolled by one row draws only the row that came in, and draws the same frame as the original', async () => {
    type Output = { write(x: number, y: number, text: string, options: { transformers: never[] }): void; get(): { output: string } };
    type OutputModule = { default: new (options: { width: number; height: number }) => Output };
    const { original, patched } = await inkOutputs<OutputModule>();
    const [width, height] = [60, 12];
    // a list's rows as Ink writes them: a marker, a coloured name and plain cells, one row of servers per line
    const frame = (Output: OutputModule['default'], first: number) => {
      const output = new Output({ width, height });
      for (let y = 0; y < height; y++) {
        const n = first + y;
        output.write(0, y, ' ', { transformers: [] });
        output.write(1, y, `\u001b[32mweb-${n}\u001b[39m`, { transformers: [] });
        output.write(12, y, `running   eCS${n % 5}   it-mi2`, { transformers: [] });
      }
      return output.get().output;
    };
    expect(frame(patched.exports.default, 0)).toBe(frame(original.exports.default, 0));
    const before = patched.exports.drawnRows();
    expect(frame(patched.exports.default, 1)).toBe(frame(original.exports.default, 1));
    expect(patched.exports.drawnRows() - before).toBe(1);
  });

  it("output: a bordered box's row (its two sides written before what is between them) is drawn from runs, the same as the original", async () => {
    type Output = { write(x: number, y: number, text: string, options: { transformers: never[] }): void; get(): { output: string } };
    type OutputModule = { default: new (options: { width: number; height: number }) => Output };
    const { original, patched } = await inkOutputs<OutputModule>();
    const [width, height] = [50, 3];
    // as Ink draws <Box borderStyle="single">: the border (the sides of each row) first, then the children
    const frame = (Output: OutputModule['default'], inside: string[]) => {
      const output = new Output({ width, height });
      for (let y = 0; y < height; y++) {
        output.write(0, y, '│', { transformers: [] });
        output.write(width - 1, y, '│', { transformers: [] });
      }
      inside.forEach((text, y) => output.write(1, y, text, { transformers: [] }));
      return output.get().output;
    };
    const rows = [`\u001b[38;5;246m  0 B/s ┤\u001b[39m${'▁▂▃█'.repeat(9)}`, ' CPU ▸ 12 %', 'x'.repeat(width - 2)];
    expect(frame(patched.exports.default, rows)).toBe(frame(original.exports.default, rows));
    expect(patched.exports.byCells()).toBe(0);
    // one piece over another still needs the cells: a child wider than the inside covers the right side
    const over = ['y'.repeat(width - 1), 'a', 'b'];
    expect(frame(patched.exports.default, over)).toBe(frame(original.exports.default, over));
    expect(patched.exports.byCells()).toBe(1);
  });
});

/**
 * Ink's output module as installed originally and as patched, the patched one counting the rows it draws
 * (`drawnRows`) and, of those, the rows its runs could not draw (`byCells`: each then drawn cell by cell, an
 * object for every column).
 */
async function inkOutputs<M>() {
  const original = await load<M>(originalText(FILES.inkOutput), dirname(FILES.inkOutput), FILES.inkOutput);
  const counted = `${read(FILES.inkOutput)}
let DRAWN_ROWS = 0;
let BY_CELLS = 0;
const uncountedDrawRow = drawRow;
drawRow = (output, pieces) => {
    DRAWN_ROWS++;
    return uncountedDrawRow(output, pieces);
};
const uncountedRuns = drawRowFromRuns;
drawRowFromRuns = (output, pieces) => {
    const text = uncountedRuns(output, pieces);
    if (text === null) BY_CELLS++;
    return text;
};
export const drawnRows = () => DRAWN_ROWS;
export const byCells = () => BY_CELLS;
`;
  const patched = await load<M & { drawnRows(): number; byCells(): number }>(counted, dirname(FILES.inkOutput), FILES.inkOutput);
  return { original, patched };
}

type ClipArea = { x1?: number; x2?: number; y1?: number; y2?: number };
type Transform = 'upper' | 'numbered';
type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transform[] }
  | { type: 'clip'; clip: ClipArea; inner: Operation[] };

const TRANSFORMERS: Record<Transform, (line: string, index: number) => string> = {
  upper: (line) => line.toUpperCase(),
  numbered: (line, index) => `${index}) ${line}`,
};

/** Makes the same calls on an Ink Output as Ink's renderer would for these operations. */
function replay(
  output: { write(x: number, y: number, text: string, options: { transformers: Array<(line: string, index: number) => string> }): void; clip(clip: ClipArea): void; unclip(): void },
  operations: Operation[],
) {
  for (const operation of operations) {
    if (operation.type === 'write') {
      output.write(operation.x, operation.y, operation.text, { transformers: operation.transformers.map((name) => TRANSFORMERS[name]) });
    } else {
      output.clip(operation.clip);
      replay(output, operation.inner);
      output.unclip();
    }
  }
}

/** What a renderer might write on row `y`: nothing, or a few pieces, some clipped, some elsewhere. */
function rowOperations(random: Random, y: number, width: number, height: number): Operation[] {
  const write = (): Operation => {
    const roll = random.next();
    return {
      type: 'write',
      // mostly inside the width, some beyond it, a few starting left of it
      x: roll < 0.35 ? 0 : roll < 0.8 ? random.int(0, width - 1) : roll < 0.93 ? random.int(width - 4, width + 6) : random.int(-3, -1),
      y: random.chance(0.9) ? y : random.pick([-2, -1, y - 1, height - 1, height, height + 1]),
      text: randomText(random),
      transformers: random.chance(0.1) ? [random.pick(['upper', 'numbered'] as const)] : random.chance(0.03) ? ['numbered', 'upper'] : [],
    };
  };
  const operations: Operation[] = [];
  const count = random.int(0, 3);
  for (let i = 0; i < count; i++) {
    if (!random.chance(0.25)) {
      operations.push(write());
      continue;
    }
    const x1 = random.int(-2, width - 2);
    const y1 = random.int(y - 2, y + 1);
    const clip = random.pick<ClipArea>([
      { x1, x2: x1 + random.int(0, 20), y1, y2: y1 + random.int(0, 3) },
      { x1, x2: x1 + random.int(0, 20) },
      { y1, y2: y1 + random.int(0, 3) },
    ]);
    const inner = [write(), ...(random.chance(0.3) ? [write()] : [])];
    if (random.chance(0.2)) inner.push({ type: 'clip', clip: { x1: x1 + 2, x2: x1 + 8, y1: y, y2: y + 1 }, inner: [write()] });
    operations.push({ type: 'clip', clip, inner });
  }
  return operations;
}
