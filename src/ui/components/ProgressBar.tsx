// Progress of a long action. The estimate comes from the rate observed so far, because the service reports
// only a percentage; it is null until progress has actually moved, rather than a made-up number.

import type { ReactNode } from 'react';
import { Text } from 'ink';
import { color, type Role } from '../theme.js';

interface ProgressSample {
  /** Milliseconds (any clock, as long as all samples use the same one). */
  at: number;
  /** Percent, 0–100. */
  progress: number;
}

const clampPercent = (p: number): number => (Number.isFinite(p) ? Math.min(100, Math.max(0, p)) : 0);

/** `███████░░░` exactly `width` wide. */
export function progressBar(percent: number, width: number): string {
  if (width <= 0) return '';
  const filled = Math.round((clampPercent(percent) / 100) * width);
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/** `~27s left`, `~3m left`, `~1h 5m left`; empty when unknown. */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `~${s}s left`;
  if (s < 3600) return `~${Math.round(s / 60)}m left`;
  let h = Math.floor(s / 3600);
  let m = Math.round((s - h * 3600) / 60);
  if (m === 60) {
    h += 1;
    m = 0;
  }
  return m === 0 ? `~${h}h left` : `~${h}h ${m}m left`;
}

/**
 * Seconds left after the last sample, from the average rate between the first and the last sample.
 * Null with fewer than two samples, or when progress has not moved forward.
 */
export function estimateRemaining(samples: readonly ProgressSample[]): number | null {
  if (samples.length < 2) return null;
  const sorted = [...samples].sort((a, b) => a.at - b.at);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const done = clampPercent(last.progress);
  if (done >= 100) return 0;
  const moved = done - clampPercent(first.progress);
  const elapsed = last.at - first.at;
  if (moved <= 0 || elapsed <= 0) return null;
  return ((100 - done) / moved) * (elapsed / 1000);
}

interface ProgressBarProps {
  /** 0–100. */
  percent: number;
  width: number;
  /** Default true: ` 55%` after the bar. */
  showPercent?: boolean;
  role?: Role;
}

export function ProgressBar({ percent, width, showPercent = true, role }: ProgressBarProps): ReactNode {
  const p = clampPercent(percent);
  return (
    <Text wrap="truncate">
      <Text color={color(role)}>{progressBar(p, width)}</Text>
      {showPercent ? ` ${String(Math.floor(p)).padStart(3)}%` : ''}
    </Text>
  );
}
