// Wire shapes → models. Every variant in observed-service.md and every row of the emulator's dialect table is
// read here into the one model of models.ts; nothing outside src/api sees a wire shape. This file reads servers,
// the catalog, images, snapshots and the server's spot, support and reserved records, and re-exports the other
// two parts (parse-base.ts: envelopes, vocabulary, actions; parse-records.ts: the other resources), so callers
// import every reader from here.
import { ShapeError } from './errors.js';
import type * as M from './models.js';
import { Reader, isRecord, scalarText, toNumber, type Json } from './read.js';
import { envelope, imageStatus, listOf, lower, parseAction, powerState, requireRecord, unwrap } from './parse-base.js';

export * from './parse-base.js';
export * from './parse-records.js';

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

function parsePlan(v: unknown): M.Plan {
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
      ? scalarText(planRaw.name ?? planRaw.id ?? '')
      : planRaw !== undefined && planRaw !== null
        ? scalarText(planRaw)
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
    lastRunStatus: status === null || status === undefined || status === '' ? null : scalarText(status),
    maxRetention: i.num('max_retention'),
    dayOfWeek: i.num('day_of_week'),
    extra: r.rest(),
  };
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

