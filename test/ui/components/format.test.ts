import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatRelative } from '../../../src/ui/format.js';
import { displayWidth, padEnd, padStart, truncate } from '../../../src/ui/text.js';

describe('format', () => {
  it('formats dates in UTC, — when missing', () => {
    expect(formatDate(new Date(Date.UTC(2026, 10, 20, 9, 12, 59)))).toBe('2026-11-20 09:12');
    expect(formatDate(null)).toBe('—');
    expect(formatDate(new Date('nope'))).toBe('—');
    expect(formatClock(new Date(Date.UTC(2026, 0, 1, 4, 5)))).toBe('04:05');
  });

  it('formats relative times', () => {
    const now = new Date(Date.UTC(2026, 0, 10, 12, 0, 0));
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(formatRelative(ago(2), now)).toBe('just now');
    expect(formatRelative(ago(42), now)).toBe('42s ago');
    expect(formatRelative(ago(5 * 60 + 10), now)).toBe('5m ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3h ago');
    expect(formatRelative(ago(12 * 86_400), now)).toBe('12d ago');
    expect(formatRelative(ago(-300), now)).toBe('in 5m');
    expect(formatRelative(null, now)).toBe('—');
  });

  it('measures display width: wide CJK and emoji take two columns, accents none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('🚀')).toBe(2);
    expect(displayWidth('█░…─')).toBe(4);
  });

  it('truncates and pads by display width', () => {
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello', 1)).toBe('…');
    expect(truncate('hello', 0)).toBe('');
    expect(truncate('日本語サーバー', 7)).toBe('日本語…');
    expect(displayWidth(truncate('日本語サーバー', 6))).toBeLessThanOrEqual(6);
    expect(padEnd('日本', 6)).toBe('日本  ');
    expect(padStart('42', 5)).toBe('   42');
    expect(padEnd('toolong', 4)).toBe('too…');
  });
});
