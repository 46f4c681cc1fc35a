// What the patch tests share (test/build/patches*.test.ts): the patched files as installed and their originals
// as the install step kept them, bundling either into a fresh module instance, and samples of the text a
// dashboard draws. Not a test file itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll } from 'vitest';

export type Patch = (source: string) => string;
interface Patches {
  inkOutput: Patch;
  inkFullScreenFrames: Patch;
  inkReconciler: Patch;
  inkSanitize: Patch;
  inkSquash: Patch;
  inkInputParser: Patch;
  inkMeasureText: Patch;
  inkWrapText: Patch;
  TEXT_CACHE_BUDGET: number;
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

export type WidthOptions = { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean };
export type StringWidth = (text: string, options?: WidthOptions) => number;
export type Token = { type: string; value?: string; code?: string; endCode?: string; fullWidth?: boolean };
export type Tokenize = (text: string, endChar?: number) => Token[];
export type SliceAnsi = (text: string, start: number, end?: number) => string;

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const NODE_MODULES = join(ROOT, 'node_modules');
// Loaded by URL: the script is plain JavaScript without declarations, and its shape is written down above.
export const patches = (await import(pathToFileURL(join(ROOT, 'scripts', 'patches.mjs')).href)) as Patches;
export const patchDeps = (await import(pathToFileURL(join(ROOT, 'scripts', 'patch-deps.mjs')).href)) as PatchDeps;

export const FILES = {
  inkOutput: join(NODE_MODULES, 'ink', 'build', 'output.js'),
  inkFullScreen: join(NODE_MODULES, 'ink', 'build', 'ink.js'),
  inkReconciler: join(NODE_MODULES, 'ink', 'build', 'reconciler.js'),
  inkSanitize: join(NODE_MODULES, 'ink', 'build', 'sanitize-ansi.js'),
  inkSquash: join(NODE_MODULES, 'ink', 'build', 'squash-text-nodes.js'),
  inkInputParser: join(NODE_MODULES, 'ink', 'build', 'input-parser.js'),
  inkMeasureText: join(NODE_MODULES, 'ink', 'build', 'measure-text.js'),
  inkWrapText: join(NODE_MODULES, 'ink', 'build', 'wrap-text.js'),
  yogaIndex: join(NODE_MODULES, 'yoga-layout', 'dist', 'src', 'index.js'),
  yogaWasmLoader: join(NODE_MODULES, 'yoga-layout', 'dist', 'binaries', 'yoga-wasm-base64-esm.js'),
  stringWidth8: join(NODE_MODULES, 'string-width', 'index.js'),
  stringWidth7: join(NODE_MODULES, 'wrap-ansi', 'node_modules', 'string-width', 'index.js'),
  sliceAnsiTokenizer: join(NODE_MODULES, 'slice-ansi', 'tokenize-ansi.js'),
  ansiTokenize: join(NODE_MODULES, '@alcalzone', 'ansi-tokenize', 'build', 'tokenize.js'),
  ansiStyledChars: join(NODE_MODULES, '@alcalzone', 'ansi-tokenize', 'build', 'styledChars.js'),
} as const;

/** The installed, patched file. */
export const read = (path: string) => readFileSync(path, 'utf8');
export const nodeModulesPath = (path: string) => relative(NODE_MODULES, path).split(sep).join('/');
/** The file as npm installed it, before it was patched. */
export const originalText = (path: string) => patchDeps.originalOf(nodeModulesPath(path));
const requireScript = createRequire(import.meta.url);

const workDir = mkdtempSync(join(tmpdir(), 'ecsdeck-patch-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

let bundles = 0;
/**
 * Bundles `contents` (as if it were the file `sourcefile`) into one file and loads it: a fresh instance. An ES
 * module is imported (through Vitest, which transforms it); a classic script (format 'cjs', as the build makes
 * the dashboard) is required by Node itself, which is much quicker for a large bundle.
 */
export async function load<T>(
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
export function unpatched(...names: string[]): esbuild.Plugin {
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

/**
 * What `file` exports as `exported` (`default`, `createInputParser`), bundled twice: from the dependencies as
 * npm installed them, and as patched. `label` names the two bundles (`squash-original.js`, `squash-patched.js`).
 */
export async function originalAndPatched<T>(file: string, exported: string, label: string) {
  const entry = `export { ${exported} } from ${JSON.stringify(file)};`;
  const original = await load<T>(entry, ROOT, `${label}-original.js`, [unpatched()]);
  const patched = await load<T>(entry, ROOT, `${label}-patched.js`);
  return { original, patched };
}

export const hex = (text: string) =>
  Array.from(text, (c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

export const red = (text: string) => `\u001b[31m${text}\u001b[39m`;

/** Every code point from `from` to `to`, as a string (lone surrogates included). */
export function* codePoints(from: number, to: number) {
  for (let cp = from; cp <= to; cp++) yield String.fromCodePoint(cp);
}

/** Asks both functions about every sample; the patched one twice, as it remembers answers. */
export function widthMismatches(original: StringWidth, patched: StringWidth, samples: Iterable<string>, options?: WidthOptions) {
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

// Strings a dashboard actually draws: frames, markers, names in other scripts, emoji, and the invisible
// characters that end up in names pasted from elsewhere.
export const UI_STRINGS = [
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
/** A seeded pseudo-random generator (mulberry32): a failing run draws the same frames again. */
export function seeded(seed: number) {
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
export type Random = ReturnType<typeof seeded>;

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

export function randomText(random: Random) {
  const line = () => Array.from({ length: random.int(1, 5) }, () => random.pick(FRAGMENTS)).join(random.pick(['', ' ', '  ']));
  return random.chance(0.2) ? Array.from({ length: random.int(2, 3) }, line).join('\n') : line();
}

/** Ink, React and Yoga as one bundle (`loadInk`): what the frame and memory tests draw with. */
export type InkNode = unknown;
export type InkBundle = {
  React: { createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): InkNode };
  render(node: InkNode, options: Record<string, unknown>): { rerender(node: InkNode): void; unmount(): void };
  Box: unknown;
  Text: unknown;
  yogaReady: Promise<void>;
};

// Two modules are stubbed: is-in-ci (Ink draws only the last frame when it believes it runs in CI) answers no
// wherever the test runs, and restore-cursor would show the cursor on this process's stderr when it exits.
const INK_STUBS: Record<string, string> = {
  'is-in-ci': 'export default false;',
  'restore-cursor': 'export default function restoreCursor() {}',
};
const inkStubs: esbuild.Plugin = {
  name: 'stubs',
  setup(b) {
    b.onResolve({ filter: /^(is-in-ci|restore-cursor)$/ }, (args) => ({ path: args.path, namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, (args) => ({ contents: INK_STUBS[args.path], loader: 'js' }));
  },
};

/**
 * Ink bundled as the build bundles the dashboard (a classic script, every patch as installed unless
 * `plugins` put an original back), named `file`: a fresh instance, with its own caches.
 */
export function loadInk(file: string, plugins: esbuild.Plugin[] = []) {
  const entry = "export { render, Box, Text } from 'ink';\nexport { default as React } from 'react';\nexport { yogaReady } from 'yoga-layout';";
  return load<InkBundle>(entry, ROOT, file, [inkStubs, ...plugins], {
    format: 'cjs',
    define: { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
  });
}
