// Servers (spec 4.3) and their options: power, console, restore, metrics, isolation, reserved period,
// support plan, spot status.
import { parseAction, parseActionAnswer, type Action } from './actions.js';
import { ShapeError } from './errors.js';
import type { Transport } from './http.js';
import { deletionUnderWay } from './lost-answer.js';
import { createdActionId, listOf, lower, parseNothing, requireRecord, unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, isRecord } from './read.js';
import {
  parseMetrics,
  parseReservedPeriod,
  parseSpotStatus,
  parseSupport,
  readSpot,
  readSupport,
  type ReservedPeriod,
  type ServerMetrics,
  type SpotStatus,
  type SupportPlan,
} from './server-options.js';
import { parseSnapshot, type Snapshot } from './snapshots.js';

export type ServerState = 'booting' | 'customizing' | 'booted' | 'deleting' | 'deleted';

export interface PlanSize {
  core: number;
  ram: number;
  disk: number;
  gpu: number;
  gpuLabel: string | null;
  hostType: string;
}

export interface Server {
  name: string;
  ipv4: string | null;
  ipv6: string | null;
  group: string | null;
  plan: string;
  planSize: PlanSize | null;
  reservedPlans: ReservedPeriod[];
  isReserved: boolean;
  reservedUntil: Date | null;
  support: SupportPlan | null;
  location: string;
  locationLabel: string;
  notes: string;
  /** image (or template) the server was deployed from: `so` on the wire, `os` in short forms */
  image: string;
  imageLabel: string;
  createdAt: Date | null;
  deletedAt: Date | null;
  active: boolean;
  /** lower case; values beyond the spec's pass through lower-cased */
  status: ServerState | (string & {});
  progress: number;
  apiVersion: string;
  user: string;
  virttype: string;
  spot: SpotStatus | null;
  lastRestoredSnapshot: Snapshot | null;
  extra: Extra;
}

/** The running state from the status endpoint: `RUNNING` / `Running` read as 'running', `SHUTOFF` as 'shutoff'. */
interface ServerPower {
  name: string;
  state: 'running' | 'shutoff' | (string & {});
}

export interface CreatedServer {
  actionId: number;
  server: Server;
}

interface ConsoleAccess {
  action: Action;
  consoleKey: string;
}

export interface Isolation {
  name: string;
  notes: string;
}

// ------------------------------------------------------------------------------------------------ reading

function planSize(r: Reader): PlanSize {
  return {
    core: r.num('core'),
    ram: r.num('ram'),
    disk: r.num('disk'),
    gpu: r.optNum('gpu'),
    // one document example writes "" for no GPU where the service writes null
    gpuLabel: r.nullableStr('gpu_label'),
    hostType: r.optStr('host_type'),
  };
}

export function parseServer(v: unknown): Server {
  const r = Reader.of(v, 'server record');
  const name = r.str('name');
  // the short create form names the image `os`; the full shapes name it `so`
  const image = r.has('so') ? r.str('so') : r.optStr('os');
  r.any('os');
  const spotRaw = r.any('spot');
  const restored = r.any('last_restored_snapshot');
  return {
    name,
    ipv4: r.nullableStr('ipv4'),
    ipv6: r.nullableStr('ipv6'),
    group: r.nullableStr('group'),
    plan: r.optStr('plan'),
    planSize: r.nested('plan_size', planSize),
    reservedPlans: r.list('reserved_plans', (x) => parseReservedPeriod(x, name)),
    isReserved: r.optBool('is_reserved'),
    reservedUntil: r.date('reserved_until'),
    support: r.nested('support', readSupport),
    location: r.optStr('location'),
    locationLabel: r.optStr('location_label'),
    notes: r.optStr('notes'),
    image,
    imageLabel: r.optStr('so_label'),
    createdAt: r.date('creation_date'),
    deletedAt: r.date('deletion_date'),
    active: r.optBool('active_flag'),
    status: lower(r.optStr('status')),
    progress: r.optNum('progress'),
    apiVersion: r.optStr('api_version'),
    user: r.optStr('user'),
    virttype: r.optStr('virttype'),
    spot: isRecord(spotRaw) ? readSpot(new Reader(spotRaw, 'server spot record'), name) : null,
    lastRestoredSnapshot: isRecord(restored) ? parseSnapshot(restored) : null,
    extra: r.rest(),
  };
}

export function parseServerList(body: unknown): Server[] {
  return listOf(body, 'server', 'server list').map(parseServer);
}

/** `action_id` (spec) or `action` (one document page); the latter possibly a whole action record. */
export function parseCreatedServer(body: unknown): CreatedServer {
  const b = requireRecord(body, 'server creation');
  return { actionId: createdActionId(b, 'server creation'), server: parseServer(b.server) };
}

/** `RUNNING`, `Running` → 'running'; `SHUTOFF` → 'shutoff'. */
function powerState(raw: string): string {
  return lower(raw).replace(/[\s-]+/g, '_');
}

/** `{status, server: {name, current_status}}` or `{status, name, current_status}`. */
export function parseServerPower(body: unknown): ServerPower {
  const r = Reader.of(unwrap(body, 'server'), 'server status record');
  return { name: r.str('name'), state: powerState(r.str('current_status')) };
}

export function parseConsole(body: unknown): ConsoleAccess {
  const b = requireRecord(body, 'console');
  const inner = isRecord(b.action) ? b.action : b;
  const key = b.console_key ?? inner.console_key;
  if (typeof key !== 'string' || key === '') throw new ShapeError("console answer is missing 'console_key'");
  return { action: parseAction(inner), consoleKey: key };
}

function parseIsolations(body: unknown): Isolation[] {
  return listOf(body, 'isolations', 'isolation list').map((x) => {
    const r = Reader.of(x, 'isolation record');
    return { name: r.str('name'), notes: r.optStr('notes') };
  });
}

// -------------------------------------------------------------------------------------------------- calls

export type VlanSpec = { vlanId: number; pvid?: boolean } | { range: string };

export interface CreateServerInput {
  plan: string;
  location: string;
  /** a public image name or a private template */
  image: string;
  notes: string;
  /** label of a registered public key */
  sshKey?: string;
  /** `M<months>P<plan>`, e.g. `M12PECS1`; not with `spot` */
  reservedPlan?: string;
  support?: 'basic' | 'global';
  group?: string;
  /** text: a one-off script; number: a library script id */
  userCustomize?: string | number;
  /** `NAME=value` lines, or a record of them; only with a library script */
  userCustomizeEnv?: string | Record<string, string>;
  networks?: Array<{ name: string; vlans: VlanSpec[] }>;
  isolateFrom?: string[];
  spot?: boolean;
}

interface UpdateServerInput {
  notes?: string;
  /** a group's `eg1xxxxx` name; null leaves the group (sent as `nogroup`) */
  group?: string | null;
}

interface MetricsRange {
  start?: Date | string;
  end?: Date | string;
}

/** The wire body of POST /ecs/v2/servers; exported so the create wizard's review shows exactly what is sent. */
export function createBody(input: CreateServerInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    plan: input.plan,
    location: input.location,
    image: input.image,
    notes: input.notes,
  };
  if (input.sshKey !== undefined) body.ssh_key = input.sshKey;
  if (input.reservedPlan !== undefined) body.reserved_plan = input.reservedPlan;
  if (input.support !== undefined) body.support = input.support;
  if (input.group !== undefined) body.group = input.group;
  if (input.userCustomize !== undefined) body.user_customize = input.userCustomize;
  if (input.userCustomizeEnv !== undefined) {
    body.user_customize_env =
      typeof input.userCustomizeEnv === 'string'
        ? input.userCustomizeEnv
        : Object.entries(input.userCustomizeEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join('\n');
  }
  if (input.networks !== undefined) {
    body.networks = input.networks.map((n) => ({
      name: n.name,
      vlans: n.vlans.map((v) => ('range' in v ? { vlans: v.range } : { vlan_id: v.vlanId, pvid: v.pvid ?? false })),
    }));
  }
  if (input.isolateFrom !== undefined) body.isolate_from = input.isolateFrom;
  if (input.spot !== undefined) body.spot = input.spot;
  return body;
}

const day = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

export function serversApi(t: Transport) {
  const base = (name: string) => `/ecs/v2/servers/${seg(name)}`;
  const action = (name: string, body: Record<string, unknown>, opts: CallOptions) =>
    t.call('POST', `${base(name)}/actions`, parseActionAnswer, { ...opts, json: body });

  return {
    list(opts: CallOptions = {}): Promise<Server[]> {
      return t.call('GET', '/ecs/v2/servers', parseServerList, opts);
    },
    get(name: string, opts: CallOptions = {}): Promise<Server> {
      return t.call('GET', base(name), (b) => parseServer(isServerWrapper(b) ? b.server : b), opts);
    },
    /** Starts a `create_server` action; poll it with `actions.get(actionId)`. Never retried: a retry could make two servers. */
    create(input: CreateServerInput, opts: CallOptions = {}): Promise<CreatedServer> {
      return t.call('POST', '/ecs/v2/servers', parseCreatedServer, { ...opts, json: createBody(input) });
    },
    update(name: string, input: UpdateServerInput, opts: CallOptions = {}): Promise<void> {
      const body: Record<string, unknown> = {};
      if (input.notes !== undefined) body.note = input.notes;
      if (input.group !== undefined) body.group = input.group ?? 'nogroup';
      return t.call('PUT', base(name), parseNothing, { ...opts, json: body });
    },
    /** Starts a `delete_server` action (a retry that finds it started, its answer lost, gives that action). */
    remove(name: string, opts: CallOptions = {}): Promise<Action> {
      return t.call('DELETE', base(name), parseActionAnswer, { ...opts, lostAnswer: deletionUnderWay(t, name, 'delete_server') });
    },
    /** The running state: 'running', 'shutoff', ... */
    status(name: string, opts: CallOptions = {}): Promise<ServerPower> {
      return t.call('GET', `${base(name)}/status`, parseServerPower, opts);
    },
    powerOn(name: string, opts: CallOptions = {}): Promise<Action> {
      return action(name, { type: 'power_on' }, opts);
    },
    powerOff(name: string, opts: CallOptions = {}): Promise<Action> {
      return action(name, { type: 'power_off' }, opts);
    },
    console(name: string, opts: CallOptions = {}): Promise<ConsoleAccess> {
      return t.call('POST', `${base(name)}/actions`, parseConsole, { ...opts, json: { type: 'console' } });
    },
    /** Restores the server from one of its snapshots. */
    rollback(name: string, snapshotId: number, opts: CallOptions = {}): Promise<Action> {
      return action(name, { type: 'rollback', snapshot: snapshotId }, opts);
    },
    metrics(name: string, range: MetricsRange = {}, opts: CallOptions = {}): Promise<ServerMetrics> {
      return t.call('GET', `${base(name)}/metrics`, parseMetrics, {
        ...opts,
        query: { start: range.start && day(range.start), end: range.end && day(range.end) },
      });
    },
    isolations(name: string, opts: CallOptions = {}): Promise<Isolation[]> {
      return t.call('GET', `${base(name)}/isolations`, parseIsolations, opts);
    },
    /** `reservedPlan`: a reserved plan id or the formula `M<months>P<plan>`. */
    addReserved(name: string, reservedPlan: string | number, opts: CallOptions = {}): Promise<ReservedPeriod> {
      return t.call('POST', `/api/v2/servers/${seg(name)}/reserved`, (b) => parseReservedPeriod(b, name), {
        ...opts,
        json: { reserved_plan: reservedPlan },
      });
    },
    setSupport(name: string, code: 'basic' | 'global', opts: CallOptions = {}): Promise<SupportPlan> {
      return t.call('POST', `${base(name)}/support`, parseSupport, { ...opts, json: { code } });
    },
    removeSupport(name: string, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', `${base(name)}/support`, parseNothing, opts);
    },
    spotStatus(name: string, opts: CallOptions = {}): Promise<SpotStatus> {
      return t.call('GET', `/api/v2/servers/${seg(name)}/spot-status`, parseSpotStatus, opts);
    },
    /** Turns a spot instance into an on-demand one; idempotent once promoted. */
    promoteSpot(name: string, opts: CallOptions = {}): Promise<SpotStatus> {
      // PUT rather than PATCH: promotion is idempotent, so the transport may retry it
      return t.call('PUT', `/api/v2/servers/${seg(name)}/spot-status`, parseSpotStatus, {
        ...opts,
        json: { status: 'promoted' },
      });
    },
  };
}

function isServerWrapper(b: unknown): b is { server: unknown } {
  return typeof b === 'object' && b !== null && 'server' in b && typeof (b).server === 'object';
}
