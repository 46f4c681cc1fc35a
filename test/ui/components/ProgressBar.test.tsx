import { afterEach, describe, expect, it } from 'vitest';
import { render, cleanup } from 'ink-testing-library';
import { ProgressBar, estimateRemaining, formatEta, progressBar } from '../../../src/ui/components/ProgressBar.js';
import { Sparkline, sparkline } from '../../../src/ui/components/Sparkline.js';
import { waitForFrame } from '../helpers.js';

afterEach(() => cleanup());

describe('progress', () => {
  it('draws a bar of the given width', () => {
    expect(progressBar(55, 20)).toBe('███████████░░░░░░░░░');
    expect(progressBar(0, 5)).toBe('░░░░░');
    expect(progressBar(100, 5)).toBe('█████');
    expect(progressBar(250, 4)).toBe('████');
    expect(progressBar(Number.NaN, 4)).toBe('░░░░');
  });

  it('formats the time left', () => {
    expect(formatEta(27)).toBe('~27s left');
    expect(formatEta(0.2)).toBe('~1s left');
    expect(formatEta(180)).toBe('~3m left');
    expect(formatEta(3900)).toBe('~1h 5m left');
    expect(formatEta(7200)).toBe('~2h left');
    expect(formatEta(null)).toBe('');
    expect(formatEta(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('estimates the time left from the rate so far', () => {
    expect(estimateRemaining([])).toBeNull();
    expect(estimateRemaining([{ at: 0, progress: 10 }])).toBeNull();
    expect(estimateRemaining([{ at: 0, progress: 10 }, { at: 5000, progress: 10 }])).toBeNull();
    // 10% → 55% in 9 s: 5%/s, 45% to go: 9 s.
    expect(estimateRemaining([{ at: 1000, progress: 10 }, { at: 4000, progress: 30 }, { at: 10_000, progress: 55 }])).toBeCloseTo(9);
    expect(estimateRemaining([{ at: 10_000, progress: 55 }, { at: 1000, progress: 10 }])).toBeCloseTo(9);
    expect(estimateRemaining([{ at: 0, progress: 0 }, { at: 1000, progress: 100 }])).toBe(0);
  });

  it('renders bar and percent', async () => {
    const { lastFrame } = render(<ProgressBar percent={55} width={10} />);
    expect(await waitForFrame(lastFrame, (f) => f.includes('%'))).toBe('██████░░░░  55%');
  });
});

describe('sparkline', () => {
  it('maps values to block heights', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8)).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([50, 100], 2, { max: 100 })).toBe('▅█');
  });

  it('resamples to the width', () => {
    expect(sparkline([0, 0, 7, 7], 2)).toBe('▁█');
    expect(sparkline([0, 7], 4)).toBe('▁▁██');
    expect(sparkline(Array.from({ length: 100_000 }, (_, i) => i % 10), 10)).toHaveLength(10);
  });

  it('handles empty, all-zero and broken series', () => {
    expect(sparkline([], 5)).toBe('     ');
    expect(sparkline([0, 0, 0], 3)).toBe('▁▁▁');
    expect(sparkline([Number.NaN, 7], 2)).toBe('▁█');
    expect(sparkline([1, 2], 0)).toBe('');
  });

  it('renders', async () => {
    const { lastFrame } = render(<Sparkline values={[0, 7]} width={2} />);
    expect(await waitForFrame(lastFrame, (f) => f.length > 0)).toBe('▁█');
  });
});
