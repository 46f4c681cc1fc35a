// The Metrics tab: sparklines per series with last/min/max and units, the range stepped with [ and ], asked
// for by the service's clock; gaps where there is no data, never zeros.
import { afterEach, describe, expect, it, test } from 'vitest';
import { METRIC_RANGES, gappedSparkline, rangeLine, seriesStats, timeColumns } from '../../../src/ui/screens/server-metrics.js';
import { displayWidth } from '../../../src/ui/text.js';
import { keys } from '../helpers.js';
import { demoAwayFromSchedule, startApp, type Harness } from '../app/harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const pt = (minute: number, value: number) => ({ at: new Date(minute * 60_000), value });

describe('drawing a series', () => {
  it('a stretch of time without points is a gap, not a zero; regular points leave no holes', () => {
    // points every minute for 10 minutes, none for the next 10, then 10 again
    const points = [...Array.from({ length: 10 }, (_, i) => pt(i, 50)), ...Array.from({ length: 10 }, (_, i) => pt(20 + i, 100))];
    const cols = timeColumns(points, 0, 30 * 60_000, 30);
    const line = gappedSparkline(cols, 100);
    expect(line).toHaveLength(30);
    expect(line.slice(0, 10)).toBe('▅'.repeat(10));
    expect(line.slice(10, 20)).toBe(' '.repeat(10));
    expect(line.slice(20)).toBe('█'.repeat(10));
    // fewer points than columns: each point widens, no gaps between them
    expect(gappedSparkline(timeColumns(points.slice(0, 10), 0, 10 * 60_000, 40), 100)).toBe('▅'.repeat(40));
    // nothing before the server existed
    expect(gappedSparkline(timeColumns([pt(5, 10), pt(6, 10), pt(7, 10), pt(8, 10), pt(9, 10)], 0, 10 * 60_000, 10), 10)).toBe('     █████');
  });

  it('last, min and max skip missing values; no value at all is no stats', () => {
    expect(seriesStats([pt(0, 3), pt(1, NaN), pt(2, 9), pt(3, 5)])).toEqual({ last: 5, min: 3, max: 9 });
    expect(seriesStats([])).toBeNull();
  });
});

test("the tab's first line gives up the keys, then the dates' years, then the period: never a date cut", () => {
  const start = Date.UTC(2026, 11, 1, 23, 22);
  const end = Date.UTC(2026, 11, 2, 0, 22);
  const cursor = Date.UTC(2026, 11, 2, 0, 1);
  expect(rangeLine('1h', start, end, null, 200)).toBe('Range 1h: 2026-12-01 23:22 → 2026-12-02 00:22 UTC · every 60 s   [ ] range  , . cursor');
  // 80 columns: the keys go (the footer and ? have them); with the cursor, the years too
  expect(rangeLine('1h', start, end, null, 77)).toBe('Range 1h: 2026-12-01 23:22 → 2026-12-02 00:22 UTC · every 60 s');
  expect(rangeLine('1h', start, end, cursor, 77)).toBe('Range 1h: 12-01 23:22 → 12-02 00:22 UTC · cursor 12-02 00:01 · every 60 s');
  expect(rangeLine('1h', start, end, cursor, 100)).toBe('Range 1h: 2026-12-01 23:22 → 2026-12-02 00:22 UTC · cursor 2026-12-02 00:01 UTC · every 60 s');
  expect(rangeLine('1h', start, end, cursor, 140)).toMatch(/ · every 60 s   \[ \] range  , \. cursor$/);
  // at the narrowest terminal there is (80 columns) and wider, the line fits whole, whatever the range
  for (const width of [77, 100, 140]) for (const c of [null, cursor]) expect(displayWidth(rangeLine('30d', start, end, c, width))).toBeLessThanOrEqual(width);
});

test('the Metrics tab shows every series with its unit, moves with the clock, and [ ] step the range', async () => {
  h = await startApp({ height: 36 });
  await h.waitFor((f) => /│›ec206901/.test(f));
  await h.press(keys.enter);
  await h.waitFor('Server web-1 (ec206901)');
  await h.press('2');
  let f = await h.waitFor(/Range 1h: \d{4}-\d\d-\d\d \d\d:\d\d → /);
  expect(f).toContain('2 Metrics 1h');
  for (const label of ['CPU', 'Disk reads', 'Disk writes', 'Net received', 'Net sent']) expect(f).toMatch(new RegExp(`${label} +last `));
  expect(f).toMatch(/CPU +last [\d.]+ %  min [\d.]+ %  max [\d.]+ %/);
  expect(f).toMatch(/Disk reads +last [\d.]+ [KMG]?B\/s/);
  expect(f).toMatch(/[▁▂▃▄▅▆▇█]{40,}/);
  const endOf = (frame: string) => / → (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(frame)![1];
  const before = endOf(f);

  // the service's clock moves on two hours: the range follows it, not this machine's clock
  h.advance(7200);
  await h.press('r');
  f = await h.waitFor((fr) => /Range 1h/.test(fr) && endOf(fr) !== before);
  expect(new Date(`${endOf(f)}Z`).getTime() - new Date(`${before}Z`).getTime()).toBeGreaterThanOrEqual(7140_000);

  await h.press(']');
  f = await h.waitFor('Range 6h');
  expect(f).toContain('2 Metrics 6h');
  await h.press(']', ']', ']', ']');
  await h.waitFor(`Range ${METRIC_RANGES[METRIC_RANGES.length - 1].label}`);
  await h.press('[');
  await h.waitFor('Range 7d');
});

test('on a tall terminal each chart has its y-axis: CPU from 0 % to 100 %, bytes from 0 B/s', async () => {
  h = await startApp({ width: 140, height: 60 });
  await h.waitFor((f) => /│›ec206901/.test(f));
  await h.press(keys.enter);
  await h.waitFor('Server web-1 (ec206901)');
  await h.press('2');
  const f = await h.waitFor((fr) => /Net sent +last/.test(fr) && / 0 B\/s ┤/.test(fr));
  expect(f).toMatch(/│ +100 % ┤/);
  expect(f).toMatch(/│ +0 % ┤/);
  expect(f).not.toMatch(/0\.0 % ┤/);
});

test('at 80×24 the series fill the tab: two rows of bars under each label, no blank rows below the last', async () => {
  // (the panel keeps its two rows: no weekly snapshot in flight, whatever day this runs)
  h = await startApp({ width: 80, height: 24, emulator: demoAwayFromSchedule() });
  await h.waitFor((f) => /│›ec206901/.test(f));
  await h.press(keys.enter);
  await h.waitFor('Server web-1 (ec206901)');
  await h.press('2');
  const f = await h.waitFor((fr) => /Range 1h/.test(fr) && /Net sent +last/.test(fr));
  const lines = f.split('\n');
  const labels = ['CPU', 'Disk reads', 'Disk writes', 'Net received', 'Net sent'].map((label) => lines.findIndex((l) => new RegExp(`^│ ${label} +last `).test(l)));
  // each label is followed by two rows of bars, and the next label comes right after them
  for (const [i, at] of labels.entries()) {
    expect(at, `${i}`).toBeGreaterThan(0);
    for (const row of [lines[at + 1], lines[at + 2]]) expect(row).toMatch(/^│ [▁▂▃▄▅▆▇█ ]{70,}│$/);
    if (i + 1 < labels.length) expect(labels[i + 1]).toBe(at + 3);
  }
  // stacked bars: a column reaches the top row only over a full bottom cell, and a series scaled to its own
  // highest point (the disk's) fills the top cell of that point's column
  for (const at of labels) {
    const [top, bottom] = [[...lines[at + 1]], [...lines[at + 2]]];
    top.forEach((cell, i) => {
      if (/[▁▂▃▄▅▆▇█]/.test(cell)) expect(bottom[i], `column ${i}`).toBe('█');
    });
  }
  expect(lines[labels[1] + 1]).toContain('█');
  // below Net sent's bars comes the action panel's border: the tab's rows are all used
  expect(lines[labels[4] + 3]).toMatch(/^├ Actions/);
  // the cursor is on each series' bottom row
  await h.press(',');
  const c = await h.waitFor(/CPU +▸ \d\d:\d\d:\d\d [\d.]+ %/);
  // the head says the cursor's time as the series do (it said the column's middle, a minute before CPU's point)
  expect(/ · cursor \d\d-\d\d (\d\d:\d\d) · /.exec(c)?.[1]).toBe(/CPU +▸ (\d\d:\d\d):\d\d/.exec(c)![1]);
  const cpuBars = c.split('\n').slice(labels[0] + 1, labels[0] + 3);
  // on the newest column, drawn on the bottom row only (as │ without colours)
  const inside = (row: string) => row.slice(1, -1);
  expect(inside(cpuBars[1])).toContain('│');
  expect(inside(cpuBars[0])).not.toContain('│');
});

test('a server created a moment ago has no metrics yet, and says so', async () => {
  h = await startApp({ height: 36 });
  await h.waitFor('api-3');
  await h.client.servers.create({ plan: 'eCS1', location: 'it-fr2', image: 'debian-12', notes: 'brand-new' });
  await h.press('r');
  await h.waitFor('brand-new');
  // sorted by name, the newest server is the last row
  await h.press('G');
  await h.waitFor((f) => /│›ec2\d{5} +brand-new/.test(f));
  await h.press(keys.enter);
  await h.waitFor('Server brand-new');
  await h.press('2');
  await h.waitFor('no data yet for this range');
});
