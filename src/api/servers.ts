// Servers (spec 4.3) and their options: power, console, restore, metrics, isolation, reserved period,
// support plan, spot status.
import type { Transport } from './http.js';
import { deletionUnderWay } from './lost-answer.js';
import type {
  Action,
  ConsoleAccess,
  CreatedServer,
  Isolation,
  ReservedPeriod,
  Server,
  ServerMetrics,
  ServerPower,
  SpotStatus,
  SupportPlan,
} from './models.js';
import {
  parseActionAnswer,
  parseConsole,
  parseCreatedServer,
  parseIsolations,
  parseMetrics,
  parseNothing,
  parseReservedPeriod,
  parseServer,
  parseServerList,
  parseServerPower,
  parseSpotStatus,
  parseSupport,
} from './parse.js';
import { seg, type CallOptions } from './path.js';

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

export interface UpdateServerInput {
  notes?: string;
  /** a group's `eg1xxxxx` name; null leaves the group (sent as `nogroup`) */
  group?: string | null;
}

export interface MetricsRange {
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
