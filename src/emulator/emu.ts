// The emulator's context: state, clock, catalog, dialect, the task scheduler, actions and persistence.
// Every resource module receives this object; none keeps state of its own, so persistence and reset see all.
import { randomBytes } from 'node:crypto';
import { Clock, isoMicro, type ClockSnapshot } from './clock.js';
import { loadCatalog, type Catalog } from './catalog.js';
import { ChangeTracker, StateStore } from './journal.js';
import type { ActionRec, TaskRef } from './core-state.js';
import { emptyState, pruneUnreadable, upgradeState, type Dialect, type State } from './state.js';

type TaskHandler = (emu: Emu, args: Record<string, unknown>, at: number) => void;

interface Faults {
  latency_ms: number;
  error_rate: number;
  error_status: number;
  drop_rate: number;
  path_prefix: string;
  /** the next N service requests fail with error_status (deterministic, for retry tests) */
  error_next: number;
  fail_next_actions: number;
}

export const NO_FAULTS: Faults = {
  latency_ms: 0,
  error_rate: 0,
  error_status: 503,
  drop_rate: 0,
  path_prefix: '',
  error_next: 0,
  fail_next_actions: 0,
};

/** Default durations in clock seconds (emulator.md). */
export const DURATIONS: Record<string, number> = {
  create_server: 60,
  customizing: 20,
  delete_server: 10,
  power_on: 5,
  power_off: 5,
  console: 0,
  rollback: 30,
  create_snapshot: 120,
  delete_snapshot: 10,
  create_template: 180,
  delete_template: 10,
  add_vlan: 10,
  update_vlan: 10,
  delete_vlan: 10,
};

export interface EmuOptions {
  clock?: 'real' | 'manual';
  speed?: number;
  seed?: 'demo' | 'empty';
  dialect?: Dialect;
  stateFile?: string;
  /** `--state-recover`: a damaged state file or journal header is set aside instead of refusing the start */
  stateRecover?: boolean;
  /** admin endpoints take only requests with `Authorization: Bearer <adminToken>` (`--admin-token`) */
  adminToken?: string;
  /** admin endpoints refuse everything (a host beyond loopback without `--admin-token`) */
  adminOff?: boolean;
  /** false: the demo account cannot log in (a host beyond loopback without `--demo-account`) */
  demoLogin?: boolean;
  /** start time for the clock (ms); defaults to now */
  start?: number;
}

export class Emu {
  private rawState: State;
  /** set with --state: records what each request changes, for the journal */
  private tracker: ChangeTracker | null = null;
  private readonly store: StateStore | null;
  /** the state was replaced whole (start, reset): the next persist writes a snapshot, not a journal line */
  private wholePending = true;
  private lastClock = '';
  readonly clock: Clock;
  readonly dialect: Dialect;
  readonly catalog: Catalog;
  readonly stateFile: string | undefined;
  /** what loading the state file has to tell (journal lines skipped, damaged files set aside), for stderr */
  readonly stateNotes: string[] = [];
  faults: Faults = { ...NO_FAULTS };
  /** service requests answered since start, for `GET /__emulator/stats` (e.g. to measure a client's polling) */
  requests = 0;
  /** of which server metrics: how often a dashboard asks for its sparklines */
  metricsRequests = 0;
  /** of which the action list and lookups: how often a dashboard's action watcher asks */
  actionsRequests = 0;
  /** bumped by every mutation (each `dirty = true`), so hot read paths can reuse what they built before it */
  revision = 0;
  private isDirty = false;
  /** set by any mutation; the request pipeline persists once per request when set */
  get dirty(): boolean {
    return this.isDirty;
  }
  set dirty(value: boolean) {
    this.isDirty = value;
    if (value) this.revision += 1;
  }
  private readonly handlers = new Map<string, TaskHandler>();

  constructor(readonly options: EmuOptions = {}) {
    this.clock = new Clock({ mode: options.clock ?? 'real', speed: options.speed, start: options.start });
    this.dialect = options.dialect ?? 'primary';
    this.catalog = loadCatalog();
    this.stateFile = options.stateFile;
    this.store = options.stateFile ? new StateStore(options.stateFile, options.stateRecover === true) : null;
    this.rawState = emptyState(randomBytes(32).toString('hex'));
  }

  /**
   * The state, through the change tracker when a journal is kept. Until a replaced state has been written
   * whole, and without --state, the raw object: nothing needs tracking then, and the demo pays no proxy.
   */
  get state(): State {
    return this.tracker !== null && !this.wholePending ? this.tracker.root : this.rawState;
  }

  set state(next: State) {
    this.rawState = next;
    this.tracker = null;
    this.wholePending = true;
  }

  now(): number {
    return this.clock.now();
  }

  onTask(kind: string, handler: TaskHandler): void {
    this.handlers.set(kind, handler);
  }

  nextId(kind: string, first = 1): number {
    const next = Math.max(this.state.seq[kind] ?? first - 1, first - 1) + 1;
    this.state.seq[kind] = next;
    return next;
  }

  /** Queue `ref` to run when the clock reaches `at`. Tasks stay sorted by (at, id). */
  schedule(at: number, ref: TaskRef): void {
    const task = { id: this.nextId('task'), at, kind: ref.kind, args: ref.args };
    const tasks = this.state.tasks;
    let lo = 0;
    let hi = tasks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tasks[mid].at <= at) lo = mid + 1;
      else hi = mid;
    }
    tasks.splice(lo, 0, task);
    this.dirty = true;
  }

  /** Run, in time order, everything that has fallen due. Cheap when nothing has. */
  runDue(): void {
    const now = this.now();
    const tasks = this.state.tasks;
    let guard = 0;
    while (tasks.length > 0 && tasks[0].at <= now) {
      const task = tasks.shift()!;
      this.dirty = true;
      const handler = this.handlers.get(task.kind);
      if (handler) handler(this, task.args, task.at);
      if (++guard > 1_000_000) throw new Error('emulator task loop does not converge');
    }
  }

  /** Start an asynchronous operation; its effect runs when the clock reaches its end. */
  startAction(opts: {
    user: string;
    type: string;
    resource: string;
    resource_type: string;
    durationS?: number;
    onComplete?: TaskRef;
    onFail?: TaskRef;
    at?: number;
  }): ActionRec {
    const at = opts.at ?? this.now();
    const durationS = opts.durationS ?? DURATIONS[opts.type] ?? 10;
    const willFail = this.faults.fail_next_actions > 0;
    if (willFail) this.faults.fail_next_actions -= 1;
    const action: ActionRec = {
      id: this.nextId('action', 59000),
      user: opts.user,
      type: opts.type,
      resource: opts.resource,
      resource_type: opts.resource_type,
      status: 'in-progress',
      created_at: at,
      started_at: at,
      completed_at: null,
      duration_ms: durationS * 1000,
      final_progress: null,
      will_fail: willFail,
      on_complete: opts.onComplete ?? null,
      on_fail: opts.onFail ?? null,
    };
    this.state.actions[action.id] = action;
    this.dirty = true;
    if (durationS <= 0) this.finishAction(action, at);
    else this.schedule(at + action.duration_ms, { kind: 'action.finish', args: { id: action.id } });
    return action;
  }

  finishAction(action: ActionRec, at: number): void {
    if (action.status !== 'in-progress') return;
    action.completed_at = at;
    if (action.will_fail) {
      action.status = 'failed';
      // a failure shows part-way, as the live service reports it
      action.final_progress = Math.min(95, Math.max(5, Math.floor(this.progressAt(action, at - 1) || 40)));
      if (action.on_fail) this.runTask(action.on_fail, at);
    } else {
      action.status = 'completed';
      action.final_progress = 100;
      if (action.on_complete) this.runTask(action.on_complete, at);
    }
    this.dirty = true;
  }

  runTask(ref: TaskRef, at: number): void {
    const handler = this.handlers.get(ref.kind);
    if (handler) handler(this, ref.args, at);
  }

  progressAt(action: ActionRec, at: number): number {
    if (action.final_progress !== null) return action.final_progress;
    if (action.duration_ms <= 0) return 0;
    const p = Math.floor(((at - (action.started_at ?? action.created_at)) / action.duration_ms) * 100);
    return Math.max(0, Math.min(99, p));
  }

  /** The wire shape of an action, in this emulator's dialect. */
  formatAction(a: ActionRec) {
    const alternate = this.dialect === 'alternate';
    return {
      id: a.id,
      status: a.status === 'failed' && alternate ? 'error' : a.status,
      user: a.user,
      created_at: isoMicro(a.created_at),
      started_at: a.started_at === null ? null : isoMicro(a.started_at),
      completed_at: a.completed_at === null ? null : isoMicro(a.completed_at),
      resource: a.resource,
      resource_type: a.resource_type,
      type: a.type === 'create_server' && alternate ? 'new_server' : a.type,
      progress: this.progressAt(a, this.now()),
    };
  }

  /**
   * Makes the changes so far durable (with --state): the records this request changed appended to the
   * journal, or the whole state when it was replaced or the journal has outgrown it. Either is one write, so
   * a kill at any moment loses at most the request under way.
   */
  persist(): void {
    this.dirty = false;
    if (!this.store) return;
    const clock = this.clock.snapshot();
    if (this.wholePending || this.tracker === null) {
      this.compact(clock);
      return;
    }
    const clockText = JSON.stringify(clock);
    if (this.tracker.empty && clockText === this.lastClock) return;
    this.lastClock = clockText;
    if (this.store.append(this.tracker, clock)) this.compact(clock);
  }

  private compact(clock: ClockSnapshot): void {
    pruneUnreadable(this.rawState);
    this.store!.compact(this.rawState, clock);
    this.lastClock = JSON.stringify(clock);
    this.tracker = new ChangeTracker(this.rawState);
    this.wholePending = false;
  }

  /** Load the state file (and its journal) if there is one; returns whether it did. */
  load(): boolean {
    if (!this.store) return false;
    this.store.prepare();
    let loaded;
    try {
      loaded = this.store.load(this.stateNotes);
    } catch (err) {
      // refused: this emulator will not run, so the file is not its to hold
      this.store.close();
      throw err;
    }
    if (loaded === null) return false;
    this.state = loaded.state;
    // through the tracked state, so what an upgrade changes is written like any other change
    upgradeState(this.state);
    this.clock.restore(loaded.clock);
    return true;
  }

  /** Lets go of the journal's file handle and the state file's lock (a restart on the same file). */
  close(): void {
    this.store?.close();
  }
}

/** Registered in every emulator: an action's end runs its effect. */
export function registerCoreTasks(emu: Emu): void {
  emu.onTask('action.finish', (e, args, at) => {
    const action = e.state.actions[String(args.id)];
    if (action) e.finishAction(action, at);
  });
}
