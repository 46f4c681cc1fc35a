// A chart over several rows, for a terminal with room (the Metrics tab at 140×40 and wider): each column a
// bar of block cells in eighths (`▁▂▃▄▅▆▇█`, stacked: a column of N rows has 8N levels), a y-axis on the left
// with the maximum on the top row and the minimum on the bottom one (with the unit), and a cursor column.
// Block cells rather than braille: a filled bar reads as a value at a glance and in any font (checked in tmux
// at 200×50 over 1h and 30d), where braille's dots are thin and depend on the font. Time with no data stays a gap
// (a blank column); a value at the minimum still draws its lowest eighth, so it is not mistaken for a gap.

import { memo, useMemo, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { color, colorEnabled, type Role } from '../theme.js';
import { padStart } from '../text.js';

const EIGHTHS = ' ▁▂▃▄▅▆▇█';

/** The rows of the bars, top row first: `height` strings of `columns.length` characters. */
export function barRows(columns: readonly number[], height: number, min: number, max: number): string[] {
  const levels = height * 8;
  const span = max - min;
  const heights = columns.map((v) => {
    if (!Number.isFinite(v)) return -1;
    if (span <= 0) return 1;
    return Math.max(1, Math.round(((Math.min(max, Math.max(min, v)) - min) / span) * levels));
  });
  const rows: string[] = [];
  for (let r = height - 1; r >= 0; r--) {
    let line = '';
    for (const h of heights) line += h < 0 ? ' ' : EIGHTHS[Math.max(0, Math.min(8, h - r * 8))];
    rows.push(line);
  }
  return rows;
}

interface Tick {
  column: number;
  label: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 5 * DAY, 7 * DAY];
const two = (n: number): string => (n < 10 ? '0' : '') + n;

/** `14:00` for steps under a day, `11-20` (month-day, UTC) for a day or more. */
function tickLabel(at: number, step: number): string {
  const d = new Date(at);
  return step >= DAY ? `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}` : `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** Round UTC times across [start, end] at the smallest step whose labels do not touch, placed by column; a label that would not fit whole is left out. */
export function timeTicks(start: number, end: number, width: number): Tick[] {
  const span = end - start;
  if (width <= 0 || span <= 0) return [];
  const step = STEPS.find((s) => (s / span) * width >= 8) ?? STEPS[STEPS.length - 1];
  const ticks: Tick[] = [];
  for (let t = Math.ceil(start / step) * step; t <= end; t += step) {
    const column = Math.floor(((t - start) / span) * width);
    const label = tickLabel(t, step);
    // whole or not at all: `╵00:1` at the right edge reads as another time
    if (column + 1 + label.length <= width) ticks.push({ column, label });
  }
  return ticks;
}

/** The axis line: each label starting at its tick's column, `width` characters; `▲` under the cursor. */
export function tickLine(ticks: readonly Tick[], width: number, cursor: number | null = null): string {
  const cells = new Array<string>(width).fill(' ');
  for (const t of ticks) {
    const text = `╵${t.label}`;
    for (let i = 0; i < text.length && t.column + i < width; i++) cells[t.column + i] = text[i]!;
  }
  if (cursor !== null && cursor >= 0 && cursor < width) cells[cursor] = '▲';
  return cells.join('');
}

interface ChartProps {
  /** one value a column, NaN for no data */
  columns: readonly number[];
  height: number;
  min: number;
  max: number;
  /** the axis labels, with their unit: `100 %`, `0 B/s` */
  maxLabel: string;
  minLabel: string;
  gutter: number;
  /** the cursor's column, or null for none */
  cursor: number | null;
  role?: Role;
}

/**
 * Rows of bars with the y-axis in a gutter of `gutter` columns; the cursor's cell inverse (or `│` in mono) on
 * the bottom row only: a cursor step then renders one row a series again, not all of them (the others are
 * memoized, and Ink's patched output reuses the lines that did not change), and the axis below marks the
 * column with `▲`.
 */
export const Chart = memo(function Chart(props: ChartProps): ReactNode {
  const rows = useMemo(() => barRows(props.columns, props.height, props.min, props.max), [props.columns, props.height, props.min, props.max]);
  return (
    <Box flexDirection="column">
      {rows.map((row, i) => {
        const label = i === 0 ? props.maxLabel : i === rows.length - 1 ? props.minLabel : '';
        const axis = `${padStart(label, props.gutter - 2)} ${label ? '┤' : '│'}`;
        return <ChartRow key={i} axis={axis} text={row} cursor={i === rows.length - 1 ? props.cursor : null} role={props.role} />;
      })}
    </Box>
  );
});

/** One row of a Chart: the same props (an upper row on a cursor step) render nothing again. */
const ChartRow = memo(function ChartRow(props: { axis: string; text: string; cursor: number | null; role?: Role }): ReactNode {
  return (
    <Text wrap="truncate">
      <Text color={color('dim')}>{props.axis}</Text>
      <CursorRow text={props.text} cursor={props.cursor} role={props.role} />
    </Text>
  );
});

/** One line of graph (a sparkline) with the cursor's cell drawn inverse (`│` where it is empty, and in mono). */
export function CursorRow(props: { text: string; cursor: number | null; role?: Role }): ReactNode {
  const { text, cursor: c } = props;
  if (c === null || c < 0 || c >= text.length) return <Text color={color(props.role)}>{text}</Text>;
  const under = text[c];
  const inverse = colorEnabled();
  return (
    <>
      <Text color={color(props.role)}>{text.slice(0, c)}</Text>
      <Text inverse={inverse}>{inverse && under !== ' ' ? under : '│'}</Text>
      <Text color={color(props.role)}>{text.slice(c + 1)}</Text>
    </>
  );
}
