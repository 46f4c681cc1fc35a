// What the demo seeds share: a replay of past time, and the servers the later seeds build on.
import { findPlan } from '../catalog.js';
import type { Emu } from '../emu.js';
import type { ServerRec } from '../servers-state.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Ready demo servers that snapshots, schedules and templates can use, oldest first. */
export function demoServers(emu: Emu, user: string): ServerRec[] {
  return Object.values(emu.state.servers)
    .filter((s) => s.user === user && s.status === 'Booted' && s.api_version !== 'v1' && findPlan(emu.catalog, s.plan)?.host_type !== 'ECSGPU8')
    .sort((a, b) => a.created_at - b.created_at || a.name.localeCompare(b.name));
}

/** Runs, in time order, the tasks due by `t` (not by the clock), so a seed can replay a past timeline. */
export function runUntil(emu: Emu, t: number): void {
  const tasks = emu.state.tasks;
  while (tasks.length > 0 && tasks[0].at <= t) {
    const task = tasks.shift()!;
    emu.runTask(task, task.at);
  }
}

/**
 * The user's actions numbered in the order they were created, as the service numbers them. The seeds replay
 * each resource's past on its own (servers first, then snapshots and templates, then VLANs), so their ids
 * came out of order: the list, most recent first by id, put the servers being created now below the last
 * weeks' snapshots. What refers to an action by id (its end in the queue, a server's create action) follows.
 */
export function numberActionsInTimeOrder(emu: Emu, user: string): void {
  const actions = emu.state.actions;
  const mine = Object.values(actions).filter((a) => a.user === user);
  const ids = mine.map((a) => a.id).sort((a, b) => a - b);
  const renumbered = new Map<number, number>();
  [...mine].sort((a, b) => a.created_at - b.created_at || a.id - b.id).forEach((a, i) => renumbered.set(a.id, ids[i]));
  const moved = (id: number): number => renumbered.get(id) ?? id;
  const next: typeof actions = {};
  for (const a of Object.values(actions)) {
    a.id = moved(a.id);
    next[a.id] = a;
  }
  emu.state.actions = next;
  for (const task of emu.state.tasks) if (task.kind === 'action.finish' && typeof task.args.id === 'number') task.args.id = moved(task.args.id);
  for (const s of Object.values(emu.state.servers)) if (s.create_action !== null) s.create_action = moved(s.create_action);
}
