// The Metrics tab's time cursor and its layout, apart from drawing: which point lies under the cursor's column
// (the exact value and time the service reported, not a column's mean), and how many rows each series gets.
import type { MetricPoint } from '../../api/index.js';

/** Columns left of a chart for its y-axis labels (`12.5 KB/s ┤`). */
export const CHART_GUTTER = 13;

type MetricsLayout = { mode: 'chart'; chartRows: number } | { mode: 'small' };

/**
 * Several rows a series once each can have at least three rows of bars under its label line, the head and the
 * time axis taken off; one row each (the layout of a small terminal, 80×24) otherwise.
 */
export function chartLayout(height: number, series: number): MetricsLayout {
  if (series <= 0) return { mode: 'small' };
  const per = Math.floor((height - 2) / series);
  return per - 1 >= 3 ? { mode: 'chart', chartRows: per - 1 } : { mode: 'small' };
}

/**
 * Rows of bars a series has in the small layout, under its label line: what the height leaves once each series
 * has its label (two rows a series at 80×24: the space is filled, not left blank below the last one); 0 when
 * even one row under each label does not fit (the graph then goes beside its label).
 */
export function smallGraphRows(height: number, series: number): number {
  if (series <= 0 || height < 1 + series * 2) return 0;
  return Math.floor((height - 1) / series) - 1;
}

/** The usual spacing of the points (their median step), at least a minute. */
function stepOf(points: readonly MetricPoint[]): number {
  const steps: number[] = [];
  for (let i = 1; i < points.length; i++) steps.push(points[i].at.getTime() - points[i - 1].at.getTime());
  steps.sort((a, b) => a - b);
  return Math.max(60_000, steps[Math.floor(steps.length / 2)] ?? 60_000);
}

/**
 * How many stretches of time `width` columns over [start, end] stand for: one a column, or one a step of the
 * points when there are fewer points than columns (a stretch then spans several columns, with no holes).
 */
export function bucketsOf(points: readonly MetricPoint[], start: number, end: number, width: number): number {
  const span = Math.max(1, end - start);
  return Math.max(1, Math.min(width, Math.round(span / stepOf(points))));
}

/** The first index whose time is at or after `t` (points in time order). */
function firstAtOrAfter(points: readonly MetricPoint[], t: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid].at.getTime() < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The point nearest the middle of `column` among those inside the stretch of time the column draws (the same
 * stretch timeColumns averages); null where the column is a gap. A binary search: cheap on 30 days of points
 * at every cursor step.
 */
export function cursorPoint(points: readonly MetricPoint[], start: number, end: number, width: number, column: number, buckets = bucketsOf(points, start, end, width)): MetricPoint | null {
  if (width <= 0 || points.length === 0) return null;
  const span = Math.max(1, end - start);
  const b = Math.min(buckets - 1, Math.floor((column * buckets) / width));
  const from = start + (b * span) / buckets;
  const to = start + ((b + 1) * span) / buckets;
  const mid = start + ((column + 0.5) * span) / width;
  let best: MetricPoint | null = null;
  for (let i = Math.max(0, firstAtOrAfter(points, mid) - 1); i < points.length; i++) {
    const p = points[i];
    const t = p.at.getTime();
    // a point at the stretch's very end is the next stretch's (as timeColumns counts it), but for the last one
    if (t > to || (t === to && b < buckets - 1)) break;
    if (t < from || !Number.isFinite(p.value)) continue;
    if (!best || Math.abs(t - mid) < Math.abs(best.at.getTime() - mid)) best = p;
  }
  if (best) return best;
  // the nearest was not beside the middle: look through the whole stretch
  for (let i = firstAtOrAfter(points, from); i < points.length; i++) {
    const p = points[i];
    const t = p.at.getTime();
    if (t > to || (t === to && b < buckets - 1)) break;
    if (Number.isFinite(p.value)) return p;
  }
  return null;
}

const two = (n: number): string => (n < 10 ? '0' : '') + n;

/** `14:03:20 12.3 %` within a day's range, `11-20 14:03 12.3 %` over longer ones; `no data` on a gap. */
export function cursorText(point: MetricPoint | null, rangeSeconds: number, format: (v: number) => string): string {
  if (!point) return 'no data';
  const d = point.at;
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  const when = rangeSeconds > 86_400 ? `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${time}` : `${time}:${two(d.getUTCSeconds())}`;
  return `${when} ${format(point.value)}`;
}
