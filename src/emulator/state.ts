// The emulator's whole state: plain JSON-serialisable data, so that `--state FILE` can persist it atomically
// and a restart resumes exactly. Times are milliseconds since the epoch in emulated time; the wire
// formatting (ISO strings, dialects) happens in each resource module.

export type Dialect = 'primary' | 'alternate' | 'live';

export interface UserRec {
  username: string;
  email: string;
  /** scrypt hash (hex) and its salt */
  passwordHash: string;
  salt: string;
  /** bumped on password change; JWTs carry it so a changed password revokes older logins */
  passwordVersion: number;
  reserved_available: boolean;
  offline_available: boolean;
  ecs_special_discount: number;
  ecshm_special_discount: number;
  ecsgpu_special_discount: number;
}

export interface ApiTokenRec {
  id: number;
  user: string;
  notes: string;
  created_at: number;
  /** sha256 of the token value: the value itself is shown once and never stored */
  hash: string;
}

export type ServerStatus = 'Booting' | 'Customizing' | 'Booted' | 'Deleting' | 'Deleted';

export interface SupportRec {
  support_title: string;
  support_code: string;
  immutable: boolean;
  start: number;
  may_downgrade: boolean;
  weigth: number;
  days: number;
  cancelled: boolean;
  cancelled_at: number | null;
}

export interface ReservedRec {
  reserved_plan: number;
  reserved_month: number;
  plan: number;
  discount: number;
  start_date: number;
  end_date: number;
  server: string;
}

/** One change of a server's billable state, for usage reports. */
export interface PowerEvent {
  at: number;
  state: 'on' | 'off' | 'gone';
  /** catalog plan name in force from `at` on */
  plan: string;
}

export interface ServerRec {
  name: string;
  user: string;
  /** catalog plan name (as in the catalog, e.g. `eCS1`) */
  plan: string;
  location: string;
  /** image or template name used to deploy */
  image: string;
  image_label: string;
  notes: string;
  group: string | null;
  ipv4: string;
  ipv6: string;
  status: ServerStatus;
  /** running state as reported by the status endpoint */
  power: 'on' | 'off';
  progress: number;
  active_flag: boolean;
  created_at: number;
  deleted_at: number | null;
  api_version: string;
  is_reserved: boolean;
  reserved_until: number | null;
  reserved_plans: ReservedRec[];
  support: SupportRec | null;
  spot: boolean;
  isolate_from: string[];
  /** physical host the server runs on (for isolation and capacity) */
  host: string;
  ssh_key: string | null;
  script_id: number | null;
  last_restored_snapshot: number | null;
  /** the create action, so Customizing can follow its completion */
  create_action: number | null;
  history: PowerEvent[];
  /** made by the admin bulk endpoint (load tests): it took no capacity, so its deletion gives none back */
  bulk?: boolean;
}

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

export interface CronRec {
  server: string;
  user: string;
  enabled: boolean;
  max_retention: number;
  day_of_week: number;
  /** minutes after 00:00 UTC at which the weekly run happens (00:00 to 06:00) */
  minute_of_day: number;
  last_run_at: number | null;
  last_run_status: string | null;
}

export interface TemplateRec {
  id: number;
  name: string;
  user: string;
  status: 'CG' | 'CD' | 'DE' | 'DD';
  active_flag: boolean;
  uuid: string;
  description: string;
  notes: string;
  so_base: string;
  required_disk: number;
  api_version: string;
  version: string;
  /** plan host type of the source (templates keep the disk, not the plan) */
  source_server: string | null;
  source_snapshot: number | null;
  size_on_disk: number | null;
  windows: boolean;
  created_at: number;
  deleted_at: number | null;
}

export interface SshKeyRec {
  id: number;
  user: string;
  label: string;
  key: string;
  created_at: number;
}

export interface ScriptRec {
  id: number;
  user: string;
  title: string;
  content: string;
  windows: boolean;
  public: boolean;
  category: string | null;
}

export interface NetworkRec {
  id: number;
  network_id: number;
  name: string;
  user: string;
  active: boolean;
  created_at: number;
  deactivated_at: number | null;
}

export interface VlanRec {
  id: number;
  vlan_id: number;
  pvid: boolean;
  /** creating | ok | updating | deleting | deleted */
  status: string;
  active: boolean;
  created_at: number;
  deactivated_at: number | null;
  mac_address: string;
  network: string;
  server: string;
  user: string;
}

export interface GroupRec {
  /** the service's integer id */
  id: number;
  /** generated `eg1xxxxx`, what a server's `group` field carries (and the key in `groups`) */
  name: string;
  notes: string;
  enabled: boolean;
  user: string;
}

export interface SpotRec {
  server: string;
  user: string;
  status: 'ok' | 'terminating' | 'terminated' | 'promoted';
  discount: number;
  notified_at: number | null;
  terminate_at: number | null;
  promoted_at: number | null;
}

export interface EventRec {
  id: number;
  user: string;
  pod: string;
  cluster: string;
  uuid: string;
  date: number;
  runtime_class: string;
  local_reference_namespace: string;
  local_reference_name: string;
  remote_reference_namespace: string;
  remote_reference_name: string;
  event_type: string;
}

export interface TaskRec extends TaskRef {
  id: number;
  at: number;
}

export interface State {
  version: 1;
  /** HS256 key for JWTs, kept so logins survive a restart with --state */
  secret: string;
  seed: 'demo' | 'empty';
  seq: Record<string, number>;
  users: Record<string, UserRec>;
  tokens: ApiTokenRec[];
  servers: Record<string, ServerRec>;
  actions: Record<string, ActionRec>;
  snapshots: Record<string, SnapshotRec>;
  crons: Record<string, CronRec>;
  templates: Record<string, TemplateRec>;
  sshkeys: Record<string, SshKeyRec>;
  scripts: Record<string, ScriptRec>;
  networks: Record<string, NetworkRec>;
  vlans: Record<string, VlanRec>;
  groups: Record<string, GroupRec>;
  spots: Record<string, SpotRec>;
  events: EventRec[];
  tasks: TaskRec[];
  /** free hosts per `${plan}@${location}` (catalog plan name) */
  capacity: Record<string, number>;
}

/**
 * A state an older version wrote, brought to this version's shapes as it is loaded. Groups used to carry their
 * `eg1xxxxx` code in `id` and the label in `name`; they now have the live service's integer id, the code as
 * `name` and the label as `notes` (issue #8). The servers' `group` field carried the code then as now.
 */
export function upgradeState(state: State): void {
  for (const [key, g] of Object.entries(state.groups)) {
    const old = g as unknown as { id: unknown; name?: string; notes?: string; enabled?: boolean; user: string };
    if (typeof old.id === 'number') continue;
    const id = (state.seq.groupId ?? 0) + 1;
    state.seq.groupId = id;
    state.groups[key] = { id, name: typeof old.id === 'string' && old.id !== '' ? old.id : key, notes: old.notes || old.name || '', enabled: old.enabled !== false, user: old.user };
  }
}

/** The collections keyed by name or id (some by what a user typed: user names, server names in paths). */
export const RECORD_COLLECTIONS = [
  'seq', 'users', 'servers', 'actions', 'snapshots', 'crons', 'templates', 'sshkeys', 'scripts', 'networks', 'vlans',
  'groups', 'spots', 'capacity',
] as const;
export const ARRAY_COLLECTIONS = ['tokens', 'events', 'tasks'] as const;

/**
 * A map for keys a user chose: no prototype, so `constructor` or `toString` names nothing until stored, and
 * `__proto__` is stored as an own key like any other instead of replacing the prototype.
 */
export function keyedMap<T>(from: Record<string, T> = {}): Record<string, T> {
  const map = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(from)) map[key] = from[key];
  return map;
}

/** Every record collection of `state` made a prototype-free map (a loaded state comes out of JSON.parse). */
export function keyedCollections(state: State): void {
  const root = state as unknown as Record<string, Record<string, unknown>>;
  for (const name of RECORD_COLLECTIONS) {
    if (Object.getPrototypeOf(root[name]) !== null) root[name] = keyedMap(root[name]);
  }
}

/** What is wrong with the shape of a loaded state (a collection missing or of the wrong kind), or null. */
export function stateShapeProblem(state: unknown): string | null {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return 'it holds no state object';
  const s = state as Record<string, unknown>;
  if (s.version !== 1) return `its version is ${JSON.stringify(s.version) ?? 'missing'}, not 1`;
  if (typeof s.secret !== 'string' || s.secret === '') return "its field 'secret' is missing";
  for (const name of RECORD_COLLECTIONS) {
    const v = s[name];
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return `its collection '${name}' is missing or not an object`;
  }
  for (const name of ARRAY_COLLECTIONS) {
    const v = s[name];
    if (!Array.isArray(v)) return `its collection '${name}' is missing or not a list`;
    if (!v.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) return `its list '${name}' holds something not a record`;
  }
  return null;
}

export function emptyState(secret: string): State {
  const state: State = {
    version: 1,
    secret,
    seed: 'empty',
    seq: {},
    users: {},
    tokens: [],
    servers: {},
    actions: {},
    snapshots: {},
    crons: {},
    templates: {},
    sshkeys: {},
    scripts: {},
    networks: {},
    vlans: {},
    groups: {},
    spots: {},
    events: [],
    tasks: [],
    capacity: {},
  };
  keyedCollections(state);
  return state;
}

/**
 * Drops records nothing can read any more, before the state is written whole: a VLAN once removed (gone from
 * every list and lookup) and the snapshot schedule of a deleted server (its endpoints answer 404 with the
 * server, and its runs stop). Deleted servers, snapshots and templates stay: usage reports bill them.
 */
export function pruneUnreadable(state: State): void {
  for (const [id, v] of Object.entries(state.vlans)) if (v.status === 'deleted' && !v.active) delete state.vlans[id];
  for (const [name, c] of Object.entries(state.crons)) {
    const s = state.servers[c.server];
    if (!s || s.status === 'Deleted') delete state.crons[name];
  }
}
