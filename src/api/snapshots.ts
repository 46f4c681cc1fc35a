// Snapshots (spec 4.5): copies of a server from which its state can be restored.
import { parseAction, type Action } from './actions.js';
import type { Transport } from './http.js';
import { deletionUnderWay } from './lost-answer.js';
import { imageStatus, listOf, requireRecord, unwrap, type Extra, type ImageStatus } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, isRecord } from './read.js';

export interface Snapshot {
  id: number;
  name: string;
  user: string;
  parentId: number | null;
  parentName: string | null;
  isLastRestored: boolean;
  protected: boolean;
  restoring: boolean;
  sourceServer: string;
  status: ImageStatus | (string & {});
  statusLabel: string;
  uid: string;
  description: string;
  notes: string;
  active: boolean;
  sizeOnDisk: number | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  deletedAt: Date | null;
  apiVersion: string;
  apiVersionValue: number | null;
  extra: Extra;
}

interface SnapshotChange {
  snapshot: Snapshot;
  action: Action | null;
}

// ------------------------------------------------------------------------------------------------ reading

export function parseSnapshot(v: unknown): Snapshot {
  const r = Reader.of(v, 'snapshot record');
  // the live service sends a restored snapshot's parent as the parent's record (as the Python SDK ecsapi reads it)
  const parent = isRecord(r.raw.snapshot_parent) ? Reader.of(r.any('snapshot_parent'), 'snapshot parent') : undefined;
  return {
    id: r.num('id'),
    name: r.str('name'),
    user: r.optStr('user'),
    parentId: parent ? parent.num('id') : r.nullableNum('snapshot_parent'),
    parentName: r.has('snapshot_parent_name') || !parent ? r.nullableStr('snapshot_parent_name') : parent.nullableStr('name'),
    isLastRestored: r.optBool('is_last_restored'),
    protected: r.optBool('protected'),
    restoring: r.optBool('restoring'),
    sourceServer: r.optStr('source_server'),
    status: imageStatus(r.optStr('status')),
    statusLabel: r.optStr('status_label'),
    uid: r.optStr('uid'),
    description: r.optStr('description'),
    notes: r.optStr('notes'),
    active: r.optBool('active_flag'),
    sizeOnDisk: r.nullableNum('size_on_disk'),
    createdAt: r.date('created_at'),
    updatedAt: r.date('updated_at'),
    deletedAt: r.date('deleted_at'),
    apiVersion: r.optStr('api_version'),
    apiVersionValue: r.nullableNum('api_version_value'),
    extra: r.rest(),
  };
}

function parseSnapshots(body: unknown): Snapshot[] {
  return listOf(body, 'snapshots', 'snapshot list').map(parseSnapshot);
}

/** `{status, snapshot, action}` of create and delete; the action may be absent on some answers. */
function parseSnapshotChange(body: unknown): SnapshotChange {
  const b = requireRecord(body, 'snapshot');
  return { snapshot: parseSnapshot(b.snapshot), action: isRecord(b.action) ? parseAction(b.action) : null };
}

// -------------------------------------------------------------------------------------------------- calls

interface SnapshotUpdate {
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
