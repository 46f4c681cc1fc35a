// The periodic refresh against a slow service: each load starts one interval after the last one started,
// whatever the latency, and two loads of the same resource are never in flight at once. Time is Vitest's
// fake clock (the emulator's latency fault waits on it too), so nothing here sleeps.
import React from 'react';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emuClient } from '../../api/helpers.js';
import { refreshInterval, useResource } from '../../../src/ui/hooks/useResource.js';
import type { Client } from '../../../src/api/index.js';

function Probe({ client, log }: { client: Client; log: { starts: number[]; inFlight: number; maxInFlight: number } }) {
  const r = useResource(
    async (signal) => {
      log.starts.push(Date.now());
      log.inFlight += 1;
      log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
      try {
        return await client.servers.list({ signal });
      } finally {
        log.inFlight -= 1;
      }
    },
    { intervalMs: 5000 },
  );
  return <Text>{r.data ? `${r.data.length} servers` : 'loading'}</Text>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function probe(latencyMs: number) {
  const e = await emuClient('primary', 'demo');
  await e.admin('PUT', '/__emulator/faults', { latency_ms: latencyMs });
  const log = { starts: [] as number[], inFlight: 0, maxInFlight: 0 };
  const t0 = Date.now();
  const view = render(<Probe client={e.client} log={log} />);
  await vi.advanceTimersByTimeAsync(30_000);
  view.unmount();
  return { gaps: log.starts.slice(1).map((at, i) => at - log.starts[i]), first: log.starts[0] - t0, log };
}

describe('refresh under latency', () => {
  it('with a 1.6 s answer, loads start every 5 s (not 5 s after each answer, nor 32 s)', async () => {
    const { gaps, first, log } = await probe(1600);
    expect(first).toBe(0);
    // 0, 5, 10 ... 30 s
    expect(gaps).toEqual([5000, 5000, 5000, 5000, 5000, 5000]);
    expect(log.maxInFlight).toBe(1);
  });

  it('with a 7 s answer, longer than the interval, the next load follows the last at once and never overlaps it', async () => {
    const { gaps, log } = await probe(7000);
    expect(gaps).toHaveLength(4);
    // the answer's 7 s, plus the few ms of timers on the way back
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(7000);
      expect(gap).toBeLessThan(7010);
    }
    expect(log.maxInFlight).toBe(1);
  });
});

// 10,000 servers are 6 MB from the service: sent every 5 s all day, that is 4 GB an hour for a list whose
// changes the watcher reports anyway (a list reloads when an action that touches it ends).
function Rows({ count, log }: { count: number; log: number[] }) {
  const r = useResource(
    async () => {
      log.push(Date.now());
      return Array.from({ length: count }, (_, i) => ({ name: `ec${i}` }));
    },
    { intervalMs: 5000, perRowMs: 5 },
  );
  return <Text>{r.data ? `${r.data.length} rows` : 'loading'}</Text>;
}

describe('refresh of a long list', () => {
  it('waits 5 ms a row past 1,000 rows: 3,000 rows every 15 s, 600 every 5 s', async () => {
    const gapsFor = async (count: number) => {
      const log: number[] = [];
      const view = render(<Rows count={count} log={log} />);
      await vi.advanceTimersByTimeAsync(60_000);
      view.unmount();
      return log.slice(1).map((at, i) => at - log[i]);
    };
    expect(await gapsFor(3000)).toEqual([15_000, 15_000, 15_000, 15_000]);
    expect(await gapsFor(600)).toEqual(Array.from({ length: 12 }, () => 5000));
  });

  it('the period is the longest of the interval, 20 times the CPU of the last load, and the rows', () => {
    expect(refreshInterval(5000, 0, 10_000, 5)).toBe(50_000);
    expect(refreshInterval(5000, 0, 1000, 5)).toBe(5000);
    expect(refreshInterval(5000, 400, 0, 0)).toBe(8000);
    expect(refreshInterval(5000, 400, 10_000)).toBe(8000);
  });
});
