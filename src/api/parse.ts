// Wire shapes → models. Every variant in observed-service.md and every row of the emulator's dialect table is
// read here into the one model of models.ts; nothing outside src/api sees a wire shape.
import { ShapeError } from './errors.js';
import type * as M from './models.js';
import { Reader, isRecord, toDate, toNumber, type Json } from './read.js';

// ---------------------------------------------------------------------------------------------- envelopes

/** `{status, <key>: {...}}` or the record itself: several answers come either way. */
export function unwrap(body: unknown, key: string): unknown {
  if (isRecord(body) && isRecord(body[key])) return body[key];
  return body;
}

/** The list under `key`, or the body itself when the service sent a bare array. */
export function listOf(body: unknown, key: string, what: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body)) {
    const v = body[key];
    if (Array.isArray(v)) return v;
    if (v === undefined || v === null) throw new ShapeError(`${what} answer is missing '${key}'`);
  }
  throw new ShapeError(`${what} answer has no list '${key}'`);
}

/** A record sent flat beside the envelope's `status: "ok"`: that status is not the record's. */
function envelope(r: Reader): void {
  if (r.raw.status === 'ok') r.any('status');
}

function requireRecord(body: unknown, what: string): Json {
  if (!isRecord(body)) throw new ShapeError(`${what} answer is not an object`);
  return body;
}

// ------------------------------------------------------------------------------------------- vocabulary

const lower = (s: string) => s.trim().toLowerCase();

/** `failed` and `error` are one failure status; a few other spellings are folded in for safety. */
export function actionStatus(raw: string): M.ActionStatus | (string & {}) {
  const s = lower(raw).replace(/[_ ]/g, '-');
  if (s === 'failed' || s === 'error' || s === 'failure' || s === 'fail') return 'failed';
  if (s === 'completed' || s === 'complete' || s === 'done' || s === 'success') return 'completed';
  if (s === 'in-progress' || s === 'inprogress' || s === 'running' || s === 'pending') return 'in-progress';
  return s;
}

/** `new_server` is what one document page calls `create_server`. */
export function actionType(raw: string): string {
  const s = lower(raw);
  return s === 'new_server' ? 'create_server' : s;
}

/** `RUNNING`, `Running` → 'running'; `SHUTOFF` → 'shutoff'. */
export function powerState(raw: string): string {
  return lower(raw).replace(/[\s-]+/g, '_');
}

const IMAGE_CODES: Record<string, M.ImageStatus> = { cg: 'creating', cd: 'created', de: 'deleting', dd: 'deleted' };

/** Snapshot and template status codes (`CG`, `CD`, `DE`, `DD`) and their labels (`Created`) as one word. */
export function imageStatus(raw: string): M.ImageStatus | (string & {}) {
  const s = lower(raw);
  return IMAGE_CODES[s] ?? s;
}

// ------------------------------------------------------------------------------------------------ servers

function planSize(r: Reader): M.PlanSize {
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

export function parseServer(v: unknown): M.Server {
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

export function parseServerList(body: unknown): M.Server[] {
  return listOf(body, 'server', 'server list').map(parseServer);
}

/** `action_id` (spec) or `action` (one document page); the latter possibly a whole action record. */
export function parseCreatedServer(body: unknown): M.CreatedServer {
  const b = requireRecord(body, 'server creation');
  return { actionId: createdActionId(b, 'server creation'), server: parseServer(b.server) };
}

function createdActionId(b: Json, what: string): number {
  const raw = b.action_id ?? b.action;
  const id = isRecord(raw) ? toNumber(raw.id) : toNumber(raw);
  if (id === undefined) throw new ShapeError(`${what} answer is missing 'action_id'`);
  return id;
}

/** `{status, server: {name, current_status}}` or `{status, name, current_status}`. */
export function parseServerPower(body: unknown): M.ServerPower {
  const r = Reader.of(unwrap(body, 'server'), 'server status record');
  return { name: r.str('name'), state: powerState(r.str('current_status')) };
}

export function parseIsolations(body: unknown): M.Isolation[] {
  return listOf(body, 'isolations', 'isolation list').map((x) => {
    const r = Reader.of(x, 'isolation record');
    return { name: r.str('name'), notes: r.optStr('notes') };
  });
}

// ------------------------------------------------------------------------------------------------ actions

export function parseAction(v: unknown): M.Action {
  const r = Reader.of(v, 'action record');
  const a: M.Action = {
    id: r.num('id'),
    status: actionStatus(r.str('status')),
    user: r.optStr('user'),
    createdAt: r.date('created_at'),
    startedAt: r.date('started_at'),
    completedAt: r.date('completed_at'),
    resource: r.optStr('resource'),
    resourceType: r.optStr('resource_type'),
    type: actionType(r.str('type')),
    progress: r.optNum('progress'),
    extra: r.rest(),
  };
  // a bare console answer carries the key beside the action's fields; it is not part of the action
  delete a.extra.console_key;
  return a;
}

/** `{status:"ok", action:{...}}` or the bare action (power, console, rollback answers). */
export function parseActionAnswer(body: unknown): M.Action {
  return parseAction(unwrap(body, 'action'));
}

export function parseConsole(body: unknown): M.ConsoleAccess {
  const b = requireRecord(body, 'console');
  const inner = isRecord(b.action) ? b.action : b;
  const key = b.console_key ?? inner.console_key;
  if (typeof key !== 'string' || key === '') throw new ShapeError("console answer is missing 'console_key'");
  return { action: parseAction(inner), consoleKey: key };
}

export function parseActionPage(body: unknown): M.ActionPage {
  const actions = listOf(body, 'actions', 'action list').map(parseAction);
  const total = isRecord(body) ? toNumber(body.total_actions) : undefined;
  return { actions, total: total ?? actions.length };
}

// ------------------------------------------------------------------------------------------------ catalog

function readRegion(r: Reader): M.Region {
  return { id: r.optNum('id'), location: r.str('location'), description: r.optStr('description') };
}

function readPlan(r: Reader): M.Plan {
  return {
    id: r.optNum('id'),
    name: r.str('name'),
    cpu: r.optNum('cpu'),
    ram: r.optNum('ram'),
    disk: r.optNum('disk'),
    gpu: r.optNum('gpu'),
    gpuLabel: r.nullableStr('gpu_label'),
    hourlyPrice: r.optNum('hourly_price'),
    // spelled `montly_price` by the service
    monthlyPrice: r.has('montly_price') ? r.num('montly_price') : r.optNum('monthly_price'),
    windows: r.optBool('windows'),
    hostType: r.optStr('host_type'),
    available: r.optBool('available', true),
    regions: r.list('available_regions', (x) => readRegion(Reader.of(x, 'plan region'))),
    extra: r.rest(),
  };
}

export function parsePlan(v: unknown): M.Plan {
  return readPlan(Reader.of(v, 'plan record'));
}

export function parsePlans(body: unknown): M.Plan[] {
  return listOf(body, 'plans', 'plan list').map(parsePlan);
}

export function parseSpotPlans(body: unknown): M.SpotPlan[] {
  return listOf(body, 'plans', 'spot plan list').map((x) => {
    const r = Reader.of(x, 'spot plan record');
    return { plan: parsePlan(r.any('plan')), discount: r.num('discount') };
  });
}

/** `[["ch-lug1", ...]]` (nested, as observed) or `["ch-lug1", ...]` (flat, one page). */
export function parseRegionNames(body: unknown): string[] {
  const flat = listOf(body, 'regions', 'region list').flat(2);
  return flat.map((x) => {
    if (typeof x === 'string') return x;
    if (isRecord(x) && typeof x.location === 'string') return x.location;
    throw new ShapeError('region list holds something that is not a location');
  });
}

export function parseRegions(body: unknown): M.Region[] {
  return listOf(body, 'regions', 'region list').map((x) => readRegion(Reader.of(x, 'region record')));
}

/**
 * The spec leaves this record unshown beyond `spot_discount` and `spot_available`, so several layouts are
 * read: a flat list of {plan, location, ...}, or plans each with per-region entries.
 */
export function parseAvailability(body: unknown): M.PlanAvailability[] {
  let items: unknown[];
  if (Array.isArray(body)) items = body;
  else if (isRecord(body)) {
    const key = ['availability', 'availables', 'plans', 'items', 'data'].find((k) => Array.isArray(body[k]));
    if (!key) throw new ShapeError("plan availability answer has no list of plans");
    items = body[key] as unknown[];
  } else throw new ShapeError('plan availability answer is not an object');

  const out: M.PlanAvailability[] = [];
  for (const item of items) {
    const r = Reader.of(item, 'plan availability record');
    const planRaw = r.any('plan');
    const planName = isRecord(planRaw)
      ? String(planRaw.name ?? planRaw.id ?? '')
      : planRaw !== undefined && planRaw !== null
        ? String(planRaw)
        : r.optStr('plan_name') || r.optStr('name');
    const regions = ['regions', 'locations', 'availability'].map((k) => r.raw[k]).find(Array.isArray) as unknown[] | undefined;
    if (regions) {
      for (const reg of regions) {
        const rr = Reader.of(reg, 'plan availability region');
        out.push(readAvailability(rr, planName, r));
      }
    } else {
      out.push(readAvailability(r, planName, r));
    }
  }
  return out;
}

function readAvailability(r: Reader, plan: string, parent: Reader): M.PlanAvailability {
  const location = r.has('location') ? r.str('location') : r.has('region') ? r.str('region') : r.optStr('location');
  const discount = r.has('spot_discount') ? r.nullableNum('spot_discount') : parent.has('spot_discount') ? parent.nullableNum('spot_discount') : null;
  r.any('spot_discount');
  r.any('region');
  r.any('plan');
  r.any('plan_name');
  r.any('name');
  for (const k of ['regions', 'locations', 'availability']) r.any(k);
  if (plan === '') throw new ShapeError("plan availability record is missing 'plan'");
  const available = r.has('available') ? r.bool('available') : null;
  return { plan, location, spotDiscount: discount, spotAvailable: r.optBool('spot_available'), available, extra: r.rest() };
}

// ---------------------------------------------------------------------------------- images and templates

export function parseImage(v: unknown): M.Image {
  const r = Reader.of(v, 'image record');
  return {
    id: r.optNum('id'),
    name: r.str('name'),
    createdAt: r.date('creation_date'),
    active: r.optBool('active_flag'),
    status: imageStatus(r.optStr('status')),
    uuid: r.optStr('uuid'),
    description: r.optStr('description'),
    notes: r.optStr('notes'),
    public: r.optBool('public'),
    cloudImage: r.optBool('cloud_image'),
    osBase: r.optStr('so_base'),
    requiredDisk: r.nullableNum('required_disk'),
    apiVersion: r.optStr('api_version'),
    apiVersionValue: r.nullableNum('api_version_value'),
    version: r.optStr('version'),
    extra: r.rest(),
  };
}

export function parseImages(body: unknown, key = 'images'): M.Image[] {
  return listOf(body, key, 'image list').map(parseImage);
}

export const parseTemplate = (v: unknown): M.Template => parseImage(unwrap(v, 'template'));

export function parseTemplates(body: unknown): M.Template[] {
  return listOf(body, 'templates', 'template list').map(parseImage);
}

export function parseCreatedTemplate(body: unknown): M.CreatedTemplate {
  const b = requireRecord(body, 'template creation');
  return { actionId: createdActionId(b, 'template creation'), template: parseImage(b.template) };
}

// ------------------------------------------------------------------------------------------------ snapshots

export function parseSnapshot(v: unknown): M.Snapshot {
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

export function parseSnapshots(body: unknown): M.Snapshot[] {
  return listOf(body, 'snapshots', 'snapshot list').map(parseSnapshot);
}

/** `{status, snapshot, action}` of create and delete; the action may be absent on some answers. */
export function parseSnapshotChange(body: unknown): M.SnapshotChange {
  const b = requireRecord(body, 'snapshot');
  return { snapshot: parseSnapshot(b.snapshot), action: isRecord(b.action) ? parseAction(b.action) : null };
}

export function parseSchedule(body: unknown): M.SnapshotSchedule {
  const r = Reader.of(unwrap(body, 'cron'), 'snapshot schedule record');
  const infos = r.any('infos');
  const i = isRecord(infos) ? new Reader(infos, 'snapshot schedule infos') : r;
  const status = r.any('last_run_status');
  return {
    name: r.str('name'),
    schedule: r.optStr('schedule'),
    enabled: r.optBool('enabled'),
    lastRunAt: r.date('last_run_at'),
    lastRunStatus: status === null || status === undefined || status === '' ? null : String(status),
    maxRetention: i.num('max_retention'),
    dayOfWeek: i.num('day_of_week'),
    extra: r.rest(),
  };
}

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

export function parseVlan(v: unknown): M.Vlan {
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
    category: category === null || category === undefined || category === '' ? null : String(category),
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

// ---------------------------------------------------------------------------------- spot, support, reserved

function readSpot(r: Reader, server = ''): M.SpotStatus {
  return {
    server: r.has('server') ? r.str('server') : server,
    status: lower(r.optStr('status', 'ok')),
    discount: r.optNum('discount'),
    notifiedAt: r.date('notified_at'),
    terminateAt: r.date('terminate_at'),
    promotedAt: r.date('promoted_at'),
    extra: r.rest(),
  };
}

export function parseSpotStatus(body: unknown): M.SpotStatus {
  const inner = isRecord(body) && isRecord(body.spot) ? body.spot : isRecord(body) && isRecord(body.spot_status) ? body.spot_status : body;
  const r = Reader.of(inner, 'spot status record');
  const s = readSpot(r);
  if (s.server === '') throw new ShapeError("spot status record is missing 'server'");
  if (!r.has('status')) throw new ShapeError("spot status record is missing 'status'");
  return s;
}

function readSupport(r: Reader): M.SupportPlan {
  return {
    title: r.optStr('support_title'),
    code: r.str('support_code'),
    immutable: r.optBool('immutable'),
    start: r.date('start'),
    mayDowngrade: r.optBool('may_downgrade'),
    // spelled `weigth` by the service
    weight: r.has('weigth') ? r.num('weigth') : r.optNum('weight'),
    days: r.optNum('days'),
    cancelled: r.optBool('cancelled'),
    cancelledAt: r.date('cancelled_at'),
    extra: r.rest(),
  };
}

export function parseSupport(body: unknown): M.SupportPlan {
  return readSupport(Reader.of(unwrap(body, 'support'), 'support plan record'));
}

export function parseReservedPeriod(v: unknown, server = ''): M.ReservedPeriod {
  const r = Reader.of(unwrap(v, 'reserved'), 'reserved period record');
  envelope(r);
  return {
    reservedPlan: r.optNum('reserved_plan'),
    // `reserved_months` on the live service (the Python SDK ecsapi reads that spelling)
    reservedMonth: r.has('reserved_month') ? r.num('reserved_month') : r.optNum('reserved_months'),
    plan: r.optNum('plan'),
    discount: r.optNum('discount'),
    startDate: r.date('start_date'),
    endDate: r.date('end_date'),
    server: r.has('server') ? r.str('server') : server,
    extra: r.rest(),
  };
}

// ------------------------------------------------------------------------------------------------ metrics

/** `[epoch_seconds, "value"]` or `{t: ISO, y: "value"}`; a point without a value is a gap, left out. */
export function parsePoint(p: unknown): M.MetricPoint | null {
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

export function parseEvent(v: unknown): M.PodEvent {
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
