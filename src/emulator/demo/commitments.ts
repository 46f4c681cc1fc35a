// The demo account's commitments on its servers: a reserved period, support plans and spots, so usage reports
// of past months show discounts and the spot screens have something to show.
import { findPlan } from '../catalog.js';
import type { Emu } from '../emu.js';
import { applyReserved } from '../reserved.js';
import { createSpotRecord } from '../spot.js';
import type { ReservedRec, ServerRec, SupportRec } from '../servers-state.js';
import { applySupport } from '../support.js';
import { LIMITS } from '../../rules/index.js';
import { DAY } from './timeline.js';

const spotDiscountOf = (emu: Emu, s: ServerRec) => findPlan(emu.catalog, s.plan)?.spot_discount ?? 0;

/**
 * Run once the demo servers exist: the oldest server that can be reserved gets a 12-month reservation from its
 * creation and an (immutable) global support plan; the newest spot-eligible running server is a spot; the longest-lived destroyed
 * spot-eligible server is shown as a reclaimed spot (its delete was the reclaim); two more servers get basic
 * (past its period, so downgradable) and global (recent) support.
 */
export function seedCommitments(emu: Emu, user: string): void {
  const now = emu.now();
  const mine = Object.values(emu.state.servers)
    .filter((s) => s.user === user)
    .sort((a, b) => a.created_at - b.created_at || a.name.localeCompare(b.name));
  const booted = mine.filter((s) => s.status === 'Booted');
  const taken = new Set<ServerRec>();

  if (!mine.some((s) => s.is_reserved)) {
    const r = booted.find((s) => !s.spot && emu.catalog.reserved_plans.some((rp) => rp.plan === findPlan(emu.catalog, s.plan)?.id));
    if (r && seedDemoReserved(emu, r)) {
      taken.add(r);
      if (!r.support) seedDemoSupport(emu, r, 'global', r.created_at);
    }
  }

  if (!mine.some((s) => s.spot || Object.hasOwn(emu.state.spots, s.name))) {
    const running = [...booted].reverse().find((s) => !taken.has(s) && !s.is_reserved && spotDiscountOf(emu, s) > 0);
    if (running) taken.add(running);
    const reclaimed = mine
      .filter((s) => s.status === 'Deleted' && s.deleted_at !== null && spotDiscountOf(emu, s) > 0 && s.deleted_at - s.created_at > DAY)
      .sort((a, b) => b.deleted_at! - b.created_at - (a.deleted_at! - a.created_at))[0];
    const deleteStart = reclaimed
      ? Object.values(emu.state.actions).find((a) => a.resource === reclaimed.name && a.type === 'delete_server')?.created_at
      : undefined;
    seedDemoSpots(emu, { running, reclaimed: reclaimed ? { server: reclaimed, terminateAt: deleteStart ?? reclaimed.deleted_at! } : undefined });
  }

  const rest = booted.filter((s) => !taken.has(s) && !s.support);
  if (rest[0]) seedDemoSupport(emu, rest[0], 'basic', Math.max(rest[0].created_at, now - 45 * DAY));
  if (rest[1]) seedDemoSupport(emu, rest[1], 'global', Math.max(rest[1].created_at, now - 9 * DAY));
  emu.dirty = true;
}

/** Demo estate: a 12-month reservation taken when the server was created, so past months show the discount. */
function seedDemoReserved(emu: Emu, server: ServerRec): ReservedRec | undefined {
  const plan = findPlan(emu.catalog, server.plan);
  const rp = emu.catalog.reserved_plans.find((r) => r.plan === plan?.id && r.months === 12);
  return rp ? applyReserved(emu, server, rp, server.created_at) : undefined;
}

/** Demo estate: a support plan that started at `start` (in the past). */
function seedDemoSupport(emu: Emu, server: ServerRec, code: string, start: number): SupportRec | undefined {
  const plan = emu.catalog.support_plans.find((p) => p.support_code === code);
  return plan ? applySupport(emu, server, plan, start) : undefined;
}

/**
 * Demo estate (run from seedCommitments, after the servers): a running spot, and the record of a destroyed
 * server shown as reclaimed, its notice 120 s before `terminateAt` (when its delete started).
 */
function seedDemoSpots(emu: Emu, opts: { running?: ServerRec; reclaimed?: { server: ServerRec; terminateAt: number } }): void {
  const discount = (s: ServerRec) => findPlan(emu.catalog, s.plan)?.spot_discount ?? 0.3;
  if (opts.running) createSpotRecord(emu, opts.running, discount(opts.running), opts.running.created_at);
  if (opts.reclaimed) {
    const { server, terminateAt } = opts.reclaimed;
    const rec = createSpotRecord(emu, server, discount(server), server.created_at);
    rec.status = 'terminated';
    rec.terminate_at = terminateAt;
    rec.notified_at = terminateAt - LIMITS.spotNoticeSeconds * 1000;
  }
}
