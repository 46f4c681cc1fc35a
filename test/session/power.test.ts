import { describe, expect, it, vi } from 'vitest';
import { PowerStates } from '../../src/session/power.js';

/** A status endpoint the test answers by hand; every request is counted. */
function fakeStatus(initial: Record<string, string>) {
  const states = { ...initial };
  const asked: string[] = [];
  const waiting: Array<() => void> = [];
  let hold = false;
  return {
    states,
    asked,
    hold(on: boolean) {
      hold = on;
      if (!on) for (const w of waiting.splice(0)) w();
    },
    source: {
      status(name: string) {
        asked.push(name);
        const answer = () => ({ state: states[name] });
        if (!hold) return Promise.resolve(answer());
        return new Promise<{ state: string }>((resolve) => waiting.push(() => resolve(answer())));
      },
    },
  };
}

const tick = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('PowerStates', () => {
  it('asks for the servers shown only, four at a time, and not again within the minute', async () => {
    let now = 0;
    const svc = fakeStatus({ a: 'running', b: 'shutoff', c: 'running', d: 'running', e: 'running', f: 'running' });
    const power = new PowerStates(svc.source, { now: () => now });
    svc.hold(true);
    power.show(['a', 'b', 'c', 'd', 'e']);
    expect(svc.asked).toEqual(['a', 'b', 'c', 'd']);
    svc.hold(false);
    await tick();
    expect(svc.asked).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(power.state('b')).toBe('shutoff');
    expect(power.state('f')).toBeUndefined();
    now += 30_000;
    power.show(['a', 'b']);
    await tick();
    expect(svc.asked).toHaveLength(5);
    now += 31_000;
    power.show(['a']);
    await tick();
    expect(svc.asked).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
    power.stop();
  });

  it('knows the new state the moment a power action completes, and asks the service again', async () => {
    const svc = fakeStatus({ a: 'running', b: 'running' });
    const power = new PowerStates(svc.source);
    let changes = 0;
    power.subscribe(() => (changes += 1));
    power.show(['a', 'b']);
    await tick();
    const v = power.version('a');
    svc.hold(true);
    svc.states.a = 'shutoff';
    power.actionEnded({ type: 'power_off', status: 'completed', resource: 'a' });
    expect(power.state('a')).toBe('shutoff');
    expect(power.version('a')).toBeGreaterThan(v);
    expect(power.state('b')).toBe('running');
    expect(svc.asked.filter((n) => n === 'a')).toHaveLength(2);
    svc.hold(false);
    await tick();
    expect(power.state('a')).toBe('shutoff');
    // the first round told once, the completed power-off at once; the answer saying the same tells nothing
    expect(changes).toBe(2);
    power.stop();
  });

  it("asks again after any other action on the server ends (a VLAN's restart)", async () => {
    const svc = fakeStatus({ a: 'running' });
    const power = new PowerStates(svc.source);
    power.show(['a']);
    await tick();
    svc.hold(true);
    power.refresh('a');
    // a request on its way when a power-off ends: the state stays what the action says
    power.actionEnded({ type: 'power_off', status: 'completed', resource: 'a' });
    svc.states.a = 'shutoff';
    svc.hold(false);
    await tick();
    expect(power.state('a')).toBe('shutoff');
    power.actionEnded({ type: 'add_vlan', status: 'completed', resource: 'a-net1' });
    await tick();
    expect(svc.asked.length).toBeGreaterThanOrEqual(4);
    power.stop();
  });

  it("keeps a detail's server asked for while it is pinned, whatever the list shows", async () => {
    const svc = fakeStatus({ a: 'running', z: 'shutoff' });
    const power = new PowerStates(svc.source);
    const release = power.pin('z');
    power.show(['a']);
    await tick();
    expect(power.state('z')).toBe('shutoff');
    release();
    power.stop();
  });

  it('tells the answers of a round once, and wakes only when a value on screen gets old', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const svc = fakeStatus({ a: 'running', b: 'shutoff', c: 'running' });
      const power = new PowerStates(svc.source, { now: () => now, concurrency: 2 });
      let changes = 0;
      power.subscribe(() => (changes += 1));
      power.show(['a', 'b', 'c']);
      await tick();
      expect(svc.asked).toEqual(['a', 'b', 'c']);
      expect(changes).toBe(1);
      // one timer, for when the first value gets old; nothing is asked before
      expect(vi.getTimerCount()).toBe(1);
      now = 59_000;
      await vi.advanceTimersByTimeAsync(59_000);
      expect(svc.asked).toHaveLength(3);
      // at the minute, the whole screen goes in one round; the same answers tell nothing
      now = 60_000;
      await vi.advanceTimersByTimeAsync(1000);
      await tick();
      expect(svc.asked).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
      expect(changes).toBe(1);
      // nothing on screen: no timer at all
      power.show([]);
      await tick();
      expect(vi.getTimerCount()).toBe(0);
      power.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
