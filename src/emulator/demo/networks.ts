// The demo networks and their VLANs.
import type { Emu } from '../emu.js';
import { createNetwork, seedVlans } from '../networks.js';
import type { ServerRec } from '../servers-state.js';
import { DAY, demoServers } from './timeline.js';

/** Two networks, made before any server exists; their VLANs come once the servers do (seedDemoVlans). */
export function seedNetworks(emu: Emu, user: string): void {
  const now = emu.now();
  createNetwork(emu, user, now - 52 * 86_400_000);
  createNetwork(emu, user, now - 23 * 86_400_000);
}

/** The demo VLANs, on servers that have been up for a day. */
export function seedDemoVlans(emu: Emu, user: string): void {
  const now = emu.now();
  const [a, b, c] = demoServers(emu, user).filter((s) => s.created_at <= now - DAY);
  const nets = Object.values(emu.state.networks)
    .filter((n) => n.user === user && n.active)
    .sort((x, y) => x.id - y.id);
  const attach = (s: ServerRec | undefined, net: (typeof nets)[number] | undefined, specs: Array<{ vlan_id: number; pvid: boolean }>) => {
    if (!s || !net) return;
    const at = Math.min(now, Math.max(s.created_at, net.created_at) + 3_600_000);
    seedVlans(emu, user, s.name, net.name, specs, at);
  };
  attach(a, nets[0], [
    { vlan_id: 100, pvid: true },
    { vlan_id: 200, pvid: false },
  ]);
  attach(b, nets[0], [
    { vlan_id: 100, pvid: true },
    { vlan_id: 200, pvid: false },
  ]);
  const rangeSpecs = [300, 301, 302, 303].map((vlan_id) => ({ vlan_id, pvid: false }));
  attach(c ?? a, nets[1], rangeSpecs);
  emu.runDue();
  emu.dirty = true;
}
