// The changes scripts/patches.mjs makes to dependencies (applied to node_modules at install by
// scripts/patch-deps.mjs) are speed patches: what the user sees must not change. Each patched module, as
// installed, is bundled next to its original (kept by the install step) bundled the same way, and both are
// asked the same questions; any answer that differs is reported with its code points.
// Here: the libraries Ink measures, splits, writes and cuts text with (string-width 8 and 7, ansi-tokenize,
// slice-ansi), on every BMP code point where it matters.
import { dirname, join } from 'node:path';
import { ONE_UNIT_GRAPHEMES as FORMAT_ONE_UNIT_GRAPHEMES } from '../../src/ui/text.js';
import { describe, expect, it } from 'vitest';
import {
  type StringWidth,
  type Token,
  type Tokenize,
  type SliceAnsi,
  ROOT,
  NODE_MODULES,
  FILES,
  read,
  originalText,
  load,
  unpatched,
  hex,
  red,
  codePoints,
  widthMismatches,
  UI_STRINGS,
  seeded,
  type Random,
  randomText,
} from './patch-harness.js';
import { withoutSegmenter } from '../without-segmenter.js';

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
    const codes = charsOf('\u001b[1m\u001b[2m\u001b[31m\u001b[7m\u001b[38;5;208m\u001b[44m\u001b]8;;https://x\u0007x')[0].styles;
    expect(codes.length).toBeGreaterThan(4);
    const random = seeded(4242);
    const mismatches: string[] = [];
    for (let i = 0; i < 3000 && mismatches.length < 5; i++) {
      const cells = Array.from({ length: random.int(1, 8) }, () => {
        // the same objects, copies of them, duplicates, other orders
        const styles = Array.from({ length: random.int(0, 4) }, () => (random.chance(0.5) ? random.pick(codes) : { ...random.pick(codes) }));
        return { type: 'char', value: random.pick(['a', ' ', '名', '']), fullWidth: false, styles };
      });
      for (let c = 1; c < cells.length; c++) if (random.chance(0.4)) cells[c] = { ...cells[c], styles: [...cells[c - 1].styles] };
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
