// Servers (spec 2.1, 3.1, 4.3): the routes, and the tasks that move the Booting → Customizing → Booted and
// Deleting → Deleted machines, power, console and rollback. Creation is server-create.ts, the wire record
// server-format.ts, and what other modules need of a server (lookups, power, restart, delete) server-core.ts.
// This module composes the others downward: a server that is gone takes its VLANs, snapshots and schedule along.
//
// Choices where the spec is silent (each is also the behaviour the tests pin down):
// - A failed create action (fault injection) leaves the server Deleted with its host given back; its history is
//   `on` at creation and `gone` at the failure, like any other short-lived server.
// - A failed delete action puts the server back where it would be had no delete been asked.
// - Deleted servers answer 404 on every server endpoint except /status, which answers the spec's
//   "Unable to retrieve server status" (their exporter is gone), as it does while Booting or Deleting.
// - A restart caused by a VLAN change powers the server off at `at` and on again RESTART_S seconds later:
//   the status endpoint shows SHUTOFF in between and the history records both moves. No action is recorded.
import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { dropServerCron } from './crons.js';
import { DURATIONS, type Emu } from './emu.js';
import { badRequest, notFound } from './errors.js';
import { findGroup } from './groups.js';
import { ok, optString, readBody, reqInt, reqString, type AppEnv, type Ctx } from './http.js';
import { detachServer } from './networks.js';
import { RESERVED_NO_DELETE, isReservedAt } from './reserved.js';
import { capacityKey, deleteServerNow, isReady, own, ownedServer, setPower, startPower } from './server-core.js';
import { applyServer, assignAddresses, createBulk, planServer } from './server-create.js';
import { formatServer, readsClock } from './server-format.js';
import { dropServerSnapshots } from './snapshots.js';
import type { ActionRec } from './core-state.js';
import type { ServerRec, ServerStatus } from './servers-state.js';
import { MSG } from '../rules/index.js';

/** Deleted: the host is given back and what hangs on the server goes. */
function markGone(emu: Emu, s: ServerRec, at: number): void {
  if (s.status === 'Deleted') return;
  s.status = 'Deleted';
  s.deleted_at = at;
  s.active_flag = false;
  const key = capacityKey(s.plan, s.location);
  if (!s.bulk && own(emu.state.capacity, key) !== undefined) emu.state.capacity[key] += 1;
  s.history.push({ at, state: 'gone', plan: s.plan });
  // what hangs on the server goes with it, in this order: its VLANs, its snapshots, its schedule
  detachServer(emu, s.name, at);
  dropServerSnapshots(emu, s.name, at);
  dropServerCron(emu, s.name);
  emu.dirty = true;
}

function pendingAction(emu: Emu, name: string, types: readonly string[]): ActionRec | undefined {
  for (const a of Object.values(emu.state.actions)) {
    if (a.status === 'in-progress' && a.resource === name && a.resource_type === 'ECS' && types.includes(a.type)) return a;
  }
  return undefined;
}

const notReady = (s: ServerRec): never => badRequest(`server ${s.name} is not ready (status ${s.status})`);

function consoleKey(emu: Emu, action: ActionRec): string {
  return createHash('sha256').update(`${emu.state.secret}:console:${action.id}`).digest('hex').slice(0, 32);
}

const ACTION_TYPES = ['console', 'power_on', 'power_off', 'rollback'] as const;

function registerTasks(emu: Emu): void {
  emu.onTask('servers.created', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s) return;
    // Addresses come with the machine even if a delete was asked meanwhile: a failed delete may bring it back.
    if (s.ipv4 === '') assignAddresses(s);
    if (s.status !== 'Booting') return;
    s.status = 'Customizing';
    s.progress = 80;
    e.schedule(at + DURATIONS.customizing * 1000, { kind: 'servers.booted', args: { name: s.name } });
  });

  emu.onTask('servers.booted', (e, args) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status !== 'Customizing') return;
    s.status = 'Booted';
    s.active_flag = true;
    s.progress = 100;
  });

  emu.onTask('servers.createFailed', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (s) markGone(e, s, at);
  });

  emu.onTask('servers.deleted', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (s && s.status === 'Deleting') markGone(e, s, at);
  });

  emu.onTask('servers.deleteFailed', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status !== 'Deleting') return;
    const create = s.create_action === null ? undefined : e.state.actions[s.create_action];
    const prev = String(args.prev) as ServerStatus;
    if (create && create.status === 'in-progress') s.status = 'Booting';
    else if (create && create.completed_at !== null && prev !== 'Booted' && create.completed_at + DURATIONS.customizing * 1000 > at) {
      s.status = 'Customizing';
      s.progress = 80;
      e.schedule(create.completed_at + DURATIONS.customizing * 1000, { kind: 'servers.booted', args: { name: s.name } });
    } else {
      if (s.ipv4 === '') assignAddresses(s);
      s.status = 'Booted';
      s.active_flag = true;
      s.progress = 100;
    }
  });

  emu.onTask('servers.power', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status === 'Deleted') return;
    setPower(s, args.power === 'off' ? 'off' : 'on', at);
  });

  emu.onTask('servers.restartOn', (e, args, at) => {
    const s = e.state.servers[String(args.name)];
    if (!s || s.status !== 'Booted') return;
    setPower(s, 'on', at);
  });

  emu.onTask('servers.restored', (e, args, at) => {
    const snap = e.state.snapshots[String(args.snapshot)];
    const s = e.state.servers[String(args.name)];
    if (!snap || !s) return;
    snap.restoring = false;
    for (const other of Object.values(e.state.snapshots)) {
      if (other.source_server === snap.source_server && other.is_last_restored && other !== snap) other.is_last_restored = false;
    }
    snap.is_last_restored = true;
    snap.updated_at = at;
    s.last_restored_snapshot = snap.id;
  });

  emu.onTask('servers.restoreFailed', (e, args) => {
    const snap = e.state.snapshots[String(args.snapshot)];
    if (snap) snap.restoring = false;
  });
}

/** POST /servers/{name}/actions: console, power on and off, rollback. */
async function serverAction(emu: Emu, c: Ctx): Promise<Response> {
  const user = c.get('user');
  const s = ownedServer(emu, user, c.req.param('name') ?? '');
  const body = await readBody(c);
  const type = reqString(body, 'type', 32);
  if (!(ACTION_TYPES as readonly string[]).includes(type)) return badRequest(`field 'type' must be one of ${ACTION_TYPES.join(', ')}`);
  const snapshotId = type === 'rollback' ? reqInt(body, 'snapshot', 1) : undefined;
  const now = emu.now();
  if (!isReady(s)) return notReady(s);
  let action: ActionRec;
  const extra: Record<string, unknown> = {};
  if (type === 'console') {
    action = emu.startAction({ user, type: 'console', resource: s.name, resource_type: 'ECS', at: now });
    extra.console_key = consoleKey(emu, action);
  } else if (type === 'power_on' || type === 'power_off') {
    if (pendingAction(emu, s.name, ['power_on', 'power_off', 'rollback'])) return badRequest(`another action is in progress on server ${s.name}`);
    if (type === 'power_off' && s.power === 'off') return badRequest(`server ${s.name} is already powered off`);
    if (type === 'power_on' && s.power === 'on') return badRequest(`server ${s.name} is already powered on`);
    action = startPower(emu, s, type, now);
  } else {
    const id = snapshotId!;
    const snap = own(emu.state.snapshots, String(id));
    if (!snap || snap.user !== user || snap.source_server !== s.name || snap.status === 'DD') return notFound('snapshot not found');
    if (snap.status !== 'CD') return badRequest(`snapshot ${snap.id} cannot be restored in its current status (${snap.status})`);
    if (pendingAction(emu, s.name, ['power_on', 'power_off', 'rollback'])) return badRequest(`another action is in progress on server ${s.name}`);
    snap.restoring = true;
    action = emu.startAction({
      user,
      type: 'rollback',
      resource: s.name,
      resource_type: 'ECS',
      at: now,
      onComplete: { kind: 'servers.restored', args: { name: s.name, snapshot: snap.id } },
      onFail: { kind: 'servers.restoreFailed', args: { snapshot: snap.id } },
    });
  }
  const wire = emu.formatAction(action);
  if (emu.dialect === 'primary') return ok(c, { action: wire, ...extra });
  return c.json({ ...wire, ...extra });
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  registerTasks(emu);

  app.post('/ecs/v2/servers', async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const p = planServer(emu, user, body);
    const s = applyServer(emu, p, emu.now());
    const key = emu.dialect === 'alternate' ? 'action' : 'action_id';
    return ok(c, { [key]: s.create_action, server: formatServer(emu, s) });
  });

  // The list of 1,000 servers must serve 300+ requests/s: the serialised answer is reused until anything in the
  // state changes (emu.revision) unless some record in it reads the clock.
  const listCache = new Map<string, { revision: number; body: Uint8Array<ArrayBuffer> }>();
  const encoder = new TextEncoder();
  app.get('/ecs/v2/servers', (c) => {
    const user = c.get('user');
    const cached = listCache.get(user);
    if (cached && cached.revision === emu.revision) return c.body(cached.body, 200, { 'content-type': 'application/json' });
    const list: Record<string, unknown>[] = [];
    let clockDependent = false;
    for (const s of Object.values(emu.state.servers)) {
      if (s.user !== user || s.status === 'Deleted') continue;
      list.push(formatServer(emu, s));
      if (readsClock(s)) clockDependent = true;
    }
    // bytes, not a string: the socket then gets them without a UTF-8 encoding of ~600 kB per request
    const body = encoder.encode(JSON.stringify({ status: 'ok', count: list.length, server: list }));
    if (clockDependent) listCache.delete(user);
    else listCache.set(user, { revision: emu.revision, body });
    return c.body(body, 200, { 'content-type': 'application/json' });
  });

  app.get('/ecs/v2/servers/:name', (c) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('name'));
    return ok(c, { server: formatServer(emu, s) });
  });

  app.put('/ecs/v2/servers/:name', async (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('name'));
    const body = await readBody(c);
    const note = optString(body, 'note', 255) ?? optString(body, 'notes', 255);
    const group = optString(body, 'group', 64);
    if (note === undefined && group === undefined) return badRequest("nothing to update: send 'note' (or 'notes') and/or 'group'");
    const target = group === undefined || group === 'nogroup' ? null : (findGroup(emu, user, group) ?? notFound(MSG.groupNotFound));
    if (note !== undefined) s.notes = note;
    if (group !== undefined) s.group = target ? target.name : null;
    emu.dirty = true;
    return ok(c);
  });

  app.delete('/ecs/v2/servers/:name', (c) => {
    const s = ownedServer(emu, c.get('user'), c.req.param('name'));
    const now = emu.now();
    if (s.status === 'Deleting') return badRequest(`server ${s.name} is already being deleted`);
    if (isReservedAt(s, now)) return badRequest(RESERVED_NO_DELETE);
    const action = deleteServerNow(emu, s, now)!;
    return ok(c, { action: emu.formatAction(action) });
  });

  app.get('/ecs/v2/servers/:name/status', (c) => {
    const user = c.get('user');
    const name = c.req.param('name');
    const s = own(emu.state.servers, name);
    if (!s || s.user !== user) return notFound('server not found');
    // The status comes from an exporter inside the machine: none answers before the VM runs or once it is going.
    if (s.status === 'Booting' || s.status === 'Deleting' || s.status === 'Deleted') return badRequest(MSG.serverStatusUnavailable);
    const running = s.power === 'on';
    if (emu.dialect === 'alternate') return ok(c, { name: s.name, current_status: running ? 'Running' : 'Shutoff' });
    return ok(c, { server: { name: s.name, current_status: running ? 'RUNNING' : 'SHUTOFF' } });
  });

  app.post('/ecs/v2/servers/:name/actions', (c) => serverAction(emu, c));

  app.get('/ecs/v2/servers/:name/isolations', (c) => {
    const user = c.get('user');
    const s = ownedServer(emu, user, c.req.param('name'));
    // Isolation is mutual in effect, so both directions are listed: the servers this one avoids and those avoiding it.
    const names = new Set(s.isolate_from);
    for (const o of Object.values(emu.state.servers)) {
      if (o.user === user && o.isolate_from.includes(s.name)) names.add(o.name);
    }
    const isolations: Array<{ name: string; notes: string }> = [];
    for (const n of names) {
      const o = emu.state.servers[n];
      if (o && o.status !== 'Deleted') isolations.push({ name: o.name, notes: o.notes });
    }
    return ok(c, { isolations });
  });

  app.post('/__emulator/bulk/servers', async (c) => {
    const names = createBulk(emu, await readBody(c));
    emu.persist();
    return ok(c, { count: names.length, names }, 201);
  });
}
