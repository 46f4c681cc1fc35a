// The multi-row chart and the Metrics cursor, as pure functions: bars in eighths over several rows, gaps kept
// as gaps, time ticks in UTC, the layout by height, and the exact point under the cursor.
import { describe, expect, it } from 'vitest';
import { barRows, tickLine, timeTicks } from '../../../src/ui/components/Chart.js';
import { chartLayout, cursorPoint, cursorText, smallGraphRows } from '../../../src/ui/screens/metrics-cursor.js';

describe('barRows', () => {
  it('stacks eighths over the rows: full, half and empty columns over two rows', () => {
    expect(barRows([100, 50, 25], 2, 0, 100)).toEqual(['█  ', '██▄']);
  });

  it('keeps a gap blank in every row, and draws a minimum value as its lowest eighth', () => {
    expect(barRows([NaN, 0, 100], 3, 0, 100)).toEqual(['  █', '  █', ' ▁█']);
  });
});

describe('time ticks', () => {
  it('an hour over 60 columns: round UTC minutes, labels not touching', () => {
    const start = Date.UTC(2026, 10, 20, 13, 58);
    const ticks = timeTicks(start, start + 3_600_000, 60);
    expect(ticks[0]).toEqual({ column: 2, label: '14:00' });
    expect(ticks.every((t, i) => i === 0 || t.column - ticks[i - 1].column >= 8)).toBe(true);
    expect(tickLine(ticks, 60).slice(2, 8)).toBe('╵14:00');
  });

  it('a label that would not fit whole at the right edge is left out, not cut', () => {
    // 00:15 falls at column 121 of 126: `╵00:15` needs 6 columns and has 5
    const end = Date.UTC(2026, 10, 28, 0, 17, 12);
    const width = 126;
    const ticks = timeTicks(end - 3_600_000, end, width);
    const line = tickLine(ticks, width);
    expect(line).toHaveLength(width);
    expect(line).toContain('╵00:10');
    expect(line).not.toMatch(/╵\d\d:\d?\s*$/);
    for (const t of ticks) expect(line.slice(t.column, t.column + 6)).toBe(`╵${t.label}`);
  });

  it('thirty days: month-day labels', () => {
    const end = Date.UTC(2026, 10, 25, 15);
    const labels = timeTicks(end - 30 * 86_400_000, end, 180).map((t) => t.label);
    expect(labels[0]).toMatch(/^10-2\d$/);
    expect(labels).toContain('11-01');
  });
});

describe('layout by height', () => {
  it('one row each on a small terminal, several with room: 5 series', () => {
    expect(chartLayout(17, 5)).toEqual({ mode: 'small' });
    expect(chartLayout(42, 5)).toEqual({ mode: 'chart', chartRows: 7 });
  });

  it('the small layout gives the height left under the labels to the bars: 5 series', () => {
    // 80×24 leaves the tab 16 rows: the range line, then a label and two rows of bars a series
    expect(smallGraphRows(16, 5)).toBe(2);
    expect(smallGraphRows(21, 5)).toBe(3);
    expect(smallGraphRows(11, 5)).toBe(1);
    // not even one row under each label: the graph goes beside it
    expect(smallGraphRows(10, 5)).toBe(0);
  });
});

describe('the cursor', () => {
  const t0 = Date.UTC(2026, 10, 20, 14, 0);
  const points = [0, 1, 2, 4, 5].map((m) => ({ at: new Date(t0 + m * 60_000), value: m * 10 }));
  const end = t0 + 6 * 60_000;

  it('finds the exact point the column draws, and none on a gap', () => {
    // 6 minutes, 12 columns: two columns a minute
    expect(cursorPoint(points, t0, end, 12, 2)?.value).toBe(10);
    expect(cursorPoint(points, t0, end, 12, 3)?.value).toBe(10);
    expect(cursorPoint(points, t0, end, 12, 6)).toBeNull();
    expect(cursorPoint(points, t0, end, 12, 8)?.value).toBe(40);
  });

  it('says time and value, seconds within a day, the date beyond', () => {
    const p = points[1];
    expect(cursorText(p, 3600, (v) => `${v} %`)).toBe('14:01:00 10 %');
    expect(cursorText(p, 7 * 86_400, (v) => `${v} %`)).toBe('11-20 14:01 10 %');
    expect(cursorText(null, 3600, String)).toBe('no data');
  });
});
