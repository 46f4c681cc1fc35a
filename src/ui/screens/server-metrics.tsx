// The Metrics tab of a server (tui.md, "Server detail tabs"): one sparkline per series (CPU, disk reads and
// writes, network received and transmitted) across the width, each with its last, minimum and maximum value
// and unit. `[` and `]` step the range through 1h, 6h, 24h, 7d and 30d, asked for by the service's own clock
// (the Date header of its answers), and the tab refreshes every 60 s while it is shown. Time with no point
// (before the server existed, a hole in the data) is drawn as a gap, never as a zero.

import { useMemo, type MutableRefObject, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { MetricPoint, ServerMetrics } from '../../api/index.js';
import type { Session } from '../../session/session.js';
import { useScreenControl, type ScreenControl } from '../hooks/screen.js';
import { useResource } from '../hooks/useResource.js';
import { sparkline } from '../components/Sparkline.js';
import { bytesPerSecond, formatDate } from '../format.js';
import { displayWidth, padEnd, truncate } from '../text.js';
import { color } from '../theme.js';

export const METRIC_RANGES = [
  { label: '1h', seconds: 3600 },
  { label: '6h', seconds: 6 * 3600 },
  { label: '24h', seconds: 24 * 3600 },
  { label: '7d', seconds: 7 * 86400 },
  { label: '30d', seconds: 30 * 86400 },
] as const;

const METRICS_REFRESH_MS = 60_000;

export interface Series {
  label: string;
  points: readonly MetricPoint[];
  format(v: number): string;
  /** the value of a full block: 100 for CPU percent; else the series' maximum */
  max?: number;
}

const cpu = (v: number): string => `${v < 10 ? v.toFixed(1) : Math.round(v)} %`;

function metricSeries(m: ServerMetrics): Series[] {
  return [
    { label: 'CPU', points: m.core, format: cpu, max: 100 },
    { label: 'Disk reads', points: m.disk.reads, format: bytesPerSecond },
    { label: 'Disk writes', points: m.disk.writes, format: bytesPerSecond },
    { label: 'Net received', points: m.network.received, format: bytesPerSecond },
    { label: 'Net sent', points: m.network.transmitted, format: bytesPerSecond },
  ];
}

/** The usual spacing of the points (their median step), at least a minute. */
function stepOf(points: readonly MetricPoint[]): number {
  const steps: number[] = [];
  for (let i = 1; i < points.length; i++) steps.push(points[i].at.getTime() - points[i - 1].at.getTime());
  steps.sort((a, b) => a - b);
  return Math.max(60_000, steps[Math.floor(steps.length / 2)] ?? 60_000);
}

/**
 * The series over [start, end] as `width` columns: each column the mean of the points in its stretch of
 * time, NaN where there is none (drawn as a gap). With fewer points than columns, a column spans at least
 * one step, so regular data has no holes.
 */
export function timeColumns(points: readonly MetricPoint[], start: number, end: number, width: number): number[] {
  if (width <= 0) return [];
  const span = Math.max(1, end - start);
  const buckets = Math.max(1, Math.min(width, Math.round(span / stepOf(points))));
  const sum = new Array<number>(buckets).fill(0);
  const count = new Array<number>(buckets).fill(0);
  for (const p of points) {
    const t = p.at.getTime();
    if (t < start || t > end || !Number.isFinite(p.value)) continue;
    const b = Math.min(buckets - 1, Math.floor(((t - start) / span) * buckets));
    sum[b] += p.value;
    count[b] += 1;
  }
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    const b = Math.min(buckets - 1, Math.floor((i * buckets) / width));
    out.push(count[b] > 0 ? sum[b] / count[b] : NaN);
  }
  return out;
}

/** `▁…█` per column, a space for a gap; scaled from 0 to `max` (default the highest value). */
export function gappedSparkline(columns: readonly number[], max?: number): string {
  return sparkline(columns, columns.length, { max, gaps: true });
}

export function seriesStats(points: readonly MetricPoint[]): { last: number; min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  let last: number | undefined;
  for (const p of points) {
    if (!Number.isFinite(p.value)) continue;
    if (p.value < min) min = p.value;
    if (p.value > max) max = p.value;
    last = p.value;
  }
  return last === undefined ? null : { last, min, max };
}

export interface MetricsViewProps {
  session: Session;
  server: string;
  /** index into METRIC_RANGES */
  range: number;
  width: number;
  height: number;
  /** where `r` finds the tab's refresh */
  control: MutableRefObject<ScreenControl | null>;
}

export function MetricsView(props: MetricsViewProps): ReactNode {
  const { session, server, width, height } = props;
  const range = METRIC_RANGES[props.range] ?? METRIC_RANGES[0];
  const res = useResource(
    async (signal) => {
      // "the last hour" by the service's clock: its answers' Date header says what time it is there
      const ask = async (end: Date) => {
        const start = new Date(end.getTime() - range.seconds * 1000);
        return { metrics: await session.client.servers.metrics(server, { start, end }, { signal }), start: start.getTime(), end: end.getTime(), seconds: range.seconds };
      };
      let answer = await ask(session.client.serviceNow());
      // the answer's own Date header may show the service's clock has jumped since the last answer we had
      // (a sped-up or manual emulator clock, a machine clock fixed meanwhile): ask again by the new time
      const now = session.client.serviceNow().getTime();
      if (Math.abs(now - answer.end) > 60_000) answer = await ask(new Date(now));
      return answer;
    },
    { intervalMs: METRICS_REFRESH_MS, deps: [server, range.seconds] },
  );
  useScreenControl(props.control, { sortColumns: [], defaultSort: null, refresh: res.refresh });
  const data = res.data;
  const series = useMemo(() => (data ? metricSeries(data.metrics) : []), [data]);

  const inner = Math.max(10, width - 2);
  // the last answer may be of the range before a [ or ]: its dates are not this range's
  const head = data && data.seconds === range.seconds
    ? `Range ${range.label}: ${formatDate(new Date(data.start))} → ${formatDate(new Date(data.end))} UTC   [ ] change   every 60 s`
    : res.error
      ? `✗ ${res.error}`
      : `Range ${range.label}: loading…`;
  const empty = data !== undefined && series.every((s) => seriesStats(s.points) === null);
  // two lines a series when there is room, else the graph beside the label
  const tall = height >= 1 + series.length * 2;
  const labelWidth = 13;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={res.error && !data ? color('error') : color('dim')} wrap="truncate">
        {' '}
        {truncate(head, inner)}
      </Text>
      {empty ? (
        <Text color={color('dim')}> no data yet for this range: a server reports once it has run a few minutes</Text>
      ) : (
        series.map((s) => {
          const stats = seriesStats(s.points);
          const numbers = stats ? `last ${s.format(stats.last)}  min ${s.format(stats.min)}  max ${s.format(stats.max)}` : 'no data';
          const graphWidth = tall ? inner : Math.max(4, inner - labelWidth - 1 - displayWidth(numbers) - 2);
          const graph = data ? gappedSparkline(timeColumns(s.points, data.start, data.end, graphWidth), s.max) : '';
          return tall ? (
            <Box key={s.label} flexDirection="column">
              <Text wrap="truncate">
                {' '}
                <Text color={color('accent')}>{padEnd(s.label, labelWidth)}</Text>
                {truncate(numbers, inner - labelWidth)}
              </Text>
              <Text wrap="truncate"> {graph}</Text>
            </Box>
          ) : (
            <Text key={s.label} wrap="truncate">
              {' '}
              <Text color={color('accent')}>{padEnd(s.label, labelWidth)}</Text> {graph}  {numbers}
            </Text>
          );
        })
      )}
    </Box>
  );
}
