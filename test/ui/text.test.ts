import { describe, expect, it, vi } from 'vitest';
import { displayWidth, padEnd, padStart, safe, safeLines, truncate } from '../../src/ui/text.js';
import { withoutSegmenter } from '../without-segmenter.js';
import { countdown, gigabytes, megabytes, money, percent, rate, statusWord, bytesPerSecond } from '../../src/ui/format.js';

const ESC = '\u001b';

describe('safe: hostile text drawn as visible, harmless characters', () => {
  it('shows escapes as ␛, so no title change or colour reaches the terminal', () => {
    expect(safe(`web ${ESC}]0;pwned\u0007 box`)).toBe('web ␛]0;pwned␇ box');
    expect(safe(`${ESC}[31mred${ESC}[0m`)).toBe('␛[31mred␛[0m');
    expect(safe('a\u007fb')).toBe('a␡b');
  });

  it('turns C1 controls (0x9B is a one-byte CSI) into �', () => {
    expect(safe('x\u009b31my')).toBe('x�31my');
    expect(safe('\u0085')).toBe('�');
  });

  it('writes line breaks as ␤ (one per CRLF) and tabs as a space on one line', () => {
    expect(safe('a\r\nb\nc\rd')).toBe('a␤b␤c␤d');
    expect(safe('a\tb')).toBe('a b');
    expect(safe('a\u2028b')).toBe('a␤b');
  });

  it('removes bidi overrides and isolates, zero-width characters and the BOM', () => {
    expect(safe('abc\u202Edcba\u202C')).toBe('abcdcba');
    expect(safe('\u2066x\u2069\u200Ey\u200F')).toBe('xy');
    expect(safe('\uFEFFa\u200Bb\u200Cc\u200Dd\u2060e')).toBe('abcde');
    expect(safe('soft\u00ADhyphen')).toBe('softhyphen');
  });

  it('splits emoji sequences that terminals draw at different widths into their emoji', () => {
    // family (ZWJ), thumbs up with a skin tone, heart with VS16, keycap
    expect(safe('👨\u200D👩\u200D👧')).toBe('👨👩👧');
    expect(safe('👍🏽')).toBe('👍');
    expect(safe('❤\uFE0F')).toBe('❤');
    expect(safe('1\uFE0F\u20E3')).toBe('1');
  });

  it('replaces lone surrogates, noncharacters and code points of disputed width with �', () => {
    expect(safe('a\uD800b')).toBe('a�b');
    expect(safe('\uFFFE')).toBe('�');
    // U+1FAE0 (melting face, Unicode 14) is wide in new tables and narrow in old ones
    expect(safe('\u{1FAE0}')).toBe('�');
  });

  it('keeps ordinary text of every script, and combining marks up to three deep', () => {
    expect(safe('Café 日本語 Ελληνικά עברית 🚀')).toBe('Café 日本語 Ελληνικά עברית 🚀');
    expect(safe('e\u0301')).toBe('é'); // composed (NFC)
    expect(safe('x\u0300\u0301\u0302\u0303\u0304')).toBe('x\u0300\u0301\u0302');
    expect(safe('\u1100\u1161')).toBe('가'); // Hangul jamo composed into the syllable
  });

  it('is idempotent', () => {
    const nasty = `${ESC}]0;t\u0007\u202E\u{1FAE0}👨\u200D👩e\u0301\u0000`;
    expect(safe(safe(nasty))).toBe(safe(nasty));
  });

  it('splits multi-line text into safe lines, tabs to the next stop', () => {
    expect(safeLines('#!/bin/sh\r\n\techo hi\n')).toEqual(['#!/bin/sh', '    echo hi', '']);
    expect(safeLines(`ab\tc${ESC}`)).toEqual(['ab  c␛']);
  });
});

describe('width: one measure for Ink and the terminal', () => {
  it('counts wide CJK and emoji as two, marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('é')).toBe(1);
    expect(displayWidth('🚀')).toBe(2);
    expect(displayWidth('█░…─')).toBe(4);
  });

  it('measures what is drawn: a hostile string by its safe form', () => {
    expect(displayWidth(`${ESC}]0;x\u0007`)).toBe(6);
    expect(displayWidth('👨\u200D👩')).toBe(4);
  });

  it('cuts and pads by display width, and what it returns is safe', () => {
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('hello', 1)).toBe('…');
    expect(truncate('hello', 0)).toBe('');
    expect(truncate('日本語サーバー', 7)).toBe('日本語…');
    expect(padEnd('日本', 6)).toBe('日本  ');
    expect(padStart('42', 5)).toBe('   42');
    expect(padEnd(`${ESC}[31mred`, 8)).toBe('␛[31mred');
    expect(displayWidth(padEnd('👨\u200D👩\u200D👧 family', 9))).toBe(9);
  });
});

describe('formats', () => {
  it('writes money in one format: the currency, two decimals for amounts, four for hourly rates', () => {
    expect(money(19.0176)).toBe('€ 19.02');
    expect(money(1.89)).toBe('€ 1.89');
    expect(money(0)).toBe('€ 0.00');
    expect(rate(0.019)).toBe('€ 0.0190');
    expect(rate(0.16)).toBe('€ 0.1600');
    expect(money(Number.NaN)).toBe('—');
    // a column of amounts lines up on the decimal point once right-aligned
    const column = [0.019, 1.89, 19.0176, 0.16].map((n) => padStart(money(n), 9));
    expect(new Set(column.map((c) => c.indexOf('.'))).size).toBe(1);
  });

  it('writes sizes with their unit', () => {
    expect(megabytes(1024)).toBe('1 GB');
    expect(megabytes(512)).toBe('512 MB');
    expect(megabytes(1536)).toBe('1.5 GB');
    expect(megabytes(1048576)).toBe('1 TB');
    expect(gigabytes(80)).toBe('80 GB');
    // in the service's own unit: its 6000 GB plan is not `5.9 TB`
    expect(gigabytes(6000)).toBe('6000 GB');
    expect(gigabytes(12.5)).toBe('12.5 GB');
    expect(bytesPerSecond(12800)).toBe('12.5 KB/s');
    expect(bytesPerSecond(0)).toBe('0 B/s');
  });

  it('writes status words in one case', () => {
    expect(['created', 'Created', 'CREATED'].map(statusWord)).toEqual(['Created', 'Created', 'Created']);
    expect(statusWord('in-progress')).toBe('In progress');
    expect(statusWord('')).toBe('—');
  });

  it('writes percentages and countdowns', () => {
    expect(percent(0.25)).toBe('25%');
    expect(countdown(103)).toBe('1:43');
    expect(countdown(3723)).toBe('1:02:03');
    expect(countdown(-5)).toBe('0:00');
  });
});

describe('the text of a first frame needs no grapheme segmenter (creating one costs about 20 ms)', () => {
  it('money, the header’s signs and the list’s symbols are measured and cut without one', async () => {
    // a fresh copy of the module: this file's other tests may have made its segmenter already
    vi.resetModules();
    const fresh = await import('../../src/ui/text.js');
    withoutSegmenter(() => {
      for (const text of ['€ 2.84/h · 10:40 UTC', '€ 0.0298/h', '12 servers · 0 running actions', '✓ done ✗ failed ▸ ⏎ open ↑↓ move', 'spot −40% · offline −50%', '£ ¥ ₹ ₿']) {
        expect(fresh.displayWidth(text)).toBe([...text].length);
        expect(fresh.safe(text)).toBe(text);
        expect(fresh.truncate(text, 5)).toHaveLength(5);
      }
      // the stand-in is in place: text that needs segmenting asks for one
      expect(() => fresh.safe('名前\u0301x')).toThrow('a segmenter was created');
    });
  });
});
