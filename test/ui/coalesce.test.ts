import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesced } from '../../src/ui/hooks/coalesce.js';

afterEach(() => {
  vi.useRealTimers();
});

// (each test its own interval: subscribers with one interval share one schedule)

describe('background news: drawn as it comes, at most 25 frames a second while it floods', () => {
  it('news now and then is drawn at once, many pieces of one turn together', async () => {
    vi.useFakeTimers();
    let n = 0;
    const c = coalesced(() => (n += 1), 41);
    for (let round = 1; round <= 3; round++) {
      c.notify();
      c.notify();
      await Promise.resolve();
      expect(n).toBe(round);
      await vi.advanceTimersByTimeAsync(100);
    }
  });

  it('a flood (a bulk action answered a hundred times a second) is drawn once per interval', async () => {
    vi.useFakeTimers();
    const drawn: number[] = [];
    const c = coalesced(() => drawn.push(performance.now()), 42);
    // news every 10 ms for a second
    for (let i = 0; i < 100; i++) {
      c.notify();
      await vi.advanceTimersByTimeAsync(10);
    }
    // the first few at once, then no two closer than the interval
    expect(drawn.length).toBeGreaterThan(20);
    expect(drawn.length).toBeLessThan(35);
    const gaps = drawn.slice(6).map((t, i) => t - drawn[5 + i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(41);
    // quiet again: the next piece is drawn at once
    await vi.advanceTimersByTimeAsync(500);
    const before = drawn.length;
    c.notify();
    await Promise.resolve();
    expect(drawn.length).toBe(before + 1);
  });

  it('news that changes the panel and the header draws both in the same turn, flood or not', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const panel = coalesced(() => order.push('panel'), 43);
    const header = coalesced(() => order.push('header'), 43);
    panel.notify();
    header.notify();
    await Promise.resolve();
    expect(order).toEqual(['panel', 'header']);
  });

  it('nothing is drawn after cancel', async () => {
    vi.useFakeTimers();
    let n = 0;
    const c = coalesced(() => (n += 1), 44);
    c.notify();
    c.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(n).toBe(0);
  });
});
