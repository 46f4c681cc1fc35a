// Snapshots (spec 4.5): copies of a server from which its state can be restored.
import type { Transport } from './http.js';
import { deletionUnderWay } from './lost-answer.js';
import type { Snapshot, SnapshotChange } from './models.js';
import { parseSnapshot, parseSnapshotChange, parseSnapshots, unwrap } from './parse.js';
import { seg, type CallOptions } from './path.js';

export interface SnapshotUpdate {
  description?: string;
  notes?: string;
}

export function snapshotsApi(t: Transport) {
  const base = (server: string) => `/ecs/v2/servers/${seg(server)}/snapshots`;
  const one = (b: unknown) => parseSnapshot(unwrap(b, 'snapshot'));
  return {
    list(server: string, opts: CallOptions = {}): Promise<Snapshot[]> {
      return t.call('GET', base(server), parseSnapshots, opts);
    },
    get(server: string, id: number, opts: CallOptions = {}): Promise<Snapshot> {
      return t.call('GET', `${base(server)}/${seg(id)}`, one, opts);
    },
    /** Starts a `create_snapshot` action. */
    create(server: string, input: { description: string; notes?: string }, opts: CallOptions = {}): Promise<SnapshotChange> {
      return t.call('POST', base(server), parseSnapshotChange, {
        ...opts,
        json: { description: input.description, notes: input.notes ?? '' },
      });
    },
    update(server: string, id: number, input: SnapshotUpdate, opts: CallOptions = {}): Promise<Snapshot> {
      return t.call('PATCH', `${base(server)}/${seg(id)}`, one, { ...opts, json: { ...input } });
    },
    /** Protects a snapshot from retention; there is no way back. */
    protect(server: string, id: number, opts: CallOptions = {}): Promise<Snapshot> {
      return t.call('PATCH', `${base(server)}/${seg(id)}`, one, { ...opts, json: { protected: true } });
    },
    /** Starts a `delete_snapshot` action (a retry that finds it started, its answer lost, gives that action). */
    remove(server: string, id: number, opts: CallOptions = {}): Promise<SnapshotChange> {
      const underWay = deletionUnderWay(t, String(id), 'delete_snapshot');
      return t.call('DELETE', `${base(server)}/${seg(id)}`, parseSnapshotChange, {
        ...opts,
        lostAnswer: {
          when: (err) => underWay.when(err),
          async then() {
            const action = await underWay.then();
            return action === null ? null : { snapshot: await t.call('GET', `${base(server)}/${seg(id)}`, one, opts), action };
          },
        },
      });
    },
  };
}
