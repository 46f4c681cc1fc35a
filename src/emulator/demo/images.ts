// The demo account's snapshots, schedule and templates, on one replayed timeline.
import type { Emu } from '../emu.js';
import { lastRunBy, startSchedule } from '../crons.js';
import { createSnapshot, deleteSnapshotNow, snapshotsOfServer } from '../snapshots.js';
import type { ServerRec } from '../servers-state.js';
import type { SnapshotRec } from '../snapshots-state.js';
import type { TemplateRec } from '../templates-state.js';
import { createTemplate, deleteTemplateNow } from '../templates.js';
import { DAY, HOUR, demoServers, runUntil } from './timeline.js';

/**
 * The demo account's disk images, replayed on one timeline so that parents, names, retention and actions come
 * out as the live request path would have made them: manual (protected) snapshots on the two oldest ready
 * servers, one of them restored and one deleted; a Sunday schedule (retention 2) running for five weeks on the
 * oldest, its older unprotected snapshots deleted by retention; templates from a server and from a snapshot,
 * and one deleted since.
 *
 * The history hangs on the schedule's week, not on the clock's hour and weekday: it is laid out as if it ended
 * on the Saturday 01:00 UTC after the schedule's last run (Sunday 03:00), so whenever the emulator starts, the
 * same snapshots, templates and actions come out in the same order with the same ids ("release 2.4" is 107,
 * taken two hours before the last weekly run, 108).
 */
export function seedImages(emu: Emu, user: string): void {
  const now = emu.now();
  const [a, b] = demoServers(emu, user).filter((s) => s.created_at <= now - 2 * DAY);
  const weekly = { day_of_week: 0, max_retention: 2, minute_of_day: 3 * 60 };
  const end = lastRunBy(weekly, now) + 6 * DAY - 2 * HOUR;
  // times spread over a server's life (at most the 60 days before `end`), so no history predates its server
  const ago = (s: ServerRec, frac: number) => Math.min(now, Math.round(end - Math.min(end - s.created_at, 60 * DAY) * frac));
  const moves: Array<{ at: number; run: (at: number) => void }> = [];
  const snap = (s: ServerRec, description: string, notes: string, then?: (x: SnapshotRec) => void) => (at: number) => {
    if (snapshotsOfServer(emu, s.name).some((x) => x.status === 'CG')) return;
    const { snapshot } = createSnapshot(emu, s, { description, notes, protected: true }, at);
    then?.(snapshot);
  };
  if (a) {
    let kernel: SnapshotRec | undefined;
    let restored: SnapshotRec | undefined;
    let oldTemplate: TemplateRec | undefined;
    moves.push({ at: ago(a, 0.9), run: (at) => (oldTemplate = createTemplate(emu, user, { server: a }, 'golden image v1', at).template) });
    moves.push({ at: ago(a, 0.6), run: snap(a, 'before kernel upgrade', 'known good 6.8 kernel', (x) => (kernel = x)) });
    moves.push({ at: ago(a, 0.55), run: (at) => oldTemplate?.status === 'CD' && deleteTemplateNow(emu, oldTemplate, at) });
    moves.push({ at: ago(a, 0.5), run: (at) => createTemplate(emu, user, { server: a }, 'web stack golden image', at) });
    moves.push({
      at: ago(a, 0.45),
      run: (at) => kernel?.status === 'CD' && createTemplate(emu, user, { server: a, snapshot: kernel }, 'baseline from snapshot', at),
    });
    moves.push({
      at: Math.max(a.created_at, end - 5 * 7 * DAY),
      run: (at) => startSchedule(emu, a, weekly, at),
    });
    moves.push({ at: ago(a, 0.15), run: snap(a, 'pre-migration', 'restored after failed db migration', (x) => (restored = x)) });
    moves.push({
      at: ago(a, 0.15) + 2 * HOUR,
      run: (at) => {
        if (restored?.status !== 'CD') return;
        // the rollback action of servers.ts, so the server's action history shows it
        emu.startAction({
          user,
          type: 'rollback',
          resource: a.name,
          resource_type: 'ECS',
          at,
          onComplete: { kind: 'servers.restored', args: { name: a.name, snapshot: restored.id } },
        });
        a.last_restored_snapshot = restored.id;
        restored.is_last_restored = true;
      },
    });
  }
  if (b) {
    let old: SnapshotRec | undefined;
    moves.push({ at: ago(b, 0.75), run: snap(b, 'release 2.3', '', (x) => (old = x)) });
    moves.push({ at: ago(b, 0.5), run: (at) => old?.status === 'CD' && deleteSnapshotNow(emu, old, at) });
    moves.push({ at: ago(b, 0.1), run: snap(b, 'release 2.4', 'before nginx config rewrite') });
  }
  moves.sort((x, y) => x.at - y.at);
  for (const m of moves) {
    runUntil(emu, m.at);
    m.run(m.at);
  }
  runUntil(emu, now);
  emu.dirty = true;
}
