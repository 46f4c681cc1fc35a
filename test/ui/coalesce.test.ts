import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesced } from '../../src/ui/hooks/coalesce.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('background news drawn at most once per frame interval', () => {
  it('the first change of a quiet spell is drawn at once, the burst after it once at the interval’s end', async () => {
    vi.useFakeTimers();
    const drawn: number[] = [];
    const c = coalesced(() => drawn.push(performance.now()), 40);
    c.notify();
    c.notify();
    await Promise.resolve();
    expect(drawn).toHaveLength(1);
    // a hundred answers in the next 30 ms: one more frame, not a hundred
    for (let i = 0; i < 100; i++) c.notify();
    await vi.advanceTimersByTimeAsync(30);
    expect(drawn).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15);
    expect(drawn).toHaveLength(2);
    // quiet again: the next change is drawn at once
    await vi.advanceTimersByTimeAsync(100);
    c.notify();
    await Promise.resolve();
    expect(drawn).toHaveLength(3);
  });

  it('nothing is drawn after cancel', async () => {
    vi.useFakeTimers();
    let n = 0;
    const c = coalesced(() => (n += 1), 40);
    c.notify();
    await Promise.resolve();
    c.notify();
    c.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(n).toBe(1);
  });
});
