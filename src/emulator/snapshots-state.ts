// The snapshots' state, declared with snapshots.ts.
import { records, sameShape } from './collection.js';

export type SnapshotStatus = 'CG' | 'CD' | 'DE' | 'DD';

export interface SnapshotRec {
  id: number;
  name: string;
  user: string;
  snapshot_parent: number | null;
  snapshot_parent_name: string | null;
  is_last_restored: boolean;
  protected: boolean;
  restoring: boolean;
  source_server: string;
  status: SnapshotStatus;
  uid: string;
  description: string;
  notes: string;
  active_flag: boolean;
  size_on_disk: number | null;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export const snapshotsCollections = {
  snapshots: records<SnapshotRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
};
