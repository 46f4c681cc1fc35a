// The code cache's write (tens of milliseconds) waits for a pause in the typing: it never lands between a key
// and its frame. boot/quiet.ts, on a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from '../../src/boot/quiet.js';
import { lastKeyRead } from '../../src/ui/input-clock.js';
import { KeyDispatcher } from '../../src/ui/keys.js';

describe('whenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, at its time, when nothing was typed', () => {
    const fn = vi.fn();
    whenQuiet(fn, { afterMs: 1500, quietMs: 1000, lastInput: () => -Infinity, now: () => Date.now() });
    vi.advanceTimersByTime(1499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits while keys keep coming, and runs a second after the last one', () => {
    const fn = vi.fn();
    let last = -Infinity;
    whenQuiet(fn, { afterMs: 1500, quietMs: 1000, lastInput: () => last, now: () => Date.now() });
    const start = Date.now();
    // a key every 100 ms for 3 s
    for (let t = 0; t < 3000; t += 100) {
      vi.advanceTimersByTime(100);
      last = Date.now();
      expect(fn).not.toHaveBeenCalled();
    }
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(Date.now() - start).toBe(4000);
  });

  it('does nothing once cancelled (the dashboard quit first and did the work itself)', () => {
    const fn = vi.fn();
    const cancel = whenQuiet(fn, { afterMs: 1500, quietMs: 1000, lastInput: () => -Infinity, now: () => Date.now() });
    cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('the clock whenQuiet reads (the dashboard passes lastKeyRead)', () => {
  it('moves with every key the dispatcher is fed, whether or not a handler takes it', () => {
    const d = new KeyDispatcher();
    const before = performance.now();
    d.feed('j', {});
    const first = lastKeyRead();
    expect(first).toBeGreaterThanOrEqual(before);
    d.feed('zz', {});
    expect(lastKeyRead()).toBeGreaterThanOrEqual(first);
  });
});
