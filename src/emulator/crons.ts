// Periodic snapshots (spec 2.7, 4.6, 8): one weekly schedule per server, `snapshot_schedule_<server>`. Each
// run takes an unprotected snapshot through the same path as a manual one and applies retention: the
// oldest unprotected snapshots are deleted first so that, with the new one, at most the retention remain;
// protected snapshots are never touched. A run is a task that reschedules itself, so moving the clock by
// weeks runs every week that fell due, each at its own time.
//
// Choices where the spec is silent:
// - Retention is max_retention bounded by the weekday limit (RETENTION_BY_WEEKDAY: Sunday 2, other days 4);
//   max_retention defaults to that limit. `infos.max_retention` shows what the user asked for.
// - The run time is a fixed minute of the 00:00–06:00 UTC window derived from the server name; the optional
//   field `time` ("HH:MM", in config on create or on PATCH) moves it within the window.
// - A run that finds the server not ready (or a snapshot still pending) records `last_run_status: "error"`
//   and tries again the next week; a run whose snapshot action fails ends `error` too.
// - POST on a server that already has a schedule replaces its settings (and enables it); DELETE disables it
//   and keeps the record, so GET still answers with `enabled: false`.
// - last_run_at uses the snapshots' timestamp format (milliseconds, Z).
// - The demo schedule is seeded by snapshots.ts, on the same timeline as the demo snapshots.
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { isoMilli } from './clock.js';
import { badRequest, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { optBool, optInt, optString, readBody, type AppEnv, type Body } from './http.js';
import { isReady, own, ownedServer } from './server-core.js';
import { createSnapshot, deleteSnapshotNow, snapshotsOfServer } from './snapshots.js';
import type { CronRec } from './crons-state.js';
import type { ServerRec } from './servers-state.js';
import { RETENTION_BY_WEEKDAY, type Weekday } from '../rules/index.js';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const WINDOW_MINUTES = 6 * 60;
const CRON_TASK = 'cron.run';

const cronName = (server: string) => `snapshot_schedule_${server}`;

function effectiveRetention(c: CronRec): number {
  return Math.min(c.max_retention, RETENTION_BY_WEEKDAY[c.day_of_week as Weekday]);
}

function formatCron(c: CronRec) {
  const h = Math.floor(c.minute_of_day / 60);
  const m = c.minute_of_day % 60;
  return {
    name: cronName(c.server),
    schedule: `${m} ${h} * * ${c.day_of_week} UTC`,
    enabled: c.enabled,
    last_run_at: c.last_run_at === null ? null : isoMilli(c.last_run_at),
    infos: { max_retention: c.max_retention, day_of_week: c.day_of_week },
    last_run_status: c.last_run_status,
  };
}

/** The first run strictly after `t`. */
function nextRunAfter(c: Pick<CronRec, 'day_of_week' | 'minute_of_day'>, t: number): number {
  const dayStart = Math.floor(t / DAY) * DAY;
  const weekday = new Date(dayStart).getUTCDay();
  let run = dayStart + ((c.day_of_week - weekday + 7) % 7) * DAY + c.minute_of_day * 60_000;
  if (run <= t) run += WEEK;
  return run;
}

/** The last run at or before `t` of a schedule on `day_of_week` at `minute_of_day` (UTC). */
export function lastRunBy(c: Pick<CronRec, 'day_of_week' | 'minute_of_day'>, t: number): number {
  return nextRunAfter(c, t) - WEEK;
}

function unschedule(emu: Emu, server: string): void {
  const tasks = emu.state.tasks;
  for (let i = tasks.length - 1; i >= 0; i--) {
    if (tasks[i].kind === CRON_TASK && tasks[i].args.server === server) tasks.splice(i, 1);
  }
  emu.dirty = true;
}

/** Drops any pending run and, when enabled, queues the next one after `after`. */
function reschedule(emu: Emu, c: CronRec, after: number): void {
  unschedule(emu, c.server);
  if (c.enabled) emu.schedule(nextRunAfter(c, after), { kind: CRON_TASK, args: { server: c.server } });
}

/** The server is gone: its schedule stops (called by servers.ts when the server is gone). */
export function dropServerCron(emu: Emu, server: string): void {
  const c = own(emu.state.crons, server);
  if (!c) return;
  c.enabled = false;
  unschedule(emu, server);
}

/** One weekly run at `at`: retention first, then the new unprotected snapshot. */
function runSchedule(emu: Emu, c: CronRec, s: ServerRec, at: number): void {
  c.last_run_at = at;
  const list = snapshotsOfServer(emu, s.name);
  if (!isReady(s) || list.some((x) => x.status === 'CG')) {
    c.last_run_status = 'error';
    return;
  }
  const unprotected = list.filter((x) => !x.protected && x.status === 'CD');
  const excess = unprotected.length + 1 - effectiveRetention(c);
  for (const old of unprotected.slice(0, Math.max(0, excess))) deleteSnapshotNow(emu, old, at);
  createSnapshot(emu, s, { description: 'weekly snapshot', notes: cronName(s.name), protected: false, cron: true }, at);
  c.last_run_status = 'ok';
}

function registerTasks(emu: Emu): void {
  emu.onTask(CRON_TASK, (e, args, at) => {
    const c = own(e.state.crons, String(args.server));
    if (!c || !c.enabled) return;
    const s = own(e.state.servers, c.server);
    if (!s || s.user !== c.user || s.status === 'Deleting' || s.status === 'Deleted') return;
    runSchedule(e, c, s, at);
    e.schedule(nextRunAfter(c, at), { kind: CRON_TASK, args: { server: c.server } });
  });
}

function defaultMinute(server: string): number {
  return createHash('sha1').update(server).digest().readUInt16BE(0) % WINDOW_MINUTES;
}

/** `time` as "HH:MM" inside 00:00–06:00 UTC, in minutes after midnight. */
function readTime(body: Body): number | undefined {
  const t = optString(body, 'time', 16);
  if (t === undefined) return undefined;
  const m = /^(\d{1,2}):(\d{2})$/.exec(t);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || Number(m[2]) > 59 || !(minutes <= WINDOW_MINUTES)) return badRequest("field 'time' must be HH:MM between 00:00 and 06:00 UTC");
  return minutes;
}

function cronOf(emu: Emu, user: string, server: string, name: string): { c: CronRec; s: ServerRec } {
  const s = ownedServer(emu, user, server);
  const c = own(emu.state.crons, s.name);
  if (!c || name !== cronName(s.name) || c.user !== user) return notFound('cron not found');
  return { c, s };
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  registerTasks(emu);
  const base = '/ecs/v2/servers/:server/crons';

  app.post(base, async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    if (body.type !== 'snapshot_schedule') return badRequest("field 'type' must be 'snapshot_schedule'");
    const config = body.config;
    if (config === null || typeof config !== 'object' || Array.isArray(config)) return badRequest("field 'config' must be an object");
    const cfg = config as Body;
    if (cfg.typology !== 'weekly') return badRequest("field 'typology' must be 'weekly' (only weekly schedules exist)");
    const day = optInt(cfg, 'day_of_week', 0, 6);
    if (day === undefined) return badRequest("field 'day_of_week' is required (0 to 6, 0 is Sunday)");
    const retention = optInt(cfg, 'max_retention', 1, 1000) ?? RETENTION_BY_WEEKDAY[day as Weekday];
    const minute = readTime(cfg);
    const s = ownedServer(emu, user, c.req.param('server'));
    const minuteOfDay = minute ?? own(emu.state.crons, s.name)?.minute_of_day ?? defaultMinute(s.name);
    const cron = startSchedule(emu, s, { day_of_week: day, max_retention: retention, minute_of_day: minuteOfDay }, emu.now());
    return c.json({ status: 'ok', cron: formatCron(cron) });
  });

  app.get(base, (c) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('server'));
    const cron = own(emu.state.crons, s.name);
    return c.json({ status: 'ok', crons: cron ? [formatCron(cron)] : [] });
  });

  app.get(`${base}/:cron`, (c) => {
    const { c: cron } = cronOf(emu, c.get('user'), c.req.param('server'), c.req.param('cron'));
    return c.json({ status: 'ok', cron: formatCron(cron) });
  });

  app.patch(`${base}/:cron`, async (c) => {
    const body = await readBody(c);
    const enabled = optBool(body, 'enabled');
    const retention = optInt(body, 'max_retention', 1, 1000);
    const day = optInt(body, 'day_of_week', 0, 6);
    const minute = readTime(body);
    const { c: cron } = cronOf(emu, c.get('user'), c.req.param('server'), c.req.param('cron'));
    if (enabled !== undefined) cron.enabled = enabled;
    if (retention !== undefined) cron.max_retention = retention;
    if (day !== undefined) cron.day_of_week = day;
    if (minute !== undefined) cron.minute_of_day = minute;
    reschedule(emu, cron, emu.now());
    return c.json({ status: 'ok', cron: formatCron(cron) });
  });

  app.delete(`${base}/:cron`, (c) => {
    const { c: cron } = cronOf(emu, c.get('user'), c.req.param('server'), c.req.param('cron'));
    cron.enabled = false;
    unschedule(emu, cron.server);
    return c.json({ status: 'ok', cron: formatCron(cron) });
  });
}

/** Creates (or replaces) the enabled schedule of `s` as of `at`; its first run is the next one after `at`. */
export function startSchedule(emu: Emu, s: ServerRec, cfg: { day_of_week: number; max_retention: number; minute_of_day: number }, at: number): CronRec {
  const old = own(emu.state.crons, s.name);
  const cron: CronRec = {
    server: s.name,
    user: s.user,
    enabled: true,
    max_retention: cfg.max_retention,
    day_of_week: cfg.day_of_week,
    minute_of_day: cfg.minute_of_day,
    last_run_at: old?.last_run_at ?? null,
    last_run_status: old?.last_run_status ?? null,
  };
  emu.state.crons[s.name] = cron;
  reschedule(emu, cron, at);
  return cron;
}
