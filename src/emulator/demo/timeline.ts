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

