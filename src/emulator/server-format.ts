// A server's wire record (spec 2.1) in the emulator's dialect, composed from the records of the modules below it
// (reserved periods, support, the last restored snapshot, the spot record).
// Choices where the spec is silent:
// - Progress: 0 to 79 while Booting (the create action's progress scaled), 80 to 99 while Customizing, 100 after.
import { isoMicro } from './clock.js';
import { findPlan, findRegion } from './catalog.js';
import { DURATIONS, type Emu } from './emu.js';
import { formatReserved } from './reserved.js';
import { own } from './server-core.js';
import { formatRestoredSnapshot } from './snapshots.js';
import { formatSpot } from './spot.js';
import type { ServerRec } from './servers-state.js';
import { formatSupport } from './support.js';

const BOOT_SHARE = 0.8;

interface PlanWire {
  primary: Record<string, unknown>;
  alternate: Record<string, unknown>;
}

// Per emulator, so the hot list path does no catalog search and no string building per server.
const planSizeCache = new WeakMap<Emu, Map<string, PlanWire>>();
const regionLabelCache = new WeakMap<Emu, Map<string, string>>();

function planSize(emu: Emu, planName: string): Record<string, unknown> {
  let cache = planSizeCache.get(emu);
  if (!cache) planSizeCache.set(emu, (cache = new Map<string, PlanWire>()));
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
  if (!cache) regionLabelCache.set(emu, (cache = new Map<string, string>()));
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
export function readsClock(s: ServerRec): boolean {
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
    const rec = own(emu.state.spots, s.name);
    if (rec) out.spot = formatSpot(emu, rec);
  }
  return out;
}

