// Private networks and their VLANs (spec 2.8, 2.9, 3.6, 4.10). A network belongs to an account; a VLAN joins
// one server to one network with an 802.1Q id. Adding the first VLAN between a server and a network, and
// removing any, restarts the server (3.6), at the completion of the action.
//
// Choices where the spec is silent:
// - VLAN ids are unique per (server, network): two servers talk on a network by carrying the same VLAN id, so
//   "already exists in network" can only mean the same server's attachment already has it.
// - A range creates one VLAN record per id, all moved by one action.
// - VLAN states: creating → ok (add_vlan, 10 s); ok → updating → ok (update_vlan); ok → deleting → deleted
//   (delete_vlan; then active false, deactivated_at set, gone from lists). A failed action puts things back.
// - The MAC address belongs to the server's interface on the network (52:54:00 is the KVM prefix), so all
//   VLANs of a server on one network share it.
// - Network create takes no fields (a `name` must be a string and is ignored) and answers HTTP 201; VLAN removal answers {status:"ok", action} (the spec's default status).
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { isoMilli } from './clock.js';
import { badRequest, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { optBool, optString, readBody, type AppEnv, type Body } from './http.js';
import { isReady, own, ownedServer, restartServer } from './server-core.js';
import type { NetworkRec, VlanRec } from './networks-state.js';
import { MSG, checkRangeCreateBody, checkVlanId, parseVlanRange } from '../rules/index.js';

// ---- networks ------------------------------------------------------------------------------------------

const networkName = (id: number) => `net${String(id).padStart(6, '0')}`;

function formatNetwork(n: NetworkRec) {
  return {
    id: n.id,
    network_id: n.network_id,
    name: n.name,
    active: n.active,
    created_at: isoMilli(n.created_at),
    deactivated_at: n.deactivated_at === null ? null : isoMilli(n.deactivated_at),
    user: n.user,
  };
}

export function createNetwork(emu: Emu, user: string, at: number): NetworkRec {
  const id = emu.nextId('network');
  const n: NetworkRec = {
    id,
    // the VXLAN segment carrying the network; distinct from the record id as on the live service
    network_id: 10_000 + id,
    name: networkName(id),
    user,
    active: true,
    created_at: at,
    deactivated_at: null,
  };
  emu.state.networks[n.name] = n;
  emu.dirty = true;
  return n;
}

/** The caller's active network by name (or numeric id): 404 otherwise. */
function networkOf(emu: Emu, user: string, key: string): NetworkRec {
  let n = own(emu.state.networks, key);
  if (!n && /^\d{1,9}$/.test(key)) n = own(emu.state.networks, networkName(Number(key)));
  if (!n || n.user !== user || !n.active) return notFound('network not found');
  return n;
}

// ---- VLANs ---------------------------------------------------------------------------------------------

/** Active VLANs (every state but deleted) between a server and a network, by VLAN id. */
function vlansBetween(emu: Emu, server: string, network: string): VlanRec[] {
  const out: VlanRec[] = [];
  for (const v of Object.values(emu.state.vlans)) {
    if (v.active && v.server === server && v.network === network) out.push(v);
  }
  return out.sort((a, b) => a.vlan_id - b.vlan_id);
}

function macFor(server: string, network: string): string {
  const h = createHash('sha1').update(`${server}/${network}`).digest();
  return `52:54:00:${[h[0], h[1], h[2]].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;
}

function formatVlan(v: VlanRec, withUser = false) {
  const out: Record<string, unknown> = {
    id: v.id,
    vlan_id: v.vlan_id,
    pvid: v.pvid,
    status: v.status,
    active: v.active,
    created_at: isoMilli(v.created_at),
    deactivated_at: v.deactivated_at === null ? null : isoMilli(v.deactivated_at),
    mac_address: v.mac_address,
    network: v.network,
    server: v.server,
  };
  if (withUser) out.user = v.user;
  return out;
}

function addVlan(emu: Emu, user: string, server: string, network: string, vlanId: number, pvid: boolean, status: string, at: number): VlanRec {
  const v: VlanRec = {
    id: emu.nextId('vlan'),
    vlan_id: vlanId,
    pvid,
    status,
    active: true,
    created_at: at,
    deactivated_at: null,
    mac_address: macFor(server, network),
    network,
    server,
    user,
  };
  emu.state.vlans[v.id] = v;
  emu.dirty = true;
  return v;
}

function deactivate(v: VlanRec, at: number): void {
  v.status = 'deleted';
  v.active = false;
  v.deactivated_at = at;
}

interface VlanSpec {
  vlan_id: number;
  pvid: boolean;
}

/** One item of a VLAN create body (or of `networks[].vlans` at server creation): single or range. */
function readVlanSpecs(body: Body, where: string): VlanSpec[] {
  if (body.vlans !== undefined) {
    const { start, end } = checkRangeCreateBody(body);
    const out: VlanSpec[] = [];
    for (let id = start; id <= end; id++) out.push({ vlan_id: id, pvid: false });
    return out;
  }
  if (body.vlan_id === undefined || body.vlan_id === null) return badRequest(`field '${where}vlan_id' is required (or 'vlans' for a range)`);
  const vlanId = checkVlanId(body.vlan_id);
  const pvid = optBool(body, 'pvid') ?? false;
  return [{ vlan_id: vlanId, pvid }];
}

/** The first id of `specs` that is already taken (by `taken` or earlier in `specs`), if any. */
function firstClash(specs: VlanSpec[], taken: Set<number>): number | undefined {
  const seen = new Set(taken);
  for (const s of specs) {
    if (seen.has(s.vlan_id)) return s.vlan_id;
    seen.add(s.vlan_id);
  }
  return undefined;
}

const VLAN_SERVER_NOT_READY = "server in current status can't change vlans";

export interface PlannedNetwork {
  network: string;
  vlans: VlanSpec[];
}

/** Checks the server-creation `networks` field; changes nothing. */
export function planCreateNetworks(emu: Emu, user: string, value: unknown): PlannedNetwork[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return badRequest("field 'networks' must be an array");
  const byName = new Map<string, PlannedNetwork>();
  value.forEach((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return badRequest(`field 'networks[${i}]' must be an object`);
    const it = item as Body;
    if (typeof it.name !== 'string' || it.name === '') return badRequest(`field 'networks[${i}].name' must be a network name`);
    const net = networkOf(emu, user, it.name);
    const vlans = it.vlans ?? [];
    if (!Array.isArray(vlans)) return badRequest(`field 'networks[${i}].vlans' must be an array`);
    const planned = byName.get(net.name) ?? { network: net.name, vlans: [] };
    vlans.forEach((spec: unknown, j) => {
      if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return badRequest(`field 'networks[${i}].vlans[${j}]' must be an object`);
      const specs = readVlanSpecs(spec as Body, `networks[${i}].vlans[${j}].`);
      const clash = firstClash(specs, new Set(planned.vlans.map((v) => v.vlan_id)));
      if (clash !== undefined) return badRequest(MSG.vlanExists(clash, net.name));
      planned.vlans.push(...specs);
    });
    byName.set(net.name, planned);
  });
  return [...byName.values()];
}

/** VLANs of a server being created: they come up with the server, so they start `ok` and cause no restart. */
export function applyCreateNetworks(emu: Emu, user: string, server: string, planned: PlannedNetwork[], at: number): void {
  for (const p of planned) {
    for (const v of p.vlans) addVlan(emu, user, server, p.network, v.vlan_id, v.pvid, 'ok', at);
  }
}

/**
 * A server is going away: its VLANs are deactivated, and (since their paths live under the server and could
 * no longer be reached) its snapshots end and its schedule stops.
 */
export function detachServer(emu: Emu, server: string, at: number): void {
  for (const v of Object.values(emu.state.vlans)) {
    if (v.server === server && v.active) deactivate(v, at);
  }
  emu.dirty = true;
}

/** Seeds VLANs that have been there for a while (no restart, a completed add_vlan in the history). */
export function seedVlans(emu: Emu, user: string, server: string, network: string, specs: VlanSpec[], at: number): VlanRec[] {
  const out = specs.map((s) => addVlan(emu, user, server, network, s.vlan_id, s.pvid, 'ok', at));
  emu.startAction({ user, type: 'add_vlan', resource: `${server}-${network}`, resource_type: 'network', at });
  return out;
}

function vlanIds(args: Record<string, unknown>): number[] {
  return Array.isArray(args.ids) ? (args.ids as number[]) : [];
}

function registerTasks(emu: Emu): void {
  emu.onTask('vlan.created', (e, args, at) => {
    let any = false;
    for (const id of vlanIds(args)) {
      const v = own(e.state.vlans, String(id));
      if (v && v.status === 'creating') {
        v.status = 'ok';
        any = true;
      }
    }
    const s = own(e.state.servers, String(args.server));
    if (any && args.restart === true && s) restartServer(e, s, at);
  });
  emu.onTask('vlan.create_failed', (e, args, at) => {
    for (const id of vlanIds(args)) {
      const v = own(e.state.vlans, String(id));
      if (v && v.status === 'creating') deactivate(v, at);
    }
  });
  emu.onTask('vlan.updated', (e, args) => {
    const v = own(e.state.vlans, String(args.id));
    if (v && v.status === 'updating') v.status = 'ok';
  });
  emu.onTask('vlan.update_failed', (e, args) => {
    const v = own(e.state.vlans, String(args.id));
    if (v && v.status === 'updating') {
      v.status = 'ok';
      v.pvid = args.old === true;
    }
  });
  emu.onTask('vlan.deleted', (e, args, at) => {
    let any = false;
    for (const id of vlanIds(args)) {
      const v = own(e.state.vlans, String(id));
      if (v && v.status === 'deleting') {
        deactivate(v, at);
        any = true;
      }
    }
    const s = own(e.state.servers, String(args.server));
    if (any && s) restartServer(e, s, at);
  });
  emu.onTask('vlan.delete_failed', (e, args) => {
    for (const id of vlanIds(args)) {
      const v = own(e.state.vlans, String(id));
      if (v && v.status === 'deleting') v.status = 'ok';
    }
  });
}

/** The VLANs a DELETE path names: one id, or a `<start>-<end>` range under the range rules. */
function pathVlans(emu: Emu, server: string, network: string, segment: string): VlanRec[] {
  const current = vlansBetween(emu, server, network);
  if (segment.includes('-')) {
    const { start, end } = parseVlanRange(segment);
    const hit = current.filter((v) => v.vlan_id >= start && v.vlan_id <= end);
    if (hit.length === 0) return notFound(`no vlan in ${start}-${end} in network '${network}'`);
    return hit;
  }
  const id = checkVlanId(segment);
  const v = current.find((x) => x.vlan_id === id);
  if (!v) return notFound(`vlan with id ${id} not found in network '${network}'`);
  return [v];
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  registerTasks(emu);

  app.post('/ecs/v2/networks', async (c) => {
    // The spec shows no request body and the service names networks itself: a `name`, if sent, must be text
    // (so a malformed request is still refused) but does not override the generated one.
    optString(await readBody(c), 'name', 64);
    const n = createNetwork(emu, c.get('user'), emu.now());
    return c.json({ status: 'created', network: formatNetwork(n) }, 201);
  });

  app.get('/ecs/v2/networks', (c) => {
    const user = c.get('user');
    const list = Object.values(emu.state.networks)
      .filter((n) => n.user === user && n.active)
      .sort((a, b) => a.id - b.id)
      .map(formatNetwork);
    return c.json({ status: 'ok', networks: list });
  });

  app.get('/ecs/v2/networks/:name', (c) => {
    const n = networkOf(emu, c.get('user'), c.req.param('name'));
    return c.json({ status: 'ok', network: formatNetwork(n) });
  });

  app.delete('/ecs/v2/networks/:name', (c) => {
    const n = networkOf(emu, c.get('user'), c.req.param('name'));
    for (const v of Object.values(emu.state.vlans)) {
      if (v.active && v.network === n.name) return badRequest(MSG.networkHasVlans);
    }
    n.active = false;
    n.deactivated_at = emu.now();
    emu.dirty = true;
    return c.json({ status: 'no_content' });
  });

  const base = '/ecs/v2/servers/:server/networks/:network/vlans';

  app.get(base, (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('server'));
    const n = networkOf(emu, user, c.req.param('network'));
    return c.json({ status: 'ok', vlans: vlansBetween(emu, s.name, n.name).map((v) => formatVlan(v)) });
  });

  app.post(base, async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const s = ownedServer(emu, user, c.req.param('server'));
    const n = networkOf(emu, user, c.req.param('network'));
    const specs = readVlanSpecs(body, '');
    if (!isReady(s)) return badRequest(VLAN_SERVER_NOT_READY);
    const current = vlansBetween(emu, s.name, n.name);
    const clash = firstClash(specs, new Set(current.map((v) => v.vlan_id)));
    if (clash !== undefined) return badRequest(MSG.vlanExists(clash, n.name));
    const at = emu.now();
    const ids = specs.map((sp) => addVlan(emu, user, s.name, n.name, sp.vlan_id, sp.pvid, 'creating', at).id);
    const action = emu.startAction({
      user,
      type: 'add_vlan',
      resource: `${s.name}-${n.name}`,
      resource_type: 'network',
      at,
      onComplete: { kind: 'vlan.created', args: { ids, server: s.name, restart: current.length === 0 } },
      onFail: { kind: 'vlan.create_failed', args: { ids } },
    });
    return c.json({ status: 'creating', action: emu.formatAction(action) });
  });

  app.patch(`${base}/:vlan`, async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const s = ownedServer(emu, user, c.req.param('server'));
    const n = networkOf(emu, user, c.req.param('network'));
    const pvid = optBool(body, 'pvid');
    if (pvid === undefined) return badRequest("field 'pvid' is required");
    const id = checkVlanId(c.req.param('vlan'));
    const v = vlansBetween(emu, s.name, n.name).find((x) => x.vlan_id === id);
    if (!v) return notFound(`vlan with id ${id} not found in network '${n.name}'`);
    if (!isReady(s)) return badRequest(VLAN_SERVER_NOT_READY);
    if (v.status !== 'ok') return badRequest(`vlan with id ${id} can't be updated while ${v.status}`);
    const at = emu.now();
    const old = v.pvid;
    v.pvid = pvid;
    v.status = 'updating';
    const action = emu.startAction({
      user,
      type: 'update_vlan',
      resource: `${s.name}-${n.name}`,
      resource_type: 'network',
      at,
      onComplete: { kind: 'vlan.updated', args: { id: v.id } },
      onFail: { kind: 'vlan.update_failed', args: { id: v.id, old } },
    });
    return c.json({ status: 'updating', vlan: formatVlan(v, true), action: emu.formatAction(action) });
  });

  app.delete(`${base}/:vlan`, (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('server'));
    const n = networkOf(emu, user, c.req.param('network'));
    const targets = pathVlans(emu, s.name, n.name, c.req.param('vlan'));
    if (!isReady(s)) return badRequest(VLAN_SERVER_NOT_READY);
    const busy = targets.find((v) => v.status !== 'ok');
    if (busy) return badRequest(`vlan with id ${busy.vlan_id} can't be removed while ${busy.status}`);
    const at = emu.now();
    for (const v of targets) v.status = 'deleting';
    const ids = targets.map((v) => v.id);
    const action = emu.startAction({
      user,
      type: 'delete_vlan',
      resource: `${s.name}-${n.name}`,
      resource_type: 'network',
      at,
      onComplete: { kind: 'vlan.deleted', args: { ids, server: s.name } },
      onFail: { kind: 'vlan.delete_failed', args: { ids } },
    });
    return c.json({ status: 'ok', action: emu.formatAction(action) });
  });
}
