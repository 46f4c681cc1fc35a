import { describe, expect, it } from 'vitest';
import { ActionTracker, estimateSeconds, type ActionLike } from '../../src/watch/tracker.js';

/** A fake service: actions move when the test says so; every request is counted. */
function fakeService() {
  const actions = new Map<number, ActionLike>();
  const calls: string[] = [];
  let fail = 0;
  return {
    actions,
    calls,
    failNext(n: number) {
      fail = n;
    },
    source: {
      async list({ start, length }: { start: number; length: number }) {
        calls.push(`list ${start} ${length}`);
        if (fail > 0) {
          fail -= 1;
          throw new Error('service unavailable');
        }
        const all = [...actions.values()].sort((a, b) => b.id - a.id);
        return { actions: all.slice(start, start + length).map((a) => ({ ...a })) };
      },
      async get(id: number) {
        calls.push(`get ${id}`);
        return { ...actions.get(id)! };
      },
    },
  };
}

/** Timers the test fires by hand, with a clock the test moves. */
function manualTimers() {
  let now = 1_000_000;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      pending.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimer: (h: unknown) => pending.delete(h as number),
    pending,
    /** move the clock and run what fell due, letting promises settle between */
    async advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].fn();
        for (let i = 0; i < 10; i++) await Promise.resolve();
      }
      now = target;
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
  };
}

const action = (id: number, progress = 0, status: ActionLike['status'] = 'in-progress'): ActionLike => ({
  id,
  status,
  progress,
  type: 'create_server',
  resource: `ec2${String(id).padStart(5, '0')}`,
});

describe('ActionTracker', () => {
  it('does nothing, with no timer, while nothing is in flight', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, ...timers });
    tracker.ingest([action(1, 100, 'completed')]);
    expect(tracker.active).toBe(false);
    await timers.advance(60_000);
    expect(svc.calls).toEqual([]);
  });

  it('covers 50 in-flight actions with one request per tick', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, intervalMs: 1000, ...timers });
    for (let i = 1; i <= 50; i++) {
      svc.actions.set(i, action(i));
      tracker.track(action(i));
    }
    await timers.advance(10_000);
    expect(svc.calls).toHaveLength(10);
    expect(svc.calls.every((c) => c.startsWith('list 0 '))).toBe(true);
  });

  it('reads the next page, not one request per action, for an action that fell off the first', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, ...timers });
    svc.actions.set(1, action(1, 10));
    tracker.track(action(1, 10));
    for (let i = 2; i <= 80; i++) svc.actions.set(i, action(i, 100, 'completed'));
    await timers.advance(1000);
    expect(svc.calls).toEqual(['list 0 50', 'list 50 50']);
    expect(tracker.snapshot().inFlight[0]).toMatchObject({ id: 1, progress: 10 });
  });

  it('looks up by id only an action the list no longer holds', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, ...timers });
    tracker.track(action(1, 10));
    for (let i = 2; i <= 30; i++) svc.actions.set(i, action(i, 100, 'completed'));
    const held = action(1, 100, 'completed');
    svc.source.get = async (id: number) => {
      svc.calls.push(`get ${id}`);
      return held;
    };
    await timers.advance(1000);
    expect(svc.calls).toEqual(['list 0 50', 'get 1']);
    expect(tracker.snapshot().finished.map((a) => a.id)).toEqual([1]);
  });

  it('follows progress, estimates time left, and reports completion once', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, lingerMs: 3000, ...timers });
    const finished: number[] = [];
    tracker.onFinished((a) => finished.push(a.id));
    svc.actions.set(7, action(7, 0));
    tracker.track(action(7, 0));
    svc.actions.set(7, action(7, 20));
    await timers.advance(1000);
    expect(tracker.snapshot().inFlight[0]).toMatchObject({ id: 7, progress: 20, etaSeconds: 4 });
    svc.actions.set(7, action(7, 100, 'completed'));
    await timers.advance(1000);
    expect(finished).toEqual([7]);
    expect(tracker.snapshot().inFlight).toEqual([]);
    expect(tracker.snapshot().finished[0]).toMatchObject({ id: 7, status: 'completed', failure: null });
    // nothing in flight: no more requests; after the linger it moves into history
    const calls = svc.calls.length;
    await timers.advance(5000);
    expect(svc.calls.length).toBe(calls);
    expect(tracker.snapshot().finished).toEqual([]);
    expect(tracker.snapshot().history.map((a) => a.id)).toEqual([7]);
    expect(tracker.active).toBe(false);
  });

  it('shows a failure with what failed', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, ...timers });
    tracker.track(action(3, 0));
    svc.actions.set(3, { ...action(3, 40, 'failed'), type: 'create_snapshot', resource: '104' });
    await timers.advance(1000);
    expect(tracker.snapshot().finished[0].failure).toBe('create_snapshot 104 failed at 40%');
  });

  it('backs off while the service fails and recovers after', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, intervalMs: 1000, ...timers });
    svc.actions.set(1, action(1));
    tracker.track(action(1));
    svc.failNext(3);
    await timers.advance(1000); // fails: next in 2 s
    expect(tracker.snapshot().error).toBe('service unavailable');
    await timers.advance(1000);
    expect(svc.calls).toHaveLength(1);
    await timers.advance(1000); // fails: next in 4 s
    await timers.advance(4000); // fails: next in 8 s
    expect(svc.calls).toHaveLength(3);
    await timers.advance(8000); // succeeds
    expect(svc.calls).toHaveLength(4);
    expect(tracker.snapshot().error).toBeNull();
  });

  it('a failed start-up look is said and tried again with nothing to follow, backing off, until one works', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, probeMs: 5000, ...timers });
    // the session's own first look (followRunning) failed: nothing is in flight and nothing watches
    tracker.failed(new Error('cannot reach the service at http://127.0.0.1:9 (connection refused)'));
    expect(tracker.snapshot().error).toBe('cannot reach the service at http://127.0.0.1:9 (connection refused)');
    expect(tracker.active).toBe(true);
    svc.failNext(1);
    await timers.advance(10_000); // 5 s doubled once: fails, next in 20 s
    expect(svc.calls).toHaveLength(1);
    expect(tracker.snapshot().error).toBe('service unavailable');
    svc.actions.set(7, action(7, 30));
    await timers.advance(19_000);
    expect(svc.calls).toHaveLength(1);
    await timers.advance(1000); // works: the action started meanwhile is followed, and the error is gone
    expect(svc.calls).toHaveLength(2);
    expect(tracker.snapshot().error).toBeNull();
    expect(tracker.snapshot().inFlight.map((a) => a.id)).toEqual([7]);
    // once it works, the idle tracker is idle again: no look without something in flight or watching
    svc.actions.set(7, action(7, 100, 'completed'));
    await timers.advance(1000);
    await timers.advance(60_000);
    const calls = svc.calls.length;
    await timers.advance(60_000);
    expect(svc.calls).toHaveLength(calls);
    expect(tracker.active).toBe(false);
  });

  it('picks up in-progress actions started elsewhere from the list it polls', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, ...timers });
    svc.actions.set(1, action(1));
    tracker.track(action(1));
    svc.actions.set(2, action(2, 5));
    await timers.advance(1000);
    expect(tracker.snapshot().inFlight.map((a) => a.id)).toEqual([1, 2]);
  });

  it('stops cleanly: no timer, no listener calls', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, ...timers });
    tracker.track(action(1));
    tracker.stop();
    expect(timers.pending.size).toBe(0);
    await timers.advance(5000);
    expect(svc.calls).toEqual([]);
  });

  it('asks nothing while nothing is in flight and nothing watches, then probes slowly while a screen watches', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, intervalMs: 1000, probeMs: 5000, ...timers });
    await timers.advance(60_000);
    expect(svc.calls).toEqual([]);
    const release = tracker.watch();
    await timers.advance(30_000);
    // the first at once (a minute has passed since the last look), then one every 5 s
    expect(svc.calls).toEqual(Array(7).fill('list 0 20'));
    release();
    expect(tracker.active).toBe(false);
    await timers.advance(60_000);
    expect(svc.calls).toHaveLength(7);
  });

  it('picks up work started elsewhere on a probe and ticks every second until it ends', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, intervalMs: 1000, probeMs: 5000, ...timers });
    const finished: number[] = [];
    tracker.onFinished((a) => finished.push(a.id));
    for (let i = 1; i <= 5; i++) svc.actions.set(i, action(i, 100, 'completed'));
    tracker.ingest([...svc.actions.values()], { newest: true });
    tracker.watch();
    svc.actions.set(6, { ...action(6, 10), type: 'power_off', resource: 'ec200001' });
    await timers.advance(5000);
    expect(tracker.snapshot().inFlight).toMatchObject([{ id: 6, type: 'power_off', progress: 10 }]);
    expect(finished).toEqual([]);
    const calls = svc.calls.length;
    svc.actions.set(6, { ...action(6, 100, 'completed'), type: 'power_off', resource: 'ec200001' });
    await timers.advance(1000);
    expect(svc.calls.length).toBe(calls + 1);
    expect(finished).toEqual([6]);
  });

  it('reports an action that started and ended between two probes, once, and not the ones before the first look', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, probeMs: 5000, ...timers });
    const finished: number[] = [];
    tracker.onFinished((a) => finished.push(a.id));
    svc.actions.set(1, action(1, 100, 'completed'));
    tracker.watch();
    await timers.advance(5000);
    expect(finished).toEqual([]);
    svc.actions.set(2, { ...action(2, 100, 'completed'), type: 'create_snapshot', resource: '104' });
    svc.actions.set(3, { ...action(3, 30, 'failed'), type: 'power_on', resource: 'ec200003' });
    await timers.advance(5000);
    expect(finished).toEqual([3, 2]);
    expect(tracker.snapshot().finished.map((a) => [a.id, a.status])).toEqual([
      [3, 'failed'],
      [2, 'completed'],
    ]);
    await timers.advance(10_000);
    expect(finished).toEqual([3, 2]);
  });

  it('pages down to everything new when more came than a probe reads at once', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, probeMs: 5000, ...timers });
    tracker.ingest([], { newest: true });
    tracker.watch();
    svc.actions.set(1, action(1, 5));
    for (let i = 2; i <= 30; i++) svc.actions.set(i, action(i, 100, 'completed'));
    await timers.advance(5000);
    expect(svc.calls).toEqual(['list 0 20', 'list 20 20']);
    expect(tracker.snapshot().inFlight.map((a) => a.id)).toEqual([1]);
  });

  it('brings the next tick forward when the dashboard starts an action during a slow probe wait', async () => {
    const svc = fakeService();
    const timers = manualTimers();
    const tracker = new ActionTracker({ source: svc.source, intervalMs: 1000, probeMs: 5000, ...timers });
    tracker.watch();
    await timers.advance(5000);
    const calls = svc.calls.length;
    svc.actions.set(9, action(9, 0));
    tracker.track(action(9, 0));
    svc.actions.set(9, action(9, 50));
    await timers.advance(1000);
    expect(svc.calls.length).toBe(calls + 1);
    expect(tracker.snapshot().inFlight[0]).toMatchObject({ id: 9, progress: 50 });
  });
});

describe('estimateSeconds', () => {
  it('is unknown with one sample or no progress', () => {
    expect(estimateSeconds([{ at: 0, progress: 10 }])).toBeNull();
    expect(estimateSeconds([{ at: 0, progress: 10 }, { at: 5000, progress: 10 }])).toBeNull();
  });
  it('extrapolates the rate so far', () => {
    expect(estimateSeconds([{ at: 0, progress: 0 }, { at: 10_000, progress: 25 }])).toBe(30);
  });
});
