// The changes scripts/patches.mjs makes to dependencies (applied to node_modules at install by
// scripts/patch-deps.mjs) are speed patches: what the user sees must not change. Each patched module, as
// installed, is bundled next to its original (kept by the install step) bundled the same way, and both are
// asked the same questions; any answer that differs is reported with its code points.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import xterm from '@xterm/headless';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { ONE_UNIT_GRAPHEMES as FORMAT_ONE_UNIT_GRAPHEMES } from '../../src/ui/text.js';

type Patch = (source: string) => string;
interface Patches {
  inkOutput: Patch;
  inkFullScreenFrames: Patch;
  inkReconciler: Patch;
  yogaIndex: Patch;
  yogaWasmLoader: Patch;
  stringWidth: Patch;
  sliceAnsiTokenizer: Patch;
  ansiTokenize: Patch;
  ansiStyledChars: Patch;
  PATCHES: Array<{ name: string; files: string[]; patch: Patch }>;
}
interface PatchDeps {
  originalOf(file: string): string;
  patchedText(name: string, file: string, patch: Patch, original: string): string;
  patchedFiles(): Array<{ name: string; file: string; patch: Patch }>;
}

type WidthOptions = { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean };
type StringWidth = (text: string, options?: WidthOptions) => number;
type Token = { type: string; value?: string; code?: string; endCode?: string; fullWidth?: boolean };
type Tokenize = (text: string, endChar?: number) => Token[];
type SliceAnsi = (text: string, start: number, end?: number) => string;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const NODE_MODULES = join(ROOT, 'node_modules');
// Loaded by URL: the script is plain JavaScript without declarations, and its shape is written down above.
const patches = (await import(pathToFileURL(join(ROOT, 'scripts', 'patches.mjs')).href)) as Patches;
const patchDeps = (await import(pathToFileURL(join(ROOT, 'scripts', 'patch-deps.mjs')).href)) as PatchDeps;

const FILES = {
  inkOutput: join(NODE_MODULES, 'ink', 'build', 'output.js'),
  inkFullScreen: join(NODE_MODULES, 'ink', 'build', 'ink.js'),
  inkReconciler: join(NODE_MODULES, 'ink', 'build', 'reconciler.js'),
  yogaIndex: join(NODE_MODULES, 'yoga-layout', 'dist', 'src', 'index.js'),
  yogaWasmLoader: join(NODE_MODULES, 'yoga-layout', 'dist', 'binaries', 'yoga-wasm-base64-esm.js'),
  stringWidth8: join(NODE_MODULES, 'string-width', 'index.js'),
  stringWidth7: join(NODE_MODULES, 'wrap-ansi', 'node_modules', 'string-width', 'index.js'),
  sliceAnsiTokenizer: join(NODE_MODULES, 'slice-ansi', 'tokenize-ansi.js'),
  ansiTokenize: join(NODE_MODULES, '@alcalzone', 'ansi-tokenize', 'build', 'tokenize.js'),
  ansiStyledChars: join(NODE_MODULES, '@alcalzone', 'ansi-tokenize', 'build', 'styledChars.js'),
} as const;

/** The installed, patched file. */
const read = (path: string) => readFileSync(path, 'utf8');
const nodeModulesPath = (path: string) => relative(NODE_MODULES, path).split(sep).join('/');
/** The file as npm installed it, before it was patched. */
const originalText = (path: string) => patchDeps.originalOf(nodeModulesPath(path));
const requireScript = createRequire(import.meta.url);

const workDir = mkdtempSync(join(tmpdir(), 'ecsdeck-patch-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let bundles = 0;
/**
 * Bundles `contents` (as if it were the file `sourcefile`) into one file and loads it: a fresh instance. An ES
 * module is imported (through Vitest, which transforms it); a classic script (format 'cjs', as the build makes
 * the dashboard) is required by Node itself, which is much quicker for a large bundle.
 */
async function load<T>(
  contents: string,
  resolveDir: string,
  sourcefile: string,
  plugins: esbuild.Plugin[] = [],
  options: Pick<esbuild.BuildOptions, 'define' | 'format'> = {},
) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir, sourcefile, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    plugins,
    ...options,
  });
  const text = result.outputFiles[0].text;
  const script = options.format === 'cjs';
  const file = join(workDir, `bundle-${++bundles}.${script ? 'cjs' : 'mjs'}`);
  writeFileSync(file, text);
  const exports = (script ? requireScript(file) : await import(pathToFileURL(file).href)) as T;
  return { text, exports };
}

/**
 * Bundles the originals of the files the patches named change (every patch when none is named): the
 * dependencies as npm installed them.
 */
function unpatched(...names: string[]): esbuild.Plugin {
  const files = new Map(
    patchDeps
      .patchedFiles()
      .filter((f) => names.length === 0 || names.includes(f.name))
      .map((f) => [join(NODE_MODULES, ...f.file.split('/')), f.file]),
  );
  for (const name of names) if (!patches.PATCHES.some((p) => p.name === name)) throw new Error(`no patch named ${name}`);
  return {
    name: 'unpatched',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, (args) => {
        const file = files.get(args.path);
        return file === undefined ? undefined : { contents: patchDeps.originalOf(file), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

const hex = (text: string) =>
  Array.from(text, (c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

const red = (text: string) => `\u001b[31m${text}\u001b[39m`;

/** Every code point from `from` to `to`, as a string (lone surrogates included). */
function* codePoints(from: number, to: number) {
  for (let cp = from; cp <= to; cp++) yield String.fromCodePoint(cp);
}

/** Asks both functions about every sample; the patched one twice, as it remembers answers. */
function widthMismatches(original: StringWidth, patched: StringWidth, samples: Iterable<string>, options?: WidthOptions) {
  const mismatches: string[] = [];
  for (const sample of samples) {
    const want = original(sample, options);
    const first = patched(sample, options);
    const second = patched(sample, options);
    if (first !== want || second !== want) {
      mismatches.push(`${hex(sample)}: original ${want}, patched ${first} then ${second}`);
      if (mismatches.length >= 50) break;
    }
  }
  return mismatches;
}

/** Runs `action` with an Intl.Segmenter that throws when created. */
function withoutSegmenter<T>(action: () => T): T {
  const intl = Intl as unknown as { Segmenter: unknown };
  const real = intl.Segmenter;
  intl.Segmenter = class {
    constructor() {
      throw new Error('a segmenter was created');
    }
  };
  try {
    return action();
  } finally {
    intl.Segmenter = real;
  }
}

// Strings a dashboard actually draws: frames, markers, names in other scripts, emoji, and the invisible
// characters that end up in names pasted from elsewhere.
const UI_STRINGS = [
  '┌─┐│└┘',
  '┌─ Servers ─────────────┐',
  '…',
  '›',
  '●',
  '✓',
  '✗',
  '⏎',
  '↑↓',
  '█░',
  '█████░░░░░ 50%',
  '● running  web-1  10.0.0.1',
  '✓ created … ›',
  '⏎ open  ↑↓ move  / filter  q quit',
  'é',
  'e\u0301',
  'cafe\u0301 au lait',
  '名前',
  'サーバー名: 東京-1',
  '👍🏽',
  '👨‍👩‍👧',
  '1️⃣',
  '#⃣',
  '⚠',
  '⚠️',
  '⚠ low disk',
  '각',
  '한국어',
  '한국어 서버',
  '\t',
  'a\tb',
  '\u00a0',
  'a\u00a0b',
  '\u00ad',
  'soft\u00adhyphen',
  '\u200b',
  'zero\u200bwidth',
  '\u200f',
  '\u200e',
  '\u202b\u05e9\u05dc\u05d5\u05dd\u202c',
  'שלום עולם',
  'مرحبا',
  'Привет, мир',
  'Ελληνικά',
  '🇯🇵',
  '🇯🇵🇫🇷',
  'ｶﾞｷﾞ',
  'ﾊﾟｰﾄ',
  'สำหรับ',
  'จำนวน',
  'ทำงาน',
  'ຄຳ',
  'नमस्ते',
  'क्षत्रिय',
  '\u001b[1m\u001b[32m●\u001b[39m\u001b[22m web-1',
  '\u001b]8;;https://x\u0007link\u001b]8;;\u0007',
  '',
  ' ',
  'plain ascii',
];

describe('each patch notices when its dependency changed', () => {
  const cases: Array<[string, Patch, string]> = [
    ['inkOutput', patches.inkOutput, FILES.inkOutput],
    ['inkFullScreenFrames', patches.inkFullScreenFrames, FILES.inkFullScreen],
    ['inkReconciler', patches.inkReconciler, FILES.inkReconciler],
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

describe('string-width 8 (what Ink measures text with)', async () => {
  const entry = "export { default } from 'string-width';";
  const original = await load<{ default: StringWidth }>(entry, ROOT, 'string-width-8-original.js', [unpatched()]);
  const patchedBundle = await load<{ default: StringWidth }>(entry, ROOT, 'string-width-8-patched.js');
  const originalWidth = original.exports.default;
  const patchedWidth = patchedBundle.exports.default;

  it('is patched, the version 8 way', () => {
    expect(patchedBundle.text).toContain('knownWidths');
    expect(patchedBundle.text).toContain('ownClusters');
    expect(original.text).not.toContain('knownWidths');
  });

  it('measures every BMP code point alone as the original does', () => {
    expect(widthMismatches(originalWidth, patchedWidth, codePoints(0, 0xffff)).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('measures every BMP code point next to a letter and next to itself as the original does', () => {
    function* pairs() {
      for (const c of codePoints(0, 0xffff)) {
        yield 'a' + c;
        yield c + 'a';
        yield c + c;
      }
    }
    expect(widthMismatches(originalWidth, patchedWidth, pairs()).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('measures the same strings in colour as the original does', () => {
    function* coloured() {
      for (const c of codePoints(0, 0xffff)) {
        yield red(c);
        yield red('a' + c);
        yield red(c + 'a');
        yield red(c + c);
      }
    }
    expect(widthMismatches(originalWidth, patchedWidth, coloured()).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('measures emoji, flags, CJK extension B, tags and the astral letters that join a neighbour as the original does', () => {
    const ranges: Array<[number, number]> = [
      [0x1f000, 0x1faff],
      [0x20000, 0x2004f],
      [0x111c0, 0x111cf],
      [0x11a80, 0x11a8f],
      [0x11d40, 0x11d4f],
      [0x11f00, 0x11f0f],
      [0x113c0, 0x113df],
      [0x16d40, 0x16d7f],
      [0xe0000, 0xe007f],
    ];
    function* astral() {
      for (const [from, to] of ranges) {
        for (const c of codePoints(from, to)) {
          yield c;
          yield c + 'a';
          yield 'a' + c;
          yield c + c;
        }
      }
      for (const first of codePoints(0x1f1e6, 0x1f1ff)) {
        for (const second of codePoints(0x1f1e6, 0x1f1ff)) yield first + second;
      }
    }
    expect(widthMismatches(originalWidth, patchedWidth, astral()).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('measures the strings a dashboard draws as the original does, plain and in colour', () => {
    const samples = UI_STRINGS.flatMap((s) => [s, red(s), `│ ${s} │`, s + s]);
    expect(widthMismatches(originalWidth, patchedWidth, samples)).toEqual([]);
    expect(patchedWidth('名前')).toBe(4);
    expect(patchedWidth(red('┌─┐'))).toBe(3);
  });

  it('honours ambiguousIsNarrow and countAnsiEscapeCodes as the original does', () => {
    const samples = [...UI_STRINGS, ...UI_STRINGS.map(red), ...codePoints(0, 0x2fff)];
    for (const options of [{ ambiguousIsNarrow: false }, { countAnsiEscapeCodes: true }, {}]) {
      expect(widthMismatches(originalWidth, patchedWidth, samples, options).slice(0, 10), JSON.stringify(options)).toEqual([]);
    }
    expect(patchedWidth('…', { ambiguousIsNarrow: false })).toBe(2);
    expect(patchedWidth(red('ab'), { countAnsiEscapeCodes: true })).toBe(originalWidth(red('ab'), { countAnsiEscapeCodes: true }));
  }, 60_000);

  it('measures a line of frames, symbols and CJK without creating a segmenter', async () => {
    const fresh = await load<{ default: StringWidth }>(entry, ROOT, 'string-width-8-fresh.js');
    const line = red('│ ● web-1 … 名前 ✓ ↑↓ █░ │');
    const want = originalWidth(line);
    expect(withoutSegmenter(() => fresh.exports.default(line))).toBe(want);
    // The stub is really in place: a string that needs segmenting asks for one.
    expect(() => withoutSegmenter(() => fresh.exports.default('e\u0301'))).toThrow('a segmenter was created');
  });
});

describe('string-width 7 (what wrap-ansi measures text with)', async () => {
  const entry = "export { default } from 'string-width';";
  const resolveDir = join(NODE_MODULES, 'wrap-ansi');
  const original = await load<{ default: StringWidth }>(entry, resolveDir, 'string-width-7-original.js', [unpatched()]);
  const patchedBundle = await load<{ default: StringWidth }>(entry, resolveDir, 'string-width-7-patched.js');
  const originalWidth = original.exports.default;
  const patchedWidth = patchedBundle.exports.default;

  it('is patched, the version 7 way', () => {
    expect(patchedBundle.text).toContain('knownWidths');
    expect(patchedBundle.text).not.toContain('ownClusters');
    expect(original.text).not.toContain('rgiEmojiRegex');
  });

  it('measures every BMP code point alone as the original does', () => {
    expect(widthMismatches(originalWidth, patchedWidth, codePoints(0, 0xffff)).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('measures the strings a dashboard draws, and coloured ASCII, as the original does', () => {
    const ascii = [...codePoints(0x20, 0x7e)].join('');
    const samples = [
      ...UI_STRINGS.flatMap((s) => [s, red(s), `│ ${s} │`]),
      ...[...ascii].flatMap((c) => [red(c), red('a' + c + 'b'), `\u001b[1m${c}\u001b[22m plain`]),
      red(ascii),
      '\u009b31mcsi\u009b39m',
    ];
    expect(widthMismatches(originalWidth, patchedWidth, samples)).toEqual([]);
    for (const options of [{ ambiguousIsNarrow: false }, { countAnsiEscapeCodes: true }]) {
      expect(widthMismatches(originalWidth, patchedWidth, samples, options), JSON.stringify(options)).toEqual([]);
    }
  }, 60_000);
});

describe('ansi-tokenize (how Ink splits each line it draws)', async () => {
  const source = originalText(FILES.ansiTokenize);
  const patchedSource = read(FILES.ansiTokenize);
  const original = await load<{ tokenize: Tokenize }>(source, dirname(FILES.ansiTokenize), FILES.ansiTokenize);
  const patched = await load<{ tokenize: Tokenize }>(patchedSource, dirname(FILES.ansiTokenize), FILES.ansiTokenize);

  // The set of characters the patch splits without a segmenter, read from the patched text itself.
  const literal = /const ONE_UNIT_GRAPHEMES = \/(.+)\/;\n/.exec(patchedSource)?.[1];
  const oneUnit = new RegExp(literal ?? '(?!)');
  const fastSet = [...codePoints(0, 0xffff)].filter((c) => oneUnit.test(c));
  const fastSetWithoutEsc = fastSet.filter((c) => c !== '\u001b');

  const INK_LINES = [
    '\u001b[1m\u001b[32m●\u001b[39m\u001b[22m web-1  running  10.0.0.1',
    '┌─ Servers ───────────────┐',
    '│ \u001b[7m› web-1            \u001b[27m │',
    '└─────────────────────────┘',
    '\u001b]8;;https://x\u0007link\u001b]8;;\u0007',
    'see \u001b]8;;https://example.com/a?b=c\u0007the docs\u001b]8;;\u0007 …',
    '\u001b[38;5;208morange\u001b[39m',
    '\u001b[38;2;10;20;30m24 bit\u001b[0m',
    '\u001b[1;3;31mcompound\u001b[0m',
    '\u001b[2m…\u001b[22m ✓ ✗ ⏎ ↑↓ █████░░░░░',
    'Name: 名前 👍🏽 e\u0301 ok',
    '\u001b[33m⚠️ low disk\u001b[39m 👨‍👩‍👧 1️⃣ #⃣ 🇯🇵',
    '한국어 서버 ｶﾞｷﾞ สำหรับ',
    'tab\there nbsp\u00a0soft\u00adhyphen zero\u200bwidth',
    '\u001b[31',
    '\u001b',
    '\u001b]8;;unterminated',
    '\u001b[999x not sgr',
    'crlf\r\nline',
    '',
  ];

  function tokenMismatches(samples: Iterable<string>, endChars: Array<number | undefined>) {
    const mismatches: string[] = [];
    for (const sample of samples) {
      for (const endChar of endChars) {
        const want = JSON.stringify(original.exports.tokenize(sample, endChar));
        const got = JSON.stringify(patched.exports.tokenize(sample, endChar));
        if (got !== want) {
          mismatches.push(`${hex(sample)} (endChar ${endChar}): original ${want}, patched ${got}`);
          if (mismatches.length >= 50) return mismatches;
        }
      }
    }
    return mismatches;
  }

  it('reads its one-unit set from the patch: ASCII, Latin, punctuation, arrows, box drawing, shapes', () => {
    expect(literal).toBeDefined();
    for (const c of ['\u001b', ' ', '~', '\u00a0', 'é', '\u02ff', '‐', '…', '›', '⁞', '↑', '⏎', '─', '█', '●', '✓', '✗', '➿']) {
      expect(oneUnit.test(c), hex(c)).toBe(true);
    }
    for (const c of ['\u007f', '\u0300', '\u200b', '\u200d', '\u2028', '\u2060', '\u27c0', '名', '\ufe0f', '\r', '\n', '\t']) {
      expect(oneUnit.test(c), hex(c)).toBe(false);
    }
    expect(fastSet.length).toBeGreaterThan(2000);
  });

  it('splits the lines Ink draws into the same tokens as the original', () => {
    expect(patched.exports.tokenize(INK_LINES[0])).toEqual(original.exports.tokenize(INK_LINES[0]));
    expect(tokenMismatches(INK_LINES, [undefined, 1, 2, 5, 12])).toEqual([]);
  });

  it('splits every character of the one-unit set, alone and between letters, as the original does', () => {
    const samples = fastSet.flatMap((c) => [c, 'a' + c + c + 'a', red(c + c)]);
    expect(tokenMismatches(samples, [undefined, 2]).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('splits the one-unit set mixed with accents, emoji and CJK as the original does', () => {
    const samples = fastSetWithoutEsc.flatMap((c) => [c + 'e\u0301' + c, c + '👍🏽' + c, '名' + c + '前', c + '\u0301', c + '\ufe0f', c + '\u200d' + c]);
    expect(tokenMismatches(samples, [undefined, 3]).slice(0, 10)).toEqual([]);
  }, 60_000);

  it('splits a line of one-unit characters without creating a segmenter', async () => {
    const fresh = await load<{ tokenize: Tokenize }>(patchedSource, dirname(FILES.ansiTokenize), FILES.ansiTokenize);
    const line = INK_LINES[1] + INK_LINES[2] + INK_LINES[9];
    const want = original.exports.tokenize(line);
    expect(withoutSegmenter(() => fresh.exports.tokenize(line))).toEqual(want);
    // The stub is really in place: a line that needs segmenting asks for one.
    expect(() => withoutSegmenter(() => fresh.exports.tokenize('名前'))).toThrow('a segmenter was created');
  });

  it('is right that nothing in the one-unit set joins a neighbour into one grapheme', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const count = (text: string) => [...segmenter.segment(text)].length;
    const joined = fastSetWithoutEsc.filter((c) => count('a' + c + c + 'a') !== 4).map(hex);
    expect(joined.slice(0, 10)).toEqual([]);
    // Each next to each of its neighbours in the set, in both orders.
    const all = fastSetWithoutEsc.join('');
    expect(count(all)).toBe(fastSetWithoutEsc.length);
    expect(count([...fastSetWithoutEsc].reverse().join(''))).toBe(fastSetWithoutEsc.length);
  });

  it('uses the same one-unit set as the dashboard’s own width code (src/ui/format.ts)', () => {
    const differ: string[] = [];
    for (const c of codePoints(0, 0xffff)) {
      if (c === '\u001b') continue;
      if (FORMAT_ONE_UNIT_GRAPHEMES.test(c) !== oneUnit.test(c)) differ.push(hex(c));
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(FORMAT_ONE_UNIT_GRAPHEMES.test('\u001b')).toBe(false);
  });
});

describe('ansi-tokenize styledCharsToString (how Ink writes each row it drew)', async () => {
  type StyledChar = { type: string; value: string; fullWidth: boolean; styles: Token[] };
  type Module = { tokenize: Tokenize; styledCharsFromTokens(tokens: Token[]): StyledChar[]; styledCharsToString(chars: StyledChar[]): string };
  const entry = "export { tokenize } from './build/tokenize.js';\nexport { styledCharsFromTokens, styledCharsToString } from './build/styledChars.js';";
  const packageDir = dirname(dirname(FILES.ansiStyledChars));
  const original = (await load<Module>(entry, packageDir, 'styled-chars-original.js', [unpatched()])).exports;
  const patched = (await load<Module>(entry, packageDir, 'styled-chars-patched.js')).exports;
  const charsOf = (text: string) => original.styledCharsFromTokens(original.tokenize(text));
  const blank = (): StyledChar => ({ type: 'char', value: ' ', fullWidth: false, styles: [] });

  /** A row as Ink's output builds it: blanks, then pieces written over them, wide characters followed by an empty cell. */
  function row(random: Random): StyledChar[] {
    const cells = Array.from({ length: random.int(0, 50) }, blank);
    for (let piece = random.int(0, 4); piece > 0; piece--) {
      let x = random.int(0, Math.max(0, cells.length - 1));
      for (const char of charsOf(randomText(random).replace(/\n/g, ' '))) {
        cells[x++] = char;
        if (char.fullWidth) cells[x++] = { type: 'char', value: '', fullWidth: false, styles: char.styles };
      }
    }
    return cells.filter((cell) => cell !== undefined);
  }

  it('writes the same text as the original for the rows Ink draws', () => {
    const random = seeded(777);
    const mismatches: string[] = [];
    for (let i = 0; i < 3000 && mismatches.length < 5; i++) {
      const cells = row(random);
      const want = original.styledCharsToString(cells);
      const got = patched.styledCharsToString(cells);
      if (got !== want) mismatches.push(`${JSON.stringify(cells.map((c) => [c.value, c.styles.map((s) => s.code)]))}: original ${JSON.stringify(want)}, patched ${JSON.stringify(got)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('writes the same text for styles that repeat, overlap, reset or come in another order', () => {
    const codes = charsOf('\u001b[1m\u001b[2m\u001b[31m\u001b[7m\u001b[38;5;208m\u001b[44m\u001b]8;;https://x\u0007x')[0]!.styles;
    expect(codes.length).toBeGreaterThan(4);
    const random = seeded(4242);
    const mismatches: string[] = [];
    for (let i = 0; i < 3000 && mismatches.length < 5; i++) {
      const cells = Array.from({ length: random.int(1, 8) }, () => {
        // the same objects, copies of them, duplicates, other orders
        const styles = Array.from({ length: random.int(0, 4) }, () => (random.chance(0.5) ? random.pick(codes) : { ...random.pick(codes) }));
        return { type: 'char', value: random.pick(['a', ' ', '名', '']), fullWidth: false, styles };
      });
      for (let c = 1; c < cells.length; c++) if (random.chance(0.4)) cells[c] = { ...cells[c]!, styles: [...cells[c - 1]!.styles] };
      const want = original.styledCharsToString(cells);
      const got = patched.styledCharsToString(cells);
      if (got !== want) mismatches.push(`${JSON.stringify(cells.map((c) => [c.value, c.styles.map((s) => s.code)]))}: original ${JSON.stringify(want)}, patched ${JSON.stringify(got)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('skips the work between characters of the same styles', () => {
    // The codes of a red run, read through a counter: the original compares them between every two characters.
    let reads = 0;
    const counted = (cells: StyledChar[]) => {
      const proxies = new Map<Token, Token>();
      const proxy = (code: Token) =>
        proxies.get(code) ??
        proxies.set(code, new Proxy(code, { get: (target, key) => (reads++, target[key as keyof Token]) })).get(code)!;
      return cells.map((cell) => ({ ...cell, styles: cell.styles.map(proxy) }));
    };
    const readsFor = (styledCharsToString: Module['styledCharsToString'], length: number) => {
      const cells = charsOf(red('a'.repeat(length)));
      reads = 0;
      expect(styledCharsToString(counted(cells))).toBe(original.styledCharsToString(cells));
      return reads;
    };
    // the patched reads the codes at the start and the end of the run, however long it is
    expect(readsFor(patched.styledCharsToString, 200)).toBe(readsFor(patched.styledCharsToString, 20));
    expect(readsFor(original.styledCharsToString, 200)).toBeGreaterThan(5 * readsFor(original.styledCharsToString, 20));
  });
});

describe('slice-ansi (how Ink cuts text to a box)', async () => {
  const entry = "import sliceAnsi from 'slice-ansi';\nexport default sliceAnsi;";
  const original = await load<{ default: SliceAnsi }>(entry, ROOT, 'slice-ansi-original.js', [unpatched()]);
  const patched = await load<{ default: SliceAnsi }>(entry, ROOT, 'slice-ansi-patched.js');

  it('cuts coloured, CJK and emoji text exactly as the original does', () => {
    expect(patched.text).toContain('graphemeSegmenter');
    expect(original.text).not.toContain('graphemeSegmenter');
    const samples = [
      '\u001b[31mred\u001b[39m plain \u001b[1mbold\u001b[22m',
      '名前: サーバー東京',
      '👍🏽 ok 👨‍👩‍👧 fam 🇯🇵',
      '\u001b[32m✓\u001b[39m web-1 \u001b[2m…\u001b[22m',
      '\u001b]8;;https://x\u0007link\u001b]8;;\u0007 after',
      'cafe\u0301 e\u0301te\u0301',
      '┌─┐│└┘ box',
      '\u001b[38;2;10;20;30m24 bit\u001b[0m and \u001b[44mblue back\u001b[49m',
      '\u001b[31m名前\u001b[39m👍\u001b[1m한국어\u001b[22m',
      '',
    ];
    const mismatches: string[] = [];
    for (const sample of samples) {
      const bound = sample.length + 2;
      for (let start = 0; start <= bound; start++) {
        for (const end of [undefined, ...Array.from({ length: bound - start + 1 }, (_, i) => start + i)]) {
          const want = original.exports.default(sample, start, end);
          const got = patched.exports.default(sample, start, end);
          if (got !== want) mismatches.push(`${JSON.stringify(sample)} [${start}, ${end}): ${JSON.stringify(want)} vs ${JSON.stringify(got)}`);
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(patched.exports.default('\u001b[31m名前\u001b[39m', 0, 2)).toBe(original.exports.default('\u001b[31m名前\u001b[39m', 0, 2));
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
    const original = await load<OutputModule>(originalText(FILES.inkOutput), dirname(FILES.inkOutput), FILES.inkOutput);
    // The patched module counts the rows it draws, to show that rows are reused, and that they are reused
    // only when they may be.
    const counted = `${read(FILES.inkOutput)}
let DRAWN_ROWS = 0;
const uncountedDrawRow = drawRow;
drawRow = (output, pieces) => {
    DRAWN_ROWS++;
    return uncountedDrawRow(output, pieces);
};
export const drawnRows = () => DRAWN_ROWS;
`;
    const patched = await load<OutputModule & { drawnRows(): number }>(counted, dirname(FILES.inkOutput), FILES.inkOutput);
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
});

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

/** A seeded pseudo-random generator (mulberry32): a failing run draws the same frames again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** an integer from `from` to `to`, both included */
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (probability: number) => next() < probability,
  };
}
type Random = ReturnType<typeof seeded>;

// Pieces of the text a dashboard writes: colour (the way chalk writes it), wide characters, emoji, marks.
const FRAGMENTS = [
  'web-1',
  'running',
  '10.0.0.1',
  ' ',
  '…',
  '┌─┐',
  '│',
  '\u001b[36m›\u001b[39m',
  '\u001b[32m●\u001b[39m',
  '\u001b[1m\u001b[31mfailed\u001b[39m\u001b[22m',
  '\u001b[7m selected \u001b[27m',
  '\u001b[2m…\u001b[22m',
  '\u001b[38;5;208morange\u001b[39m',
  '\u001b[44m\u001b[37mblue back\u001b[39m\u001b[49m',
  '\u001b]8;;https://x\u0007link\u001b]8;;\u0007',
  '名前',
  'サーバー東京',
  '한국어',
  '👍🏽',
  '👨‍👩‍👧',
  '🇯🇵',
  '⚠️',
  'e\u0301',
  'ｶﾞｷﾞ',
];

function randomText(random: Random) {
  const line = () => Array.from({ length: random.int(1, 5) }, () => random.pick(FRAGMENTS)).join(random.pick(['', ' ', '  ']));
  return random.chance(0.2) ? Array.from({ length: random.int(2, 3) }, line).join('\n') : line();
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

describe('ink full-screen frames (what the terminal shows)', async () => {
  type Node = unknown;
  type InkBundle = {
    React: { createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): Node };
    render(node: Node, options: Record<string, unknown>): { rerender(node: Node): void; unmount(): void };
    Box: unknown;
    Text: unknown;
    yogaReady: Promise<void>;
  };
  type Row = { text: string; color?: string; backgroundColor?: string; bold?: boolean; inverse?: boolean };

  // Bundled as the build bundles the dashboard (a classic script, every patch as installed), and again with
  // the original of this patch's file. Two modules are stubbed: is-in-ci (Ink draws only the last frame when it believes it runs in CI)
  // answers no wherever the test runs, and restore-cursor would show the cursor on this process's stderr
  // when it exits.
  const STUBS: Record<string, string> = {
    'is-in-ci': 'export default false;',
    'restore-cursor': 'export default function restoreCursor() {}',
  };
  const stubs: esbuild.Plugin = {
    name: 'stubs',
    setup(b) {
      b.onResolve({ filter: /^(is-in-ci|restore-cursor)$/ }, (args) => ({ path: args.path, namespace: 'stub' }));
      b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ contents: STUBS[args.path], loader: 'js' }));
    },
  };
  const entry = "export { render, Box, Text } from 'ink';\nexport { default as React } from 'react';\nexport { yogaReady } from 'yoga-layout';";
  const options = { format: 'cjs' as const, define: { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' } };
  const [original, patched] = await Promise.all([
    load<InkBundle>(entry, ROOT, 'ink-original.js', [stubs, unpatched('ink-full-screen-frames')], options),
    load<InkBundle>(entry, ROOT, 'ink-patched.js', [stubs], options),
  ]);
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
