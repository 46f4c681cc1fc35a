// Server creation (spec 4.3.1): every check before anything changes, then the record, its host and the create
// action, with the extras of the modules below (reserved period, support, networks, spot) applied downward.
// Choices where the spec is silent:
// - Capacity: every server takes one free host of `${plan}@${location}` (state.capacity) and gives it back when
//   it reaches Deleted. None left: 409 "no capacity left for plan X in Y". Bulk servers (admin endpoint, for
//   load tests) neither need nor take capacity, and give none back (ServerRec.bulk), so a load test never
//   makes ordinary creation fail.
// - Physical hosts: each plan family has a pool of HOSTS_PER_POOL hosts per region; a server lands on one picked
//   from a hash of its name, skipping the hosts of the servers named in `isolate_from`.
// - Windows images need a Windows plan; PowerShell scripts need a Windows image.
import { HOSTS_PER_POOL, findImage, findPlan, findRegion, isWindowsImage, poolHost, type CatalogPlan } from './catalog.js';
import type { CatalogReservedPlan, CatalogSupportPlan } from './catalog.js';
import type { Emu } from './emu.js';
import { badRequest, fail, notFound } from './errors.js';
import { findGroup } from './groups.js';
import { optBool, optString, reqInt, reqString, type Body } from './http.js';
import { applyCreateNetworks, planCreateNetworks, type PlannedNetwork } from './networks.js';
import { applyReserved, planReserved } from './reserved.js';
import { capacityKey, own } from './server-core.js';
import { createSpotRecord, spotDiscountFor } from './spot.js';
import type { ServerRec } from './servers-state.js';
import { applySupport, planSupport } from './support.js';
import { MSG, checkServerScript, checkSpotReserved } from '../rules/index.js';

const FIRST_SERVER = 6901;
const MAX_ISOLATE = 100;
const MAX_BULK = 20_000;

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

// Invented public-looking prefixes per region, so addresses are stable and tell the region apart.
const REGION_NET: Record<string, { v4: string; v6: string }> = {
  'it-mi2': { v4: '185.98', v6: '2a06:7e80:2' },
  'it-fr2': { v4: '212.237', v6: '2a06:7e80:3' },
  'ch-lug1': { v4: '185.221', v6: '2a06:7e80:6' },
  'bg-sof1': { v4: '217.61', v6: '2a06:7e80:7' },
};

export function assignAddresses(s: ServerRec): void {
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
export function planServer(emu: Emu, user: string, body: Body): ServerPlan {
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

  // a RuleError thrown by a shared check is answered by the app's error handler with its status and message
  const script = checkServerScript(body, {
    windowsServer: image.windows,
    findScript: (id) => {
      const s = own(emu.state.scripts, String(id));
      return s && (s.user === user || s.public) ? s : undefined;
    },
  });

  checkSpotReserved({ spot, reserved_plan: body.reserved_plan });
  const reserved = present(body.reserved_plan) ? planReserved(emu, user, plan.name, body.reserved_plan) : undefined;
  const support = present(body.support) ? planSupport(emu, null, body.support) : undefined;

  let group: string | null = null;
  if (groupId !== undefined && groupId !== 'nogroup') {
    group = (findGroup(emu, user, groupId) ?? notFound(MSG.groupNotFound)).name;
  }

  if (sshKey !== undefined) {
    const found = Object.values(emu.state.sshkeys).some((k) => k.user === user && k.label === sshKey);
    if (!found) return notFound(`ssh key '${sshKey}' not found`);
  }

  const networks = present(body.networks) ? planCreateNetworks(emu, user, body.networks) : undefined;

  const isolateFrom: string[] = [];
  const excludedHosts = new Set<string>();
  for (const other of (iso as string[] | undefined | null) ?? []) {
    const t = own(emu.state.servers, other);
    if (!t || t.user !== user || t.status === 'Deleted') return badRequest(`isolate_from: server '${other}' not found`);
    if (!isolateFrom.includes(t.name)) isolateFrom.push(t.name);
    excludedHosts.add(t.host);
  }

  const spotDiscount = spot ? spotDiscountFor(emu, plan.name, location) : undefined;

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
export function applyServer(emu: Emu, p: ServerPlan, at: number): ServerRec {
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
    if (!own(emu.state.spots, name)) emu.state.spots[name] = rec;
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

/** The admin bulk creation for load tests: Booted servers at once, outside capacity (ServerRec.bulk). */
export function createBulk(emu: Emu, body: Body): string[] {
  const username = reqString(body, 'username', 64);
  const count = reqInt(body, 'count', 1, MAX_BULK);
  const planName = optString(body, 'plan', 64) ?? 'eCS1';
  const locationName = optString(body, 'location', 64) ?? 'it-mi2';
  const imageName = optString(body, 'image', 128) ?? 'ubuntu-2404';
  if (!own(emu.state.users, username)) return notFound(`user ${username} not found`);
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
  return names;
}
