// GPU pod events of the demo account.
import type { Emu } from '../emu.js';
import { appendEvent } from '../events.js';
import { DAY } from './timeline.js';

const HOUR = 3_600_000;

// Deterministic pseudo-random numbers, so a demo seed is the same on every start.
function lcg(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const hex = (rand: () => number, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 16).toString(16);
  return s;
};

const uuidFrom = (rand: () => number) => `${hex(rand, 8)}-${hex(rand, 4)}-4${hex(rand, 3)}-a${hex(rand, 3)}-${hex(rand, 12)}`;

const WORKLOADS: Array<[prefix: string, namespace: string, runtime: string, hours: [number, number]]> = [
  ['llama-finetune', 'ml-training', 'nvidia', [3, 20]],
  ['sd-render', 'media', 'nvidia', [1, 4]],
  ['whisper-batch', 'transcribe', 'nvidia', [0.5, 3]],
  ['vllm-serve', 'inference', 'nvidia-cdi', [12, 72]],
  ['jupyter-gpu', 'notebooks', 'nvidia', [1, 8]],
];

/**
 * About 40 started/terminated events over the past four weeks; the latest pods may still be running. Pods
 * overlap, so the events are recorded in the order of their dates, as the service records them: ids that
 * rise with time.
 */
export function seedEvents(emu: Emu, user: string): void {
  const rand = lcg(0x5eed);
  const now = emu.now();
  const events: Array<Parameters<typeof appendEvent>[1]> = [];
  let t = now - 28 * DAY;
  for (let n = 0; n < 20; n++) {
    const [prefix, ns, runtime, [minH, maxH]] = WORKLOADS[Math.floor(rand() * WORKLOADS.length)];
    const pod = `${prefix}-${hex(rand, 5)}-${hex(rand, 5)}`;
    const cluster = rand() < 0.7 ? 'gpu-fr2' : 'gpu-fr2-b';
    const start = t + Math.floor(rand() * 20 * HOUR);
    const end = start + Math.floor((minH + rand() * (maxH - minH)) * HOUR);
    const common = {
      user,
      pod,
      cluster,
      runtime_class: runtime,
      local_reference_namespace: ns,
      local_reference_name: pod,
      remote_reference_namespace: `${user}-${ns}`,
      remote_reference_name: pod,
    };
    if (start >= now) break;
    events.push({ ...common, uuid: uuidFrom(rand), date: start, event_type: 'started' });
    if (end < now) events.push({ ...common, uuid: uuidFrom(rand), date: end, event_type: 'terminated' });
    t = start + Math.floor(rand() * 1.6 * DAY);
  }
  for (const e of events.sort((a, b) => a.date - b.date)) appendEvent(emu, e);
}
