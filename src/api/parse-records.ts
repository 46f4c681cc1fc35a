// Wire shapes → models, part 3 of 3 (parse.ts is the whole): networks and VLANs, keys and scripts, account and
// tokens, metrics, usage reports, events and groups.
import { ShapeError } from './errors.js';
import type * as M from './models.js';
import { Reader, isRecord, scalarText, toDate, toNumber } from './read.js';
import { envelope, listOf, lower, parseAction, requireRecord, unwrap } from './parse-base.js';

// ------------------------------------------------------------------------------------- networks and VLANs

export function parseNetwork(v: unknown): M.Network {
  const r = Reader.of(unwrap(v, 'network'), 'network record');
  return {
    id: r.optNum('id'),
    networkId: r.optNum('network_id'),
    name: r.str('name'),
    active: r.optBool('active', true),
    createdAt: r.date('created_at'),
    deactivatedAt: r.date('deactivated_at'),
    user: r.optStr('user'),
    extra: r.rest(),
  };
}

export function parseNetworks(body: unknown): M.Network[] {
  return listOf(body, 'networks', 'network list').map(parseNetwork);
}

function parseVlan(v: unknown): M.Vlan {
  const r = Reader.of(v, 'vlan record');
  return {
    id: r.optNum('id'),
    vlanId: r.num('vlan_id'),
    pvid: r.optBool('pvid'),
    status: lower(r.optStr('status')),
    active: r.optBool('active'),
    createdAt: r.date('created_at'),
    deactivatedAt: r.date('deactivated_at'),
    macAddress: r.optStr('mac_address'),
    network: r.optStr('network'),
    server: r.optStr('server'),
    user: r.optStr('user'),
    extra: r.rest(),
  };
}

export function parseVlans(body: unknown): M.Vlan[] {
  return listOf(body, 'vlans', 'vlan list').map(parseVlan);
}

/** VLAN create, update and removal answers: any of `vlan`, `action`, or neither (removal: not shown). */
export function parseVlanChange(body: unknown): M.VlanChange {
  if (!isRecord(body)) return { vlan: null, action: null };
  return {
    vlan: isRecord(body.vlan) ? parseVlan(body.vlan) : null,
    action: isRecord(body.action) ? parseAction(body.action) : null,
  };
}

// ------------------------------------------------------------------------------------ keys and scripts

export function parseSshKey(v: unknown): M.SshKey {
  const r = Reader.of(unwrap(v, 'pubkey'), 'ssh key record');
  return { id: r.num('id'), label: r.str('label'), key: r.optStr('key'), createdAt: r.date('created_at'), extra: r.rest() };
}

export function parseSshKeys(body: unknown): M.SshKey[] {
  return listOf(body, 'pubkeys', 'ssh key list').map(parseSshKey);
}

/** A bare script object (spec) or `{status, script}` (recorded). */
export function parseScript(v: unknown): M.Script {
  const r = Reader.of(unwrap(v, 'script'), 'script record');
  const category = r.any('category');
  return {
    id: r.num('id'),
    user: r.optStr('user'),
    title: r.str('title'),
    content: r.optStr('content'),
    windows: r.optBool('windows'),
    public: r.optBool('public'),
    category: category === null || category === undefined || category === '' ? null : scalarText(category),
    createdAt: r.date('created_at') ?? r.date('creation_date'),
    extra: r.rest(),
  };
}

export function parseScripts(body: unknown): M.Script[] {
  return listOf(body, 'scripts', 'script list').map(parseScript);
}

// ------------------------------------------------------------------------------------- account and tokens

export function parseAccount(body: unknown): M.Account {
  const r = Reader.of(unwrap(body, 'account'), 'account record');
  envelope(r);
  return {
    username: r.str('username'),
    email: r.optStr('email'),
    reservedAvailable: r.optBool('reserved_available'),
    offlineAvailable: r.optBool('offline_available'),
    ecsSpecialDiscount: r.optNum('ecs_special_discount'),
    ecshmSpecialDiscount: r.optNum('ecshm_special_discount'),
    ecsgpuSpecialDiscount: r.optNum('ecsgpu_special_discount'),
    extra: r.rest(),
  };
}

export function parseLogin(body: unknown): M.Login {
  const r = Reader.of(body, 'login answer');
  const token = r.str('token');
  const expire = toDate(r.any('expire'));
  if (!expire) throw new ShapeError("login answer is missing 'expire'");
  return { token, expire };
}

export function parseTokenList(body: unknown): M.ApiTokenInfo[] {
  return listOf(body, 'keys', 'token list').map((x) => {
    const r = Reader.of(x, 'token record');
    return { id: r.num('id'), notes: r.optStr('notes'), createdAt: r.date('created_at') };
  });
}

export function parseCreatedToken(body: unknown): M.CreatedToken {
  const r = Reader.of(body, 'token creation answer');
  return { token: r.str('token'), id: r.nullableNum('id') };
}

// ------------------------------------------------------------------------------------------------ metrics

/** `[epoch_seconds, "value"]` or `{t: ISO, y: "value"}`; a point without a value is a gap, left out. */
function parsePoint(p: unknown): M.MetricPoint | null {
  let at: Date | undefined;
  let raw: unknown;
  if (Array.isArray(p) && p.length >= 2) {
    at = toDate(p[0]);
    raw = p[1];
  } else if (isRecord(p) && ('t' in p || 'x' in p)) {
    at = toDate(p.t ?? p.x);
    raw = p.y;
  } else {
    throw new ShapeError('metric point is neither [time, value] nor {t, y}');
  }
  if (!at) throw new ShapeError('metric point has no readable time');
  if (raw === null || raw === undefined || raw === '') return null;
  const value = toNumber(raw);
  if (value === undefined) throw new ShapeError('metric point has a value that is not a number');
  return { at, value };
}

function series(v: unknown): M.MetricPoint[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ShapeError('metric series is not a list');
  const out: M.MetricPoint[] = [];
  for (const p of v) {
    const point = parsePoint(p);
    if (point) out.push(point);
  }
  return out;
}

export function parseMetrics(body: unknown): M.ServerMetrics {
  const m = requireRecord(unwrap(body, 'metrics'), 'metrics');
  const disk = isRecord(m.disk) ? m.disk : {};
  const net = isRecord(m.network) ? m.network : {};
  return {
    resource: typeof m.resource === 'string' ? m.resource : '',
    core: series(m.core),
    disk: { reads: series(disk.reads), writes: series(disk.writes) },
    network: { received: series(net.received), transmitted: series(net.transmitted) },
  };
}

// ------------------------------------------------------------------------------------------------- usage

export function parseServerUsage(v: unknown): M.ServerUsage {
  const r = Reader.of(v, 'server usage record');
  return {
    plan: r.optStr('plan'),
    name: r.str('name'),
    group: r.nullableStr('group'),
    notes: r.optStr('notes'),
    status: r.optStr('status'),
    year: r.optNum('year'),
    month: r.optNum('month'),
    createdAt: r.date('creation_date'),
    deletedAt: r.date('deletion_date'),
    billedHours: r.optNum('billed_hours'),
    cost: r.optNum('cost'),
    summary: r.nested('summary', (s) => ({
      onlineHour: s.optNum('online_hour'),
      onlinePrice: s.optNum('online_price'),
      offlineHour: s.optNum('offline_hour'),
      offlineDiscount: s.optNum('offline_discount'),
      offlinePrice: s.optNum('offline_price'),
      offlineReduction: s.optNum('offline_reduction'),
      originalCost: s.optNum('original_cost'),
      reservedDiscounts: s.list('reserved_discounts', (x) => {
        const d = Reader.of(x, 'reserved discount record');
        return {
          reservedPlan: d.optStr('reserved_plan'),
          reservedHour: d.optNum('reserved_hour'),
          reservedDiscount: d.optNum('reserved_discount'),
          reservedPrice: d.optNum('reserved_price'),
          reservedReduction: d.optNum('reserved_reduction'),
          reservedStartDate: d.date('reserved_start_date'),
          reservedEndDate: d.date('reserved_end_date'),
        };
      }),
    })),
    extra: r.rest(),
  };
}

export function parseTemplateUsage(v: unknown): M.TemplateUsage {
  const r = Reader.of(v, 'template usage record');
  return {
    name: r.str('name'),
    status: r.optStr('status'),
    notes: r.optStr('notes'),
    year: r.optNum('year'),
    month: r.optNum('month'),
    createdAt: r.date('creation_date'),
    deletedAt: r.date('deletion_date'),
    hours: r.optNum('hours'),
    sizeOnDisk: r.nullableNum('size_on_disk'),
    cost: r.optNum('cost'),
    extra: r.rest(),
  };
}

export function parseSnapshotUsage(body: unknown): M.SnapshotUsage {
  const r = Reader.of(body, 'snapshot usage');
  return {
    year: r.optNum('year'),
    month: r.optNum('month'),
    totalCost: r.optNum('total_cost'),
    rowsCount: r.optNum('rows_count'),
    snapshots: r.list('snapshots', (x) => {
      const s = Reader.of(x, 'snapshot usage record');
      return {
        snapshot: s.optNum('snapshot'),
        name: s.optStr('snapshot_name'),
        status: s.optStr('snapshot_status'),
        statusLabel: s.optStr('snapshot_status_label'),
        description: s.optStr('snapshot_description'),
        createdAt: s.date('snapshot_created_at'),
        deletedAt: s.date('snapshot_deleted_at'),
        sizeOnDisk: s.nullableNum('size_on_disk'),
        hours: s.optNum('hours'),
        cost: s.optNum('final_cost'),
        extra: s.rest(),
      };
    }),
  };
}

// ------------------------------------------------------------------------------------------------ events

function parseEvent(v: unknown): M.PodEvent {
  const r = Reader.of(v, 'event record');
  return {
    id: r.num('id'),
    pod: r.optStr('pod'),
    cluster: r.optStr('cluster'),
    uuid: r.optStr('uuid'),
    user: r.optStr('user'),
    date: r.date('date'),
    runtimeClass: r.optStr('runtime_class'),
    localReferenceNamespace: r.optStr('local_reference_namespace'),
    localReferenceName: r.optStr('local_reference_name'),
    remoteReferenceNamespace: r.optStr('remote_reference_namespace'),
    remoteReferenceName: r.optStr('remote_reference_name'),
    eventEpoch: r.optNum('event_epoch'),
    eventType: r.str('event_type'),
    extra: r.rest(),
  };
}

export function parseEventPage(body: unknown): M.EventPage {
  const items = listOf(body, 'items', 'event list').map(parseEvent);
  const b = isRecord(body) ? body : {};
  return { items, length: toNumber(b.length) ?? items.length, total: toNumber(b.total) ?? items.length };
}

// ------------------------------------------------------------------------------------------------ groups

export function parseGroup(v: unknown): M.Group {
  const r = Reader.of(unwrap(v, 'group'), 'group record');
  return {
    id: r.num('id'),
    name: r.str('name'),
    notes: r.optStr('notes'),
    enabled: r.optBool('enabled', true),
    extra: r.rest(),
  };
}

export function parseGroups(body: unknown): M.Group[] {
  return listOf(body, 'groups', 'group list').map(parseGroup);
}

/** Answers that carry nothing but `status`: accept anything that is not an error. */
export const parseNothing = (_body: unknown): void => undefined;
