// Private networks and the VLANs that attach servers to them (spec 4.10). The first VLAN between a server
// and a network restarts the server, and so does removing any VLAN between them.
import { parseAction, type Action } from './actions.js';
import type { Transport } from './http.js';
import { listOf, lower, parseNothing, unwrap, type Extra } from './parse-base.js';
import { seg, type CallOptions } from './path.js';
import { Reader, isRecord } from './read.js';

export interface Network {
  id: number;
  networkId: number;
  name: string;
  active: boolean;
  createdAt: Date | null;
  deactivatedAt: Date | null;
  user: string;
  extra: Extra;
}

export interface Vlan {
  id: number;
  vlanId: number;
  pvid: boolean;
  status: string;
  active: boolean;
  createdAt: Date | null;
  deactivatedAt: Date | null;
  macAddress: string;
  network: string;
  server: string;
  user: string;
  extra: Extra;
}

export interface VlanChange {
  vlan: Vlan | null;
  action: Action | null;
}

// ------------------------------------------------------------------------------------------------ reading

function parseNetwork(v: unknown): Network {
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

function parseNetworks(body: unknown): Network[] {
  return listOf(body, 'networks', 'network list').map(parseNetwork);
}

function parseVlan(v: unknown): Vlan {
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

function parseVlans(body: unknown): Vlan[] {
  return listOf(body, 'vlans', 'vlan list').map(parseVlan);
}

/** VLAN create, update and removal answers: any of `vlan`, `action`, or neither (removal: not shown). */
function parseVlanChange(body: unknown): VlanChange {
  if (!isRecord(body)) return { vlan: null, action: null };
  return {
    vlan: isRecord(body.vlan) ? parseVlan(body.vlan) : null,
    action: isRecord(body.action) ? parseAction(body.action) : null,
  };
}

// -------------------------------------------------------------------------------------------------- calls

export function networksApi(t: Transport) {
  const one = (name: string) => `/ecs/v2/networks/${seg(name)}`;
  return {
    /** Active networks. */
    list(opts: CallOptions = {}): Promise<Network[]> {
      return t.call('GET', '/ecs/v2/networks', parseNetworks, opts);
    },
    get(name: string, opts: CallOptions = {}): Promise<Network> {
      return t.call('GET', one(name), parseNetwork, opts);
    },
    /** The spec does not show a body; the service names the network. */
    create(fields: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<Network> {
      return t.call('POST', '/ecs/v2/networks', parseNetwork, { ...opts, json: fields });
    },
    /** Refused while a VLAN is attached. */
    remove(name: string, opts: CallOptions = {}): Promise<void> {
      return t.call('DELETE', one(name), parseNothing, opts);
    },
  };
}

export function vlansApi(t: Transport) {
  const base = (server: string, network: string) => `/ecs/v2/servers/${seg(server)}/networks/${seg(network)}/vlans`;
  return {
    list(server: string, network: string, opts: CallOptions = {}): Promise<Vlan[]> {
      return t.call('GET', base(server, network), parseVlans, opts);
    },
    /** Starts an `add_vlan` action. `vlanId` 1 to 4094. */
    add(server: string, network: string, input: { vlanId: number; pvid?: boolean }, opts: CallOptions = {}): Promise<VlanChange> {
      return t.call('POST', base(server, network), parseVlanChange, {
        ...opts,
        json: { vlan_id: input.vlanId, pvid: input.pvid ?? false },
      });
    },
    /** Adds VLANs `start` to `end` inclusive. */
    addRange(server: string, network: string, start: number, end: number, opts: CallOptions = {}): Promise<VlanChange> {
      return t.call('POST', base(server, network), parseVlanChange, { ...opts, json: { vlans: `${start}-${end}` } });
    },
    /** The VLAN must be `ok`; starts an `update_vlan` action. */
    update(server: string, network: string, vlanId: number, input: { pvid: boolean }, opts: CallOptions = {}): Promise<VlanChange> {
      return t.call('PATCH', `${base(server, network)}/${seg(vlanId)}`, parseVlanChange, { ...opts, json: { pvid: input.pvid } });
    },
    remove(server: string, network: string, vlanId: number, opts: CallOptions = {}): Promise<VlanChange> {
      return t.call('DELETE', `${base(server, network)}/${seg(vlanId)}`, parseVlanChange, opts);
    },
    removeRange(server: string, network: string, start: number, end: number, opts: CallOptions = {}): Promise<VlanChange> {
      return t.call('DELETE', `${base(server, network)}/${start}-${end}`, parseVlanChange, opts);
    },
  };
}
