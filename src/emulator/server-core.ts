// What every module that touches a server needs, below all of them: lookups, readiness, power, the restart a
// VLAN change causes and the start of a delete. Nothing here imports a resource module, so snapshots, crons,
// networks, support, reserved, spot and metrics can use servers without reaching up to servers.ts, which
// composes them (create, format, delete) from above.
import type { Emu } from './emu.js';
import { notFound } from './errors.js';
import type { ActionRec } from './core-state.js';
import type { ServerRec } from './servers-state.js';

/** Seconds a server stays off during the restart a VLAN change causes. */
const RESTART_S = 5;

/** An own-property read, so path segments such as `__proto__` or `constructor` find nothing. */
export function own<T>(rec: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(rec, key) ? rec[key] : undefined;
}

export const capacityKey = (plan: string, location: string) => `${plan}@${location}`;

/** 404 "server not found" for a missing, deleted or another account's server (the three look the same). */
export function ownedServer(emu: Emu, user: string, name: string): ServerRec {
  const s = own(emu.state.servers, name);
  if (!s || s.user !== user || s.status === 'Deleted') return notFound('server not found');
  return s;
}

/** Booted and not being deleted: the state in which snapshots, templates and VLAN changes are allowed. */
export function isReady(s: ServerRec): boolean {
  return s.status === 'Booted';
}

/** The one place power changes, so the billing history never records a move that did not happen. */
export function setPower(s: ServerRec, power: 'on' | 'off', at: number): void {
  if (s.power === power) return;
  s.power = power;
  s.history.push({ at, state: power, plan: s.plan });
}

/** A power action; the power changes when it completes (task `servers.power`, servers.ts). */
export function startPower(emu: Emu, s: ServerRec, type: 'power_on' | 'power_off', at: number): ActionRec {
  return emu.startAction({
    user: s.user,
    type,
    resource: s.name,
    resource_type: 'ECS',
    at,
    onComplete: { kind: 'servers.power', args: { name: s.name, power: type === 'power_on' ? 'on' : 'off' } },
  });
}

/** The restart a VLAN change causes: SHUTOFF now, running again RESTART_S seconds later. An off server stays off. */
export function restartServer(emu: Emu, s: ServerRec, at: number): void {
  if (s.status !== 'Booted' || s.power !== 'on') return;
  setPower(s, 'off', at);
  emu.schedule(at + RESTART_S * 1000, { kind: 'servers.restartOn', args: { name: s.name } });
  emu.dirty = true;
}

/**
 * Starts the delete: Deleting now, Deleted when the delete_server action ends (tasks `servers.deleted` and
 * `servers.deleteFailed`, servers.ts). Null if already on its way out.
 */
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
