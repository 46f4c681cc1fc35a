// Snapshots (spec 2.6, 3.3, 4.5): CG → CD through create_snapshot, CD → DE → DD through delete_snapshot.
// Manual snapshots are protected (at most 12 per server); the weekly schedule (crons.ts) makes unprotected
// ones through the same path and deletes them by retention.
//
// Choices where the spec is silent:
// - Lists show CG, CD and DE snapshots; DD ones are gone from the API (they stay in the state for usage).
// - `size_on_disk` is in GB (integer): a deterministic 15–45 % of the plan's disk, at least 1.
// - `snapshot_parent` is the server's latest snapshot still alive (CD) when the new one is taken.
// - A failed create_snapshot removes the snapshot; a failed delete_snapshot puts it back to CD.
// - Only CD snapshots can be deleted; DE ones cannot be updated.
// - Names count per server: `<server>-SNP-<n>`, n never reused.
import { createHash, randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { findPlan } from './catalog.js';
import { isoMilli } from './clock.js';
import { badRequest, notFound } from './errors.js';
import type { Emu } from './emu.js';
import { optBool, optString, pathId, readBody, type AppEnv } from './http.js';
import { isReady, own, ownedServer } from './server-core.js';
import type { ActionRec } from './core-state.js';
import type { ServerRec } from './servers-state.js';
import type { SnapshotRec, SnapshotStatus } from './snapshots-state.js';
import { LIMITS, MSG } from '../rules/index.js';

const LABEL: Record<SnapshotStatus, string> = { CG: 'Creating', CD: 'Created', DE: 'Deleting', DD: 'Deleted' };

const alive = (s: SnapshotRec) => s.status === 'CG' || s.status === 'CD';

export function snapshotsOfServer(emu: Emu, server: string): SnapshotRec[] {
  const out: SnapshotRec[] = [];
  for (const s of Object.values(emu.state.snapshots)) if (s.source_server === server) out.push(s);
  return out.sort((a, b) => a.id - b.id);
}

const countProtected = (list: SnapshotRec[]) => list.filter((s) => s.protected && alive(s)).length;

function formatSnapshot(emu: Emu, s: SnapshotRec) {
  const server = own(emu.state.servers, s.source_server);
  return {
    id: s.id,
    name: s.name,
    user: s.user,
    snapshot_parent: s.snapshot_parent,
    snapshot_parent_name: s.snapshot_parent_name,
    // the server's pointer is the one truth, so a later rollback moves the flag without touching older records
    is_last_restored: server?.last_restored_snapshot === s.id,
    protected: s.protected,
    restoring: s.restoring,
    source_server: s.source_server,
    status: s.status,
    status_label: LABEL[s.status],
    uid: s.uid,
    description: s.description,
    notes: s.notes,
    active_flag: s.active_flag,
    size_on_disk: s.size_on_disk,
    created_at: isoMilli(s.created_at),
    updated_at: isoMilli(s.updated_at),
    deleted_at: s.deleted_at === null ? null : isoMilli(s.deleted_at),
    api_version_value: 5,
    api_version: 'v5',
  };
}

/**
 * A server's `last_restored_snapshot`. The live dialect sends `snapshot_parent` there as the parent's own record
 * (and so on up the chain), as the Python SDK ecsapi reads it; the primary dialect keeps the spec's id.
 */
export function formatRestoredSnapshot(emu: Emu, s: SnapshotRec, seen = new Set<number>()): Record<string, unknown> {
  const out: Record<string, unknown> = formatSnapshot(emu, s);
  if (emu.dialect !== 'live') return out;
  seen.add(s.id);
  const parent = s.snapshot_parent === null || seen.has(s.snapshot_parent) ? undefined : own(emu.state.snapshots, String(s.snapshot_parent));
  out.snapshot_parent = parent ? formatRestoredSnapshot(emu, parent, seen) : null;
  return out;
}

/** The caller's snapshot by id, wherever it is (templates and rollbacks name snapshots by id alone); DD is gone. */
export function snapshotOf(emu: Emu, user: string, id: number): SnapshotRec | undefined {
  const s = own(emu.state.snapshots, String(id));
  return s && s.user === user && s.status !== 'DD' ? s : undefined;
}

function snapshotSizeGb(emu: Emu, s: SnapshotRec): number {
  const server = own(emu.state.servers, s.source_server);
  const disk = Number(server ? findPlan(emu.catalog, server.plan)?.disk : undefined) || 20;
  const h = createHash('sha1').update(s.name).digest().readUInt16BE(0) / 65_535;
  return Math.max(1, Math.round(disk * (0.15 + 0.3 * h)));
}

/** The checks of a manual (protected) snapshot, in the spec's order; changes nothing. */
function checkCanSnapshot(emu: Emu, server: ServerRec, protectedSnap: boolean): void {
  if (!isReady(server)) return badRequest(MSG.snapshotServerNotReady);
  const list = snapshotsOfServer(emu, server.name);
  if (list.some((s) => s.status === 'CG')) return badRequest(MSG.snapshotPending);
  if (protectedSnap && countProtected(list) >= LIMITS.protectedSnapshots) return badRequest(MSG.snapshotProtectedLimitCreate);
}

/** Starts a snapshot of `server` at `at` (no checks: callers run checkCanSnapshot first). */
export function createSnapshot(
  emu: Emu,
  server: ServerRec,
  opts: { description: string; notes: string; protected: boolean; cron?: boolean },
  at: number,
): { snapshot: SnapshotRec; action: ActionRec } {
  const parent = snapshotsOfServer(emu, server.name)
    .filter((s) => s.status === 'CD')
    .pop();
  const id = emu.nextId('snapshot', 100);
  const n = emu.nextId(`snapshot@${server.name}`);
  const snap: SnapshotRec = {
    id,
    name: `${server.name}-SNP-${n}`,
    user: server.user,
    snapshot_parent: parent?.id ?? null,
    snapshot_parent_name: parent?.name ?? null,
    is_last_restored: false,
    protected: opts.protected,
    restoring: false,
    source_server: server.name,
    status: 'CG',
    uid: randomUUID(),
    description: opts.description,
    notes: opts.notes,
    active_flag: false,
    size_on_disk: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  emu.state.snapshots[id] = snap;
  const action = emu.startAction({
    user: server.user,
    type: 'create_snapshot',
    resource: String(id),
    resource_type: 'SNP',
    at,
    onComplete: { kind: 'snapshot.created', args: { id } },
    onFail: { kind: 'snapshot.create_failed', args: { id, cron: opts.cron === true } },
  });
  return { snapshot: snap, action };
}

/** CD → DE with its delete_snapshot action (no checks). */
export function deleteSnapshotNow(emu: Emu, snap: SnapshotRec, at: number): ActionRec {
  snap.status = 'DE';
  snap.deleted_at = at;
  snap.updated_at = at;
  return emu.startAction({
    user: snap.user,
    type: 'delete_snapshot',
    resource: String(snap.id),
    resource_type: 'SNP',
    at,
    onComplete: { kind: 'snapshot.deleted', args: { id: snap.id } },
    onFail: { kind: 'snapshot.delete_failed', args: { id: snap.id } },
  });
}

/** The server is gone: its snapshots end with it (called by servers.ts when the server is gone). */
export function dropServerSnapshots(emu: Emu, server: string, at: number): void {
  for (const s of Object.values(emu.state.snapshots)) {
    if (s.source_server !== server || s.status === 'DD') continue;
    s.status = 'DD';
    s.active_flag = false;
    s.deleted_at ??= at;
    s.updated_at = at;
    emu.dirty = true;
  }
}

function registerTasks(emu: Emu): void {
  emu.onTask('snapshot.created', (e, args, at) => {
    const s = own(e.state.snapshots, String(args.id));
    if (!s || s.status !== 'CG') return;
    s.status = 'CD';
    s.active_flag = true;
    s.size_on_disk = snapshotSizeGb(e, s);
    s.updated_at = at;
  });
  emu.onTask('snapshot.create_failed', (e, args) => {
    const s = own(e.state.snapshots, String(args.id));
    if (!s) return;
    delete e.state.snapshots[String(args.id)];
    if (args.cron === true) {
      const cron = own(e.state.crons, s.source_server);
      if (cron) cron.last_run_status = 'error';
    }
  });
  emu.onTask('snapshot.deleted', (e, args, at) => {
    const s = own(e.state.snapshots, String(args.id));
    if (!s || s.status !== 'DE') return;
    s.status = 'DD';
    s.active_flag = false;
    s.updated_at = at;
  });
  emu.onTask('snapshot.delete_failed', (e, args, at) => {
    const s = own(e.state.snapshots, String(args.id));
    if (!s || s.status !== 'DE') return;
    s.status = 'CD';
    s.deleted_at = null;
    s.updated_at = at;
  });
}

function snapshotUnder(emu: Emu, user: string, server: ServerRec, raw: string): SnapshotRec {
  const s = snapshotOf(emu, user, pathId(raw, 'snapshot not found'));
  if (!s || s.source_server !== server.name) return notFound('snapshot not found');
  return s;
}

export function register(app: Hono<AppEnv>, emu: Emu): void {
  registerTasks(emu);
  const base = '/ecs/v2/servers/:server/snapshots';

  app.post(base, async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const description = optString(body, 'description', 1024) ?? '';
    const notes = optString(body, 'notes', 4096) ?? '';
    const server = ownedServer(emu, user, c.req.param('server'));
    checkCanSnapshot(emu, server, true);
    const { snapshot, action } = createSnapshot(emu, server, { description, notes, protected: true }, emu.now());
    return c.json({ status: 'ok', snapshot: formatSnapshot(emu, snapshot), action: emu.formatAction(action) });
  });

  app.get(base, (c) => {
    const server = ownedServer(emu, c.get('user'), c.req.param('server'));
    const list = snapshotsOfServer(emu, server.name).filter((s) => s.status !== 'DD');
    return c.json({ status: 'ok', snapshots: list.map((s) => formatSnapshot(emu, s)) });
  });

  app.get(`${base}/:id`, (c) => {
    const user = c.get('user');
    const server = ownedServer(emu, user, c.req.param('server'));
    const s = snapshotUnder(emu, user, server, c.req.param('id'));
    return c.json({ status: 'ok', snapshot: formatSnapshot(emu, s) });
  });

  app.patch(`${base}/:id`, async (c) => {
    const user = c.get('user');
    const body = await readBody(c);
    const description = optString(body, 'description', 1024);
    const notes = optString(body, 'notes', 4096);
    const protect = optBool(body, 'protected');
    const server = ownedServer(emu, user, c.req.param('server'));
    const s = snapshotUnder(emu, user, server, c.req.param('id'));
    if (!alive(s)) return badRequest("snapshot in current status can't be updated");
    if (protect === false && s.protected) return badRequest(MSG.snapshotUnprotect);
    if (protect === true && !s.protected && countProtected(snapshotsOfServer(emu, server.name)) >= LIMITS.protectedSnapshots) {
      return badRequest(MSG.snapshotProtectedLimitUpdate);
    }
    if (description !== undefined) s.description = description;
    if (notes !== undefined) s.notes = notes;
    if (protect === true) s.protected = true;
    s.updated_at = emu.now();
    emu.dirty = true;
    return c.json({ status: 'ok', snapshot: formatSnapshot(emu, s) });
  });

  app.delete(`${base}/:id`, (c) => {
    const user = c.get('user');
    const server = ownedServer(emu, user, c.req.param('server'));
    const s = snapshotUnder(emu, user, server, c.req.param('id'));
    if (s.status !== 'CD') return badRequest("snapshot in current status can't be deleted");
    const action = deleteSnapshotNow(emu, s, emu.now());
    return c.json({ status: 'ok', snapshot: formatSnapshot(emu, s), action: emu.formatAction(action) });
  });
}
