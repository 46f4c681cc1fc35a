// Long text from the service or a file: a script's one long line, a service's long message. V8's segmenter
// takes time that grows with the square of a text's length, and the wrapping measured and walked a long word
// again for each line it made: a message of 8,000 accented letters and emoji took 1.4 s to wrap (a form shows
// a refusal wrapped under its fields, on every frame while it is open), 50,000 six minutes; opening a script
// whose one line held 50,000 of them took 1.2 s.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { displayWidth, graphemes, graphemesByWindow, safe, truncate, wrapText } from '../../src/ui/text.js';
import { pagerLines } from '../../src/ui/resource/PagerView.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const whole = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);

// characters that join their neighbours in every way the segmenter knows: marks, joiners, emoji with skin
// tones and ZWJ, flags (regional indicators pair up from the start of their run), Hangul jamo, CR LF,
// Indic conjuncts (a virama between consonants), Thai AM, prepended letters, and plain letters between them
const PARTS = ['a', 'e\u0301', '\u0301', '\u200d', '👩', '\u{1F3FD}', '👩\u200d💻', '🇮', '🇹', '\u1100', '\u1161', '\u11a8', '\r', '\n', 'क', '\u094d', 'ष', 'ก', '\u0e33', '\u0600', ' ', '漢', '\ufe0f'];
function hostile(seed: number, length: number): string {
  let x = seed;
  let out = '';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += PARTS[x % PARTS.length];
  }
  return out;
}

describe('clusters found a window at a time', () => {
  it('are the clusters the segmenter finds over the whole text, whatever the window', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const text = hostile(seed, 300);
      const expected = whole(text);
      for (const window of [1, 2, 3, 5, 8, 64]) expect([...graphemesByWindow(text, window)], `seed ${seed}, window ${window}`).toEqual(expected);
    }
  });

  it('keep a run of flags paired as the whole text pairs them, across a window\'s end', () => {
    const flags = '🇮🇹'.repeat(9) + '🇮';
    for (const window of [2, 3, 4, 7]) expect([...graphemesByWindow(`x${flags}y`, window)]).toEqual(whole(`x${flags}y`));
  });

  it('grow the window for a cluster longer than it (a letter under many joiners)', () => {
    const text = `a${'\u1100'.repeat(40)}\u1161b`;
    expect([...graphemesByWindow(text, 4)]).toEqual(whole(text));
  });
});

describe('a line of 60,000 characters', () => {
  const line = `const s = "${'é漢'.repeat(20_000)}${'x'.repeat(20_000)}";`;
  const marks = `x = "${'e\u0301😀ก\u0e33q\u0301'.repeat(8_000)}";`;

  it('is measured as string-width measures it', () => {
    expect(displayWidth(line)).toBe(stringWidth(safe(line)));
    expect(displayWidth(marks)).toBe(stringWidth(safe(marks)));
  });

  it('is cut to the width asked, ending in …', () => {
    const cut = truncate(marks, 40);
    expect(displayWidth(cut)).toBeLessThanOrEqual(40);
    expect(cut.startsWith('x = "é😀')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('opens in the pager with every character, each piece within the width', () => {
    for (const text of [line, marks]) {
      const lines = pagerLines(`#!/bin/sh\n${text}\necho done`, 120);
      const pieces = lines.slice(1, -1).map((l) => l.text);
      expect(pieces.join('')).toBe(safe(text));
      // the gutter (one digit) and its border take five columns
      for (const piece of pieces) expect(displayWidth(piece)).toBeLessThanOrEqual(120 - 5);
      // no piece starts with an accent cut from its letter
      for (const piece of pieces) expect(piece).not.toMatch(/^\p{M}/u);
      expect(lines.at(-1)).toEqual({ number: '3', text: 'echo done' });
    }
  });

  it('wraps into lines of the width, every cluster kept whole', () => {
    const [first, ...rest] = wrapText(marks, 50);
    // the short words share a line; the long one starts the next and fills each line after it
    expect(first).toBe('x =');
    const word = safe(marks).slice('x = '.length);
    expect(rest.join('')).toBe(word);
    for (const l of rest.slice(0, -1)) expect(displayWidth(l)).toBe(50);
    expect(rest.flatMap((l) => [...graphemes(l)])).toEqual(whole(word));
  });
});
