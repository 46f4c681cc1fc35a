// The CPU sampler behind the servers list's CPU column: only the servers on screen, at most once a minute
// each, a few at a time, a failure waiting like a success.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { createEmulator } from '../../src/emulator/app.js';
import { CpuSampler } from '../../src/session/cpu.js';
import { BASE, recording } from '../api/helpers.js';

async function setup() {
  const emulator = createEmulator({ clock: 'manual', seed: 'demo' });
  let open = 0;
  let most = 0;
  // counts the metrics requests under way at once
  const rec = recording(async (req: Request) => {
    const metrics = req.url.includes('/metrics');
    if (metrics) most = Math.max(most, ++open);
    try {
      return await emulator.fetch(req);
    } finally {
      if (metrics) open -= 1;
    }
  });
  const client = createClient({ endpoint: BASE, fetch: rec.fetch, retry: { limit: 0 } });
  await client.login('demo', 'demo');
  rec.sent.length = 0;
  let now = 1_000_000;
  const sampler = new CpuSampler(client, { intervalMs: 60_000, concurrency: 2, now: () => now });
  const asked = () => rec.sent.filter((r) => r.path.includes('/metrics')).map((r) => r.path.split('/')[4]);
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  return { emulator, sampler, asked, settle, tick: (ms: number) => (now += ms), most: () => most };
}

describe('CpuSampler', () => {
  it('asks only for the servers shown, two at a time, once a minute each', async () => {
    const t = await setup();
    let told = 0;
    t.sampler.subscribe(() => told++);
    t.sampler.show(['ec206901', 'ec206902', 'ec206903']);
    await t.settle();
    expect(t.asked()).toEqual(['ec206901', 'ec206902', 'ec206903']);
    // never more than two at once
    expect(t.most()).toBe(2);
    // the three answers of the round are told once: the list redraws once, not once per row
    expect(told).toBe(1);
    expect(t.sampler.sample('ec206901')!.points.length).toBeGreaterThan(30);
    expect(t.sampler.version('ec206901')).toBe(1);
    expect(t.sampler.sample('ec206905')).toBeUndefined();

    // moving within the minute asks for nothing again; a new row on screen is asked for
    t.tick(30_000);
    t.sampler.show(['ec206902', 'ec206903', 'ec206904']);
    await t.settle();
    expect(t.asked()).toEqual(['ec206901', 'ec206902', 'ec206903', 'ec206904']);
    // a minute on, what is on screen is asked for again
    t.tick(31_000);
    t.sampler.show(['ec206902', 'ec206903', 'ec206904']);
    await t.settle();
    expect(t.asked().slice(4).sort()).toEqual(['ec206902', 'ec206903']);
    expect(t.sampler.requests).toBe(6);
    t.sampler.stop();
  });

  it('a failed request waits for the next minute too', async () => {
    const t = await setup();
    const res = await t.emulator.fetch(
      new Request(`${BASE}/__emulator/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error_next: 1, error_status: 503 }) }),
    );
    expect(res.status).toBeLessThan(300);
    t.sampler.show(['ec206901']);
    await t.settle();
    expect(t.sampler.sample('ec206901')).toBeUndefined();
    t.sampler.show(['ec206901']);
    await t.settle();
    expect(t.asked()).toEqual(['ec206901']);
    t.tick(60_000);
    t.sampler.show(['ec206901']);
    await t.settle();
    expect(t.sampler.sample('ec206901')).toBeDefined();
    t.sampler.stop();
  });
});
