// The periodic refresh against a slow service: each load starts one interval after the last one started,
// whatever the latency, and two loads of the same resource are never in flight at once. Time is Vitest's
// fake clock (the emulator's latency fault waits on it too), so nothing here sleeps.
import React from 'react';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emuClient } from '../../api/helpers.js';
import { useResource } from '../../../src/ui/hooks/useResource.js';
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
