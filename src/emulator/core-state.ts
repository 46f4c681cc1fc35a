// The core's own state, declared with emu.ts and actions.ts: the id counters, the actions and the queue of
// deferred work the clock runs.
import { list, records, sameShape } from './collection.js';

export type ActionStatus = 'in-progress' | 'completed' | 'failed';

/** A deferred piece of work, run by kind from the task registry when the clock reaches `at`. */
export interface TaskRef {
  kind: string;
  args: Record<string, unknown>;
}

export interface ActionRec {
  id: number;
  user: string;
  type: string;
  resource: string;
  resource_type: string;
  status: ActionStatus;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  duration_ms: number;
  /** progress frozen at completion or failure */
  final_progress: number | null;
  /** decided when the action starts (fault injection); the failure shows at the end */
  will_fail: boolean;
  on_complete: TaskRef | null;
  on_fail: TaskRef | null;
}

interface TaskRec extends TaskRef {
  id: number;
  at: number;
}

export const coreCollections = {
  /** the last id given per kind (`emu.nextId`); first, so that the upgrades after it can take ids */
  seq: records<number>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
  actions: records<ActionRec>({ since: 1, empty: () => ({}), upgrade: sameShape, older: [] }),
  tasks: list<TaskRec>({ since: 1, empty: () => [], upgrade: sameShape, older: [] }),
};
