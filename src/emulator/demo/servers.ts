// The demo servers: a dozen across regions and plan families, created, powered off and deleted at their own
// times on one replayed timeline, so actions, history and capacity are what the live request path makes.
import type { Emu } from '../emu.js';
import { startPower, deleteServerNow } from '../server-core.js';
import { provisionServer } from '../server-create.js';
import type { ServerRec } from '../servers-state.js';
import { runUntil } from './timeline.js';

interface SeedServer {
  notes: string;
  plan: string;
  location: string;
  image: string;
  /** seconds before now */
  ago: number;
  group?: string;
  off?: number;
  deleted?: number;
}

// Ages in seconds before the seed time; the last three are caught mid-transition.
const DEMO_SERVERS: SeedServer[] = [
  { notes: 'web-1', plan: 'eCS3', location: 'it-mi2', image: 'ubuntu-2204', ago: 88 * 86400, group: 'production' },
  { notes: 'web-2', plan: 'eCS3', location: 'it-mi2', image: 'ubuntu-2204', ago: 87 * 86400, group: 'production' },
  { notes: 'db-primary', plan: 'eCS5', location: 'it-fr2', image: 'debian-12', ago: 80 * 86400 },
  { notes: 'db-replica', plan: 'eCS5', location: 'ch-lug1', image: 'debian-12', ago: 79 * 86400 },
  { notes: 'monitoring', plan: 'eCS1', location: 'bg-sof1', image: 'debian-12', ago: 61 * 86400 },
  { notes: 'win-build', plan: 'eCS2W', location: 'it-mi2', image: 'windows-2022', ago: 45 * 86400, off: 10 * 86400 },
  { notes: 'analytics-hm', plan: 'eCS1HM', location: 'it-fr2', image: 'almalinux-9', ago: 33 * 86400 },
  { notes: 'staging-old', plan: 'eCS2', location: 'it-mi2', image: 'ubuntu-2004', ago: 28 * 86400, deleted: 6 * 86400 },
  { notes: 'ci-runner', plan: 'eCS2', location: 'ch-lug1', image: 'ubuntu-2404', ago: 21 * 86400 },
  { notes: 'gpu-train', plan: 'ECS1GPU3', location: 'it-fr2', image: 'nvidia-cuda-ubuntu-2204', ago: 9 * 86400 },
  { notes: 'inference-l4', plan: 'ECS1GPU6', location: 'it-fr2', image: 'nvidia-cuda-ubuntu-2204', ago: 4 * 86400 },
  { notes: 'scratch-tmp', plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', ago: 3 * 86400, deleted: 4 },
  { notes: 'worker-2', plan: 'eCS2', location: 'it-fr2', image: 'ubuntu-2404', ago: 70 },
  { notes: 'api-3', plan: 'eCS4', location: 'it-mi2', image: 'ubuntu-2404', ago: 20 },
];

export function seedServers(emu: Emu, user: string): void {
  const now = emu.now();
  const groupId = (label: string) => Object.values(emu.state.groups).find((g) => g.user === user && g.notes === label)?.name ?? null;
  // Every move is made at its own time, with the tasks due before it run first, so the result is exactly what
  // the live request path would have produced (actions, history, capacity).
  const moves: Array<{ at: number; run: () => void }> = [];
  const byNotes = new Map<string, ServerRec>();
  for (const d of DEMO_SERVERS) {
    const at = now - d.ago * 1000;
    moves.push({
      at,
      run: () => byNotes.set(d.notes, provisionServer(emu, { user, plan: d.plan, location: d.location, image: d.image, notes: d.notes, group: d.group ? groupId(d.group) : null, at })),
    });
    if (d.off !== undefined) moves.push({ at: now - d.off * 1000, run: () => startPower(emu, byNotes.get(d.notes)!, 'power_off', now - d.off! * 1000) });
    if (d.deleted !== undefined) moves.push({ at: now - d.deleted * 1000, run: () => deleteServerNow(emu, byNotes.get(d.notes)!, now - d.deleted! * 1000) });
  }
  moves.sort((a, b) => a.at - b.at);
  for (const m of moves) {
    runUntil(emu, m.at);
    m.run();
  }
  runUntil(emu, now);
}
