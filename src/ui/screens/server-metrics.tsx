// The Metrics tab of a server (tui.md, "Server detail tabs", "Charts"): each series (CPU, disk reads and
// writes, network received and transmitted) across the width with its last, minimum and maximum value and
// unit; one row each on a small terminal, several rows each (components/Chart.tsx: a y-axis with maximum,
// minimum and unit, time ticks in UTC along the bottom) when the height allows. `,` and `.` move a cursor
// along time: every series says its value and time under it. `[` and `]` step the range through 1h, 6h, 24h, 7d and 30d, asked for by the service's own clock
// (the Date header of its answers), and the tab refreshes every 60 s while it is shown. Time with no point
// (before the server existed, a hole in the data) is drawn as a gap, never as a zero.

import { useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import type { MetricPoint, ServerMetrics } from '../../api/index.js';
import type { Session } from '../../session/session.js';
import { useScreenControl, type ScreenControl } from '../hooks/screen.js';
import { useResource, type Resource } from '../hooks/useResource.js';
import { sparkline } from '../components/Sparkline.js';
import { Chart, CursorRow, barRows, timeTicks, tickLine } from '../components/Chart.js';
import { bucketsOf, cursorPoint, cursorText, chartLayout, smallGraphRows, CHART_GUTTER } from './metrics-cursor.js';
import { bytesPerSecond, formatDate } from '../format.js';
import { displayWidth, padEnd, padStart, truncate } from '../text.js';
import { color } from '../theme.js';

export const METRIC_RANGES = [
  { label: '1h', seconds: 3600 },
  { label: '6h', seconds: 6 * 3600 },
  { label: '24h', seconds: 24 * 3600 },
  { label: '7d', seconds: 7 * 86400 },
  { label: '30d', seconds: 30 * 86400 },
] as const;

const METRICS_REFRESH_MS = 60_000;

interface Series {
  label: string;
  points: readonly MetricPoint[];
  format(v: number): string;
  /** the value of a full block: 100 for CPU percent; else the series' maximum */
  max?: number;
}

// a tenth below 10 (`8.1 %`), but the axis's foot is `0 %`, as the byte series' is `0 B/s`
const cpu = (v: number): string => `${v === 0 ? 0 : v < 10 ? v.toFixed(1) : Math.round(v)} %`;

export function metricSeries(m: ServerMetrics): Series[] {
  return [
    { label: 'CPU', points: m.core, format: cpu, max: 100 },
    { label: 'Disk reads', points: m.disk.reads, format: bytesPerSecond },
    { label: 'Disk writes', points: m.disk.writes, format: bytesPerSecond },
    { label: 'Net received', points: m.network.received, format: bytesPerSecond },
    { label: 'Net sent', points: m.network.transmitted, format: bytesPerSecond },
  ];
}

/**
 * The series over [start, end] as `width` columns: each column the mean of the points in its stretch of
 * time, NaN where there is none (drawn as a gap). With fewer points than columns, a column spans at least
 * one step, so regular data has no holes.
 */
export function timeColumns(points: readonly MetricPoint[], start: number, end: number, width: number): number[] {
  if (width <= 0) return [];
  const span = Math.max(1, end - start);
  const buckets = bucketsOf(points, start, end, width);
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

/** The value of a full bar: the series' own (100 % for CPU), else its highest point (1 when it has none above 0). */
function scaleMax(s: Series, stats: ReturnType<typeof seriesStats>): number {
  return s.max ?? (stats && stats.max > 0 ? stats.max : 1);
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

interface MetricsViewProps {
  session: Session;
  server: string;
  /** index into METRIC_RANGES */
  range: number;
  width: number;
  height: number;
  /** where `r` finds the tab's refresh, and `,` `.` the cursor */
  control: MutableRefObject<ScreenControl | null>;
}

const CURSOR_LEFT = 'server.cursorLeft';
const CURSOR_RIGHT = 'server.cursorRight';

/** One answer for a range: the metrics, and the range asked for (ms since the epoch, by the service's clock). */
interface MetricsAnswer {
  metrics: ServerMetrics;
  start: number;
  end: number;
  seconds: number;
}

/**
 * The tab's first line, in `width` columns: the range's dates, the cursor's, how often it is read, then the
 * range and cursor keys. What does not fit goes from the end, a whole part at a time: the keys first (the
 * footer and `?` say them), then the years of the dates, then the period; never a date cut.
 */
export function rangeLine(label: string, start: number, end: number, cursorAt: number | null, width: number): string {
  const KEYS = '[ ] range  , . cursor';
  const lines = (short: boolean) => {
    const at = (ms: number) => (short ? formatDate(new Date(ms)).slice(5) : formatDate(new Date(ms)));
    const facts = `Range ${label}: ${at(start)} → ${at(end)} UTC${cursorAt === null ? '' : ` · cursor ${at(cursorAt)}${short ? '' : ' UTC'}`}`;
    return [`${facts} · every 60 s`, facts];
  };
  const [full] = lines(false);
  const [short, shortNoPeriod] = lines(true);
  return [`${full}   ${KEYS}`, full, short].find((l) => displayWidth(l) <= width) ?? shortNoPeriod;
}

/**
 * The server's metrics over the last `seconds`, asked for by the service's clock, and again every 60 s while
 * the component that wants them is shown (the Metrics tab; the Overview's glance on a wide terminal).
 */
export function useServerMetrics(session: Session, server: string, seconds: number): Resource<MetricsAnswer> {
  return useResource(
    async (signal) => {
      // "the last hour" by the service's clock: its answers' Date header says what time it is there
      const ask = async (end: Date): Promise<MetricsAnswer> => {
        const start = new Date(end.getTime() - seconds * 1000);
        return { metrics: await session.client.servers.metrics(server, { start, end }, { signal }), start: start.getTime(), end: end.getTime(), seconds };
      };
      let answer = await ask(session.client.serviceNow());
      // the answer's own Date header may show the service's clock has jumped since the last answer we had
      // (a sped-up or manual emulator clock, a machine clock fixed meanwhile): ask again by the new time
      const now = session.client.serviceNow().getTime();
      if (Math.abs(now - answer.end) > 60_000) answer = await ask(new Date(now));
      return answer;
    },
    { intervalMs: METRICS_REFRESH_MS, deps: [server, seconds] },
  );
}

export function MetricsView(props: MetricsViewProps): ReactNode {
  const { session, server, width, height } = props;
  const range = METRIC_RANGES[props.range] ?? METRIC_RANGES[0];
  const res = useServerMetrics(session, server, range.seconds);
  const data = res.data;
  const current = data && data.seconds === range.seconds ? data : undefined;
  const series = useMemo(() => (data ? metricSeries(data.metrics) : []), [data]);

  const inner = Math.max(10, width - 2);
  const layout = chartLayout(height, series.length);
  const chartWidth = Math.max(4, inner - CHART_GUTTER);
  // the cursor: a column of the graphs (null: none yet); `,` puts it on the newest column, then steps back
  const [cursor, setCursor] = useState<number | null>(null);
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  // a new range or size: the cursor starts again
  const shape = `${range.seconds}:${layout.mode}:${width}`;
  const shapeRef = useRef(shape);
  if (shapeRef.current !== shape) {
    shapeRef.current = shape;
    if (cursor !== null) setCursor(null);
  }
  // every graph of the layout is this wide: the cursor's column is the same in all of them
  const graphWidth = layout.mode === 'chart' ? chartWidth : inner;
  const move = (by: number) => {
    const c = cursorRef.current;
    const next = c === null ? graphWidth - 1 : Math.max(0, Math.min(graphWidth - 1, c + by));
    cursorRef.current = next;
    setCursor(next);
  };
  useScreenControl(props.control, {
    sortColumns: [],
    defaultSort: null,
    refresh: res.refresh,
    handle: (id) => {
      if (id !== CURSOR_LEFT && id !== CURSOR_RIGHT) return false;
      move(id === CURSOR_LEFT ? -1 : 1);
      return true;
    },
  });

  const empty = data !== undefined && series.every((s) => seriesStats(s.points) === null);
  const labelWidth = 13;
  // sorting each series' steps is the costly part of finding its stretches: once per answer and width, not per step
  const buckets = useMemo(() => new Map(series.map((s) => [s, current ? bucketsOf(s.points, current.start, current.end, graphWidth) : 1])), [series, current, graphWidth]);
  // the cursor's time in the head: that of the point the series lines show under it (`▸ 00:36:00`), so the two
  // agree; the column's middle where no series has a point there
  const cursorAt = (c: NonNullable<typeof current>, column: number): number => {
    for (const s of series) {
      const p = cursorPoint(s.points, c.start, c.end, graphWidth, column, buckets.get(s));
      if (p) return p.at.getTime();
    }
    return c.start + ((column + 0.5) * (c.end - c.start)) / graphWidth;
  };
  // the last answer may be of the range before a [ or ]: its dates are not this range's
  const head = current
    ? rangeLine(range.label, current.start, current.end, cursor === null ? null : cursorAt(current, cursor), inner)
    : res.error
      ? `✗ ${res.error}`
      : `Range ${range.label}: loading…`;
  // the value under the cursor first, so a narrow terminal cuts the figures, not it
  const under = (s: Series): string =>
    current && cursor !== null ? `▸ ${cursorText(cursorPoint(s.points, current.start, current.end, graphWidth, cursor, buckets.get(s)), range.seconds, s.format)}   ` : '';
  const numbersOf = (s: Series, stats: ReturnType<typeof seriesStats>) =>
    under(s) + (stats ? `last ${s.format(stats.last)}  min ${s.format(stats.min)}  max ${s.format(stats.max)}` : 'no data');
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={res.error && !data ? color('error') : color('dim')} wrap="truncate">
        {' '}
        {truncate(head, inner)}
      </Text>
      {empty ? (
        <Text color={color('dim')}> no data yet for this range: a server reports once it has run a few minutes</Text>
      ) : layout.mode === 'chart' ? (
        <>
          {series.map((s) => (
            <SeriesChart key={s.label} series={s} data={current} width={chartWidth} rows={layout.chartRows} labelWidth={labelWidth} inner={inner} numbers={numbersOf(s, seriesStats(s.points))} cursor={cursor} />
          ))}
          {current ? (
            <Text color={color('dim')} wrap="truncate">
              {padStart('UTC ', CHART_GUTTER)}
              {tickLine(timeTicks(current.start, current.end, chartWidth), chartWidth, cursor)}
            </Text>
          ) : null}
        </>
      ) : (
        series.map((s) => {
          const stats = seriesStats(s.points);
          const numbers = numbersOf(s, stats);
          // the graph under its label, over the rows the height leaves (two a series at 80×24), else beside it
          const graphRows = smallGraphRows(height, series.length);
          const tall = graphRows > 0;
          const w = tall ? inner : Math.max(4, inner - labelWidth - 1 - displayWidth(numbers) - 2);
          const columns = current ? timeColumns(s.points, current.start, current.end, w) : [];
          const graph = graphRows > 1 ? barRows(columns, graphRows, 0, scaleMax(s, stats)) : [current ? gappedSparkline(columns, s.max) : ''];
          // beside the label, the graph is narrower than the others: the cursor is drawn where `inner` wide ones have it
          const c = cursor === null ? null : tall ? cursor : Math.floor((cursor * w) / inner);
          return tall ? (
            <Box key={s.label} flexDirection="column">
              <Text wrap="truncate">
                {' '}
                <Text color={color('accent')}>{padEnd(s.label, labelWidth)}</Text>
                {truncate(numbers, inner - labelWidth)}
              </Text>
              {graph.map((row, i) => (
                <Text key={i} wrap="truncate">
                  {' '}
                  {/* the cursor on the bottom row, as the charts of a larger terminal draw it */}
                  <CursorRow text={row} cursor={i === graph.length - 1 ? c : null} />
                </Text>
              ))}
            </Box>
          ) : (
            <Text key={s.label} wrap="truncate">
              {' '}
              <Text color={color('accent')}>{padEnd(s.label, labelWidth)}</Text> <CursorRow text={graph[0] ?? ''} cursor={c} />  {numbers}
            </Text>
          );
        })
      )}
    </Box>
  );
}

/** One series over several rows: its label line with the figures, then the chart with its y-axis. */
function SeriesChart(props: {
  series: Series;
  data: { start: number; end: number } | undefined;
  width: number;
  rows: number;
  labelWidth: number;
  inner: number;
  numbers: string;
  cursor: number | null;
}): ReactNode {
  const { series: s, data, width } = props;
  // the columns only change with the data or the width: a cursor step redraws without going through the points
  const columns = useMemo(() => (data ? timeColumns(s.points, data.start, data.end, width) : []), [s.points, data, width]);
  const stats = seriesStats(s.points);
  const max = scaleMax(s, stats);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        {' '}
        <Text color={color('accent')}>{padEnd(s.label, props.labelWidth)}</Text>
        {truncate(props.numbers, props.inner - props.labelWidth)}
      </Text>
      <Chart columns={columns} height={props.rows} min={0} max={max} maxLabel={s.format(max)} minLabel={s.format(0)} gutter={CHART_GUTTER} cursor={props.cursor} />
    </Box>
  );
}
