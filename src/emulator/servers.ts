// Servers (spec 2.1, 3.1, 4.3, 4.3.1): creation with every extra, the Booting → Customizing → Booted and
// Deleting → Deleted machines, power, console and rollback actions, the status endpoint, isolations, and the
// admin bulk creation used by load tests.
//
// Choices where the spec is silent (each is also the behaviour the tests pin down):
// - Capacity: every server takes one free host of `${plan}@${location}` (state.capacity) and gives it back when
//   it reaches Deleted. None left: 409 "no capacity left for plan X in Y". Bulk servers (admin endpoint, for
//   load tests) neither need nor take capacity, and give none back (ServerRec.bulk), so a load test never
//   makes ordinary creation fail.
// - Physical hosts: each plan family has a pool of HOSTS_PER_POOL hosts per region; a server lands on one picked
//   from a hash of its name, skipping the hosts of the servers named in `isolate_from`.
// - A failed create action (fault injection) leaves the server Deleted with its host given back; its history is
//   `on` at creation and `gone` at the failure, like any other short-lived server.
// - A failed delete action puts the server back where it would be had no delete been asked.
// - Deleted servers answer 404 on every server endpoint except /status, which answers the spec's
//   "Unable to retrieve server status" (their exporter is gone), as it does while Booting or Deleting.
// - Windows images need a Windows plan; PowerShell scripts need a Windows image.
// - A restart caused by a VLAN change powers the server off at `at` and on again RESTART_S seconds later:
//   the status endpoint shows SHUTOFF in between and the history records both moves. No action is recorded.
// - Progress: 0 to 79 while Booting (the create action's progress scaled), 80 to 99 while Customizing, 100 after.
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { isoMicro } from './clock.js';
import { HOSTS_PER_POOL, findImage, findPlan, findRegion, isWindowsImage, poolHost, type CatalogPlan } from './catalog.js';
import { DURATIONS, type Emu } from './emu.js';
import { badRequest, fail, notFound } from './errors.js';
import { ok, optBool, optString, readBody, reqInt, reqString, type AppEnv, type Body } from './http.js';
import type { ActionRec, ServerRec, ServerStatus } from './state.js';
import { MSG, RuleError, checkServerScript, checkSpotReserved } from '../rules/index.js';
import { applyCreateNetworks, detachServer, planCreateNetworks, type PlannedNetwork } from './networks.js';
import { RESERVED_NO_DELETE, applyReserved, formatReserved, isReservedAt, planReserved } from './reserved.js';
import { applySupport, formatSupport, planSupport } from './support.js';
import { findGroup } from './groups.js';
import { formatRestoredSnapshot } from './snapshots.js';
import { createSpotRecord, formatSpot, spotDiscountFor } from './spot.js';
import type { CatalogReservedPlan, CatalogSupportPlan } from './catalog.js';

const FIRST_SERVER = 6901;
export const RESTART_S = 5;
const BOOT_SHARE = 0.8;
const MAX_ISOLATE = 100;
const MAX_BULK = 20_000;

const has = (o: object, k: string) => Object.hasOwn(o, k);

/** RuleError (src/rules) thrown by a shared check becomes the emulator's HTTP error. */
function rule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RuleError) return fail(err.status, err.message);
    throw err;
  }
}

const serverName = (n: number) => `ec2${String(n).padStart(5, '0')}`;
/** The number the next server will get, without taking it: checks run before anything changes. */
const peekServerNumber = (emu: Emu) => Math.max(emu.state.seq.server ?? FIRST_SERVER - 1, FIRST_SERVER - 1) + 1;

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const capacityKey = (plan: string, location: string) => `${plan}@${location}`;

// ---------------------------------------------------------------------------------------------------------------
// Lookups

/** 404 "server not found" for a missing, deleted or another account's server (the three look the same). */
export function ownedServer(emu: Emu, user: string, name: string): ServerRec {
  const s = has(emu.state.servers, name) ? emu.state.servers[name] : undefined;
  if (!s || s.user !== user || s.status === 'Deleted') return notFound('server not found');
  return s;
}

/** Booted and not being deleted: the state in which snapshots, templates and VLAN changes are allowed. */
export function isReady(s: ServerRec): boolean {
  return s.status === 'Booted';
}

// ---------------------------------------------------------------------------------------------------------------
// Wire shape

interface PlanWire {
  primary: Record<string, unknown>;
  alternate: Record<string, unknown>;
}

// Per emulator, so the hot list path does no catalog search and no string building per server.
const planSizeCache = new WeakMap<Emu, Map<string, PlanWire>>();
const regionLabelCache = new WeakMap<Emu, Map<string, string>>();

function planSize(emu: Emu, planName: string): Record<string, unknown> {
  let cache = planSizeCache.get(emu);
  if (!cache) planSizeCache.set(emu, (cache = new Map()));
  let wire = cache.get(planName);
  if (!wire) {
    const p = findPlan(emu.catalog, planName);
    const num = (v: string | undefined) => (v === undefined ? 0 : Number(v));
    wire = {
      primary: {
        core: p?.cpu ?? '0',
        ram: p?.ram ?? '0',
        disk: p?.disk ?? '0',
        gpu: p?.gpu ?? '0',
        gpu_label: p?.gpu_label ?? null,
        host_type: p?.host_type ?? '',
      },
      alternate: {
        core: num(p?.cpu),
        ram: num(p?.ram),
        disk: num(p?.disk),
        gpu: num(p?.gpu),
        gpu_label: p?.gpu_label ?? '',
        host_type: p?.host_type ?? '',
      },
    };
    cache.set(planName, wire);
  }
  return emu.dialect === 'alternate' ? wire.alternate : wire.primary;
}

function regionLabel(emu: Emu, location: string): string {
  let cache = regionLabelCache.get(emu);
  if (!cache) regionLabelCache.set(emu, (cache = new Map()));
  let label = cache.get(location);
  if (label === undefined) {
    label = findRegion(emu.catalog, location)?.description ?? location;
    cache.set(location, label);
  }
  return label;
}

/** Progress as seen now: it grows while Booting and Customizing without any task having to run. */
function liveProgress(emu: Emu, s: ServerRec, now: number): number {
  if (s.status !== 'Booting' && s.status !== 'Customizing') return s.progress;
  const a = s.create_action === null ? undefined : emu.state.actions[s.create_action];
  if (!a) return s.progress;
  if (s.status === 'Booting') return Math.floor(emu.progressAt(a, now) * BOOT_SHARE);
  if (a.completed_at === null) return s.progress;
  const share = (now - a.completed_at) / (DURATIONS.customizing * 1000);
  return Math.max(80, Math.min(99, 80 + Math.floor(share * 19)));
}

/** Whether the record's wire shape changes with time alone (no state change): growing progress, support's may_downgrade. */
function readsClock(s: ServerRec): boolean {
  return s.status === 'Booting' || s.status === 'Customizing' || (s.support !== null && !s.support.cancelled && !s.support.immutable);
}

const apiVersionValue = (v: string) => {
  const n = Number(v.replace(/^v/i, ''));
  return Number.isInteger(n) ? n : 5;
};

/** The full server record (2.1) in this emulator's dialect. */
export function formatServer(emu: Emu, s: ServerRec): Record<string, unknown> {
  const snap = s.last_restored_snapshot === null ? undefined : emu.state.snapshots[s.last_restored_snapshot];
  const out: Record<string, unknown> = {
    name: s.name,
    ipv4: s.ipv4,
    ipv6: s.ipv6,
    group: s.group,
    plan: s.plan,
    plan_size: planSize(emu, s.plan),
    reserved_plans: s.reserved_plans.length === 0 ? [] : s.reserved_plans.map((r) => formatReserved(emu, r)),
    is_reserved: s.is_reserved,
    reserved_until: s.reserved_until === null ? '' : isoMicro(s.reserved_until),
    support: s.support === null ? null : formatSupport(emu, s.support, s),
    location: s.location,
    location_label: regionLabel(emu, s.location),
    notes: s.notes,
    so: s.image,
    so_label: s.image_label,
    creation_date: isoMicro(s.created_at),
    deletion_date: s.deleted_at === null ? null : isoMicro(s.deleted_at),
    active_flag: s.active_flag,
    status: s.status,
    progress: liveProgress(emu, s, emu.now()),
    api_version: s.api_version,
    api_version_value: apiVersionValue(s.api_version),
    user: s.user,
    virttype: 'KVM',
    last_restored_snapshot: snap ? formatRestoredSnapshot(emu, snap) : null,
  };
  if (s.spot) {
    const rec = has(emu.state.spots, s.name) ? emu.state.spots[s.name] : undefined;
    if (rec) out.spot = formatSpot(emu, rec);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses and hosts

// Invented public-looking prefixes per region, so addresses are stable and tell the region apart.
const REGION_NET: Record<string, { v4: string; v6: string }> = {
  'it-mi2': { v4: '185.98', v6: '2a06:7e80:2' },
  'it-fr2': { v4: '212.237', v6: '2a06:7e80:3' },
  'ch-lug1': { v4: '185.221', v6: '2a06:7e80:6' },
  'bg-sof1': { v4: '217.61', v6: '2a06:7e80:7' },
};

function assignAddresses(s: ServerRec): void {
  const n = Number(s.name.slice(3)) || hash32(s.name) % 50_000;
  const net = REGION_NET[s.location] ?? { v4: '198.18', v6: '2a06:7e80:ff' };
  s.ipv4 = `${net.v4}.${16 + (Math.floor(n / 250) % 224)}.${2 + (n % 250)}`;
  s.ipv6 = `${net.v6}:${n.toString(16)}::1`;
}

function pickHost(plan: CatalogPlan, location: string, seed: string, exclude: ReadonlySet<string>): string | null {
  const start = hash32(seed) % HOSTS_PER_POOL;
  for (let i = 0; i < HOSTS_PER_POOL; i++) {
    const n = ((start + i) % HOSTS_PER_POOL) + 1;
    const host = poolHost(plan, location, n);
    if (!exclude.has(host)) return host;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Power and history

/** The one place power changes, so the billing history never records a move that did not happen. */
function setPower(s: ServerRec, power: 'on' | 'off', at: number): void {
  if (s.power === power) return;
  s.power = power;
  s.history.push({ at, state: power, plan: s.plan });
}

function markGone(emu: Emu, s: ServerRec, at: number): void {
  if (s.status === 'Deleted') return;
  s.status = 'Deleted';
  s.deleted_at = at;
  s.active_flag = false;
  const key = capacityKey(s.plan, s.location);
  if (!s.bulk && has(emu.state.capacity, key)) emu.state.capacity[key] += 1;
  s.history.push({ at, state: 'gone', plan: s.plan });
  detachServer(emu, s.name, at);
  emu.dirty = true;
}

/** Starts the delete: Deleting now, Deleted when the delete_server action ends. Null if already on its way out. */
export function deleteServerNow(emu: Emu, s: ServerRec, at: number): ActionRec | null {
  if (s.status === 'Deleting' || s.status === 'Deleted') return null;
  const prev = s.status;
  s.status = 'Deleting';
  emu.dirty = true;
  return emu.startAction({
    user: s.user,
    type: 'delete_server',
    resource: s.name,
    resource_type: 'ECS',
    at,
    onComplete: { kind: 'servers.deleted', args: { name: s.name } },
    onFail: { kind: 'servers.deleteFailed', args: { name: s.name, prev } },
  });
}

/** The restart a VLAN change causes: SHUTOFF now, running again RESTART_S seconds later. An off server stays off. */
export function restartServer(emu: Emu, s: ServerRec, at: number): void {
  if (s.status !== 'Booted' || s.power !== 'on') return;
  setPower(s, 'off', at);
  emu.schedule(at + RESTART_S * 1000, { kind: 'servers.restartOn', args: { name: s.name } });
  emu.dirty = true;
}

// ---------------------------------------------------------------------------------------------------------------
// Creation

interface ImageRef {
  name: string;
  label: string;
  windows: boolean;
}

/** A public basic or cloud image, or one of the user's own created (CD) templates, by name. */
function resolveImage(emu: Emu, user: string, name: string): ImageRef {
  const pub = findImage(emu.catalog, name);
  if (pub) return { name: pub.name, label: pub.description, windows: isWindowsImage(pub) };
  for (const t of Object.values(emu.state.templates)) {
    if (t.user !== user || t.name !== name || t.status === 'DD' || t.status === 'DE') continue;
    if (t.status !== 'CD') return badRequest(`template ${t.name} is not ready yet (status ${t.status})`);
    return { name: t.name, label: t.description || t.name, windows: t.windows };
  }
  return badRequest(`image '${name}' not found`);
}

interface ServerPlan {
  user: string;
  plan: CatalogPlan;
  location: string;
  image: ImageRef;
  notes: string;
  group: string | null;
  sshKey: string | null;
  scriptId: number | null;
  isolateFrom: string[];
  host: string;
  reserved?: CatalogReservedPlan;
  support?: CatalogSupportPlan;
  networks?: PlannedNetwork[];
  spotDiscount?: number;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Every check of 4.3.1, in a fixed order, before anything changes. */
function planServer(emu: Emu, user: string, body: Body): ServerPlan {
  const planName = reqString(body, 'plan', 64);
  const locationName = reqString(body, 'location', 64);
  const imageName = reqString(body, 'image', 128);
  const notes = reqString(body, 'notes', 255);
  const sshKey = optString(body, 'ssh_key', 255);
  const groupId = optString(body, 'group', 64);
  const spot = optBool(body, 'spot') ?? false;
  const iso = body.isolate_from;
  if (iso !== undefined && iso !== null) {
    if (!Array.isArray(iso) || iso.some((x) => typeof x !== 'string')) return badRequest("field 'isolate_from' must be an array of server names");
    if (iso.length > MAX_ISOLATE) return badRequest(`field 'isolate_from' may name at most ${MAX_ISOLATE} servers`);
  }

  const plan = findPlan(emu.catalog, planName) ?? badRequest(`plan '${planName}' not found`);
  const region = findRegion(emu.catalog, locationName) ?? badRequest(`location '${locationName}' not found`);
  const location = region.location;
  if (!plan.available || !plan.regions.some((r) => r.location === location)) {
    return badRequest(`plan ${plan.name} is not available in ${location}`);
  }
  const image = resolveImage(emu, user, imageName);
  if (image.windows && !plan.windows) return badRequest(`image ${image.name} needs a Windows plan`);

  const script = rule(() =>
    checkServerScript(body, {
      windowsServer: image.windows,
      findScript: (id) => {
        const s = has(emu.state.scripts, String(id)) ? emu.state.scripts[String(id)] : undefined;
        return s && (s.user === user || s.public) ? s : undefined;
      },
    }),
  );

  rule(() => checkSpotReserved({ spot, reserved_plan: body.reserved_plan }));
  const reserved = present(body.reserved_plan) ? rule(() => planReserved(emu, user, plan.name, body.reserved_plan)) : undefined;
  const support = present(body.support) ? rule(() => planSupport(emu, null, body.support)) : undefined;

  let group: string | null = null;
  if (groupId !== undefined && groupId !== 'nogroup') {
    group = (findGroup(emu, user, groupId) ?? notFound(MSG.groupNotFound)).name;
  }

  if (sshKey !== undefined) {
    const found = Object.values(emu.state.sshkeys).some((k) => k.user === user && k.label === sshKey);
    if (!found) return notFound(`ssh key '${sshKey}' not found`);
  }

  const networks = present(body.networks) ? rule(() => planCreateNetworks(emu, user, body.networks)) : undefined;

  const isolateFrom: string[] = [];
  const excludedHosts = new Set<string>();
  for (const other of (iso as string[] | undefined | null) ?? []) {
    const t = has(emu.state.servers, other) ? emu.state.servers[other] : undefined;
    if (!t || t.user !== user || t.status === 'Deleted') return badRequest(`isolate_from: server '${other}' not found`);
    if (!isolateFrom.includes(t.name)) isolateFrom.push(t.name);
    excludedHosts.add(t.host);
  }

  const spotDiscount = spot ? rule(() => spotDiscountFor(emu, plan.name, location)) : undefined;

  if ((emu.state.capacity[capacityKey(plan.name, location)] ?? 0) <= 0) {
    return fail(409, `no capacity left for plan ${plan.name} in ${location}`);
  }
  const host = pickHost(plan, location, serverName(peekServerNumber(emu)), excludedHosts);
  if (host === null) return fail(409, `no host left in ${location} for plan ${plan.name} apart from the isolate_from servers`);

  return {
    user,
    plan,
    location,
    image,
    notes,
    group,
    sshKey: sshKey ?? null,
    scriptId: script.kind === 'library' ? script.id : null,
    isolateFrom,
    host,
    reserved,
    support,
    networks,
    spotDiscount,
  };
}

function newRecord(p: { name: string; user: string; plan: CatalogPlan; location: string; image: ImageRef; notes: string; host: string; at: number }): ServerRec {
  return {
    name: p.name,
    user: p.user,
    plan: p.plan.name,
    location: p.location,
    image: p.image.name,
    image_label: p.image.label,
    notes: p.notes,
    group: null,
    ipv4: '',
    ipv6: '',
    status: 'Booting',
    power: 'on',
    progress: 0,
    active_flag: false,
    created_at: p.at,
    deleted_at: null,
    api_version: 'v5',
    is_reserved: false,
    reserved_until: null,
    reserved_plans: [],
    support: null,
    spot: false,
    isolate_from: [],
    host: p.host,
    ssh_key: null,
    script_id: null,
    last_restored_snapshot: null,
    create_action: null,
    history: [{ at: p.at, state: 'on', plan: p.plan.name }],
  };
}

/** Creates the record, takes a host and starts the create action; the record then moves with the clock. */
function applyServer(emu: Emu, p: ServerPlan, at: number): ServerRec {
  const name = serverName(emu.nextId('server', FIRST_SERVER));
  const s = newRecord({ name, user: p.user, plan: p.plan, location: p.location, image: p.image, notes: p.notes, host: p.host, at });
  s.group = p.group;
  s.ssh_key = p.sshKey;
  s.script_id = p.scriptId;
  s.isolate_from = p.isolateFrom;
  emu.state.servers[name] = s;
  emu.state.capacity[capacityKey(s.plan, s.location)] = (emu.state.capacity[capacityKey(s.plan, s.location)] ?? 0) - 1;
  const action = emu.startAction({
    user: p.user,
    type: 'create_server',
    resource: name,
    resource_type: 'ECS',
    at,
    onComplete: { kind: 'servers.created', args: { name } },
    onFail: { kind: 'servers.createFailed', args: { name } },
  });
  s.create_action = action.id;
  if (p.reserved) applyReserved(emu, s, p.reserved, at);
  if (p.support) s.support = applySupport(emu, s, p.support, at);
  if (p.networks) applyCreateNetworks(emu, p.user, name, p.networks, at);
  if (p.spotDiscount !== undefined) {
    s.spot = true;
    const rec = createSpotRecord(emu, s, p.spotDiscount, at);
    if (!has(emu.state.spots, name)) emu.state.spots[name] = rec;
  }
  emu.dirty = true;
  return s;
}

/**
 * A server created the normal way at `at` (possibly in the past, for seeds), without the request checks: other
 * modules' demo seeds use it to get a server to attach their records to. Unknown plan, location or image throw.
 */
export function provisionServer(
  emu: Emu,
  opts: { user: string; plan: string; location: string; image?: string; notes: string; group?: string | null; at?: number },
): ServerRec {
  const plan = findPlan(emu.catalog, opts.plan) ?? badRequest(`plan '${opts.plan}' not found`);
  const location = findRegion(emu.catalog, opts.location)?.location ?? badRequest(`location '${opts.location}' not found`);
  const image = resolveImage(emu, opts.user, opts.image ?? (plan.windows ? 'windows-2022' : 'ubuntu-2404'));
  const host = pickHost(plan, location, serverName(peekServerNumber(emu)), new Set()) ?? '';
  return applyServer(
    emu,
    { user: opts.user, plan, location, image, notes: opts.notes, group: opts.group ?? null, sshKey: null, scriptId: null, isolateFrom: [], host },
    opts.at ?? emu.now(),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Actions endpoint

function pendingAction(emu: Emu, name: string, types: readonly string[]): ActionRec | undefined {
  for (const a of Object.values(emu.state.actions)) {
    if (a.status === 'in-progress' && a.resource === name && a.resource_type === 'ECS' && types.includes(a.type)) return a;
  }
  return undefined;
}

const notReady = (s: ServerRec): never => badRequest(`server ${s.name} is not ready (status ${s.status})`);

function startPower(emu: Emu, s: ServerRec, type: 'power_on' | 'power_off', at: number): ActionRec {
  return emu.startAction({
    user: s.user,
    type,
    resource: s.name,
    resource_type: 'ECS',
    at,
    onComplete: { kind: 'servers.power', args: { name: s.name, power: type === 'power_on' ? 'on' : 'off' } },
  });
}

function consoleKey(emu: Emu, action: ActionRec): string {
  return createHash('sha256').update(`${emu.state.secret}:console:${action.id}`).digest('hex').slice(0, 32);
}

const ACTION_TYPES = ['console', 'power_on', 'power_off', 'rollback'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Routes and tasks

export function register(app: Hono<AppEnv>, emu: Emu): void {
  emu.onTask('servers.created', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s) return;
    // Addresses come with the machine even if a delete was asked meanwhile: a failed delete may bring it back.
    if (s.ipv4 === '') assignAddresses(s);
    if (s.status !== 'Booting') return;
    s.status = 'Customizing';
    s.progress = 80;
    e.schedule(at + DURATIONS.customizing * 1000, { kind: 'servers.booted', args: { name: s.name } });
  });

  emu.onTask('servers.booted', (e, args) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status !== 'Customizing') return;
    s.status = 'Booted';
    s.active_flag = true;
    s.progress = 100;
  });

  emu.onTask('servers.createFailed', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (s) markGone(e, s, at);
  });

  emu.onTask('servers.deleted', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (s && s.status === 'Deleting') markGone(e, s, at);
  });

  emu.onTask('servers.deleteFailed', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status !== 'Deleting') return;
    const create = s.create_action === null ? undefined : e.state.actions[s.create_action];
    const prev = String(args.prev) as ServerStatus;
    if (create && create.status === 'in-progress') s.status = 'Booting';
    else if (create && create.completed_at !== null && prev !== 'Booted' && create.completed_at + DURATIONS.customizing * 1000 > at) {
      s.status = 'Customizing';
      s.progress = 80;
      e.schedule(create.completed_at + DURATIONS.customizing * 1000, { kind: 'servers.booted', args: { name: s.name } });
    } else {
      if (s.ipv4 === '') assignAddresses(s);
      s.status = 'Booted';
      s.active_flag = true;
      s.progress = 100;
    }
  });

  emu.onTask('servers.power', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status === 'Deleted') return;
    setPower(s, args.power === 'off' ? 'off' : 'on', at);
  });

  emu.onTask('servers.restartOn', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status !== 'Booted') return;
    setPower(s, 'on', at);
  });

  emu.onTask('servers.restored', (e, args, at) => {
    const snap = e.state.snapshots[String(args.snapshot)];
    const s = e.state.servers[String(args.name)];
    if (!snap || !s) return;
    snap.restoring = false;
    for (const other of Object.values(e.state.snapshots)) {
      if (other.source_server === snap.source_server && other.is_last_restored && other !== snap) other.is_last_restored = false;
    }
    snap.is_last_restored = true;
    snap.updated_at = at;
    s.last_restored_snapshot = snap.id;
  });

  emu.onTask('servers.restoreFailed', (e, args) => {
    const snap = e.state.snapshots[String(args.snapshot)];
    if (snap) snap.restoring = false;
  });

  app.post('/ecs/v2/servers', async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const p = planServer(emu, user, body);
    const s = applyServer(emu, p, emu.now());
    const key = emu.dialect === 'alternate' ? 'action' : 'action_id';
    return ok(c, { [key]: s.create_action, server: formatServer(emu, s) });
  });

  // The list of 1,000 servers must serve 300+ requests/s: the serialised answer is reused until anything in the
  // state changes (emu.revision) unless some record in it reads the clock.
  const listCache = new Map<string, { revision: number; body: Uint8Array<ArrayBuffer> }>();
  const encoder = new TextEncoder();
  app.get('/ecs/v2/servers', (c) => {
    const user = c.get('user');
    const cached = listCache.get(user);
    if (cached && cached.revision === emu.revision) return c.body(cached.body, 200, { 'content-type': 'application/json' });
    const list: Record<string, unknown>[] = [];
    let clockDependent = false;
    for (const s of Object.values(emu.state.servers)) {
      if (s.user !== user || s.status === 'Deleted') continue;
      list.push(formatServer(emu, s));
      if (readsClock(s)) clockDependent = true;
    }
    // bytes, not a string: the socket then gets them without a UTF-8 encoding of ~600 kB per request
    const body = encoder.encode(JSON.stringify({ status: 'ok', count: list.length, server: list }));
    if (clockDependent) listCache.delete(user);
    else listCache.set(user, { revision: emu.revision, body });
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  app.get('/ecs/v2/servers/:name', (c) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('name'));
    return ok(c, { server: formatServer(emu, s) });
  });

  app.put('/ecs/v2/servers/:name', async (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('name'));
    const body = await readBody(c);
    const note = optString(body, 'note', 255) ?? optString(body, 'notes', 255);
    const group = optString(body, 'group', 64);
    if (note === undefined && group === undefined) return badRequest("nothing to update: send 'note' (or 'notes') and/or 'group'");
    const target = group === undefined || group === 'nogroup' ? null : (findGroup(emu, user, group) ?? notFound(MSG.groupNotFound));
    if (note !== undefined) s.notes = note;
    if (group !== undefined) s.group = target ? target.name : null;
    emu.dirty = true;
    return ok(c);
  });

  app.delete('/ecs/v2/servers/:name', (c) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('name'));
    const now = emu.now();
    if (s.status === 'Deleting') return badRequest(`server ${s.name} is already being deleted`);
    if (isReservedAt(s, now)) return badRequest(RESERVED_NO_DELETE);
    const action = deleteServerNow(emu, s, now)!;
    return ok(c, { action: emu.formatAction(action) });
  });

  app.get('/ecs/v2/servers/:name/status', (c) => {
    const user = c.get('user');
    const name = c.req.param('name');
    const s = has(emu.state.servers, name) ? emu.state.servers[name] : undefined;
    if (!s || s.user !== user) return notFound('server not found');
    // The status comes from an exporter inside the machine: none answers before the VM runs or once it is going.
    if (s.status === 'Booting' || s.status === 'Deleting' || s.status === 'Deleted') return badRequest(MSG.serverStatusUnavailable);
    const running = s.power === 'on';
    if (emu.dialect === 'alternate') return ok(c, { name: s.name, current_status: running ? 'Running' : 'Shutoff' });
    return ok(c, { server: { name: s.name, current_status: running ? 'RUNNING' : 'SHUTOFF' } });
  });

  app.post('/ecs/v2/servers/:name/actions', async (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('name'));
    const body = await readBody(c);
    const type = reqString(body, 'type', 32);
    if (!(ACTION_TYPES as readonly string[]).includes(type)) return badRequest(`field 'type' must be one of ${ACTION_TYPES.join(', ')}`);
    const snapshotId = type === 'rollback' ? reqInt(body, 'snapshot', 1) : undefined;
    const now = emu.now();
    if (!isReady(s)) return notReady(s);
    let action: ActionRec;
    const extra: Record<string, unknown> = {};
    if (type === 'console') {
      action = emu.startAction({ user, type: 'console', resource: s.name, resource_type: 'ECS', at: now });
      extra.console_key = consoleKey(emu, action);
    } else if (type === 'power_on' || type === 'power_off') {
      if (pendingAction(emu, s.name, ['power_on', 'power_off', 'rollback'])) return badRequest(`another action is in progress on server ${s.name}`);
      if (type === 'power_off' && s.power === 'off') return badRequest(`server ${s.name} is already powered off`);
      if (type === 'power_on' && s.power === 'on') return badRequest(`server ${s.name} is already powered on`);
      action = startPower(emu, s, type, now);
    } else {
      const id = snapshotId!;
      const snap = has(emu.state.snapshots, String(id)) ? emu.state.snapshots[String(id)] : undefined;
      if (!snap || snap.user !== user || snap.source_server !== s.name || snap.status === 'DD') return notFound('snapshot not found');
      if (snap.status !== 'CD') return badRequest(`snapshot ${snap.id} cannot be restored in its current status (${snap.status})`);
      if (pendingAction(emu, s.name, ['power_on', 'power_off', 'rollback'])) return badRequest(`another action is in progress on server ${s.name}`);
      snap.restoring = true;
      action = emu.startAction({
        user,
        type: 'rollback',
        resource: s.name,
        resource_type: 'ECS',
        at: now,
        onComplete: { kind: 'servers.restored', args: { name: s.name, snapshot: snap.id } },
        onFail: { kind: 'servers.restoreFailed', args: { snapshot: snap.id } },
      });
    }
    const wire = emu.formatAction(action);
    if (emu.dialect === 'primary') return ok(c, { action: wire, ...extra });
    return c.json({ ...wire, ...extra });
  });

  app.get('/ecs/v2/servers/:name/isolations', (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('name'));
    // Isolation is mutual in effect, so both directions are listed: the servers this one avoids and those avoiding it.
    const names = new Set(s.isolate_from);
    for (const o of Object.values(emu.state.servers)) {
      if (o.user === user && o.isolate_from.includes(s.name)) names.add(o.name);
    }
    const isolations: Array<{ name: string; notes: string }> = [];
    for (const n of names) {
      const o = emu.state.servers[n];
      if (o && o.status !== 'Deleted') isolations.push({ name: o.name, notes: o.notes });
    }
    return ok(c, { isolations });
  });

  app.post('/__emulator/bulk/servers', async (c) => {
    const body = await readBody(c);
    const username = reqString(body, 'username', 64);
    const count = reqInt(body, 'count', 1, MAX_BULK);
    const planName = optString(body, 'plan', 64) ?? 'eCS1';
    const locationName = optString(body, 'location', 64) ?? 'it-mi2';
    const imageName = optString(body, 'image', 128) ?? 'ubuntu-2404';
    if (!has(emu.state.users, username)) return notFound(`user ${username} not found`);
    const plan = findPlan(emu.catalog, planName) ?? badRequest(`plan '${planName}' not found`);
    const location = findRegion(emu.catalog, locationName)?.location ?? badRequest(`location '${locationName}' not found`);
    if (!plan.regions.some((r) => r.location === location)) return badRequest(`plan ${plan.name} is not available in ${location}`);
    const image = resolveImage(emu, username, imageName);
    if (image.windows && !plan.windows) return badRequest(`image ${image.name} needs a Windows plan`);
    emu.runDue();
    const at = emu.now();
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = serverName(emu.nextId('server', FIRST_SERVER));
      const s = newRecord({ name, user: username, plan, location, image, notes: `bulk-${i + 1}`, host: pickHost(plan, location, name, new Set()) ?? '', at });
      s.status = 'Booted';
      s.active_flag = true;
      s.progress = 100;
      s.bulk = true;
      assignAddresses(s);
      emu.state.servers[name] = s;
      names.push(name);
    }
    emu.persist();
    return ok(c, { count, names }, 201);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Demo estate

/** Runs, in time order, the tasks due by `t` (not by the clock): lets the seed replay a past timeline. */
function runUntil(emu: Emu, t: number): void {
  const tasks = emu.state.tasks;
  while (tasks.length > 0 && tasks[0].at <= t) {
    const task = tasks.shift()!;
    emu.runTask(task, task.at);
  }
}

interface SeedServer {
  notes: string;
  plan: string;
  location: string;
  image: string;
  /** seconds before now */
  ago: number;
  group?: string;
  off?: number;
  deleted?: number;
}

// Ages in seconds before the seed time; the last three are caught mid-transition.
const DEMO_SERVERS: SeedServer[] = [
  { notes: 'web-1', plan: 'eCS3', location: 'it-mi2', image: 'ubuntu-2204', ago: 88 * 86400, group: 'production' },
  { notes: 'web-2', plan: 'eCS3', location: 'it-mi2', image: 'ubuntu-2204', ago: 87 * 86400, group: 'production' },
  { notes: 'db-primary', plan: 'eCS5', location: 'it-fr2', image: 'debian-12', ago: 80 * 86400 },
  { notes: 'db-replica', plan: 'eCS5', location: 'ch-lug1', image: 'debian-12', ago: 79 * 86400 },
  { notes: 'monitoring', plan: 'eCS1', location: 'bg-sof1', image: 'debian-12', ago: 61 * 86400 },
  { notes: 'win-build', plan: 'eCS2W', location: 'it-mi2', image: 'windows-2022', ago: 45 * 86400, off: 10 * 86400 },
  { notes: 'analytics-hm', plan: 'eCS1HM', location: 'it-fr2', image: 'almalinux-9', ago: 33 * 86400 },
  { notes: 'staging-old', plan: 'eCS2', location: 'it-mi2', image: 'ubuntu-2004', ago: 28 * 86400, deleted: 6 * 86400 },
  { notes: 'ci-runner', plan: 'eCS2', location: 'ch-lug1', image: 'ubuntu-2404', ago: 21 * 86400 },
  { notes: 'gpu-train', plan: 'ECS1GPU3', location: 'it-fr2', image: 'nvidia-cuda-ubuntu-2204', ago: 9 * 86400 },
  { notes: 'inference-l4', plan: 'ECS1GPU6', location: 'it-fr2', image: 'nvidia-cuda-ubuntu-2204', ago: 4 * 86400 },
  { notes: 'scratch-tmp', plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', ago: 3 * 86400, deleted: 4 },
  { notes: 'worker-2', plan: 'eCS2', location: 'it-fr2', image: 'ubuntu-2404', ago: 70 },
  { notes: 'api-3', plan: 'eCS4', location: 'it-mi2', image: 'ubuntu-2404', ago: 20 },
];

export function seedDemo(emu: Emu, user: string): void {
  const now = emu.now();
  const groupId = (label: string) => Object.values(emu.state.groups).find((g) => g.user === user && g.notes === label)?.name ?? null;
  // Every move is made at its own time, with the tasks due before it run first, so the result is exactly what
  // the live request path would have produced (actions, history, capacity).
  const moves: Array<{ at: number; run: () => void }> = [];
  const byNotes = new Map<string, ServerRec>();
  for (const d of DEMO_SERVERS) {
    const at = now - d.ago * 1000;
    moves.push({
      at,
      run: () => byNotes.set(d.notes, provisionServer(emu, { user, plan: d.plan, location: d.location, image: d.image, notes: d.notes, group: d.group ? groupId(d.group) : null, at })),
    });
    if (d.off !== undefined) moves.push({ at: now - d.off * 1000, run: () => startPower(emu, byNotes.get(d.notes)!, 'power_off', now - d.off! * 1000) });
    if (d.deleted !== undefined) moves.push({ at: now - d.deleted * 1000, run: () => deleteServerNow(emu, byNotes.get(d.notes)!, now - d.deleted! * 1000) });
  }
  moves.sort((a, b) => a.at - b.at);
  for (const m of moves) {
    runUntil(emu, m.at);
    m.run();
  }
  runUntil(emu, now);
}
