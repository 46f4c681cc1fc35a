// Small trend graphs (CPU, traffic) in one line of block characters.

import type { ReactNode } from 'react';
import { Text } from 'ink';
import { color, type Role } from '../theme.js';

const LEVELS = '▁▂▃▄▅▆▇█';

interface SparklineOptions {
  /** Value drawn as a full block; default the series' maximum (for percentages pass 100). */
  max?: number;
  /** Value drawn as the lowest block; default 0, so a flat non-zero series does not look empty. */
  min?: number;
  /** Draw a value that is not a number (time with no data) as a space, not as zero. */
  gaps?: boolean;
}

function resample(values: readonly number[], width: number): number[] {
  const n = values.length;
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    // Each output column averages the inputs it covers when shrinking, and repeats the nearest input when
    // stretching, so a spike is neither lost nor invented.
    const from = Math.floor((i * n) / width);
    const to = Math.max(from + 1, Math.floor(((i + 1) * n) / width));
    let sum = 0;
    let count = 0;
    for (let j = from; j < to; j++) {
      if (!Number.isFinite(values[j])) continue;
      sum += values[j];
      count += 1;
    }
    // only gaps under this column: a gap
    out.push(count > 0 ? sum / count : Number.NaN);
  }
  return out;
}

/** Exactly `width` characters of `▁…█` (an empty series gives `width` spaces; all zeros give `▁`). */
export function sparkline(values: readonly number[], width: number, options: SparklineOptions = {}): string {
  if (width <= 0) return '';
  const clean = options.gaps ? values : values.map((v) => (Number.isFinite(v) ? v : 0));
  if (clean.length === 0) return ' '.repeat(width);
  const points = resample(clean, width);
  // A loop, not Math.max(...values): spreading a long history would overflow the call stack.
  let low = 0;
  let high = -Infinity;
  for (const v of clean) {
    if (!Number.isFinite(v)) continue;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const min = options.min ?? low;
  const max = options.max ?? high;
  const span = max - min;
  return points
    .map((v) => {
      if (!Number.isFinite(v)) return ' ';
      if (span <= 0) return LEVELS[0];
      const level = Math.round(((Math.min(max, Math.max(min, v)) - min) / span) * (LEVELS.length - 1));
      return LEVELS[level];
    })
    .join('');
}

interface SparklineProps extends SparklineOptions {
  values: readonly number[];
  width: number;
  role?: Role;
}

export function Sparkline({ values, width, role, ...options }: SparklineProps): ReactNode {
  return <Text color={color(role)}>{sparkline(values, width, options)}</Text>;
}
