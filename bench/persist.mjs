// Issue 13's figure: server creates per second against an emulator keeping --state, with 10,000 servers in
// it. A create must cost the size of the change (a journal line), not a rewrite of the whole state.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, json, startListening } from './util.mjs';

export async function benchPersist({ servers = 10_000, creates = 600, concurrency = 8 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-bench-state-'));
  const state = join(dir, 'state.json');
  const emu = await startListening(process.execPath, ['bin/ecsdeck.js', 'emulator', '--port', '0', '--seed', 'empty', '--clock', 'manual', '--state', state]);
  try {
    const base = emu.url;
    await json(`${base}/__emulator/bulk/servers`, { method: 'POST', body: JSON.stringify({ username: 'demo', count: servers }) });
    const jwt = (await json(`${base}/ecs/v2/login`, { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'demo' }) })).token;
    const token = (await json(`${base}/ecs/v2/keys`, { method: 'POST', body: JSON.stringify({ notes: 'bench' }), headers: { authorization: `Bearer ${jwt}` } })).token;
    // creates take a free host each: spread them over the Linux plans and regions that have one
    const catalog = JSON.parse(readFileSync(join(ROOT, 'assets/catalog.json'), 'utf8'));
    const slots = [];
    for (const plan of catalog.plans) {
      if (plan.windows || plan.host_type !== 'ECS' || plan.available === false) continue;
      for (const r of plan.regions) for (let i = 0; i < r.capacity; i++) slots.push({ plan: plan.name, location: r.location });
    }
    const total = Math.min(creates, slots.length);
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < total) {
        const { plan, location } = slots[next++];
        const res = await fetch(`${base}/ecs/v2/servers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apitoken': token },
          body: JSON.stringify({ plan, location, image: 'debian-12', notes: 'bench' }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) failed += 1;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (performance.now() - started) / 1000;
    if (failed > 0) throw new Error(`persist bench: ${failed} creates failed`);
    const rps = Math.round(total / elapsed);
    const stateMb = (statSync(state).size / 1e6).toFixed(1);
    const journalKb = Math.round(statSync(`${state}.journal`).size / 1e3);
    console.log(`emulator --state: POST /ecs/v2/servers at ${servers.toLocaleString('en')} servers  ${rps} req/s (target 300)`);
    console.log(`  ${total} creates; state file ${stateMb} MB, journal ${journalKb} kB after them`);
    return { emu_persist_create_rps: rps };
  } finally {
    emu.child.kill('SIGTERM');
    await new Promise((r) => emu.child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}
